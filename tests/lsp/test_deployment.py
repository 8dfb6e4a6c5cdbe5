"""AGTP-API deployments: TOML documents, cross-file findings, recipes."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import (TIMEOUT, change_doc, codes, initialize, open_doc, position_of,
                       server_config, uri_of, wait_for, wait_published, workspace_copy)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=server_config(), scope="module", params=["visual-studio-code", "neovim"])
async def client(lsp_client: LanguageClient, request):
    lsp_client.root = workspace_copy()
    await initialize(lsp_client, request.param, lsp_client.root)
    lsp_client.name = request.param
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def dep(client, *parts) -> str:
    return os.path.join(client.root, "deploy", *parts)


async def test_duplicate_endpoint_across_files(client: LanguageClient):
    book, again = dep(client, "endpoints", "book.toml"), dep(client, "endpoints", "book_again.toml")
    since = len(client.published)
    uri, text = open_doc(client, book, language="toml")
    published = await wait_published(client, uri, since=since, version=1)
    dup = next(d for d in published.diagnostics if d.code == "AGTP701")
    assert dup.range.start == position_of(text, '"/rooms')
    if client.name == "visual-studio-code" or True:  # both sets declare relatedInformation
        where = dup.related_information[0].location
        assert where.uri == uri_of(again)
        with open(again, encoding="utf-8") as fh:
            assert where.range.start == position_of(fh.read(), '"/rooms')
    # the unopened sibling is checked too (its finding is about this file)
    other = await wait_published(client, uri_of(again), since=since,
                                 where=lambda ds: "AGTP701" in codes(ds))
    assert other.version is None
    if client.name == "visual-studio-code":  # $/progress while the deployment is scanned
        def scanned():
            return [r for reports in client.progress_reports.values() for r in reports
                    if isinstance(r, types.WorkDoneProgressBegin)
                    and r.title.startswith("Checking") and r.title.endswith("deployment file(s)")]
        assert await wait_for(client, scanned)

    # moving this endpoint clears the finding in both files, the unopened one included
    since = len(client.published)
    change_doc(client, uri, 2, text.replace('path = "/rooms/{room_id}"',
                                            'path = "/suites/{room_id}"'))
    mine = await wait_published(client, uri, since=since, version=2)
    assert "AGTP701" not in codes(mine.diagnostics)
    theirs = await wait_published(client, uri_of(again), since=since,
                                  where=lambda ds: "AGTP701" not in codes(ds))
    assert theirs.version is None


async def test_recipe_completion_and_definition(client: LanguageClient):
    audit = dep(client, "endpoints", "audit.toml")
    since = len(client.published)
    uri, text = open_doc(client, audit, language="toml")
    await wait_published(client, uri, since=since, version=1)
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, 'recipe = "audit', len('recipe = "audit')))), TIMEOUT)
    assert [i.label for i in result.items] == ["audit-via-query-and-summarize"]
    assert result.items[0].text_edit.new_text == "audit-via-query-and-summarize"

    handler_type = await asyncio.wait_for(client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri),
                               position=position_of(text, 'type = "composition"', 8))), TIMEOUT)
    assert {"registered_function", "composition", "external_service"} <= \
        {i.label for i in handler_type.items}

    target = await asyncio.wait_for(client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "audit-via", 3))), TIMEOUT)
    recipes = dep(client, "agtp-recipes.toml")
    assert target[0].uri == uri_of(recipes)
    with open(recipes, encoding="utf-8") as fh:
        assert target[0].range.start.line == position_of(fh.read(), 'name = "audit').line


async def test_renaming_a_recipe_rechecks_its_endpoints(client: LanguageClient):
    recipes, audit = dep(client, "agtp-recipes.toml"), dep(client, "endpoints", "audit.toml")
    since = len(client.published)
    uri, text = open_doc(client, recipes, language="toml")
    await wait_published(client, uri, since=since, version=1)
    since = len(client.published)
    change_doc(client, uri, 2, text.replace('name = "audit-via-query-and-summarize"',
                                            'name = "audit-bookings"'))
    # audit.toml may be open (previous test) or not: either way it is re-checked
    report = await wait_published(client, uri_of(audit), since=since,
                                  where=lambda ds: "AGTP402" in codes(ds))
    unknown = next(d for d in report.diagnostics if d.code == "AGTP402")
    assert "audit-via-query-and-summarize" in unknown.message


async def test_outline_of_an_endpoint_file(client: LanguageClient):
    book = dep(client, "endpoints", "book_again.toml")
    uri, text = open_doc(client, book, language="toml", version=5)
    symbols = await asyncio.wait_for(client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))), TIMEOUT)
    assert [s.name for s in symbols] == ["BOOK /rooms/{room_id}"]
