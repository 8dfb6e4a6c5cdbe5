"""The directory walk leaves out what git ignores and the usual build and environment
folders; ``--no-respect-gitignore`` and ``respect-gitignore = false`` walk into what git
ignores; a file named on the command line is always checked. Through the installed
``agis-lint`` as a process (git is not needed: the ignore files are read, git never runs)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
BAD = 'agis: "1.0"\n'


def checked(*args, cwd) -> set:
    proc = subprocess.run([AGIS_LINT, "check", "--no-semantic", "--no-cache", "--format", "json", *args],
                          capture_output=True, cwd=cwd, timeout=120)
    assert proc.returncode in (0, 1), proc.stderr
    return {os.path.relpath(os.path.join(cwd, d["path"]), cwd).replace(os.sep, "/")
            for d in json.loads(proc.stdout)["diagnostics"]}


@pytest.fixture
def repo(tmp_path):
    (tmp_path / ".git" / "info").mkdir(parents=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("excluded.agis\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("bundled/\n*.gen.agis\n!keep.gen.agis\n", encoding="utf-8")
    (tmp_path / "pkg" / ".gitignore").parent.mkdir()
    (tmp_path / "pkg" / ".gitignore").write_text("local/\n", encoding="utf-8")
    for rel in ("top.agis", "bundled/libs/x.agis", "a.gen.agis", "keep.gen.agis", "excluded.agis",
                "pkg/in.agis", "pkg/local/x.agis", "local/x.agis",
                "node_modules/m/x.agis", "lib/site-packages/p/x.agis", ".venv/x.agis",
                "build/x.agis", "dist/x.agis", "__pycache__/x.agis", ".tox/x.agis"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BAD, encoding="utf-8")
    return tmp_path


KEPT = {"top.agis", "keep.gen.agis", "pkg/in.agis", "local/x.agis"}
IGNORED = {"bundled/libs/x.agis", "a.gen.agis", "excluded.agis", "pkg/local/x.agis"}


def test_the_walk_leaves_out_what_git_ignores_and_the_build_folders(repo):
    assert checked(".", cwd=repo) == KEPT


def test_a_walk_below_the_top_reads_the_ignore_files_above(repo):
    assert checked("pkg", cwd=repo) == {"pkg/in.agis"}
    assert checked(".", cwd=repo / "pkg") == {"in.agis"}


def test_no_respect_gitignore_walks_into_what_git_ignores_but_not_into_build_folders(repo):
    assert checked(".", "--no-respect-gitignore", cwd=repo) == KEPT | IGNORED


def test_the_configuration_key_turns_it_off(repo):
    (repo / ".agis-lint.toml").write_text("respect-gitignore = false\n", encoding="utf-8")
    assert checked(".", cwd=repo) == KEPT | IGNORED


def test_files_named_on_the_command_line_are_always_checked(repo):
    assert checked("bundled/libs/x.agis", "a.gen.agis", "node_modules/m/x.agis", cwd=repo) == \
        {"bundled/libs/x.agis", "a.gen.agis", "node_modules/m/x.agis"}


def test_the_repository_root_does_not_check_the_extensions_bundled_libraries():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    bundled = os.path.join(root, "vscode-extension", "bundled")
    ignore = open(os.path.join(root, ".gitignore"), encoding="utf-8").read()
    if "bundled" not in ignore:
        pytest.skip(".gitignore does not name the bundled libraries")
    from agis_lsp.cli.files import collect
    files, _ = collect([root])
    assert not any(f.startswith(bundled + os.sep) for f in files)
    assert any(f.startswith(os.path.join(root, "examples")) for f in files)
