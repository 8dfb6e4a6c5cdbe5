"""Streaming: mechanical diagnostics first, the model's findings merged after (same version)."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import (TIMEOUT, change_doc, codes, initialize, open_doc, server_config,
                       wait_published, workspace_copy)

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = workspace_copy()
CONTRADICTION = 'intent: "Returns a list of available restaurants"'


@pytest_lsp.fixture(config=server_config(), scope="module", params=["visual-studio-code", "neovim"])
async def client(lsp_client: LanguageClient, request):
    await initialize(lsp_client, request.param, ROOT)
    lsp_client.name = request.param
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def contradicting_document() -> str:
    with open(os.path.join(ROOT, "reservations.agis"), encoding="utf-8") as fh:
        text = fh.read()
    return text.replace('intent: "Books a table at the restaurant for the guest"', CONTRADICTION)


def semantic(ds) -> set:
    return {c for c in codes(ds) if c.startswith("AGIS6")}


async def test_model_findings_follow_the_mechanical_ones(client: LanguageClient):
    text = contradicting_document()
    since = len(client.published)
    uri, _ = open_doc(client, os.path.join(ROOT, f"semantic-{client.name}.agis"), text=text)
    first = await wait_published(client, uri, since=since, version=1)
    assert "AGIS204" in codes(first.diagnostics)
    assert not semantic(first.diagnostics), "the first publish holds the mechanical passes only"
    merged = await wait_published(client, uri, since=since, version=1,
                                  where=lambda ds: "AGIS601" in codes(ds))
    contradiction = next(d for d in merged.diagnostics if d.code == "AGIS601")
    assert contradiction.data["pass"] == 6
    assert set(codes(first.diagnostics)) <= set(codes(merged.diagnostics))

    # rewriting the intent: the stale finding goes with the edit, the model confirms
    since = len(client.published)
    fixed = text.replace(CONTRADICTION, 'intent: "Books a table at the restaurant for the guest"')
    change_doc(client, uri, 2, fixed)
    mechanical = await wait_published(client, uri, since=since, version=2)
    assert "AGIS601" not in codes(mechanical.diagnostics)
    after = [p for p in client.published[since:] if p.uri == uri]
    assert all(p.version == 2 for p in after), "nothing computed for version 1 arrives late"

    if client.name == "visual-studio-code":  # the model loaded with $/progress
        titles = [r.title for reports in client.progress_reports.values() for r in reports
                  if isinstance(r, types.WorkDoneProgressBegin)]
        assert "Loading the AGIS semantic model" in titles
        assert all(isinstance(reports[-1], types.WorkDoneProgressEnd)
                   for reports in client.progress_reports.values() if reports)


async def test_versions_only_move_forward(client: LanguageClient):
    text = contradicting_document()
    since = len(client.published)
    uri, _ = open_doc(client, os.path.join(ROOT, f"burst-{client.name}.agis"), text=text)
    for version in range(2, 7):  # a burst of edits, faster than the checks
        change_doc(client, uri, version, text.replace('"Acme Reservations"',
                                                      f'"Acme Reservations {version}"'))
    last = await wait_published(client, uri, since=since, version=6,
                                where=lambda ds: "AGIS601" in codes(ds))
    assert last.version == 6
    versions = [p.version for p in client.published[since:] if p.uri == uri]
    assert versions == sorted(versions), f"published out of order: {versions}"


async def test_semantic_off_by_setting(client: LanguageClient):
    since = len(client.published)
    before, _ = open_doc(client, os.path.join(ROOT, f"before-{client.name}.agis"),
                         text=contradicting_document())
    await wait_published(client, before, since=since, version=1,
                         where=lambda ds: "AGIS601" in codes(ds))
    client.set_configuration({"semantic": {"enabled": False}}, section="agis")
    since = len(client.published)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    # the setting has taken effect once the open document is re-checked without the model
    await wait_published(client, before, since=since, version=1,
                         where=lambda ds: not semantic(ds))
    since = len(client.published)
    uri, _ = open_doc(client, os.path.join(ROOT, f"off-{client.name}.agis"),
                      text=contradicting_document())
    first = await wait_published(client, uri, since=since, version=1)
    assert "AGIS204" in codes(first.diagnostics) and not semantic(first.diagnostics)
    switched = len(client.published)
    client.set_configuration({}, section="agis")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    # back on: the same version is re-checked and now carries the model's finding
    on = await wait_published(client, uri, since=switched, version=1,
                              where=lambda ds: "AGIS601" in codes(ds))
    assert on.version == 1
    assert not any(semantic(p.diagnostics) for p in client.published[since:switched]
                   if p.uri == uri), "no model finding while the setting was off"
