"""initialize, initialized, shutdown and exit."""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from typing import TYPE_CHECKING

from lsprotocol import types

from ..protocol.capabilities import client_features, use_pull_diagnostics
from ..protocol.uris import to_path
from . import guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server

MODEL_IDLE_START = 1.0   # load the model this long after `initialized` at the latest
EXIT_GRACE = 1.0         # seconds between `exit` and the process' end, whatever still runs


def _root_of(params: types.InitializeParams) -> str | None:
    if params.workspace_folders:
        return to_path(params.workspace_folders[0].uri)
    if params.root_uri:
        return to_path(params.root_uri)
    return params.root_path


@guarded()
def on_initialize(ls: Server, params: types.InitializeParams) -> None:
    ls.loop = asyncio.get_running_loop()
    ls.features = client_features(params.capabilities)
    ls.use_pull = use_pull_diagnostics(ls.features)
    ls.root = _root_of(params)
    ls.install_log_handler()
    if params.initialization_options:
        ls.apply_settings(params.initialization_options, initial=True)
    ls.scheduler.in_background(ls.warm_up)  # rules and catalog load while documents open


@guarded()
async def on_initialized(ls: Server, params: types.InitializedParams) -> None:
    # The model loads after the first mechanical diagnostics are out (see Scheduler.accept),
    # or after a second without documents: loading holds the GIL about half the time.
    ls.loop.call_later(MODEL_IDLE_START, ls.model.start)
    before = ls.settings
    await ls.fetch_settings()
    from .workspace import register_watchers
    await register_watchers(ls)
    if ls.settings != before:
        ls.scheduler.relint_all()  # documents opened meanwhile were checked with the old settings


@guarded()
def on_shutdown(ls: Server, *args) -> None:
    ls.shutdown_workers()


def exit_code(ls: Server) -> int:
    """0 after ``shutdown``, 1 for an ``exit`` without one (LSP)."""
    return 0 if ls.shutdown_requested else 1


def hard_exit(code: int) -> None:
    """End the process now: flush what was written, skip joining worker threads."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    logging.shutdown()
    os._exit(code)


def on_exit(ls: Server, *args) -> None:
    """pygls then closes the transport and stops; anything still running (a check of a
    large document, a model half-loaded, a feature stuck in C) must not delay the end."""
    code = ls.exit_code = exit_code(ls)
    ls.shutdown_workers()
    timer = threading.Timer(EXIT_GRACE, hard_exit, (code,))
    timer.daemon = True
    timer.start()


def register(server) -> None:
    server.feature(types.INITIALIZE)(on_initialize)
    server.feature(types.INITIALIZED)(on_initialized)
    server.feature(types.SHUTDOWN)(on_shutdown)
    server.feature(types.EXIT)(on_exit)
