"""``agis-lsp`` options: --tcp, --version, and --ws without its optional dependency."""
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys

import pytest
from lsprotocol import types

from .conftest import TIMEOUT, capabilities, make_client, uri_of, wait_published, workspace_copy


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _connect(client, port: int, deadline: float) -> None:
    loop = asyncio.get_running_loop()
    while True:
        try:
            await client.start_tcp("127.0.0.1", port)
            return
        except OSError:
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.05)  # the server is still starting: retry the connection


@pytest.mark.asyncio
async def test_tcp():
    port = _free_port()
    root = workspace_copy()
    server = subprocess.Popen([sys.executable, "-m", "agis_lsp.lsp", "--tcp", f"127.0.0.1:{port}"])
    client = make_client()
    try:
        await _connect(client, port, asyncio.get_running_loop().time() + TIMEOUT)
        result = await asyncio.wait_for(client.initialize_session(types.InitializeParams(
            capabilities=capabilities("neovim"), root_uri=uri_of(root))), TIMEOUT)
        assert result.server_info.name == "agis-lsp"
        path = os.path.join(root, "reservations.agis")
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
            uri=uri_of(path), language_id="agis", version=1, text=text)))
        published = await wait_published(client, uri_of(path), version=1)
        assert "AGIS204" in [d.code for d in published.diagnostics]
        await asyncio.wait_for(client.shutdown_async(None), TIMEOUT)
        client.exit(None)
        assert server.wait(TIMEOUT) == 0, "the server exits after shutdown + exit"
    finally:
        await asyncio.wait_for(client.stop(), TIMEOUT)
        server.kill()
        server.wait(TIMEOUT)


def test_version_and_bad_address():
    out = subprocess.run([sys.executable, "-m", "agis_lsp.lsp", "--version"],
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert out.returncode == 0 and out.stdout.startswith("agis-lsp ")
    bad = subprocess.run([sys.executable, "-m", "agis_lsp.lsp", "--tcp", "localhost:http"],
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert bad.returncode == 2 and "expected HOST:PORT" in bad.stderr
