"""Loading the semantic model for the server: once, in the background, with progress."""
from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import AgisLanguageServer

log = logging.getLogger("agis_lsp.lsp")


@functools.lru_cache(maxsize=1)
def model_needed() -> bool:
    from ..engine.registry import all_rules
    return any(r.semantic for r in all_rules())


class ModelLoader:
    """Starts the model load when a rule needs it and the settings allow it."""

    def __init__(self, server: "AgisLanguageServer") -> None:
        self.server = server
        self.future: concurrent.futures.Future | None = None
        self.closed = False

    @property
    def started(self) -> bool:
        return self.future is not None

    def start(self) -> None:
        """Start loading in the background (once)."""
        if self.future is not None or self.closed or self.server.settings.semantic is False:
            return
        if not model_needed():
            return  # no rule needs it
        try:
            self.future = self.server.linter.model.start()
        except Exception as exc:  # noqa: BLE001
            log.warning("the semantic model could not start loading: %s", exc)
            return
        started = time.perf_counter()

        def done(fut: concurrent.futures.Future) -> None:
            exc = fut.exception() if not fut.cancelled() else None
            if exc is not None:
                log.warning("semantic model unavailable (%s); the model-backed passes are skipped", exc)
            else:
                log.info("semantic model loaded in %.2fs", time.perf_counter() - started)

        self.future.add_done_callback(done)
        if self.server.loop is not None:
            self.server.loop.create_task(self._progress())

    async def wait(self) -> None:
        """Until the load has finished (successfully or not); starts it if needed."""
        if self.future is None:
            self.start()
        if self.future is not None and not self.future.done():
            try:
                await asyncio.wrap_future(self.future)
            except Exception:  # noqa: BLE001 - the engine reports the skipped passes
                pass

    async def _progress(self) -> None:
        future = self.future
        if future is None or future.done():
            return
        async with self.server.progress("Loading the AGIS semantic model"):
            try:
                await asyncio.wrap_future(future)
            except Exception:  # noqa: BLE001 - reported by the done callback
                pass

    def close(self) -> None:
        """No new load after shutdown (a load under way runs in a daemon thread)."""
        self.closed = True
