"""Feature work off the event loop, under a time budget, cancelled cooperatively.

``FeatureRunner.run(name, fn, *args, default=...)`` runs ``fn`` in a daemon thread of its
own, with a fresh :class:`~agis_lsp.lsp.protocol.cancel.Token` bound to that thread, and awaits it
for at most ``budget`` seconds:

* in time: its result;
* over budget: the token is set, so the builder unwinds at its next ``cancel.check()``
  (``Cancelled``); logged once per feature. The request is answered ``ContentModified``
  (-32801: ask again, clients drop it quietly) when its document changed since the request
  was made (``modified()``), else ``default`` (an empty answer, as LSP reserves
  ``ContentModified`` for changed content and ``RequestCancelled`` for the client's cancel;
  docs/lsp.md, "Cancellation");
* ``$/cancelRequest`` (pygls cancels the handler's task): the token is set the same way
  and pygls answers ``RequestCancelled`` (-32800).

**Last resort.** A builder that has not unwound ``GRACE`` seconds after its token was set
(a loop with no ``check()`` in it, a scan that stopped advancing) is interrupted: the
exception ``FeatureOverrun`` is raised into its thread at its next bytecode
(``PyThreadState_SetAsyncExc``, a CPython internal that can fire inside any library call,
which is why it is only the fallback). Code blocked inside C is not reached by either; it
finishes on its own in a daemon thread that never holds up the process' exit. Both paths
are counted (``unwound``, ``interrupted``) and each interruption is logged, so a builder
missing its checks shows up (tests/lsp/test_cancellation.py).

The event loop itself never runs feature code, so one stuck request cannot stop the next
one, nor ``shutdown`` and ``exit``.
"""
from __future__ import annotations

import asyncio
import ctypes
import logging
import threading

from pygls.exceptions import JsonRpcContentModified

from ..protocol import cancel

log = logging.getLogger("agis_lsp.lsp")

FEATURE_BUDGET = 1.0      # seconds a feature request may take
GRACE = 0.5               # seconds a cancelled builder has to reach a check() before it is interrupted
MAX_STUCK = 8             # threads still running past their budget before requests are refused


class FeatureOverrun(BaseException):
    """Raised (last resort) inside a feature thread that did not unwind when cancelled (a
    BaseException, so the broad ``except Exception`` of a builder does not swallow it)."""


def interrupt(thread: threading.Thread) -> bool:
    """Raise ``FeatureOverrun`` in ``thread`` at its next bytecode (CPython only)."""
    ident = thread.ident
    if ident is None or not thread.is_alive():
        return False
    try:
        set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except AttributeError:  # pragma: no cover - not CPython
        return False
    return set_async_exc(ctypes.c_ulong(ident), ctypes.py_object(FeatureOverrun)) == 1


class FeatureRunner:
    def __init__(self, budget: float = FEATURE_BUDGET, grace: float = GRACE) -> None:
        self.budget = budget
        self.grace = grace
        self.unwound = 0          # cancelled builders that stopped at a check() (the normal path)
        self.interrupted = 0      # cancelled builders interrupted after the grace (the last resort)
        self._overrun: set[str] = set()
        self._running: set[threading.Thread] = set()

    def stuck(self) -> int:
        """Feature threads still alive past their budget."""
        self._running = {t for t in self._running if t.is_alive()}
        return len(self._running)

    async def run(self, name: str, fn, *args, default=None, modified=None):
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        token = cancel.Token()

        def settle(ok: bool, value) -> None:
            if future.done():
                return
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

        def work() -> None:
            try:
                with cancel.bound(token):
                    result = fn(*args)
            except cancel.Cancelled:
                self.unwound += 1
                log.debug("%s unwound (%s)", name, token.reason)
                return
            except FeatureOverrun:
                return
            except BaseException as exc:  # noqa: BLE001 - delivered to the awaiting handler
                _call(loop, settle, False, exc)
                return
            _call(loop, settle, True, result)

        if self.stuck() >= MAX_STUCK:
            self._once(name, f"{name}: {MAX_STUCK} earlier requests are still running; "
                             "answered empty")
            return default
        thread = threading.Thread(target=work, name=f"agis-{name}", daemon=True)
        thread.start()
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.budget)
        except asyncio.TimeoutError:
            self._cancel(loop, name, thread, token, cancel.OVERRUN)
            self._once(name, f"{name} took longer than {self.budget:g} s and was cancelled "
                             "(logged once)")
            if modified is not None and modified():
                raise JsonRpcContentModified(
                    f"{name} took longer than {self.budget:g} s and its document changed") from None
            return default
        except asyncio.CancelledError:
            self._cancel(loop, name, thread, token, cancel.CLIENT)
            raise

    def _cancel(self, loop, name: str, thread: threading.Thread, token: cancel.Token,
                reason: str) -> None:
        """Set the token; interrupt the thread if it is still running after the grace."""
        token.cancel(reason)
        self._running.add(thread)

        def last_resort() -> None:
            if thread.is_alive() and interrupt(thread):
                self.interrupted += 1
                log.warning("%s did not stop at a cancellation check within %g s; its thread "
                            "was interrupted (last resort)", name, self.grace)

        loop.call_later(self.grace, last_resort)

    def _once(self, name: str, message: str) -> None:
        if name not in self._overrun:
            self._overrun.add(name)
            log.warning(message)


def _call(loop: asyncio.AbstractEventLoop, fn, *args) -> None:
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:  # the loop is closed: the server is exiting
        pass
