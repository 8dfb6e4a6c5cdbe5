""""Scan this server": a code lens on each server entry of an MCP client configuration, and
the ``agis.scanServer`` command that scans that entry (``lsp/features/server_scan.py``)."""
from __future__ import annotations

import asyncio
import logging

from lsprotocol import types

from ...document.size import DEFAULT_MAX_FILE_SIZE
from ...files.reading import text_or_none
from . import server_scan as ss
from ..protocol.uris import to_path
from . import answer_view, guarded

log = logging.getLogger("agis_lsp.lsp")


def lenses(ls, view):
    doc, kind = view.parse()
    return ss.build_lenses(doc, kind, view.uri)


@guarded(list)
async def on_code_lens(ls, params: types.CodeLensParams):
    return await answer_view(ls, params.text_document.uri, "codeLens", lenses, default=[])


def _notify(ls, message: str, kind=types.MessageType.Info) -> None:
    ls.window_show_message(types.ShowMessageParams(type=kind, message=message))


@guarded(lambda: None)
async def on_scan_server(ls, *args):
    args = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
    if len(args) < 2:
        return {"error": f"usage: {ss.COMMAND} [uri, server name]"}
    uri, name = str(args[0]), str(args[1])
    path, view = to_path(uri), ls.view(uri)
    if not path or view is None:
        return {"error": f"{uri} is not an open file"}
    doc, kind = view.parse()
    rng = ss.entry_range(doc, kind, name)
    if rng is None:
        return {"error": f"no server '{name}' in {uri}"}
    if text_or_none(path, DEFAULT_MAX_FILE_SIZE) != view.text:     # bounded, never blocks
        _notify(ls, f"agis-lsp: scanning server '{name}' as saved on disk (the editor has "
                "unsaved changes)", types.MessageType.Warning)
    semantic = getattr(ls.settings, "semantic", None) is not False
    try:
        status, report, stderr = await ss.run_scan(path, name, semantic)
    except asyncio.TimeoutError:
        message = f"agis-lsp: the scan of server '{name}' took longer than {ss.SCAN_LIMIT:g} s"
        _notify(ls, message, types.MessageType.Warning)
        return {"error": message}
    items = ss.diagnostics_of(report, rng, name)
    ls.publisher.set_scan(uri, name, ss.ScanResult(view.text, items,
                                                   ss.capabilities_of(report, name)))
    _publish_flows(ls, uri, path, doc, kind, view.text)
    message = ss.summary(status, report, stderr, name)
    _notify(ls, message, types.MessageType.Info if report is not None else types.MessageType.Warning)
    return {"status": status, "diagnostics": len(items), "message": message}


def _publish_flows(ls, uri: str, path: str, doc, kind, text: str) -> None:
    """The combinations across every entry of this file scanned so far (the agis-lint
    configuration that applies to the file decides severities and accepted combinations)."""
    from ...engine.config import ConfigError, config_for
    try:
        config = config_for(path)
    except ConfigError as exc:
        log.warning("flows of %s: %s", uri, exc)
        return
    scans = dict(ls.publisher.scans.get(uri, {}))
    items = ss.flow_diagnostics(doc, kind, uri, scans, text, config)
    ls.publisher.set_scan(uri, ss.FLOWS_KEY, ss.ScanResult(text, items))


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=False))(
        on_code_lens)
    server.command(ss.COMMAND)(on_scan_server)
