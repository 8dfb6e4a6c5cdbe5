"""End to end on ``broken.agis``: fixes that fix, one diagnostic per mistake, completion.

The quick fix that corrects an invalid method replaces the method, never
"declare it in vocabulary.declared_verbs". It is unsafe (it renames the API), so
it is offered labelled unsafe and not marked preferred: Auto Fix never applies it
unasked; the user chooses it. Fix-all applies the safe fixes only: the invalid
methods stay (choosing a verb is the author's call), but the vocabulary is not
made to agree with them.
"""
from __future__ import annotations

import asyncio
import os
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from ..broken_docs import broken_text, declared_verbs
from .conftest import (TIMEOUT, apply_text_edits, change_doc, codes, edits_of, initialize,
                       open_doc, position_of, server_config, wait_published)

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = tempfile.mkdtemp(prefix="agis-lsp-autofix-")


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "visual-studio-code", ROOT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def _new_doc(client, name: str) -> tuple[str, str]:
    path = os.path.join(ROOT, name)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(broken_text())
    return open_doc(client, path)


async def _actions(client, uri, rng, diagnostics=(), only=None):
    return await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=rng,
        context=types.CodeActionContext(diagnostics=list(diagnostics), only=only))), TIMEOUT)


async def test_one_diagnostic_per_mistake(client: LanguageClient):
    since = len(client.published)
    uri, text = _new_doc(client, "one-each.agis")
    published = await wait_published(client, uri, since=since, version=1)
    assert sorted(codes(published.diagnostics)) == ["AGIS201", "AGIS301", "AGIS405"]
    get = next(d for d in published.diagnostics if d.code == "AGIS301")
    assert get.range.start == position_of(text, "GET")
    folded = [r.message for r in get.related_information]
    assert any(m.startswith("AGIS701 (consequence)") for m in folded), folded


async def test_the_fix_of_each_mistake_leaves_a_correct_document(client: LanguageClient):
    since = len(client.published)
    uri, text = _new_doc(client, "autofix.agis")
    published = await wait_published(client, uri, since=since, version=1)
    version = 1
    for needle, title in (("GET", "Replace GET with FETCH"), ("CANCEL_BOOKING", "Rename to CANCEL"),
                          ("/book-table", "Remove 'book' from the path")):
        target = next(d for d in published.diagnostics if d.range.start == position_of(text, needle))
        actions = await _actions(client, uri, target.range, [target])
        assert not any(a.title.startswith("Declare") for a in actions), [a.title for a in actions]
        assert not [a for a in actions if a.is_preferred], [a.title for a in actions]  # unsafe: not Auto Fix's
        [chosen] = [a for a in actions if a.title.startswith(title) and a.title.endswith("unsafe)")]
        text = apply_text_edits(text, edits_of(chosen.edit, uri))
        version += 1
        since = len(client.published)
        change_doc(client, uri, version, text)
        published = await wait_published(client, uri, since=since, version=version)
    assert not published.diagnostics, [(d.code, d.message) for d in published.diagnostics]
    assert "method: FETCH" in text and "method: CANCEL\n" in text and "path: /table" in text
    assert declared_verbs(text) == ["BOOK", "FETCH", "CANCEL"]


async def test_fix_all_never_declares_an_invalid_method(client: LanguageClient):
    since = len(client.published)
    uri, text = _new_doc(client, "fixall.agis")
    await wait_published(client, uri, since=since, version=1)
    origin = types.Position(line=0, character=0)
    actions = await _actions(client, uri, types.Range(start=origin, end=origin),
                             only=[types.CodeActionKind.SourceFixAll])
    new_text = text if not actions or actions[0].edit is None else \
        apply_text_edits(text, edits_of(actions[0].edit, uri))
    assert declared_verbs(new_text) == ["BOOK", "FIND", "CANCEL"]
    since = len(client.published)
    change_doc(client, uri, 2, new_text)
    after = await wait_published(client, uri, since=since, version=2)
    assert not {"AGIS701", "AGIS702"} & set(codes(after.diagnostics))


async def test_completion_offers_fitting_catalog_verbs_never_invalid_ones(client: LanguageClient):
    since = len(client.published)
    uri, text = _new_doc(client, "complete.agis")
    await wait_published(client, uri, since=since, version=1)
    result = await asyncio.wait_for(client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=position_of(text, "method: GET", len("method: GET")))), TIMEOUT)
    items = sorted(result.items, key=lambda i: i.sort_text)
    labels = [i.label for i in items]
    assert "GET" not in labels and "CANCEL_BOOKING" not in labels
    assert "FETCH" in labels and "BOOK" in labels
    # the endpoint's capability is discovery: discovery verbs come first
    first = items[0]
    assert first.detail.startswith("discovery") and "safe (reads only)" in first.detail, first.detail
    find = next(i for i in items if i.label == "FIND")
    assert labels.index("FIND") < labels.index("BOOK")  # BOOK is transaction
    assert find.documentation.value.startswith("**FIND** · discovery · safe (reads only)")
    book = next(i for i in items if i.label == "BOOK")
    assert "changes state" in book.detail
