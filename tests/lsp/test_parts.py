"""The server's parts work from their collaborators alone.

The scheduler, the publisher and the model loader are built here as ``server.py`` builds
them, without a server: the real ``Documents``, ``Linter`` (the engine, every rule),
``DiagnosticsStore`` and ``TokenCache``, and a session that records what would go to the
client. A check of an open document runs in the lint worker, lands in the store, is pushed
through the publisher, and answers a pull request waiting for it. And no part reaches
through another: the part modules name no other part's attribute.
"""
from __future__ import annotations

import ast
import asyncio
import contextlib
import os
from pathlib import Path

import pytest
from lsprotocol import types

from agis_lsp.engine.linter import Linter, ModelProvider
from agis_lsp.lsp.protocol.capabilities import ClientFeatures
from agis_lsp.lsp.protocol.to_lsp import RuleDocs
from agis_lsp.lsp.runtime.model_loader import ModelLoader
from agis_lsp.lsp.runtime.publisher import Publisher
from agis_lsp.lsp.runtime.scheduler import Scheduler
from agis_lsp.lsp.runtime.settings import Settings
from agis_lsp.lsp.runtime.state import Documents
from agis_lsp.lsp.runtime.store import DiagnosticsStore
from agis_lsp.lsp.runtime.token_cache import TokenCache
from agis_lsp.lsp.protocol.uris import from_path

from .conftest import FIXTURES

LSP = Path(__file__).resolve().parents[2] / "agis_lsp" / "lsp"
RUNTIME = LSP / "runtime"
TIMEOUT = 20.0
#: A waiter's own limit, far past TIMEOUT: one answered with nothing within TIMEOUT was
#: answered by the server (released, left alone), not by its limit.
LONG_WAIT = 600.0


class RecordingSession:
    """A ``protocols.Session``: what the parts would tell the client, recorded."""

    def __init__(self, *, use_pull: bool = False) -> None:
        self.features = ClientFeatures()
        self.use_pull = use_pull
        self.settings = Settings(semantic=False)
        self.loop = None
        self.published: list[types.PublishDiagnosticsParams] = []
        self.said: list[str] = []
        self.changed = asyncio.Event()

    def say_once(self, message, level=0):
        self.said.append(message)

    def show_error_once(self, message):
        self.said.append(message)

    @contextlib.asynccontextmanager
    async def progress(self, title):
        yield None

    def text_document_publish_diagnostics(self, params):
        self.published.append(params)
        self.changed.set()

    def workspace_diagnostic_refresh(self, params):
        pass

    def workspace_semantic_tokens_refresh(self, params):
        pass


def build_parts(session):
    """The wiring of ``AgisLanguageServer.__init__``, without the server."""
    documents = Documents()
    linter = Linter(model=ModelProvider())
    store = DiagnosticsStore()
    model = ModelLoader(linter.model, session)
    publisher = Publisher(store, TokenCache(), RuleDocs(), session, uri_of=documents.uri_for_path)
    scheduler = Scheduler(documents, linter, store, model, session,
                          publish=publisher.publish, forget=publisher.forget)
    return documents, store, publisher, scheduler


def _text() -> tuple[str, str]:
    path = os.path.join(FIXTURES, "reservations.agis")
    with open(path, encoding="utf-8") as fh:
        return path, fh.read()


async def _published(session, uri, version):
    while not any(p.uri == uri and p.version == version for p in session.published):
        session.changed.clear()
        await asyncio.wait_for(session.changed.wait(), TIMEOUT)


def test_a_check_goes_from_the_scheduler_through_the_store_to_the_client():
    async def run():
        session = RecordingSession()
        session.loop = asyncio.get_running_loop()
        documents, store, publisher, scheduler = build_parts(session)
        path, text = _text()
        uri = from_path(path)
        documents.open(uri, text, 1)
        scheduler.schedule(uri)
        await _published(session, uri, 1)
        entry = store.get(uri)
        assert entry is not None and entry.version == 1 and entry.opened
        pushed = next(p for p in session.published if p.uri == uri)
        assert {"AGIS102", "AGIS204"} <= {d.code for d in pushed.diagnostics}

        # a pull request for a newer version waits for its check, which the publisher answers
        documents.get(uri).apply([types.TextDocumentContentChangeWholeDocument(
            text=text.replace("method: book", "method: BOOK"))], 2)
        waiting = asyncio.ensure_future(publisher.wait_for(uri, 2))
        await asyncio.sleep(0)
        assert publisher.waiters, "the publisher holds the waiting request"
        scheduler.schedule(uri)
        answered = await asyncio.wait_for(waiting, TIMEOUT)
        assert answered is store.get(uri) and answered.version == 2
        assert "AGIS204" not in {d.code for d in answered.diagnostics}
        assert publisher.waiters == {}

        # closing releases a request still waiting (answered with nothing, at once)
        late = asyncio.ensure_future(publisher.wait_for(uri, 3, wait=LONG_WAIT))
        await asyncio.sleep(0)
        publisher.release_waiters(uri)
        assert await asyncio.wait_for(late, TIMEOUT) is None
        scheduler.close()

    asyncio.run(run())


def test_a_file_the_server_leaves_alone_answers_its_waiters_with_nothing(tmp_path):
    async def run():
        session = RecordingSession(use_pull=True)
        session.loop = asyncio.get_running_loop()
        documents, store, publisher, scheduler = build_parts(session)
        uri = from_path(str(tmp_path / "notes.txt"))
        documents.open(uri, "just some notes\n", 1)
        waiting = asyncio.ensure_future(publisher.wait_for(uri, 1, wait=LONG_WAIT))
        await asyncio.sleep(0)
        scheduler.schedule(uri)
        assert await asyncio.wait_for(waiting, TIMEOUT) is None
        assert store.get(uri) is None and session.published == []
        scheduler.close()

    asyncio.run(run())


PARTS = {"scheduler.py": {"publisher", "scheduler", "server", "token_cache"},
         "publisher.py": {"scheduler", "publisher", "model", "server", "documents"},
         "model_loader.py": {"scheduler", "publisher", "store", "server", "linter"}}


@pytest.mark.parametrize("name", sorted(PARTS))
def test_no_part_reaches_through_another(name):
    """A part uses what it was given: it reads no other part off an object (``x.publisher``,
    ``ls.scheduler``...), and its constructor takes no ``server``."""
    tree = ast.parse((RUNTIME / name).read_text(encoding="utf-8"))
    reached = sorted({f"{ast.unparse(node.value)}.{node.attr}" for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute) and node.attr in PARTS[name]})
    assert reached == [], f"{name} reaches through: {reached}"
    inits = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    assert inits and all("server" not in {a.arg for a in n.args.args + n.args.kwonlyargs}
                         for n in inits)


def test_nothing_outside_the_scheduler_uses_its_worker_pools():
    """The scheduler's thread pools are its own: the handlers ask it to run work
    (``Scheduler.in_background``), they do not submit to ``scheduler.lint_pool``."""
    used = []
    for path in sorted(LSP.rglob("*.py")):
        if path.name == "scheduler.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used += [f"{path.relative_to(LSP)}:{node.lineno}" for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and node.attr in ("lint_pool", "model_pool")]
    assert used == []
