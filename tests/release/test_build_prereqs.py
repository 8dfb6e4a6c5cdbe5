"""scripts/release.py and scripts/build_vsix.py in a fresh clone that lacks what they need: a Python without
`build` (or with an old setuptools), a PATH without node/npm/tsc, no vscode-extension/node_modules, and a
failing step. Each is one line on stderr that names the command to run, exit status 2, no traceback.

The clone is the working tree, committed (build_vsix.source_copy + git init): it has no node_modules,
no .venv, no dist/. The scripts run as processes, with the interpreters and PATHs a new user has."""
from __future__ import annotations

import os
import shutil
import site
import sys
from pathlib import Path

import pytest

from .conftest import build_vsix, run

SCRIPTS = ("scripts/release.py", "scripts/build_vsix.py")
GIT_ID = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
          "GIT_COMMITTER_EMAIL": "t@example.org"}


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    repo = build_vsix.source_copy(tmp_path_factory.mktemp("clone") / "agis-lsp")
    env = {**os.environ, **GIT_ID}
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "snapshot"]):
        assert run(cmd, timeout=300, cwd=repo, env=env).returncode == 0
    assert not (repo / "vscode-extension" / "node_modules").exists()
    return repo


def _venv(path: Path, *, with_test_packages: bool) -> Path:
    """A venv without pip; with_test_packages: the test interpreter's site-packages (build, setuptools,
    twine) on its path through a .pth file, after its own site-packages."""
    assert run([sys.executable, "-m", "venv", "--without-pip", str(path)], timeout=120).returncode == 0
    python = path / "bin" / "python"
    if with_test_packages:
        [own] = run([str(python), "-c", "import site; print(site.getsitepackages()[0])"], timeout=60).stdout.split()
        (Path(own) / "test_packages.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return python


def _bin_with(tmp_path: Path, *tools: str) -> str:
    """A PATH directory holding only `tools` (links to the real ones)."""
    d = tmp_path / "bin"
    d.mkdir(exist_ok=True)
    for tool in tools:
        real = shutil.which(tool)
        assert real, f"{tool} is not installed"
        (d / tool).symlink_to(real)
    return str(d)


def _one_line_error(proc, *needles: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    for needle in needles:
        assert needle in last, last
    return last


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_python_without_build_is_told_the_command(clone, tmp_path, script):
    python = _venv(tmp_path / "venv", with_test_packages=False)
    proc = run([str(python), script, "--out", str(tmp_path / "dist")], timeout=300, cwd=clone)
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    _one_line_error(proc, "the Python package 'build' is not installed", "-m pip install build 'setuptools>=77'",
                    ".venv/bin/python scripts/")
    assert not (tmp_path / "dist").exists()         # checked before anything is made


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_old_setuptools_is_told_the_command(clone, tmp_path, script):
    """The non-isolated build needs setuptools >= 77 (a fresh venv's own is older, or absent)."""
    python = _venv(tmp_path / "venv", with_test_packages=True)
    [own] = run([str(python), "-c", "import site; print(site.getsitepackages()[0])"], timeout=60).stdout.split()
    old = Path(own) / "setuptools-65.5.0.dist-info"     # first on the path: the version this Python sees
    old.mkdir()
    (old / "METADATA").write_text("Metadata-Version: 2.1\nName: setuptools\nVersion: 65.5.0\n", encoding="utf-8")
    proc = run([str(python), script], timeout=300, cwd=clone)
    _one_line_error(proc, "setuptools 65.5.0 is older than 77", "-m pip install 'setuptools>=77'")


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_path_without_node_is_told_the_command(clone, tmp_path, script):
    python = _venv(tmp_path / "venv", with_test_packages=True)
    path = _bin_with(tmp_path, "git")
    assert shutil.which("node", path=path) is None and shutil.which("tsc", path=path) is None
    proc = run([str(python), script], timeout=300, cwd=clone, env={**os.environ, "PATH": path})
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    _one_line_error(proc, "node and npm are not on PATH", "install Node 20", "`npm ci` in vscode-extension/")


@pytest.mark.parametrize("script", SCRIPTS)
def test_missing_node_modules_is_told_the_command(clone, tmp_path, script):
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are not installed")
    python = _venv(tmp_path / "venv", with_test_packages=True)
    proc = run([str(python), script], timeout=300, cwd=clone)
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    _one_line_error(proc, "vscode-extension/node_modules lacks tsc", "`cd vscode-extension && npm ci`")


def test_a_failing_step_is_one_line_naming_the_step_and_the_command(clone, tmp_path):
    """All prerequisites there (node_modules linked in), a wheel pip cannot install: the step and its command."""
    modules = build_vsix.EXT / "node_modules"
    if not (modules / ".bin" / "vsce").exists() or not shutil.which("node"):
        pytest.skip("vscode-extension/node_modules is not installed (npm ci)")
    work = tmp_path / "work"
    shutil.copytree(clone, work, symlinks=True)
    (work / "vscode-extension" / "node_modules").symlink_to(modules, target_is_directory=True)
    bad = tmp_path / "agis_lsp-0.1.0-py3-none-any.whl"
    bad.write_bytes(b"not a wheel")
    python = _venv(tmp_path / "venv", with_test_packages=True)
    proc = run([str(python), "scripts/build_vsix.py", "--wheel", str(bad), "--no-index", "--find-links",
                str(tmp_path), "--out", str(tmp_path / "dist")], timeout=600, cwd=work)
    _one_line_error(proc, "installing the bundled libraries for linux-x64", "failed (exit ", "-m pip install",
                    str(bad))
