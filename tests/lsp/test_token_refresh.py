"""Semantic tokens answered before their text's check was done are refreshed after it.

A method flagged only by a pass 2-3 finding (GET: AGIS301) gets the ``invalid`` modifier from
the finding, so tokens answered before the check lack it. When the check publishes, the server
sends ``workspace/semanticTokens/refresh`` (the client supports it) and the tokens asked for
again carry ``invalid``. Without the refresh VS Code kept GET in the method colour (seen in
tests/editors/test_vscode_e2e.py::test_editing_story_in_vscode, 1 run in 3)."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, change_doc, initialize, open_doc, server_config, wait_for, \
    wait_published, workspace_copy

pytestmark = pytest.mark.asyncio(loop_scope="module")
DELAY_MS = 1500     # agis.debounceMs: the change's check waits this long, the tokens do not


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    lsp_client.token_refreshes = 0

    @lsp_client.feature(types.WORKSPACE_SEMANTIC_TOKENS_REFRESH)
    def _refresh(params):
        lsp_client.token_refreshes += 1
        lsp_client.changed.set()

    lsp_client.root = workspace_copy()
    lsp_client.init = await initialize(lsp_client, "visual-studio-code", lsp_client.root,
                                       {"agis": {"debounceMs": DELAY_MS, "semantic": {"enabled": False}}})
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


def modifiers_of(client, data: list[int], text: str, word: str) -> set:
    legend = client.init.capabilities.semantic_tokens_provider.legend
    line = char = 0
    for i in range(0, len(data), 5):
        dl, dc, length, _type, bits = data[i:i + 5]
        line, char = line + dl, (char + dc if dl == 0 else dc)
        if text.split("\n")[line][char:char + length] == word:
            return {m for b, m in enumerate(legend.token_modifiers) if bits >> b & 1}
    raise AssertionError(f"no token {word!r}")


async def test_tokens_answered_before_the_check_are_refreshed(client: LanguageClient):
    path = os.path.join(client.root, "reservations.agis")
    since = len(client.published)
    uri, text = open_doc(client, path)
    await wait_published(client, uri, since=since, version=1)
    edited = text.replace("method: FIND", "method: GET", 1)
    assert edited != text
    since = len(client.published)
    change_doc(client, uri, 2, edited)     # checked DELAY_MS later
    params = types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    early = await asyncio.wait_for(client.text_document_semantic_tokens_full_async(params), TIMEOUT)
    assert "invalid" not in modifiers_of(client, early.data, edited, "GET")   # not checked yet
    assert client.token_refreshes == 0
    published = await wait_published(client, uri, since=since, version=2)
    assert any(d.code == "AGIS301" for d in published.diagnostics), published.diagnostics
    await wait_for(client, lambda: client.token_refreshes >= 1)
    again = await asyncio.wait_for(client.text_document_semantic_tokens_full_async(params), TIMEOUT)
    assert {"invalid", "legacy"} <= modifiers_of(client, again.data, edited, "GET")
