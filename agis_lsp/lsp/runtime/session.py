"""What the parts of the server (``Scheduler``, ``Publisher``, ``ModelLoader``) see of it:
the client's capabilities and settings, the event loop, and the ways to tell the client
something. A session has no parts, so a part cannot reach through it into another; this
module names no part, so the parts' type-only imports of it point one way
(``runtime/protocols.py``'s ``Server``, the session with the parts, is built on it).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..protocol.capabilities import ClientFeatures
    from .settings import Settings


class Session(Protocol):
    """What the parts see of the server: the client's side of the session, no parts."""

    features: ClientFeatures
    use_pull: bool
    settings: Settings
    loop: asyncio.AbstractEventLoop | None

    def say_once(self, message: str, level: int = logging.INFO) -> None: ...
    def show_error_once(self, message: str) -> None: ...
    def progress(self, title: str) -> Any: ...
    # pygls' LanguageServer
    def text_document_publish_diagnostics(self, params) -> None: ...
    def workspace_diagnostic_refresh(self, params) -> Any: ...
    def workspace_semantic_tokens_refresh(self, params) -> Any: ...
