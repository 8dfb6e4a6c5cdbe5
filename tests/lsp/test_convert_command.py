"""Conversions in the language server, end to end over stdio: the source actions are offered
where they fit, and agis.convert creates the converted file next to the document through
workspace/applyEdit, with the same bytes as ``agis-lint convert``."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from agis_lsp.convert import convert_text

from ..conftest import EXAMPLES
from .conftest import TIMEOUT, initialize, open_doc, server_config, uri_of, wait_published

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = tempfile.mkdtemp(prefix="agis-lsp-convert-")
shutil.copy(os.path.join(EXAMPLES, "restaurant.agis"), ROOT)
MCP = {"tools": [{"name": "get_data", "description": "Get the latest sensor data for a device",
                  "inputSchema": {"type": "object", "properties": {"device_id": {"type": "string"}}}}]}
with open(os.path.join(ROOT, "sensors.mcp.json"), "w") as fh:
    json.dump(MCP, fh)


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "visual-studio-code", ROOT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def _source_actions(client, path):
    uri, _ = open_doc(client, path, language="json" if path.endswith(".json") else "agis")
    await wait_published(client, uri)
    actions = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]))), TIMEOUT)
    # the client's converter reads a CodeAction that carries a command as a Command (the
    # union is ambiguous on the wire); both have the title
    return uri, [a for a in actions or [] if getattr(a, "kind", "source.convert") == "source.convert"
                 and "agis.convert" in str(a.command)]


async def test_agis_document_offers_mcp_and_well_known(client: LanguageClient):
    path = os.path.join(ROOT, "restaurant.agis")
    uri, actions = await _source_actions(client, path)
    assert [a.title for a in actions] == ["Generate MCP tools/list from this AGIS document",
                                          "Generate /.well-known/agis.json from this AGIS document"]
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.convert", arguments=[uri, "mcp"])), TIMEOUT)
    target = uri_of(os.path.join(ROOT, "restaurant.mcp.json"))
    assert result["files"] == [target] and result["applied"] and result["review"] == []
    edit = client.applied_edits[-1]
    create, text_edit = edit.document_changes
    assert create.uri == target and create.options.overwrite is False
    with open(path) as fh:
        expected = convert_text(fh.read(), "mcp", name=path).files[0].text
    assert text_edit.edits[0].new_text == expected


async def test_mcp_list_converts_with_review_items(client: LanguageClient):
    path = os.path.join(ROOT, "sensors.mcp.json")
    uri, actions = await _source_actions(client, path)
    assert [a.title for a in actions] == ["Convert this MCP tool list to AGIS"]
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.convert", arguments=[uri, "agis"])), TIMEOUT)
    assert result["files"] == [uri_of(os.path.join(ROOT, "sensors.agis"))]
    assert any("get_data" in r["message"] and "FETCH" in r["message"] for r in result["review"])


async def test_existing_file_is_not_overwritten(client: LanguageClient):
    path = os.path.join(ROOT, "restaurant.agis")
    with open(os.path.join(ROOT, "restaurant.mcp.json"), "w") as fh:
        fh.write("keep")
    before = len(client.applied_edits)
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.convert", arguments=[uri_of(path), "mcp"])), TIMEOUT)
    assert "not overwritten" in result["error"] and len(client.applied_edits) == before
