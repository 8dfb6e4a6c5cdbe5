"""Pull diagnostics (``textDocument/diagnostic``) with result ids.

The capability sets are pytest-lsp's Neovim 0.11 and VS Code sets with
``workspace.diagnostics.refreshSupport`` added: the server pulls only when it
can also ask the client to pull again (its model-backed findings arrive after
the mechanical ones).
"""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import (TIMEOUT, pull_diagnostics, change_doc, codes, initialize, open_doc, server_config, uri_of,
                       workspace_copy)

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = workspace_copy()


@pytest_lsp.fixture(config=server_config(), scope="module",
                    params=["neovim+pull", "visual-studio-code+pull"])
async def client(lsp_client: LanguageClient, request):
    result = await initialize(lsp_client, request.param, ROOT)
    lsp_client.name = request.param
    lsp_client.server_capabilities = result.capabilities
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def pull(client, uri, previous=None):
    return await pull_diagnostics(client, uri, previous)


async def test_pull_with_result_ids(client: LanguageClient):
    provider = client.server_capabilities.diagnostic_provider
    assert provider is not None and provider.inter_file_dependencies
    path = os.path.join(ROOT, f"pull-{client.name}.agis")
    with open(os.path.join(ROOT, "reservations.agis"), encoding="utf-8") as fh:
        text = fh.read()
    uri, _ = open_doc(client, path, text=text)
    first = await pull(client, uri)
    assert first.kind == "full" and first.result_id
    assert {"AGIS102", "AGIS204"} <= set(codes(first.items))
    again = await pull(client, uri, first.result_id)
    assert again.kind == "unchanged" and again.result_id == first.result_id

    change_doc(client, uri, 2, text.replace("method: book", "method: BOOK"))
    second = await pull(client, uri, first.result_id)
    assert second.kind == "full" and second.result_id != first.result_id
    assert "AGIS204" not in codes(second.items)
    assert not any(p.uri == uri for p in client.published), "pull clients get no push"


async def test_pull_for_a_file_left_alone(client: LanguageClient):
    path = os.path.join(ROOT, f"notes-{client.name}.yaml")
    uri, _ = open_doc(client, path, text="just: [some, yaml\n", language="yaml")
    report = await pull(client, uri)
    assert report.kind == "full" and len(report.items) == 0


async def test_workspace_pull_reports_unopened_siblings(client: LanguageClient):
    root = workspace_copy()
    book = os.path.join(root, "deploy", "endpoints", "book.toml")
    uri, _ = open_doc(client, book, language="toml")
    mine = await pull(client, uri)
    assert "AGTP701" in codes(mine.items)
    report = await asyncio.wait_for(client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[])), TIMEOUT)
    by_uri = {r.uri: r for r in report.items}
    sibling = by_uri[uri_of(os.path.join(root, "deploy", "endpoints", "book_again.toml"))]
    assert sibling.kind == "full" and "AGTP701" in codes(sibling.items)
    assert uri not in by_uri, "open documents are pulled one by one"
    again = await asyncio.wait_for(client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[
            types.PreviousResultId(uri=sibling.uri, value=sibling.result_id)])), TIMEOUT)
    assert {r.uri: r.kind for r in again.items}[sibling.uri] == "unchanged"
