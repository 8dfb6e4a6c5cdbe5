"""The LSP handlers: a few lines each, taking the server first.

They gather what a feature needs from the server's state and call the pure
builders (``completion``, ``hover``, ``symbols``, ``definition``, ``actions``).
Every handler is ``guarded``: a failure is logged to the client
(``window/logMessage``) and answered with an empty result.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import os
from typing import TYPE_CHECKING

from lsprotocol import types

from . import actions as act
from .analysis import guess_kind_by_name
from .capabilities import client_features, use_pull_diagnostics
from .completion import CompletionRequest, build_completions
from .convert import to_diagnostic, workspace_edit
from .definition import build_definition
from .hover import build_hover
from .symbols import build_symbols
from .uris import to_path
from .workspace import recipe_names, recipes_file_for

from .server import DEPENDENT_DELAY, MODEL_IDLE_START, PULL_WAIT

if TYPE_CHECKING:
    from .server import AgisLanguageServer

log = logging.getLogger("agis_lsp.lsp")
CONFIG_NAMES = (".agis-lint.toml", "pyproject.toml")


def guarded(default=None):
    """A failing feature logs and answers ``default``; the server keeps serving."""

    def decorate(fn):
        if inspect.iscoroutinefunction(fn):
            @functools.wraps(fn)
            async def async_wrapper(ls, *args):
                try:
                    return await fn(ls, *args)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001
                    log.exception("%s failed", fn.__name__)
                    return default() if callable(default) else default
            return async_wrapper

        @functools.wraps(fn)
        def wrapper(ls, *args):
            try:
                return fn(ls, *args)
            except Exception:  # noqa: BLE001
                log.exception("%s failed", fn.__name__)
                return default() if callable(default) else default
        return wrapper

    return decorate


def _root_of(params: types.InitializeParams) -> str | None:
    if params.workspace_folders:
        return to_path(params.workspace_folders[0].uri)
    if params.root_uri:
        return to_path(params.root_uri)
    return params.root_path


@guarded()
def on_initialize(ls: AgisLanguageServer, params: types.InitializeParams) -> None:
    ls.loop = asyncio.get_running_loop()
    ls.features = client_features(params.capabilities)
    ls.use_pull = use_pull_diagnostics(ls.features)
    ls.root = _root_of(params)
    ls.install_log_handler()
    if params.initialization_options:
        ls.apply_settings(params.initialization_options, initial=True)
    ls.lint_pool.submit(ls.warm_up)  # rules and catalog load while the client opens documents


@guarded()
async def on_initialized(ls: AgisLanguageServer, params: types.InitializedParams) -> None:
    # The model loads after the first mechanical diagnostics are out (see accept), or
    # after a second without documents: loading holds the GIL about half the time.
    ls.loop.call_later(MODEL_IDLE_START, ls.start_model)
    before = ls.settings
    await ls.fetch_settings()
    await ls.register_watchers()
    if ls.settings != before:
        ls.relint_all()  # documents opened meanwhile were checked with the old settings


@guarded()
def on_did_open(ls: AgisLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.note_opened(uri)
    ls.schedule(uri)


@guarded()
def on_did_change(ls: AgisLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.schedule(uri, delay=ls.change_delay(uri))


@guarded()
def on_did_close(ls: AgisLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.note_closed(uri)
    entry = ls.store.get(uri)
    if entry is not None and entry.analysis.deployment is not None and to_path(uri) \
            and os.path.isfile(to_path(uri)):
        ls.schedule(uri)  # stays part of its deployment: re-checked from the disk
    elif entry is not None:
        ls.forget(uri)


@guarded(lambda: types.FullDocumentDiagnosticReport(items=[]))
async def on_diagnostic(ls: AgisLanguageServer, params: types.DocumentDiagnosticParams):
    uri = params.text_document.uri
    entry = await ls.current_entry(uri)
    if entry is None:
        return types.FullDocumentDiagnosticReport(items=[])
    if params.previous_result_id == entry.result_id:
        return types.UnchangedDocumentDiagnosticReport(result_id=entry.result_id)
    return types.FullDocumentDiagnosticReport(items=ls.lsp_diagnostics(entry),
                                              result_id=entry.result_id)


@guarded(lambda: types.WorkspaceDiagnosticReport(items=[]))
async def on_workspace_diagnostic(ls: AgisLanguageServer, params: types.WorkspaceDiagnosticParams):
    previous = {p.uri: p.value for p in params.previous_result_ids or ()}
    pending = ls.unopened_checks()
    if pending:  # unopened files being (re)checked: answer with their results
        await asyncio.wait(pending, timeout=PULL_WAIT)
    items = []
    for entry in ls.store.entries():
        if entry.opened:
            continue
        if previous.get(entry.uri) == entry.result_id:
            items.append(types.WorkspaceUnchangedDocumentDiagnosticReport(
                uri=entry.uri, version=None, result_id=entry.result_id))
        else:
            items.append(types.WorkspaceFullDocumentDiagnosticReport(
                uri=entry.uri, version=None, items=ls.lsp_diagnostics(entry),
                result_id=entry.result_id))
    return types.WorkspaceDiagnosticReport(items=items)


@guarded(list)
async def on_code_action(ls: AgisLanguageServer, params: types.CodeActionParams):
    uri = params.text_document.uri
    entry = await ls.current_entry(uri)
    if entry is None or not entry.opened:
        return []
    lsp_items = {id(d): x for d, x in zip(entry.diagnostics, ls.lsp_diagnostics(entry))}

    def to_lsp(d):
        return lsp_items.get(id(d)) or to_diagnostic(d, uri, entry.analysis.doc.lines, ls.features)

    only = params.context.only if params.context else None
    return act.build_code_actions(uri, entry.version, entry.analysis, entry.diagnostics,
                                  params.range, only, to_lsp, ls.features)


@guarded(lambda: None)
def on_code_action_resolve(ls: AgisLanguageServer, action: types.CodeAction):
    data = action.data if isinstance(action.data, dict) else {}
    uri = data.get("uri")
    entry = ls.store.get(uri) if uri else None
    if not data.get("fixAll") or entry is None or entry.version != data.get("version") \
            or entry.version != ls.version_of(uri):
        return action
    edits = act.fix_all_edits(entry.analysis.doc, entry.analysis.config, entry.analysis.deployment)
    action.edit = workspace_edit(uri, entry.version, edits, ls.features)
    return action


@guarded(lambda: types.CompletionList(is_incomplete=False, items=[]))
def on_completion(ls: AgisLanguageServer, params: types.CompletionParams):
    uri = params.text_document.uri
    doc, kind = ls.current(uri)
    if kind is None:
        return types.CompletionList(is_incomplete=False, items=[])
    path = to_path(uri)
    recipes: tuple = ()
    if kind == "agtp-endpoint" and path:
        recipes = tuple(recipe_names(recipes_file_for(path), ls.open_document))
    req = CompletionRequest(doc, ls.offset_of(doc, params.position), kind, ls.catalog_for(uri),
                            ls.features, context=ls.last_good(uri), recipes=recipes)
    return build_completions(req)


@guarded(lambda: None)
def on_hover(ls: AgisLanguageServer, params: types.HoverParams):
    uri = params.text_document.uri
    doc, kind = ls.current(uri)
    if kind is None:
        return None
    entry = ls.store.get(uri)
    diagnostics = entry.diagnostics if entry is not None and entry.version == ls.version_of(uri) \
        else []
    return build_hover(doc, ls.offset_of(doc, params.position), kind, ls.catalog_for(uri),
                       diagnostics, ls.features)


@guarded(list)
def on_document_symbol(ls: AgisLanguageServer, params: types.DocumentSymbolParams):
    uri = params.text_document.uri
    doc, kind = ls.current(uri)
    if not doc.parsed and ls.last_good(uri) is not None:
        doc = ls.last_good(uri)
    return build_symbols(doc, kind, uri, ls.features)


@guarded(lambda: None)
def on_definition(ls: AgisLanguageServer, params: types.DefinitionParams):
    uri = params.text_document.uri
    doc, kind = ls.current(uri)
    if kind is None:
        return None
    path = to_path(uri)
    recipes = recipes_file_for(path) if kind == "agtp-endpoint" and path else None
    return build_definition(doc, ls.offset_of(doc, params.position), kind, uri, ls.open_document,
                            recipes)


@guarded()
async def on_did_change_configuration(ls: AgisLanguageServer,
                                      params: types.DidChangeConfigurationParams) -> None:
    if ls.features.configuration:
        before = ls.settings
        await ls.fetch_settings()
        changed = before != ls.settings
    else:
        changed = ls.apply_settings(params.settings)
    if changed:
        ls.relint_all()


@guarded()
def on_did_change_watched_files(ls: AgisLanguageServer,
                                params: types.DidChangeWatchedFilesParams) -> None:
    config_changed = False
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
            if ls.store.get(change.uri) is not None:
                ls.forget(change.uri)
            continue
        if guess_kind_by_name(path) is not None or ls.store.get(change.uri) is not None:
            ls.schedule(change.uri, delay=DEPENDENT_DELAY / 3)
    if config_changed:
        ls.relint_all()


@guarded()
def on_shutdown(ls: AgisLanguageServer, *args) -> None:
    ls.shutdown_workers()
