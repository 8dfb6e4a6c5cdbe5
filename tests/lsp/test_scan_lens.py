""""Scan this server" over stdio: the language server offers a code lens on each server entry
of an MCP client configuration (.vscode/mcp.json), and the agis.scanServer command scans that
one entry (a fixture server written with the MCP SDK, tests/mcp_live/servers) and shows the scan's
findings as diagnostics on the entry, beside the file's own findings (push mode, Neovim)."""
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
ROOT = tempfile.mkdtemp(prefix="agis-lsp-scan-")
CONFIG = os.path.join(ROOT, ".vscode", "mcp.json")
os.makedirs(os.path.dirname(CONFIG))
with open(CONFIG, "w", encoding="utf-8") as fh:
    json.dump({"servers": {
        "calculator": {"type": "stdio", "command": sys.executable,
                       "args": [SERVER, "poisoned", "stdio"]},
        "notes": {"type": "stdio", "command": sys.executable, "args": [SERVER, "clean", "stdio"]},
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]},
    }}, fh, indent=2)
SCAN_TIMEOUT = 300.0    # the command starts agis-lint and a Python MCP server on a shared machine


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "neovim", ROOT, {"semantic": False})
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def _open(client: LanguageClient) -> tuple[str, str]:
    uri, text = open_doc(client, CONFIG, language="json")
    return uri, text


async def test_code_lens_on_each_server_and_scan_of_one_entry(client: LanguageClient):
    uri, text = _open(client)
    first = await wait_published(client, uri)
    assert [d.code for d in first.diagnostics] == ["MCPC201"]     # the file's own finding
    lenses = await asyncio.wait_for(client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri))), TIMEOUT)
    lines = text.splitlines()
    got = {}
    for lens in lenses:
        assert lens.command.title == "Scan this server" and lens.command.command == "agis.scanServer"
        line = lines[lens.range.start.line]
        got[lens.command.arguments[1]] = line[lens.range.start.character:lens.range.end.character]
        assert lens.command.arguments[0] == uri
    assert got == {"calculator": '"calculator"', "notes": '"notes"', "memory": '"memory"'}

    since = len(client.published)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, "calculator"])), SCAN_TIMEOUT)
    assert result["diagnostics"] > 0, result
    published = await wait_published(client, uri, since=since,
                                     where=lambda ds: any(d.source == "agis-lint mcp scan" for d in ds))
    scan = [d for d in published.diagnostics if d.source == "agis-lint mcp scan"]
    calculator = next(lens.range for lens in lenses if lens.command.arguments[1] == "calculator")
    assert all(d.range == calculator for d in scan)
    assert any(d.code == "AGSC102" and d.message.startswith("mcp://calculator/tools/add_numbers: ")
               for d in scan), [(d.code, d.message[:60]) for d in scan]
    assert any(d.code == "MCPC201" for d in published.diagnostics)   # the file's own stay

    # the clean server, scanned alone: no finding of its own, the calculator's stay shown
    since = len(client.published)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, "notes"])), SCAN_TIMEOUT)
    assert result["diagnostics"] == 0 and result["status"] == 0, result
    published = await wait_published(client, uri, since=since)
    assert {d.range.start.line for d in published.diagnostics
            if d.source == "agis-lint mcp scan"} == {calculator.start.line}


async def test_unknown_server_name_is_an_error_not_a_scan(client: LanguageClient):
    uri, _ = _open(client)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, "nobody"])), TIMEOUT)
    assert result == {"error": f"no server 'nobody' in {uri}"}
