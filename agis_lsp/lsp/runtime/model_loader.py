"""Loading the semantic model for the server: once, in the background, with progress.

The loader is given the Linter's ``ModelProvider`` (what loads the model) and a
``session.Session`` (the client's settings, the event loop and progress reports).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...engine.linter import ModelProvider
    from .session import Session

log = logging.getLogger("agis_lsp.lsp")


@functools.lru_cache(maxsize=1)
def model_needed() -> bool:
    from ...engine.registry import all_rules
    return any(r.semantic for r in all_rules())


class ModelLoader:
    """Starts the model load when a rule needs it and the settings allow it."""

    def __init__(self, provider: ModelProvider, session: Session) -> None:
        self.provider = provider
        self.session = session
        self.future: concurrent.futures.Future | None = None
        self.closed = False

    @property
    def started(self) -> bool:
        return self.future is not None

    def start(self) -> None:
        """Start loading in the background (once); returns at once.

        Everything but the bookkeeping runs in a thread of its own: deciding whether a
        rule needs the model imports every rule module, which on the event loop blocked it
        for seconds while another thread held the GIL (a looping hover, the first check's
        imports in the lint worker under the same import locks), so a request waiting out
        its budget was answered only after it (tests/lsp/test_robustness.py).
        """
        if self.future is not None or self.closed or self.session.settings.semantic is False:
            return
        outcome: concurrent.futures.Future = concurrent.futures.Future()
        # running, so that a waiter's cancellation (asyncio.wrap_future passes it on) does
        # not cancel it for every other waiter
        outcome.set_running_or_notify_cancel()
        self.future = outcome  # the load's outcome; None when there is nothing to load
        threading.Thread(target=self._begin, args=(outcome,), name="agis-model-start",
                         daemon=True).start()

    def _begin(self, outcome: concurrent.futures.Future) -> None:
        """Runs in its own thread: decide, then start the load (``semantic`` loads it in a
        thread of its own) and pass its outcome on."""
        try:
            load = self._start_loading()
        except BaseException as exc:  # noqa: BLE001 - never lost: the waiters see it
            outcome.set_exception(exc)
            return
        if load is None:
            self._forget(outcome)  # a later start() (other settings) may try again
            outcome.set_result(None)
            return
        started = time.perf_counter()

        def done(fut: concurrent.futures.Future) -> None:
            if fut.cancelled():
                outcome.set_exception(RuntimeError("the model's load was cancelled"))
                return
            exc = fut.exception()
            if exc is not None:
                log.warning("semantic model unavailable (%s); the model-backed passes are skipped", exc)
                outcome.set_exception(exc)
            else:
                log.info("semantic model loaded in %.2fs", time.perf_counter() - started)
                outcome.set_result(fut.result())

        load.add_done_callback(done)
        loop = self.session.loop
        if loop is not None and not load.done():
            try:
                loop.call_soon_threadsafe(self._show_progress, outcome)
            except RuntimeError:  # the loop is closed: the server is exiting
                pass

    def _start_loading(self) -> concurrent.futures.Future | None:
        if self.closed or not model_needed():
            return None  # shut down meanwhile, or no rule needs it
        try:
            return self.provider.start()
        except Exception as exc:  # noqa: BLE001
            log.warning("the semantic model could not start loading: %s", exc)
            return None

    def _forget(self, outcome: concurrent.futures.Future) -> None:
        loop = self.session.loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._reset, outcome)
        except RuntimeError:
            pass

    def _reset(self, outcome: concurrent.futures.Future) -> None:
        if self.future is outcome:
            self.future = None

    def _show_progress(self, outcome: concurrent.futures.Future) -> None:
        if not self.closed and not outcome.done():
            self.session.loop.create_task(self._progress())

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
        async with self.session.progress("Loading the AGIS semantic model"):
            try:
                await asyncio.wrap_future(future)
            except Exception:  # noqa: BLE001 - reported by the done callback
                pass

    def close(self) -> None:
        """No new load after shutdown (a load under way runs in a daemon thread)."""
        self.closed = True
