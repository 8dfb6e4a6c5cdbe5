"""The server answers a buffer over max-file-size with the CLI's one AGIS007 finding at its top
(the same Linter road)."""
from __future__ import annotations

import asyncio
import os

import pytest
import pytest_lsp
from pytest_lsp import LanguageClient

from .conftest import TIMEOUT, codes, initialize, open_doc, server_config, wait_published, workspace_copy

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = workspace_copy("agis-lsp-size-")


@pytest_lsp.fixture(config=server_config(), scope="module")
async def client(lsp_client: LanguageClient):
    limited = os.path.join(ROOT, "limited")
    os.makedirs(limited, exist_ok=True)
    with open(os.path.join(limited, ".agis-lint.toml"), "w", encoding="utf-8") as fh:
        fh.write('max-file-size = "1 KB"\n')
    await initialize(lsp_client, "visual-studio-code", ROOT)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)


async def test_a_buffer_over_the_limit_gets_one_finding_at_its_top(client: LanguageClient):
    text = 'agis: "1.0"\nservice: s\n' + "".join(f"# line {i} " + "x" * 60 + "\n" for i in range(40)) + \
        "endpoints: [\n"   # broken too: nothing is parsed, so no AGIS001
    path = os.path.join(ROOT, "limited", "big.agis")
    since = len(client.published)
    uri, _ = open_doc(client, path, text)
    got = await wait_published(client, uri, since=since, version=1)
    assert codes(got.diagnostics) == ["AGIS007"], got.diagnostics
    d = got.diagnostics[0]
    assert (d.range.start.line, d.range.start.character) == (0, 0)
    assert "more than max-file-size (1 KiB)" in d.message


async def test_a_buffer_under_the_limit_is_checked(client: LanguageClient):
    path = os.path.join(ROOT, "limited", "small.agis")
    since = len(client.published)
    uri, _ = open_doc(client, path, 'agis: "1.0"\nendpoints: [\n')
    got = await wait_published(client, uri, since=since, version=1)
    assert "AGIS007" not in codes(got.diagnostics) and "AGIS001" in codes(got.diagnostics)
