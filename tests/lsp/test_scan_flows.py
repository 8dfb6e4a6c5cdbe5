"""Dangerous combinations in the editor: after "Scan this server" has scanned two entries of a
client configuration (fixture servers over stdio: web fetches any URL, disk reads files), the
language server places the combination (MCPT501) on the first server's entry, with related
information on the other entry; one entry alone gives none."""
from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from ..mcp_live.helpers import SERVER
from .conftest import TIMEOUT, initialize, open_doc, server_config, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = tempfile.mkdtemp(prefix="agis-lsp-flows-")
CONFIG = os.path.join(ROOT, ".vscode", "mcp.json")
os.makedirs(os.path.dirname(CONFIG))
with open(CONFIG, "w", encoding="utf-8") as fh:
    json.dump({"servers": {
        "web": {"type": "stdio", "command": sys.executable, "args": [SERVER, "web", "stdio"]},
        "disk": {"type": "stdio", "command": sys.executable, "args": [SERVER, "disk", "stdio"]},
    }}, fh, indent=2)
SCAN_TIMEOUT = 300.0


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "neovim", ROOT, {"semantic": False})
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def _scan(client, uri, name, where=None):
    since = len(client.published)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, name])), SCAN_TIMEOUT)
    assert "error" not in result, result
    if where is None:
        return await wait_published(client, uri, since=since)
    return await wait_published(client, uri, since=since, where=where)


async def test_combination_across_two_scanned_entries(client: LanguageClient):
    uri, text = open_doc(client, CONFIG, language="json")
    await wait_published(client, uri)
    first = await _scan(client, uri, "web")
    assert not [d for d in first.diagnostics if d.code == "MCPT501"]   # web alone: no private data
    second = await _scan(client, uri, "disk",
                         where=lambda ds: any(d.code == "MCPT501" for d in ds))
    (flow,) = [d for d in second.diagnostics if d.code == "MCPT501"]
    lines = text.splitlines()
    assert '"web"' in lines[flow.range.start.line]
    assert "'fetch_page'" in flow.message and "'read_file'" in flow.message
    (rel,) = flow.related_information
    assert rel.location.uri == uri and '"disk"' in lines[rel.location.range.start.line]
