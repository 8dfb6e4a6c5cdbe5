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
])
def test_files_filter(path, selected):
    # pre-commit applies `files` with re.search to the repository-relative path
    assert bool(re.search(hook()["files"], path)) is selected


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
