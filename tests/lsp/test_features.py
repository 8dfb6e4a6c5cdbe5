"""Semantic tokens, rename, references, inlay hints, links, folding and selection ranges end
to end, over stdio, with the VS Code and Neovim capability sets."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import (TIMEOUT, apply_text_edits, change_doc, edits_of, initialize, open_doc,
                       position_of, server_config, uri_of, wait_published, workspace_copy)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=server_config(), scope="module", params=["visual-studio-code", "neovim"])
async def client(lsp_client: LanguageClient, request):
    lsp_client.root = workspace_copy()
    lsp_client.init = await initialize(lsp_client, request.param, lsp_client.root)
    lsp_client.name = request.param
    lsp_client.copies = 0
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def copy_of(client, name: str, text: str | None = None) -> str:
    """A fresh copy of a fixture document (tests never share a URI)."""
    client.copies += 1
    src = os.path.join(client.root, name)
    stem, ext = os.path.splitext(name)
    dst = os.path.join(client.root, f"{stem}-{client.copies}{ext}")
    with open(src, encoding="utf-8") as fh:
        content = fh.read() if text is None else text
    with open(dst, "w", encoding="utf-8") as fh:
        fh.write(content)
    return dst


def ident(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def decode(data: list[int], legend: types.SemanticTokensLegend) -> list[tuple]:
    """(line, character, length, type, {modifiers}) of each token."""
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, length, type_, bits = data[i:i + 5]
        line += dl
        char = char + dc if dl == 0 else dc
        mods = {m for b, m in enumerate(legend.token_modifiers) if bits >> b & 1}
        out.append((line, char, length, legend.token_types[type_], mods))
    return out


def text_at(text: str, line: int, char: int, length: int) -> str:
    return text.split("\n")[line][char:char + length]


# -- semantic tokens ---------------------------------------------------------------------------
async def test_semantic_tokens_full_and_delta(client: LanguageClient):
    provider = client.init.capabilities.semantic_tokens_provider
    legend = provider.legend
    assert provider.full.delta is True
    path = copy_of(client, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    full = await asyncio.wait_for(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=ident(uri))), TIMEOUT)
    tokens = decode(full.data, legend)
    words = [(text_at(text, ln, ch, n), kind, mods) for ln, ch, n, kind, mods in tokens]
    book = next(w for w in words if w[0] == "book")
    assert book[1] == "method" and {"invalid", "transaction", "mutating"} <= book[2]
    find = next(w for w in words if w[0] == "FIND")
    assert find[1] == "method" and {"readonly", "discovery"} <= find[2] and "invalid" not in find[2]
    assert ("{id}", "parameter", set()) in words and ("/reservation/", "path", set()) in words
    declared = next(w for w in words if w[0] == "BOOK")
    assert "declaration" in declared[2]
    # one edit, then a delta against the first answer reproduces the full tokens
    edited = text.replace("method: book", "method: BOOK")
    change_doc(client, uri, 2, edited)
    delta = await asyncio.wait_for(client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=ident(uri),
                                        previous_result_id=full.result_id)), TIMEOUT)
    assert isinstance(delta, types.SemanticTokensDelta) and delta.result_id != full.result_id
    data = list(full.data)
    for e in sorted(delta.edits, key=lambda e: e.start, reverse=True):
        data[e.start:e.start + e.delete_count] = list(e.data or [])
    again = await asyncio.wait_for(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=ident(uri))), TIMEOUT)
    assert data == list(again.data)
    first = decode(again.data, legend)[0]
    assert text_at(edited, *first[:3]) == "BOOK" and "invalid" not in first[4]
    # an unknown previous result: the full tokens
    unknown = await asyncio.wait_for(client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=ident(uri), previous_result_id="nope")),
        TIMEOUT)
    assert isinstance(unknown, types.SemanticTokens) and list(unknown.data) == list(again.data)


async def test_semantic_tokens_of_an_endpoint_toml(client: LanguageClient):
    path = os.path.join(client.root, "deploy", "endpoints", "audit.toml")
    uri, text = open_doc(client, path, language="toml")
    full = await asyncio.wait_for(client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=ident(uri))), TIMEOUT)
    legend = client.init.capabilities.semantic_tokens_provider.legend
    words = {text_at(text, ln, ch, n): (kind, mods) for ln, ch, n, kind, mods in decode(full.data, legend)}
    assert words["AUDIT"][0] == "method" and "analysis" in words["AUDIT"][1]
    assert words["/bookings"][0] == "path"
    assert words["audit-via-query-and-summarize"][0] == "function"


# -- rename ------------------------------------------------------------------------------------
async def rename_at(client, uri, position, new_name):
    return await asyncio.wait_for(client.text_document_rename_async(types.RenameParams(
        text_document=ident(uri), position=position, new_name=new_name)), TIMEOUT)


async def test_rename_a_method_of_an_agis_document(client: LanguageClient):
    path = copy_of(client, "reservations.agis")
    uri, text = open_doc(client, path)
    at = position_of(text, "method: book", 10)
    prepared = await asyncio.wait_for(client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=ident(uri), position=at)), TIMEOUT)
    assert prepared.placeholder == "book" and prepared.range.start == position_of(text, "book")
    nothing = await asyncio.wait_for(client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=ident(uri),
                                  position=position_of(text, "/restaurants", 2))), TIMEOUT)
    assert nothing is None
    edit = await rename_at(client, uri, at, "RESERVE")
    if client.name == "visual-studio-code":   # declares documentChanges
        assert edit.document_changes[0].text_document.version == 1
    renamed = apply_text_edits(text, edits_of(edit, uri))
    assert "method: RESERVE" in renamed and "declared_verbs: [RESERVE]" in renamed
    assert "book" not in renamed.split("vocabulary")[0].split("endpoints:")[1].split("path")[0]
    for bad, reason in (("", "empty"), ("reserve", "upper case"), ("RE SERVE", "one word"),
                        ("BOOKED", "inflected"), ("STATUS", "not an action verb")):
        with pytest.raises(Exception) as refused:
            await rename_at(client, uri, at, bad)
        assert reason in str(refused.value)


async def test_rename_a_method_across_a_deployment(client: LanguageClient):
    server = os.path.join(client.root, "deploy", "agtp-server.toml")
    with open(server, encoding="utf-8") as fh:
        policy = fh.read().replace('allow = "*"', 'allow = ["BOOK", "QUERY", "SUMMARIZE", "AUDIT"]')
    with open(server, "w", encoding="utf-8") as fh:
        fh.write(policy)
    book = os.path.join(client.root, "deploy", "endpoints", "book.toml")
    uri, text = open_doc(client, book, language="toml", version=3)
    edit = await rename_at(client, uri, position_of(text, '"BOOK"', 2), "RESERVE")
    again = os.path.join(client.root, "deploy", "endpoints", "book_again.toml")
    assert apply_text_edits(text, edits_of(edit, uri)).count('"RESERVE"') == 1
    with open(again, encoding="utf-8") as fh:
        assert 'method = "RESERVE"' in apply_text_edits(fh.read(), edits_of(edit, uri_of(again)))
    assert 'allow = ["RESERVE", "QUERY"' in apply_text_edits(policy, edits_of(edit, uri_of(server)))
    if client.name == "visual-studio-code":
        versions = {c.text_document.uri: c.text_document.version for c in edit.document_changes}
        assert versions[uri] == 3 and versions[uri_of(again)] is None
    # a recipe step's method: renamed in the recipes file and in the policy
    recipes = os.path.join(client.root, "deploy", "agtp-recipes.toml")
    r_uri, r_text = open_doc(client, recipes, language="toml")
    edit = await rename_at(client, r_uri, position_of(r_text, '"QUERY"', 1), "SEARCH")
    assert 'method = "SEARCH"' in apply_text_edits(r_text, edits_of(edit, r_uri))
    assert '"SEARCH"' in apply_text_edits(policy, edits_of(edit, uri_of(server)))
    assert uri_of(book) not in {c.text_document.uri for c in edit.document_changes or []} | \
        set(edit.changes or {})


# -- references ----------------------------------------------------------------------------------
async def references_at(client, uri, position, include=True):
    return await asyncio.wait_for(client.text_document_references_async(types.ReferenceParams(
        text_document=ident(uri), position=position,
        context=types.ReferenceContext(include_declaration=include))), TIMEOUT)


SCHEMA_DOC = """endpoints:
  - method: BOOK
    path: /reservation
    input: {$ref: "#/schemas/Reservation"}
    errors: [reservation_unavailable]
  - method: CANCEL
    path: /reservation/{id}
    output:
      $ref: '#/schemas/Reservation'
    errors: [reservation_unavailable, not_found]
  - method: book
    path: /table
schemas:
  Reservation: {type: object}
vocabulary:
  declared_verbs: [BOOK, CANCEL]
"""


async def test_references_in_an_agis_document(client: LanguageClient):
    path = copy_of(client, "reservations.agis", SCHEMA_DOC)
    uri, text = open_doc(client, path)

    async def found(anchor, delta=1, include=True):
        locations = await references_at(client, uri, position_of(text, anchor, delta), include)
        assert all(loc.uri == uri for loc in locations)
        return [(loc.range.start, loc.range.end.character - loc.range.start.character)
                for loc in locations]

    book = await found("method: BOOK", 9)
    assert book == [(position_of(text, "BOOK"), 4), (position_of(text, "book"), 4),
                    (position_of(text, "[BOOK", 1), 4)]
    assert await found("method: BOOK", 9, include=False) == book[:2]
    schema = await found("Reservation: {")
    assert len(schema) == 3 and (position_of(text, "Reservation: {"), 11) in schema
    assert sorted(await found("#/schemas/Reservation\"")) == sorted(schema)
    assert len(await found("reservation_unavailable")) == 2
    assert await references_at(client, uri, position_of(text, "/table", 2)) is None


async def test_references_across_a_deployment(client: LanguageClient):
    audit = os.path.join(client.root, "deploy", "endpoints", "audit.toml")
    uri, text = open_doc(client, audit, language="toml", version=7)
    recipe = await references_at(client, uri, position_of(text, "audit-via", 2))
    recipes_uri = uri_of(os.path.join(client.root, "deploy", "agtp-recipes.toml"))
    assert {loc.uri for loc in recipe} == {uri, recipes_uri} and len(recipe) == 2
    without = await references_at(client, uri, position_of(text, "audit-via", 2), include=False)
    assert [loc.uri for loc in without] == [uri]
    book = os.path.join(client.root, "deploy", "endpoints", "book.toml")
    b_uri, b_text = open_doc(client, book, language="toml", version=9)
    methods = await references_at(client, b_uri, position_of(b_text, '"BOOK"', 1))
    again = uri_of(os.path.join(client.root, "deploy", "endpoints", "book_again.toml"))
    assert {b_uri, again} <= {loc.uri for loc in methods}


# -- inlay hints ---------------------------------------------------------------------------------
async def test_inlay_hints_of_methods_and_mcp_tool_names(client: LanguageClient):
    assert client.init.capabilities.inlay_hint_provider is not None
    text = SCHEMA_DOC.replace("    path: /table\n",
                              "    path: /table\n    semantic: {mcp_tool_name: reserve_table}\n")
    path = copy_of(client, "reservations.agis", text)
    uri, text = open_doc(client, path)
    whole = types.Range(start=types.Position(line=0, character=0),
                        end=types.Position(line=len(text.split("\n")), character=0))
    hints = await asyncio.wait_for(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=ident(uri), range=whole)), TIMEOUT)
    got = [(h.position, h.label) for h in hints]
    assert (position_of(text, "BOOK", 4), "transaction · changes state") in got
    assert (position_of(text, "/reservation\n", 12), "MCP tool: book_reservation") in got
    assert (position_of(text, "/reservation/{id}", 17), "MCP tool: cancel_reservation") in got
    assert (position_of(text, "/table", 6), "MCP tool: reserve_table") in got
    assert not any(h.position.line == position_of(text, "[BOOK").line for h in hints)
    # only the hints of the range asked for
    first = types.Range(start=types.Position(line=0, character=0), end=position_of(text, "input"))
    some = await asyncio.wait_for(client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=ident(uri), range=first)), TIMEOUT)
    assert [h.label for h in some] == ["transaction · changes state", "MCP tool: book_reservation"]


# -- links, folding, selection ---------------------------------------------------------------------
async def test_document_links(client: LanguageClient):
    text = SCHEMA_DOC.replace('{$ref: "#/schemas/Reservation"}', '{$ref: "shared.agis#/schemas/X"}')
    path = copy_of(client, "reservations.agis", text)
    uri, text = open_doc(client, path)
    links = await asyncio.wait_for(client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=ident(uri))), TIMEOUT)
    got = [(link.range.start, link.target) for link in links]
    schema_line = position_of(text, "Reservation: {").line + 1
    assert got == [(position_of(text, "shared.agis"),
                    uri_of(os.path.join(os.path.dirname(path), "shared.agis"))),
                   (position_of(text, "#/schemas/Reservation'"), f"{uri}#L{schema_line}")]
    audit = os.path.join(client.root, "deploy", "endpoints", "audit.toml")
    a_uri, a_text = open_doc(client, audit, language="toml", version=11)
    links = await asyncio.wait_for(client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=ident(a_uri))), TIMEOUT)
    recipes = uri_of(os.path.join(client.root, "deploy", "agtp-recipes.toml"))
    assert [(link.range.start, link.target) for link in links] == \
        [(position_of(a_text, "audit-via"), f"{recipes}#L2")]


async def test_folding_and_selection_ranges(client: LanguageClient):
    path = copy_of(client, "reservations.agis")
    uri, text = open_doc(client, path)
    folds = await asyncio.wait_for(client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=ident(uri))), TIMEOUT)
    spans = {(f.start_line, f.end_line) for f in folds}
    endpoints = position_of(text, "endpoints:").line
    vocabulary = position_of(text, "vocabulary:").line
    assert (endpoints, vocabulary - 1) in spans
    assert (position_of(text, "semantic:").line, position_of(text, "is_idempotent: false").line) in spans
    at = position_of(text, "Books a table", 2)
    chain = await asyncio.wait_for(client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=ident(uri), positions=[at])), TIMEOUT)
    ranges, node = [], chain[0]
    while node is not None:
        ranges.append(node.range)
        node = node.parent
    assert ranges[0].start == position_of(text, "Books") and ranges[0].end == position_of(text, "Books", 5)
    assert ranges[1].start == position_of(text, '"Books')
    assert ranges[2].start == position_of(text, "intent:")
    assert ranges[-1].start == types.Position(line=0, character=0)
    for inner, outer in zip(ranges, ranges[1:]):
        assert (outer.start.line, outer.start.character) <= (inner.start.line, inner.start.character)
        assert (inner.end.line, inner.end.character) <= (outer.end.line, outer.end.character)
    # while the text does not parse, the last good folds, moved onto it
    broken = text.replace("vocabulary:", "vocabulary: [\n  {")
    change_doc(client, uri, 2, broken)
    folds = await asyncio.wait_for(client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=ident(uri))), TIMEOUT)
    assert (position_of(broken, "semantic:").line,
            position_of(broken, "is_idempotent: false").line) in {(f.start_line, f.end_line) for f in folds}
