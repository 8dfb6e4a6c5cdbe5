"""The LSP features: one module per group, each with a ``register(server)``.

To add a feature: write a module here whose handlers take the server first and call a
pure builder of ``lsp/ide`` (through :func:`answer` for anything that reads document text, so it runs
off the event loop under the time budget), give it ``register(server)``, and add its
name to ``MODULES``.
"""
from __future__ import annotations

import asyncio
import functools
import importlib
import inspect
import logging

from pygls.exceptions import JsonRpcContentModified, JsonRpcException, JsonRpcRequestCancelled

SERVER_CANCELLED = -32802  # LSP ServerCancelled: the client may ask again

from ..runtime.publisher import PULL_WAIT
from ..runtime.state import View

log = logging.getLogger("agis_lsp.lsp")

MODULES = ("lifecycle", "sync", "workspace", "diagnostics", "code_actions", "code_completion",
           "navigation", "commands", "semantic_tokens", "rename_symbol", "find_references",
           "inlay_hints", "structure", "scan")


def register_all(server) -> None:
    for name in MODULES:
        importlib.import_module(f"{__name__}.{name}").register(server)


def guarded(default=None):
    """A failing feature logs and answers ``default``; the server keeps serving."""

    def fallback():
        return default() if callable(default) else default

    def decorate(fn):
        if inspect.iscoroutinefunction(fn):
            @functools.wraps(fn)
            async def async_wrapper(ls, *args):
                try:
                    return await fn(ls, *args)
                except (asyncio.CancelledError, JsonRpcContentModified, JsonRpcRequestCancelled):
                    raise  # a cancelled request is answered with its LSP error (see ``budget``)
                except JsonRpcException as exc:
                    if exc.code != SERVER_CANCELLED:
                        log.exception("%s failed", fn.__name__)
                        return fallback()
                    raise  # not ready: the client retriggers (pull diagnostics)
                except Exception:  # noqa: BLE001
                    log.exception("%s failed", fn.__name__)
                    return fallback()
            return async_wrapper

        @functools.wraps(fn)
        def wrapper(ls, *args):
            try:
                return fn(ls, *args)
            except Exception:  # noqa: BLE001
                log.exception("%s failed", fn.__name__)
                return fallback()
        return wrapper

    return decorate


async def answer(ls, name: str, build, *args, default=None):
    """Run ``build(*args)`` off the event loop under the feature budget, with a cancellation
    token bound to its thread (see ``budget`` and ``cancel``; builders call ``cancel.check()``
    in their loops). An overrun answers ``ContentModified`` if the document of the ``View``
    among ``args`` changed meanwhile, else ``default``."""
    view = next((a for a in args if isinstance(a, View)), None)
    return await ls.runner.run(name, build, *args, default=default,
                               modified=None if view is None else functools.partial(_modified, ls, view))


def _modified(ls, view: View) -> bool:
    """Has the document of ``view`` changed (edited, closed, reopened) since it was taken?"""
    state = view.state
    return ls.documents.get(view.uri) is not state or state.version != view.version or \
        state.text != view.text


async def checked_entry(ls, uri: str, wait: float = PULL_WAIT):
    """The diagnostics entry of the current version of ``uri``: when the store has an older
    one, the check of this version is scheduled (if it is not under way) and waited for, at
    most ``wait`` seconds; then whatever the store has."""
    state = ls.documents.get(uri)
    entry = ls.store.get(uri)
    if state is None or (entry is not None and entry.version == state.version):
        return entry
    if not ls.scheduler.pending(uri):
        ls.scheduler.schedule(uri)
    return await ls.publisher.wait_for(uri, state.version, wait)


async def answer_view(ls, uri: str, name: str, build, *args, default=None):
    """``build(ls, view, *args)`` for the open version of ``uri`` (``ls.view``, taken on the
    loop), through :func:`answer`; ``default`` when the document is not open."""
    view = ls.view(uri)
    if view is None:
        return default
    return await answer(ls, name, build, ls, view, *args, default=default)
