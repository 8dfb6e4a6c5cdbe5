"""Workspace notifications: configuration changes, watched files, their registration."""
from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING

from lsprotocol import types

from ...formats import kinds
from ..runtime.scheduler import DEPENDENT_DELAY
from ..protocol.uris import to_path
from . import guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server

log = logging.getLogger("agis_lsp.lsp")

from ...engine.config import CONFIG_FILES as CONFIG_NAMES  # noqa: E402
WATCHED = ("**/.agis-lint.toml", "**/pyproject.toml") + kinds.watch_globs()


async def register_watchers(ls: Server) -> None:
    if not ls.features.watched_files_dynamic:
        return
    watchers = [types.FileSystemWatcher(glob_pattern=g) for g in WATCHED]
    registrations = [types.Registration(
        id="agis-watched-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]
    try:
        await asyncio.wait_for(ls.client_register_capability_async(
            types.RegistrationParams(registrations=registrations)), 10)
    except Exception as exc:  # noqa: BLE001
        log.info("file watching not registered: %s", exc)


@guarded()
async def on_did_change_configuration(ls: Server,
                                      params: types.DidChangeConfigurationParams) -> None:
    if ls.features.configuration:
        before = ls.settings
        await ls.fetch_settings()
        changed = before != ls.settings
    else:
        changed = ls.apply_settings(params.settings)
    if changed:
        ls.scheduler.relint_all()


@guarded()
def on_did_change_watched_files(ls: Server,
                                params: types.DidChangeWatchedFilesParams) -> None:
    config_changed = False
    store = ls.store
    for change in params.changes:
        path = to_path(change.uri) or ""
        name = os.path.basename(path)
        if name in CONFIG_NAMES or (ls.settings.catalog_path and
                                    os.path.abspath(path) == ls.settings.catalog_path):
            config_changed = True
            continue
        if ls.is_open(change.uri):
            continue  # the editor's buffer is the truth for open documents
        if change.type == types.FileChangeType.Deleted:
            ls.scheduler.drop(change.uri)
            if store.get(change.uri) is not None:
                ls.forget(change.uri)
            continue
        if kinds.kind_by_name(path) is not None or store.get(change.uri) is not None:
            ls.scheduler.schedule(change.uri, delay=DEPENDENT_DELAY / 3)
    if config_changed:
        ls.scheduler.relint_all()


def register(server) -> None:
    server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)(on_did_change_configuration)
    server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)(on_did_change_watched_files)
