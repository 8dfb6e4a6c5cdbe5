"""What the feature handlers see of the server: a ``typing.Protocol``, not ``server.py``.

Only the entry point (``main``) imports ``server.py`` (``tests/test_layers.py`` enforces it).
The feature modules annotate the server they are given with :class:`Server`: what they use
of ``server.AgisLanguageServer`` (a structural type: the server is never declared a
subclass of it).

The parts (``Scheduler``, ``Publisher``, ``ModelLoader``) are given their collaborators as
arguments when the server is built, and see of the server only its session
(``runtime/session.py``, which names no part: the parts' modules import it, this one imports
them, and no import runs back).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .session import Session

if TYPE_CHECKING:
    from ...document import Document
    from ...engine.linter import Linter
    from .budget import FeatureRunner
    from ..protocol.to_lsp import RuleDocs
    from .model_loader import ModelLoader
    from .publisher import Publisher
    from .scheduler import Scheduler
    from .state import Documents, View
    from .store import DiagnosticsStore
    from .token_cache import TokenCache


class Server(Session, Protocol):
    """The server as the feature handlers use it: the session and the parts."""

    root: str | None
    documents: Documents
    linter: Linter
    store: DiagnosticsStore
    rule_docs: RuleDocs
    scheduler: Scheduler
    publisher: Publisher
    model: ModelLoader
    runner: FeatureRunner
    token_cache: TokenCache
    shutdown_requested: bool

    def view(self, uri: str) -> View | None: ...
    def is_open(self, uri: str) -> bool: ...
    def overlay(self) -> dict: ...
    def uri_for_path(self, path: str) -> str: ...
    def open_document(self, path: str) -> Document | None: ...
    def catalog_for(self, uri: str) -> Any: ...
    def forget(self, uri: str) -> None: ...
    def apply_settings(self, raw, *, initial: bool = False) -> bool: ...
    def warm_up(self) -> None: ...
    def shutdown_workers(self) -> None: ...
    def install_log_handler(self) -> None: ...
    # pygls' LanguageServer
    def window_show_message(self, params) -> None: ...
