""".pre-commit-hooks.yaml: the file filter selects exactly our files and the entry lints them."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from ..yamlio import load
from .conftest import ROOT, run
from .test_vscode_e2e import DEFECT

HOOKS = load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def hook() -> dict:
    [h] = [h for h in HOOKS if h["id"] == "agis-lint"]
    return h


@pytest.mark.parametrize("path, selected", [
    ("api/reservations.agis", True),
    ("reservations.agis.json", True),
    ("docs/reservations.agis.yaml", True),
    ("deploy/agtp-server.toml", True),
    ("agtp-recipes.toml", True),
    ("deploy/endpoints/book.toml", True),
    ("pyproject.toml", False),
    ("config/settings.toml", False),
    ("reservations.yaml", False),
    ("notes.agis.md", False),
    ("endpoints/book.json", False),
    ("servers/travel.mcp.json", True),
    ("Tools.MCP.JSON", True),
    ("site/.well-known/agis.json", True),
    ("site/.well-known/agent", True),
    ("weather.a2t.json", True),
    ("pkg/.ainp/manifest.yaml", True),
    ("api/capabilities/send_email.json", True),
    ("agtp-foo.toml", False),
    ("my.mcp.json.bak", False),
])
def test_files_filter(path, selected):
    # pre-commit applies `files` with re.search to the repository-relative path
    assert bool(re.search(hook()["files"], path)) is selected


def test_hook_file_is_generated_from_the_engine():
    proc = run([sys.executable, str(ROOT / "scripts" / "gen_precommit_hooks.py"), "--check"], timeout=60)
    assert proc.returncode == 0, proc.stderr


def _instances() -> list[str]:
    """A path for every name glob of the engine (and every example file), relative like pre-commit's."""
    from agis_lsp.formats import kinds
    out = [g[3:].replace("*", "sample") for g in kinds.watch_globs()]
    out += [f"nested/dir/{p}" for p in out]
    out += [p.relative_to(ROOT).as_posix() for p in (ROOT / "examples").rglob("*") if p.is_file()]
    out += ["README.md", "pyproject.toml", "endpoints.toml", "agis.json.txt", "x/endpoints/y/z.toml"]
    return out


def test_files_filter_equals_the_engine(monkeypatch):
    """Selected by the hook <=> the engine knows the file's kind by its name (agis-lint check on a
    directory also sniffs unnamed *.json by content: the hook leaves those alone)."""
    from agis_lsp.formats import kinds
    monkeypatch.chdir(ROOT)
    for path in _instances():     # the engine sees absolute paths: `*/.well-known/agent` needs a directory before it
        assert bool(re.search(hook()["files"], path)) is (kinds.kind_by_name(str(ROOT / path)) is not None), path


def test_entry_lints_files(tmp_path):
    h = hook()
    assert h["language"] == "python" and h["entry"] == "agis-lint check"
    argv = shlex.split(h["entry"])
    exe = shutil.which(argv[0], path=str(Path(sys.executable).parent)) or shutil.which(argv[0])
    if exe is None:
        pytest.fail("agis-lint is not on PATH: install the package (pip install -e .)")
    bad = tmp_path / "bad.agis"
    bad.write_text(DEFECT, encoding="utf-8")
    good = ROOT / "examples" / "restaurant.agis"
    proc = run([exe, *argv[1:], "--no-semantic", str(good), str(bad)], timeout=180)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "AGIS301" in proc.stdout and "bad.agis" in proc.stdout, proc.stdout
    proc = run([exe, *argv[1:], "--no-semantic", str(good)], timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
