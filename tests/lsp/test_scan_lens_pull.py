""""Scan this server" for a pull client (VS Code): after agis.scanServer, the server asks for
a refresh and textDocument/diagnostic answers the scan's findings on the entry, beside the
file's own."""
from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, initialize, pull_diagnostics, server_config
from .test_scan_lens import CONFIG, ROOT, SCAN_TIMEOUT, _open

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    await initialize(lsp_client, "visual-studio-code+pull", ROOT, {"semantic": False})
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def _pull(client, uri, previous=None):
    return await pull_diagnostics(client, uri, previous)


async def test_pull_answers_the_scan_after_a_refresh(client: LanguageClient):
    assert CONFIG
    uri, _ = _open(client)
    before = await _pull(client, uri)
    assert [d.code for d in before.items] == ["MCPC201"]
    refreshes = client.diagnostic_refresh_count
    result = await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="agis.scanServer", arguments=[uri, "calculator"])), SCAN_TIMEOUT)
    assert result["diagnostics"] > 0, result
    await asyncio.wait_for(_until(client, lambda: client.diagnostic_refresh_count > refreshes), TIMEOUT)
    after = await _pull(client, uri, before.result_id)
    assert isinstance(after, types.RelatedFullDocumentDiagnosticReport) or after.kind == "full"
    codes = [d.code for d in after.items]
    assert "MCPC201" in codes and "AGSC102" in codes, codes
    assert after.result_id != before.result_id


async def _until(client, done):
    while not done():
        client.changed.clear()
        await client.changed.wait()
