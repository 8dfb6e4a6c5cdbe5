"""Feature work off the event loop, under a time budget, cancellable.

``FeatureRunner.run(name, fn, *args, default=...)`` runs ``fn`` in a daemon thread of its
own and awaits it for at most ``budget`` seconds:

* in time: its result;
* over budget: ``default`` (an empty answer), logged once per feature, and the thread is
  interrupted (an exception raised into it at its next bytecode, so a scan that stopped
  advancing does not spin on; code blocked inside C finishes on its own, in a daemon
  thread that never holds up the process' exit);
* ``$/cancelRequest`` (pygls cancels the handler's task): the thread is interrupted and
  the cancellation propagates, so pygls answers with ``RequestCancelled``.

The event loop itself never runs feature code, so one stuck request cannot stop the next
one, nor ``shutdown`` and ``exit``.
"""
from __future__ import annotations

import asyncio
import ctypes
import logging
import threading

log = logging.getLogger("agis_lsp.lsp")

FEATURE_BUDGET = 1.0      # seconds a feature request may take
MAX_STUCK = 8             # threads still running past their budget before requests are refused


class FeatureOverrun(BaseException):
    """Raised inside a feature thread that ran past its budget or was cancelled (a
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
    def __init__(self, budget: float = FEATURE_BUDGET) -> None:
        self.budget = budget
        self._overrun: set[str] = set()
        self._running: set[threading.Thread] = set()

    def stuck(self) -> int:
        """Feature threads still alive past their budget."""
        self._running = {t for t in self._running if t.is_alive()}
        return len(self._running)

    async def run(self, name: str, fn, *args, default=None):
        loop = asyncio.get_running_loop()
        future = loop.create_future()

        def settle(ok: bool, value) -> None:
            if future.done():
                return
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

        def work() -> None:
            try:
                result = fn(*args)
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
            interrupt(thread)
            self._running.add(thread)
            self._once(name, f"{name} took longer than {self.budget:g} s and was answered "
                             "empty (logged once)")
            return default
        except asyncio.CancelledError:
            interrupt(thread)
            self._running.add(thread)
            raise

    def _once(self, name: str, message: str) -> None:
        if name not in self._overrun:
            self._overrun.add(name)
            log.warning(message)


def _call(loop: asyncio.AbstractEventLoop, fn, *args) -> None:
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:  # the loop is closed: the server is exiting
        pass
