"""The agent-interface formats in the language server, end to end over stdio: an MCP tool
list (JSON) and an AINP manifest (YAML) get diagnostics (mechanical, then the model's),
quick fixes, hover with the spec's field docs, completion of enum values and keys, and
an outline, with no per-format code in ``lsp/``."""
from __future__ import annotations

import asyncio
import os
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from ..conftest import EXAMPLES
from .conftest import (TIMEOUT, apply_text_edits, change_doc, codes, edits_of, initialize,
                       open_doc, position_of, server_config, wait_published)

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = tempfile.mkdtemp(prefix="agis-lsp-formats-")
shutil.copytree(os.path.join(EXAMPLES, "formats"), ROOT, dirs_exist_ok=True)

MCP = """{
  "tools": [
    {
      "name": "get_flight_status",
      "description": "Returns the departure status of a flight.",
      "inputSchema": {"type": "object", "properties": {"flight": {"type": "string"}}},
      "annotations": {"readOnlyHint": "true"}
    },
    {
      "name": "cancel_booking",
      "description": "Cancels a flight booking.",
      "inputSchema": {"type": "object"},
      "annotations": {"readOnlyHint": true}
    }
  ]
}
"""


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "visual-studio-code", ROOT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def _text_doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


async def _hover(client, uri, pos):
    return await asyncio.wait_for(client.text_document_hover_async(
        types.HoverParams(text_document=_text_doc(uri), position=pos)), TIMEOUT)


async def _complete(client, uri, pos):
    return await asyncio.wait_for(client.text_document_completion_async(
        types.CompletionParams(text_document=_text_doc(uri), position=pos)), TIMEOUT)


async def _symbols(client, uri):
    return await asyncio.wait_for(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=_text_doc(uri))), TIMEOUT)


async def _actions(client, uri, diag):
    return await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=_text_doc(uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag]))), TIMEOUT)


async def test_mcp_tool_list_json(client: LanguageClient):
    path = os.path.join(ROOT, "flights.mcp.json")
    since = len(client.published)
    uri, text = open_doc(client, path, text=MCP, language="json")
    published = await wait_published(client, uri, since=since, version=1,
                                     where=lambda ds: "MCPT102" in codes(ds))
    by_code = {d.code: d for d in published.diagnostics}
    assert by_code["TOOL301"].range.start == position_of(text, '"get_flight_status"')
    assert "RETRIEVE or FETCH" in by_code["TOOL301"].message
    assert by_code["MCPT102"].range.start == position_of(text, '"true"')

    # the model's finding follows for the same version: CANCEL declared read-only
    model = await wait_published(client, uri, since=since, version=1,
                                 where=lambda ds: "MCPT601" in codes(ds))
    ann = next(d for d in model.diagnostics if d.code == "MCPT601")
    assert ann.severity == types.DiagnosticSeverity.Warning
    assert ann.range.start == position_of(text, "true}\n")

    # quick fix: "true" -> true, and the diagnostic goes away
    actions = await _actions(client, uri, by_code["MCPT102"])
    fix = next(a for a in actions if a.diagnostics and a.diagnostics[0].code == "MCPT102")
    assert fix.is_preferred
    fixed = apply_text_edits(text, edits_of(fix.edit, uri))
    assert '"annotations": {"readOnlyHint": true}' in fixed
    since = len(client.published)
    change_doc(client, uri, 2, fixed)
    after = await wait_published(client, uri, since=since, version=2)
    assert "MCPT102" not in codes(after.diagnostics)

    # hover: the MCP revision's field documentation
    hover = await _hover(client, uri, position_of(fixed, "readOnlyHint", 3))
    assert "does not modify its environment" in hover.contents.value
    # hover on a tool name: its leading verb (GET: a legacy HTTP verb, FETCH preferred)
    hover = await _hover(client, uri, position_of(fixed, "get_flight_status", 5))
    assert "Leading verb of the tool name `get_flight_status`" in hover.contents.value
    assert "legacy HTTP verb" in hover.contents.value and "TOOL301" in hover.contents.value
    assert "**Capabilities:**" in hover.contents.value      # what the tool can do, and why
    # completion of an enum value (inputSchema.type) and of keys in a tool
    typing = fixed.replace('"inputSchema": {"type": "object"}', '"inputSchema": {"type": ""}')
    change_doc(client, uri, 3, typing)
    values = await _complete(client, uri, position_of(typing, '{"type": ""', 10))
    assert [i.label for i in values.items] == ["object"]
    # outline: the tools by name, their parameters inside
    change_doc(client, uri, 4, fixed)
    symbols = await _symbols(client, uri)
    assert [s.name for s in symbols] == ["get_flight_status", "cancel_booking"]
    assert [c.name for c in symbols[0].children] == ["flight"]


async def test_ainp_manifest_yaml(client: LanguageClient):
    path = os.path.join(ROOT, ".ainp", "manifest.yaml")
    with open(path, encoding="utf-8") as fh:
        clean = fh.read()
    text = clean.replace("        default: free", "        default: Free").replace(
        '      - "sign someone up"', '      - "sign someone up"\n      - "delete my account"')
    since = len(client.published)
    uri, _ = open_doc(client, path, text=text, language="yaml")
    published = await wait_published(client, uri, since=since, version=1,
                                     where=lambda ds: "AINP203" in codes(ds))
    target = next(d for d in published.diagnostics if d.code == "AINP203")
    assert target.range.start == position_of(text, "Free")
    model = await wait_published(client, uri, since=since, version=1,
                                 where=lambda ds: "AINP601" in codes(ds))
    intent = next(d for d in model.diagnostics if d.code == "AINP601")
    assert intent.range.start == position_of(text, '"delete my account"')

    actions = await _actions(client, uri, target)
    titles = [a.title for a in actions]
    assert "Write 'free' (AINP203)" in titles and "Disable AINP203 on this line" in titles
    fix = next(a for a in actions if a.title == "Write 'free' (AINP203)")
    fixed = apply_text_edits(text, edits_of(fix.edit, uri))
    assert "default: free" in fixed and "# AINP 1.0 manifest" in fixed   # comments kept
    since = len(client.published)
    change_doc(client, uri, 2, fixed)
    after = await wait_published(client, uri, since=since, version=2)
    assert "AINP203" not in codes(after.diagnostics)

    hover = await _hover(client, uri, position_of(fixed, "intents:", 2))
    assert "Natural-language intents" in hover.contents.value
    typing = fixed.replace("      - name: referrer\n        type: string",
                           "      - name: referrer\n        type: ")
    change_doc(client, uri, 3, typing)
    values = await _complete(client, uri, position_of(typing, "name: referrer\n        type: ", 28))
    assert {"string", "enum", "integer"} <= {i.label for i in values.items}
    symbols = await _symbols(client, uri)
    caps = next(s for s in symbols if s.name == "capabilities")
    assert [c.name for c in caps.children] == ["CreateUser", "UpgradeUserPlan"]
