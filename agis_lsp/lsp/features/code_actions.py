"""Code actions (quick fixes, disable comments, fix-all) and their resolution."""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ..ide import actions as act
from ..protocol.to_lsp import to_diagnostic, workspace_edit
from ..ide.convert_actions import source_actions
from . import answer, checked_entry, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server

CHECK_WAIT = 1.5   # seconds a code action waits for the check of the current version


@guarded(list)
async def on_code_action(ls: Server, params: types.CodeActionParams):
    uri = params.text_document.uri
    view = ls.view(uri)
    # the wait for the running check and the work share the answer's time: <= 1.5 + 1 s
    entry = await checked_entry(ls, uri, wait=CHECK_WAIT)
    if view is None or entry is None or not entry.opened or entry.target.doc.text != view.text:
        return []  # only for the text the request is about
    lsp_items = {id(d): x for d, x in zip(entry.diagnostics, ls.publisher.lsp_diagnostics(entry))}

    def to_lsp(d):
        return lsp_items.get(id(d)) or to_diagnostic(d, uri, entry.target.doc.lines, ls.features)

    only = params.context.only if params.context else None
    actions = await answer(ls, "codeAction", act.build_code_actions, uri, entry.version,
                           ls.linter, entry.target, entry.diagnostics, params.range, only, to_lsp,
                           ls.features, default=[])
    return actions + source_actions(uri, entry.target.doc.data, only)


@guarded(lambda: None)
async def on_code_action_resolve(ls: Server, action: types.CodeAction):
    data = action.data if isinstance(action.data, dict) else {}
    uri = data.get("uri")
    entry = ls.store.get(uri) if uri else None
    state = ls.documents.get(uri) if uri else None
    if not data.get("fixAll") or entry is None or state is None or \
            entry.version != data.get("version") or entry.version != state.version:
        return action
    edits = await answer(ls, "codeAction/resolve", act.fix_all_edits, ls.linter, entry.target,
                         default=None)
    if edits is not None:
        action.edit = workspace_edit(uri, entry.version, edits, ls.features)
    return action


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=list(act.KINDS) + ["source.convert"], resolve_provider=True))(on_code_action)
    server.feature(types.CODE_ACTION_RESOLVE)(on_code_action_resolve)
