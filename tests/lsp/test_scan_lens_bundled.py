""""Scan this server" from a server that runs on libraries it was handed, as the VS Code extension
runs it: a Python that cannot import agis_lsp (a venv without packages) starts the extension's own
launcher (vscode-extension/bundled/tool/lsp_server.py), which puts bundled/libs/common (agis_lsp)
and bundled/libs/cpXY (its dependencies) on sys.path. The scan's child process must find them
too: the lens's findings arrive, not "No module named 'agis_lsp'"."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from ..bundled import bundled_layout, cannot_import_agis_lsp
from ..mcp_live.helpers import SERVER
from .conftest import CACHE_DIR, TIMEOUT, initialize, make_client, open_doc, wait_published

SCAN_TIMEOUT = 300.0


_ROOT = Path(tempfile.mkdtemp(prefix="agis-lsp-bundled-"))
PYTHON, LAUNCHER = bundled_layout(_ROOT)
STATE = str(_ROOT / "state")
WORKSPACE = tempfile.mkdtemp(prefix="agis-lsp-bundled-ws-")
CONFIG = os.path.join(WORKSPACE, ".vscode", "mcp.json")
os.makedirs(os.path.dirname(CONFIG))
with open(CONFIG, "w", encoding="utf-8") as fh:
    json.dump({"servers": {"calculator": {"type": "stdio", "command": sys.executable,
                                          "args": [SERVER, "poisoned", "stdio"]}}}, fh, indent=2)


def test_the_bare_python_cannot_import_agis_lsp():
    """Else the test below could not tell the bundled libraries from an installed package."""
    assert cannot_import_agis_lsp(PYTHON, WORKSPACE)
    check = subprocess.run([PYTHON, LAUNCHER, "--check"], cwd=WORKSPACE, capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0 and "bundled/libs/common/agis_lsp" in check.stdout, check.stdout + check.stderr


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[PYTHON, LAUNCHER], client_factory=make_client,
    server_env={**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
                "XDG_CACHE_HOME": CACHE_DIR, "XDG_STATE_HOME": STATE}), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "neovim", WORKSPACE, {"semantic": False})
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


@pytest.mark.asyncio(loop_scope="module")
async def test_scan_this_server_runs_with_the_bundled_libraries(client: LanguageClient):
    uri, text = open_doc(client, CONFIG, language="json")
    await wait_published(client, uri)
    since = len(client.published)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, "calculator"])), SCAN_TIMEOUT)
    assert result.get("status") == 1 and result["diagnostics"] > 0, result
    assert "No module named" not in result["message"], result
    published = await wait_published(client, uri, since=since,
                                     where=lambda ds: any(d.source == "agis-lint mcp scan" for d in ds))
    assert any(d.code == "AGSC102" and d.message.startswith("mcp://calculator/tools/add_numbers: ")
               for d in published.diagnostics), [(d.code, d.message[:60]) for d in published.diagnostics]
    assert os.path.isfile(os.path.join(STATE, "agis-lint", "mcp-pins.json"))     # the pins: with the user
    assert not os.path.exists(os.path.join(WORKSPACE, ".vscode", "mcp-pins.json"))
