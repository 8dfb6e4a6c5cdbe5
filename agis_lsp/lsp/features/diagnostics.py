"""Pull diagnostics: ``textDocument/diagnostic`` and ``workspace/diagnostic``."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcException

from ..runtime.publisher import PULL_WAIT
from . import checked_entry, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server


class DiagnosticsNotReady(JsonRpcException):
    """LSP ``ServerCancelled`` with ``retriggerRequest``: the check of this version did not
    finish within ``PULL_WAIT``; the client asks again (LSP 3.17, DiagnosticServerCancellationData).
    An empty report here would tell the editor the document has no problems."""
    CODE = -32802
    MESSAGE = "the check of this document is still running"

    def __init__(self) -> None:
        super().__init__(data={"retriggerRequest": True})


@guarded(lambda: types.FullDocumentDiagnosticReport(items=[]))
async def on_diagnostic(ls: Server, params: types.DocumentDiagnosticParams):
    uri = params.text_document.uri
    view = ls.view(uri)  # the text this request is about
    entry = await checked_entry(ls, uri)
    if entry is None:
        if view is not None and ls.scheduler.pending(uri):
            raise DiagnosticsNotReady()
        return types.FullDocumentDiagnosticReport(items=[])
    if view is not None and entry.target.doc.text != view.text:
        # not (yet) checked: the stored findings moved onto this text; no result id
        return types.FullDocumentDiagnosticReport(items=ls.publisher.for_view(entry, view))
    if params.previous_result_id == entry.result_id:
        return types.UnchangedDocumentDiagnosticReport(result_id=entry.result_id)
    return types.FullDocumentDiagnosticReport(items=ls.publisher.lsp_diagnostics(entry),
                                              result_id=entry.result_id)


@guarded(lambda: types.WorkspaceDiagnosticReport(items=[]))
async def on_workspace_diagnostic(ls: Server, params: types.WorkspaceDiagnosticParams):
    previous = {p.uri: p.value for p in params.previous_result_ids or ()}
    pending = ls.scheduler.unopened_checks()
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
                uri=entry.uri, version=None, items=ls.publisher.lsp_diagnostics(entry),
                result_id=entry.result_id))
    return types.WorkspaceDiagnosticReport(items=items)


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier="agis", inter_file_dependencies=True, workspace_diagnostics=True))(on_diagnostic)
    server.feature(types.WORKSPACE_DIAGNOSTIC)(on_workspace_diagnostic)
