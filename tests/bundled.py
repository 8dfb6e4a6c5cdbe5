"""The VS Code extension's way of running the server, without building a .vsix: a Python that cannot
import agis_lsp (a venv without packages) runs the extension's launcher
(vscode-extension/bundled/tool/lsp_server.py), which puts bundled/libs/common (here: this checkout's
agis_lsp) and bundled/libs/cpXY (here: the test interpreter's site-packages) on sys.path."""
from __future__ import annotations

import site
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def bundled_layout(root: Path) -> tuple[str, str]:
    """(bare python, launcher) of an extension directory made under ``root`` (symbolic links)."""
    tool, libs = root / "ext" / "bundled" / "tool", root / "ext" / "bundled" / "libs"
    tool.mkdir(parents=True)
    (libs / "common").mkdir(parents=True)
    launcher = tool / "lsp_server.py"
    launcher.write_text((REPO / "vscode-extension" / "bundled" / "tool" / "lsp_server.py").read_text(
        encoding="utf-8"), encoding="utf-8")
    (libs / "common" / "agis_lsp").symlink_to(REPO / "agis_lsp", target_is_directory=True)
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    (libs / tag).symlink_to(site.getsitepackages()[0], target_is_directory=True)
    venv = root / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    return str(venv / "bin" / "python"), str(launcher)


def cannot_import_agis_lsp(python: str, cwd: Path) -> bool:
    return subprocess.run([python, "-c", "import agis_lsp"], cwd=cwd, capture_output=True,
                          timeout=60).returncode != 0
