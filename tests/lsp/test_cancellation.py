"""Feature work is cancelled cooperatively.

The runner (``budget.FeatureRunner``) sets the request's token on an overrun or a
``$/cancelRequest``; the shipped builders stop at their next ``cancel.check()`` with
``Cancelled``; only a builder with no check in its loop is interrupted, after the grace,
by the last resort (an exception injected into its thread). Real runner, real builders on
a real parse, and the real server over stdio (``patched_server.py``).
"""
from __future__ import annotations

import asyncio
import os
import tempfile
import threading
import time

import pytest
from pygls.exceptions import JsonRpcContentModified

from agis_lsp.catalog import load_catalog
from agis_lsp.document import parse_text
from agis_lsp.lsp.protocol import cancel
from agis_lsp.lsp.runtime.budget import FeatureRunner
from agis_lsp.lsp.protocol.capabilities import ClientFeatures
from agis_lsp.lsp.ide.folding import build_folding
from agis_lsp.lsp.ide.hints import build_hints
from agis_lsp.lsp.ide.links import build_links
from agis_lsp.lsp.ide.places import places_of
from agis_lsp.lsp.ide.symbols import build_symbols
from agis_lsp.lsp.ide.tokens import tokenize

from .conftest import uri_of
from .rawclient import HERE, RawClient, assert_goes_idle

PATCHED = os.path.join(HERE, "patched_server.py")
WORKDIR = tempfile.mkdtemp(prefix="agis-lsp-cancel-")
ENV = {"XDG_CACHE_HOME": os.path.join(WORKDIR, "cache")}

ENDPOINT = """  - method: BOOK
    path: /rooms/{{room_id}}/n{i}
    description: Book room {i}.
    input:
      properties:
        room_id: {{type: string}}
    output: {{$ref: '#/schemas/Room'}}
"""
DOC = "agis_version: '1.0'\nservice: {name: demo}\nendpoints:\n" + "".join(
    ENDPOINT.format(i=i) for i in range(200)) + "schemas:\n  Room: {type: object}\n"


def _builders(doc):
    catalog = load_catalog()
    return {
        "places": lambda: places_of(doc, "agis"),
        "symbols": lambda: build_symbols(doc, "agis", "file:///d.agis", ClientFeatures()),
        "folding": lambda: build_folding(doc),
        "tokens": lambda: tokenize(doc, "agis", catalog),
        "hints": lambda: build_hints(doc, "agis", catalog),
        "links": lambda: build_links(doc, "agis", "file:///d.agis"),
    }


@pytest.mark.parametrize("name", ["places", "symbols", "folding", "tokens", "hints", "links"])
def test_the_builders_stop_at_a_cancelled_token(name):
    doc = parse_text(DOC, "d.agis")
    build = _builders(doc)[name]
    assert build(), "outside a request (no token) the builder answers"
    live = cancel.Token()
    with cancel.bound(live):
        assert build() == _builders(doc)[name](), "an unset token changes nothing"
    token = cancel.Token()
    token.cancel(cancel.OVERRUN)
    with cancel.bound(token), pytest.raises(cancel.Cancelled) as raised:
        build()
    assert raised.value.reason == cancel.OVERRUN
    assert cancel.current() is None, "the token is unbound after the request"


def _spin_with_checks(stop: threading.Event):
    while not stop.is_set():
        cancel.check()
    return "ended"


def _spin_without_checks(stop: threading.Event):
    while not stop.is_set():
        pass
    return "ended"


async def test_an_overrun_unwinds_cooperatively_and_answers_content_modified():
    runner = FeatureRunner(budget=0.2, grace=0.5)
    stop = threading.Event()
    try:
        with pytest.raises(JsonRpcContentModified):
            await runner.run("spin", _spin_with_checks, stop, modified=lambda: True)
        for _ in range(100):
            if runner.unwound:
                break
            await asyncio.sleep(0.02)
        assert runner.unwound == 1
        await asyncio.sleep(0.7)  # past the grace: the last resort was not needed
        assert runner.interrupted == 0 and runner.stuck() == 0
    finally:
        stop.set()


async def test_a_loop_without_checks_is_interrupted_as_the_last_resort():
    runner = FeatureRunner(budget=0.2, grace=0.3)
    stop = threading.Event()
    try:
        assert await runner.run("spin", _spin_without_checks, stop, default="empty",
                                modified=lambda: False) == "empty", "unchanged text: empty"
        for _ in range(150):
            if runner.interrupted and not runner.stuck():
                break
            await asyncio.sleep(0.02)
        assert runner.unwound == 0
        assert runner.interrupted == 1 and runner.stuck() == 0, "the thread was stopped"
    finally:
        stop.set()


async def test_a_client_cancel_sets_the_token():
    runner = FeatureRunner(budget=5.0, grace=0.5)
    stop = threading.Event()
    try:
        task = asyncio.ensure_future(runner.run("spin", _spin_with_checks, stop))
        await asyncio.sleep(0.1)
        task.cancel()  # what pygls does on $/cancelRequest
        with pytest.raises(asyncio.CancelledError):
            await task
        for _ in range(100):
            if runner.unwound:
                break
            await asyncio.sleep(0.02)
        assert runner.unwound == 1 and runner.interrupted == 0
    finally:
        stop.set()


async def test_in_time_answers_are_unchanged():
    runner = FeatureRunner(budget=5.0)
    doc = parse_text(DOC, "d.agis")
    assert await runner.run("symbols", _builders(doc)["symbols"]) == _builders(doc)["symbols"]()
    assert runner.unwound == runner.interrupted == 0


# -- over stdio ---------------------------------------------------------------------------
async def test_the_server_cancels_an_overrun_without_the_last_resort():
    client = await RawClient.start(PATCHED, "hover-checks", env=ENV)
    try:
        await client.initialize(uri_of(WORKDIR))
        uri = uri_of(os.path.join(WORKDIR, "checks.agis"))
        client.open(uri, "agis_version: '1.0'\nendpoints:\n  - method: BOOK\n    path: /x\n")
        for _ in range(800):
            if client.published(uri):
                break
            await asyncio.sleep(0.025)
        pos = {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 12}}
        started = time.monotonic()
        hover = await client.request("textDocument/hover", pos, timeout=5)
        assert hover.get("result") is None and "error" not in hover  # the text did not change
        assert time.monotonic() - started < 5
        msg_id, fut = client.send("textDocument/hover", pos)
        await asyncio.sleep(0.2)
        client.change(uri, 2, [{"range": {"start": {"line": 0, "character": 0},
                                          "end": {"line": 0, "character": 0}}, "text": "\n"}])
        modified = await asyncio.wait_for(fut, 5)
        assert modified["error"]["code"] == -32801, modified  # ContentModified
        pos["position"]["line"] = 3
        msg_id, fut = client.send("textDocument/hover", pos)
        await asyncio.sleep(0.2)
        client.cancel(msg_id)
        cancelled = await asyncio.wait_for(fut, 10)     # liveness: the builder loops forever
        assert cancelled["error"]["code"] == -32800  # RequestCancelled
        symbols = await client.request("textDocument/documentSymbol",
                                       {"textDocument": {"uri": uri}}, timeout=5)
        assert symbols["result"], "the next request is answered"
        await asyncio.sleep(1.0)  # past the grace
        log = client.log()
        assert "last resort" not in log, "the builder stopped at its check"
        assert "Traceback" not in log
        await assert_goes_idle(client, "a cancelled loop still runs")
        assert await client.stop() == 0
    finally:
        client.kill()
