"""The AGIS language server: a small object that owns the parts.

``build_server()`` makes a fresh :class:`AgisLanguageServer` and registers the feature
modules of ``lsp/features`` (plain functions taking the server first). There is no
module-level server. The parts, built and wired in ``AgisLanguageServer.__init__`` (the one
place that knows them all; each part is given the others it uses, never the server):

* ``documents`` (``state.Documents``): one ``OpenDocument`` per open URI;
* ``linter`` (``engine.linter.Linter``): every check, as ``agis-lint check`` runs it;
* ``store`` (``store.DiagnosticsStore``): the diagnostics of each checked file;
* ``model`` (``model_loader.ModelLoader``): the semantic model, loaded once;
* ``publisher`` (``publisher.Publisher``): the store's entries to the client, push and pull,
  and the pull requests waiting for a check;
* ``scheduler`` (``scheduler.Scheduler``): the checks, in the lint and model workers; it
  fills the store and calls the publisher's ``publish`` and ``forget``;
* ``runner`` (``budget.FeatureRunner``): feature requests off the event loop, under a budget;
* ``token_cache`` (``token_cache.TokenCache``): the semantic tokens answered last;
* ``rule_docs`` (``convert.RuleDocs``): the links to the rules' documentation.

What the parts see of the server itself is its session (``protocols.Session``): the client's
capabilities and settings, the event loop, messages and progress.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import os
import uuid
from contextlib import asynccontextmanager

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcRequestCancelled
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from .. import __version__
from ..document import Document, parse_text
from ..engine.config import config_for
from ..engine.linter import Linter, ModelProvider
from .runtime.budget import FeatureRunner
from .protocol.capabilities import ClientFeatures
from .protocol.to_lsp import RuleDocs
from .runtime.model_loader import ModelLoader
from .runtime.publisher import Publisher
from .runtime.scheduler import SETUP_ERRORS, Scheduler
from .runtime.settings import SECTION, Settings, parse_settings, section_of
from .runtime.state import Documents, View, view_of
from .runtime.store import DiagnosticsStore
from .runtime.token_cache import TokenCache
from .protocol.uris import to_path

log = logging.getLogger("agis_lsp.lsp")


class AgisProtocol(LanguageServerProtocol):
    """pygls' protocol with four adjustments, each pinned by a test.

    At ``initialize`` (``tests/lsp/test_robustness.py::test_initialize_adjustments``):

    * Positions are UTF-16 (the engine's ``LineIndex``): LSP makes UTF-16 the
      mandatory encoding, so it is always a valid choice. pygls would pick the
      client's first preference (Neovim offers UTF-8 first).
    * The pull-diagnostics capability is withdrawn for clients that get push.

    At ``didChange`` (``tests/lsp/test_robustness.py::test_text_sync_follows_lsp_line_breaks``):
    pygls' own copy of the text is not updated. The server keeps its own
    (``state.OpenDocument``); pygls' splits lines at NEL, LS, PS, VT and FF too, and when
    a change's character lies past its idea of the line it rewrites the range *in
    place*, so the server's handler would receive a corrupted change.

    After ``exit`` (``tests/test_process.py``) nothing more is sent: the writer is
    closed, and a message sent then (a progress ``end`` from a task cancelled at exit,
    while the model is still loading) fails, is reported as a server error by sending a
    message, which fails again, recursively, for seconds of tracebacks before the
    process ends.

    A request cancelled cooperatively (``budget``: ``ContentModified`` on an overrun) is
    answered with its error code and no traceback in the log: it is an answer, not a fault.
    """

    closed = False

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args):
        self.closed = True
        return (yield from super().lsp_exit(*args))

    def _send_data(self, data):
        if self.closed:
            return
        super()._send_data(data)

    def _send_handler_result(self, future, *, msg_id):
        if not future.cancelled() and isinstance(
                exc := future.exception(), (JsonRpcContentModified, JsonRpcRequestCancelled)):
            self._request_futures.pop(msg_id, None)
            self._send_response(msg_id, error=exc.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams):
        general = params.capabilities.general if params.capabilities else None
        if general is not None and general.position_encodings:
            general.position_encodings = [types.PositionEncodingKind.Utf16]
        result = yield from super().lsp_initialize(params)
        server = self._server
        if isinstance(server, AgisLanguageServer) and not server.use_pull:
            result.capabilities.diagnostic_provider = None
        return result


class ClientLogHandler(logging.Handler):
    """Forwards the package's log records to the client as ``window/logMessage``."""

    LEVELS = ((logging.ERROR, types.MessageType.Error), (logging.WARNING, types.MessageType.Warning),
              (logging.INFO, types.MessageType.Info), (0, types.MessageType.Log))

    def __init__(self, server: "AgisLanguageServer") -> None:
        super().__init__(logging.INFO)
        self.server = server
        self.setFormatter(logging.Formatter("%(message)s"))

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.WARNING or record.name.startswith("agis_lsp.lsp")

    def emit(self, record: logging.LogRecord) -> None:
        loop = self.server.loop
        if loop is None or loop.is_closed():
            return
        try:
            message = self.format(record)
            kind = next(t for level, t in self.LEVELS if record.levelno >= level)
            params = types.LogMessageParams(type=kind, message=message)
            loop.call_soon_threadsafe(self.server.safe_log_message, params)
        except Exception:  # noqa: BLE001 - logging must never raise
            pass


class AgisLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("agis-lsp", __version__, protocol_cls=AgisProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.features = ClientFeatures()
        self.use_pull = False
        self.settings = Settings()
        self.root: str | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        # the parts, each given its collaborators (the session is this server, seen through
        # protocols.Session: settings, loop, messages; no parts)
        self.documents = Documents()
        self.linter = Linter(config_of=self.config_of, model=ModelProvider())
        self.store = DiagnosticsStore()
        self.token_cache = TokenCache()             # semantic tokens answered last
        self.rule_docs = RuleDocs()
        self.model = ModelLoader(self.linter.model, self)
        self.publisher = Publisher(self.store, self.token_cache, self.rule_docs, self,
                                   uri_of=self.documents.uri_for_path)
        self.scheduler = Scheduler(self.documents, self.linter, self.store, self.model, self,
                                   publish=self.publisher.publish, forget=self.publisher.forget)
        self.runner = FeatureRunner()
        self.shutdown_requested = False
        self._initial_settings: dict = {}            # the initializationOptions' agis section
        self._said: set = set()
        self._shown: set = set()
        self._log_handler: ClientLogHandler | None = None

    # -- documents -----------------------------------------------------------------------------
    def view(self, uri: str) -> View | None:
        """The current version of an open document, as a request sees it (on the loop)."""
        return view_of(self.documents, self.store, uri)

    def is_open(self, uri: str) -> bool:
        return uri in self.documents

    def overlay(self) -> dict:
        """The editor's buffers: absolute path -> text, for cross-file checks."""
        return self.documents.overlay()

    def uri_for_path(self, path: str) -> str:
        """The URI of a file: the client's own spelling when it has the file open."""
        return self.documents.uri_for_path(path)

    def open_document_uri(self, uri: str) -> Document | None:
        """A parse of ``uri``: the editor's buffer when open, else the file (any thread)."""
        view = self.view(uri)
        if view is not None:
            return view.parse()[0]
        path = to_path(uri)
        if path and os.path.isfile(path):
            try:
                return self.linter.read(path)
            except OSError:
                return None
        return None

    def open_document(self, path: str) -> Document | None:
        return self.open_document_uri(self.uri_for_path(path))

    def config_of(self, path: str | None):
        """The configuration of a file: its configuration file (found upwards from it, or
        from the workspace root) under the client's settings. Raises ConfigError."""
        return self.settings.apply(config_for(path if path else self.root))

    def catalog_for(self, uri: str):
        entry = self.store.get(uri)
        if entry is not None and entry.target.catalog is not None:
            return entry.target.catalog
        try:
            return self.linter.catalogs.load(self.config_of(to_path(uri)).catalog)
        except SETUP_ERRORS:
            return self.linter.catalogs.load(None)  # completion and hover still work

    def show_error_once(self, message: str) -> None:
        """``window/showMessage`` (error) once per distinct message: a broken configuration
        or catalog is exit status 2 in the CLI; here the file is not checked, and said why."""
        if message in self._shown or self.loop is None:
            return
        self._shown.add(message)
        params = types.ShowMessageParams(type=types.MessageType.Error,
                                         message=f"agis-lint: {message}")
        self.loop.call_soon_threadsafe(self._show, params)

    def _show(self, params) -> None:
        try:
            self.window_show_message(params)
        except Exception:  # noqa: BLE001 - the transport is gone
            pass

    def forget(self, uri: str) -> None:
        self.publisher.forget(uri)

    # -- logging and progress ------------------------------------------------------------------
    def say_once(self, message: str, level: int = logging.INFO) -> None:
        if message not in self._said:
            self._said.add(message)
            log.log(level, message)

    def safe_log_message(self, params: types.LogMessageParams) -> None:
        try:
            self.window_log_message(params)
        except Exception:  # noqa: BLE001 - e.g. the transport is gone
            pass

    def install_log_handler(self) -> None:
        if self._log_handler is None:
            self._log_handler = ClientLogHandler(self)
            logger = logging.getLogger("agis_lsp")
            logger.addHandler(self._log_handler)
            if logger.getEffectiveLevel() > logging.INFO:
                logger.setLevel(logging.INFO)

    @asynccontextmanager
    async def progress(self, title: str):
        """``$/progress`` begin/end around a block (when the client supports it)."""
        token = None
        if self.features.work_done_progress:
            token = f"agis-{uuid.uuid4().hex[:12]}"
            try:
                await asyncio.wait_for(self.work_done_progress.create_async(token), 5)
                self.work_done_progress.begin(token, types.WorkDoneProgressBegin(title=title))
            except Exception:  # noqa: BLE001 - a client that refuses progress
                token = None
        try:
            yield token
        finally:
            if token is not None:
                self.work_done_progress.end(token, types.WorkDoneProgressEnd())

    # -- configuration ---------------------------------------------------------------------------
    async def fetch_settings(self) -> None:
        if not self.features.configuration:
            return
        try:
            result = await asyncio.wait_for(self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])), 10)
        except Exception as exc:  # noqa: BLE001
            log.warning("could not read the client's settings: %s", exc)
            return
        self.apply_settings(result[0] if result else None)

    def apply_settings(self, raw, *, initial: bool = False) -> bool:
        """Take the client's ``agis`` settings (on top of the initializationOptions)."""
        if initial:
            self._initial_settings = section_of(raw)
        else:
            raw = {**self._initial_settings, **section_of(raw)}
        settings = parse_settings(raw, self.root)
        for problem in settings.problems:
            log.warning("ignored setting: %s", problem)
        changed = settings != self.settings
        self.settings = settings
        if changed and settings.semantic is not False:
            self.model.start()
        return changed

    def warm_up(self) -> None:
        """Import the rules and load the catalog (in the lint worker, before the first check)."""
        from ..engine.registry import all_rules
        all_rules()
        self.linter.catalogs.load(None)
        # What is loaded now lives as long as the server: keep it out of the collector's
        # full passes, which otherwise walk it on every collection while a large document
        # is parsed (measured in-process on a 200-endpoint document: the slowest of 15
        # checks went from 105 to 89 ms, the median did not move).
        gc.freeze()

    def shutdown_workers(self) -> None:
        self.shutdown_requested = True
        self.model.close()
        self.scheduler.close()


def build_server() -> AgisLanguageServer:
    """A fresh server with every feature module of ``lsp/features`` registered."""
    from .features import register_all
    server = AgisLanguageServer()
    register_all(server)
    return server
