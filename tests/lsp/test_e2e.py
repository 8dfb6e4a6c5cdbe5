"""The server end to end, over stdio, with the VS Code and Neovim capability sets.

One server per client capability set (module scope); each test opens its own
documents. Every wait is on a recorded notification, under a timeout.
"""
from __future__ import annotations

import asyncio
import json
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import (TIMEOUT, apply_text_edits, change_doc, codes, edits_of, initialize,
                       open_doc, position_of, server_config, uri_of, wait_logged,
                       wait_published, workspace_copy)

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = workspace_copy()
CLIENTS = ["visual-studio-code", "neovim"]


@pytest_lsp.fixture(config=server_config(), scope="module", params=CLIENTS)
async def client(lsp_client: LanguageClient, request):
    await initialize(lsp_client, request.param, ROOT)
    lsp_client.name = request.param
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def fixture_copy(client, name: str, text: str | None = None) -> str:
    """A per-client copy of a fixture document, so tests never share a URI."""
    src = os.path.join(ROOT, name)
    stem, ext = os.path.splitext(name)
    dst = os.path.join(ROOT, f"{stem}-{client.name}-{len(client.published)}{ext}")
    with open(src, encoding="utf-8") as fh:
        content = fh.read() if text is None else text
    with open(dst, "w", encoding="utf-8") as fh:
        fh.write(content)
    return dst


async def code_actions(client, uri: str, rng: types.Range, diagnostics=(), only=None):
    return await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=rng,
        context=types.CodeActionContext(diagnostics=list(diagnostics), only=only))), TIMEOUT)


async def test_diagnostics_on_open_and_change(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    first = await wait_published(client, uri, since=since, version=1)
    found = codes(first.diagnostics)
    assert {"AGIS102", "AGIS204", "AGIS701"} <= set(found)
    upper = next(d for d in first.diagnostics if d.code == "AGIS204")
    assert upper.source == "agis-lint"
    assert upper.range.start == position_of(text, "book")
    assert upper.data["pass"] == 2
    assert upper.data["fixes"][0]["safe"] is True
    assert upper.data["fixes"][0]["edits"][0]["newText"] == "BOOK"
    if client.name == "visual-studio-code":  # the only set that declares codeDescriptionSupport
        href = upper.code_description.href
        assert href.startswith("file://") and href.endswith("AGIS204.md")
        with open(href[len("file://"):], encoding="utf-8") as fh:
            assert fh.read().startswith("# AGIS204")
    undeclared = next(d for d in first.diagnostics if d.code == "AGIS701")
    assert undeclared.related_information, "the declared_verbs entry is related"
    assert undeclared.related_information[0].location.range.start == position_of(
        text, "[BOOK]")

    since = len(client.published)
    change_doc(client, uri, 2, text.replace("method: book", "method: BOOK"))
    second = await wait_published(client, uri, since=since, version=2)
    assert "AGIS204" not in codes(second.diagnostics)
    assert "AGIS102" in codes(second.diagnostics)


async def test_quick_fix_clears_its_diagnostic(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    published = await wait_published(client, uri, since=since, version=1)
    target = next(d for d in published.diagnostics if d.code == "AGIS102")
    actions = await code_actions(client, uri, target.range, [target])
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix
             and a.diagnostics and a.diagnostics[0].code == "AGIS102"
             and not a.title.startswith("Disable")]
    assert fixes and fixes[0].is_preferred
    assert any(a.title == "Disable AGIS102 on this line" for a in actions)
    edit = fixes[0].edit
    if client.name == "visual-studio-code":
        assert edit.document_changes and edit.document_changes[0].text_document.version == 1
    else:
        assert edit.changes and uri in edit.changes
    new_text = apply_text_edits(text, edits_of(edit, uri))
    assert 'agis: "1.0"' in new_text
    since = len(client.published)
    change_doc(client, uri, 2, new_text)
    after = await wait_published(client, uri, since=since, version=2)
    assert "AGIS102" not in codes(after.diagnostics)


async def test_disable_on_this_line(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    published = await wait_published(client, uri, since=since, version=1)
    target = next(d for d in published.diagnostics if d.code == "AGIS204")
    actions = await code_actions(client, uri, target.range, [target])
    disable = next(a for a in actions if a.title == "Disable AGIS204 on this line")
    new_text = apply_text_edits(text, edits_of(disable.edit, uri))
    assert "method: book  # agis-lint: disable=AGIS204" in new_text
    since = len(client.published)
    change_doc(client, uri, 2, new_text)
    after = await wait_published(client, uri, since=since, version=2)
    assert "AGIS204" not in codes(after.diagnostics)
    assert "AGIS006" not in codes(after.diagnostics), "the suppression is used"


async def test_fix_all(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    origin = types.Position(line=0, character=0)
    actions = await code_actions(client, uri, types.Range(start=origin, end=origin),
                                 only=[types.CodeActionKind.SourceFixAll])
    assert [a.kind for a in actions] == ["source.fixAll.agis"]
    new_text = apply_text_edits(text, edits_of(actions[0].edit, uri))
    assert 'agis: "1.0"' in new_text and "method: BOOK" in new_text
    assert "declared_verbs: [BOOK, FIND]" in new_text
    assert "/restaurants" in new_text
    since = len(client.published)
    change_doc(client, uri, 2, new_text)
    after = await wait_published(client, uri, since=since, version=2)
    assert not {"AGIS102", "AGIS204", "AGIS701"} & set(codes(after.diagnostics))


async def test_completion_at_a_method_value(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    typing = text.replace("  - method: FIND\n", "  - method: RES\n")
    change_doc(client, uri, 2, typing)
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(typing, "method: RES", len("method: RES")))), TIMEOUT)
    items = {i.label: i for i in result.items}
    assert "RESERVE" in items and "BOOK" in items
    reserve = items["RESERVE"]
    assert reserve.detail and reserve.documentation.value.startswith("**RESERVE**")
    assert reserve.text_edit.new_text == "RESERVE"
    assert reserve.text_edit.range.start == position_of(typing, "RES\n")
    assert reserve.text_edit.range.end == position_of(typing, "RES\n", 3)


async def test_completion_of_keys_while_typing(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    typing = text.replace("      actor: agent\n      outcome: \"A confirmed",
                          "      actor: agent\n      mcp\n      outcome: \"A confirmed")
    change_doc(client, uri, 2, typing)  # does not parse: the text reading takes over
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(typing, "mcp\n", 3))), TIMEOUT)
    labels = [i.label for i in result.items]
    assert "mcp_tool_name" in labels
    assert "intent" not in labels, "keys already there (in the last good parse) are not offered"
    snippet = next(i for i in result.items if i.label == "mcp_tool_name")
    assert snippet.text_edit.range.start == position_of(typing, "mcp\n")
    if client.name == "visual-studio-code":
        assert snippet.insert_text_format == types.InsertTextFormat.Snippet


async def test_hover(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    verb = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "FIND", 1))), TIMEOUT)
    assert "**FIND** · discovery · safe (reads only)" in verb.contents.value
    assert "discovery" in verb.contents.value
    over_diagnostic = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "book", 1))), TIMEOUT)
    value = over_diagnostic.contents.value
    assert value.startswith("**BOOK**") and "AGIS204" in value  # the verb's facts, then the finding
    assert "Why is this bad?" not in value  # the rule's docs are behind the link
    if client.name == "visual-studio-code":  # markdown links: the code links to its docs
        assert "[`AGIS204`](file://" in value and "AGIS204.md)" in value
    field = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "impact_tier", 2))), TIMEOUT)
    assert "irreversible" in field.contents.value


async def test_outline(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    symbols = await asyncio.wait_for(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))), TIMEOUT)
    names = [s.name for s in symbols]
    assert names[:2] == ["book /reservation/{id}", "FIND /restaurants"]
    assert symbols[0].kind == types.SymbolKind.Method
    assert symbols[0].selection_range.start == position_of(text, "book")


async def test_configuration_change(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    first = await wait_published(client, uri, since=since, version=1)
    assert "AGIS204" in codes(first.diagnostics)
    client.set_configuration({"severity": {"AGIS204": "off", "AGIS102": "hint"},
                              "level": 7}, section="agis")
    try:
        since = len(client.published)
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None))
        after = await wait_published(client, uri, since=since,
                                     where=lambda ds: "AGIS204" not in codes(ds))
        hint = next(d for d in after.diagnostics if d.code == "AGIS102")
        assert hint.severity == types.DiagnosticSeverity.Hint
        await wait_logged(client, "agis.level must be 1 or 2")
    finally:
        since = len(client.published)
        client.set_configuration({}, section="agis")
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None))
        restored = await wait_published(client, uri, since=since,
                                        where=lambda ds: "AGIS204" in codes(ds))
    assert next(d for d in restored.diagnostics if d.code == "AGIS102").severity == \
        types.DiagnosticSeverity.Error


async def test_malformed_document_then_keeps_serving(client: LanguageClient):
    path = fixture_copy(client, "reservations.agis")
    broken = "agis: \"1.0\"\nendpoints:\n  - method: BOOK\n\tpath: /x\n"
    since = len(client.published)
    uri, _ = open_doc(client, path, text=broken)
    published = await wait_published(client, uri, since=since, version=1)
    assert codes(published.diagnostics) == ["AGIS001"]
    assert "tab" in published.diagnostics[0].message
    # the features still answer on a document that does not parse
    symbols = await asyncio.wait_for(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))), TIMEOUT)
    assert symbols == []
    hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=3, character=2))), TIMEOUT)
    assert hover is None or "AGIS001" in hover.contents.value
    # and a good version is checked as usual
    with open(path, encoding="utf-8") as fh:
        good = fh.read()
    since = len(client.published)
    change_doc(client, uri, 2, good)
    fixed = await wait_published(client, uri, since=since, version=2)
    assert "AGIS001" not in codes(fixed.diagnostics) and "AGIS204" in codes(fixed.diagnostics)


async def test_other_files_are_left_alone(client: LanguageClient):
    path = os.path.join(ROOT, f"notes-{client.name}.yaml")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("title: [unclosed\n")
    uri, _ = open_doc(client, path, language="yaml")
    # the reservations document opened next is answered; nothing ever arrives for notes.yaml
    other = fixture_copy(client, "reservations.agis")
    since = len(client.published)
    other_uri, _ = open_doc(client, other)
    await wait_published(client, other_uri, since=since, version=1)
    assert not any(p.uri == uri for p in client.published)
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=0, character=3))), TIMEOUT)
    assert len(result.items) == 0


async def test_json_document(client: LanguageClient):
    path = os.path.join(ROOT, f"service-{client.name}.agis.json")
    doc = {"agis": "1.0", "service": "S", "agtp": "agtp://s.example.com", "description": "d",
           "version": "1", "endpoints": [{"method": "book", "path": "/x", "semantic": {
               "intent": "Books a table for the guest", "actor": "agent",
               "outcome": "A table is booked"}, "input": {"type": "object"},
               "output": {"type": "object"}, "errors": []}],
           "vocabulary": {"declared_verbs": ["BOOK"]}}
    text = json.dumps(doc, indent=2)
    since = len(client.published)
    uri, _ = open_doc(client, path, text=text, language="json")
    published = await wait_published(client, uri, since=since, version=1)
    assert "AGIS204" in codes(published.diagnostics)
    actions = await code_actions(client, uri, next(d for d in published.diagnostics
                                                  if d.code == "AGIS204").range)
    assert not any(a.title.startswith("Disable") for a in actions), "JSON has no comments"
    fix = next(a for a in actions if a.diagnostics and a.diagnostics[0].code == "AGIS204")
    assert json.loads(apply_text_edits(text, edits_of(fix.edit, uri)))["endpoints"][0][
        "method"] == "BOOK"



async def test_config_file_change_is_watched(client: LanguageClient):
    folder = os.path.join(ROOT, f"configured-{client.name}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "reservations.agis")
    with open(os.path.join(ROOT, "reservations.agis"), encoding="utf-8") as fh:
        text = fh.read()
    since = len(client.published)
    uri, _ = open_doc(client, path, text=text)
    first = await wait_published(client, uri, since=since, version=1)
    assert "AGIS204" in codes(first.diagnostics)
    if client.name == "visual-studio-code":  # dynamic registration of the file watchers
        watched = [w["globPattern"] for r in client.registrations
                   if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
                   for w in r.register_options["watchers"]]
        assert "**/.agis-lint.toml" in watched and "**/endpoints/*.toml" in watched
    config = os.path.join(folder, ".agis-lint.toml")
    with open(config, "w", encoding="utf-8") as fh:
        fh.write('ignore = ["AGIS204"]\n')
    since = len(client.published)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri_of(config), type=types.FileChangeType.Created)]))
    after = await wait_published(client, uri, since=since, version=1,
                                 where=lambda ds: "AGIS204" not in codes(ds))
    assert "AGIS102" in codes(after.diagnostics)


async def test_catalog_path_setting(client: LanguageClient):
    from agis_lsp.catalog import SHIPPED_CATALOG
    data = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    data["methods"]["FETCH"].update(deprecated_in="1.0.0", successor="RETRIEVE")
    catalog = os.path.join(ROOT, f"catalog-{client.name}.json")
    with open(catalog, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    folder = os.path.join(ROOT, f"lone-{client.name}", "endpoints")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(ROOT, "deploy", "endpoints", "book.toml"), encoding="utf-8") as fh:
        text = fh.read().replace('method = "BOOK"', 'method = "FETCH"')
    since = len(client.published)
    uri, _ = open_doc(client, os.path.join(folder, "fetch.toml"), text=text, language="toml")
    first = await wait_published(client, uri, since=since, version=1)
    assert "AGTP105" not in codes(first.diagnostics)
    client.set_configuration({"catalogPath": os.path.basename(catalog)}, section="agis")
    try:
        since = len(client.published)
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        deprecated = await wait_published(client, uri, since=since, version=1,
                                          where=lambda ds: "AGTP105" in codes(ds))
        tagged = next(d for d in deprecated.diagnostics if d.code == "AGTP105")
        assert list(tagged.tags or ()) == [types.DiagnosticTag.Deprecated]
        result = await asyncio.wait_for(client.text_document_completion_async(
            types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                   position=position_of(text, 'method = "FETCH', 10))), TIMEOUT)
        fetch = next(i for i in result.items if i.label == "FETCH")
        assert list(fetch.tags) == [types.CompletionItemTag.Deprecated]
        assert "RETRIEVE" in fetch.documentation.value
    finally:
        since = len(client.published)
        client.set_configuration({}, section="agis")
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        await wait_published(client, uri, since=since, version=1,
                             where=lambda ds: "AGTP105" not in codes(ds))
