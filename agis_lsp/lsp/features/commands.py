"""workspace/executeCommand: the conversions of ``agis_lsp.convert`` (see ``convert_actions``)."""
from __future__ import annotations

import asyncio

from lsprotocol import types

from ..ide import convert_actions as ca
from ..protocol.uris import from_path, to_path
from . import guarded


@guarded(lambda: None)
async def on_convert(ls, *args):
    args = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
    if len(args) < 2:
        return {"error": f"usage: {ca.COMMAND} [uri, target]"}
    uri, target = str(args[0]), str(args[1])
    path = to_path(uri)
    view = ls.view(uri)
    if view is not None:
        text = view.text
    elif path:
        doc = ls.open_document(path)     # bounded, never blocks (a FIFO is refused)
        if doc is None or any(p.code in ("AGIS005", "AGIS007") for p in doc.problems):
            return {"error": f"cannot read {uri} (no regular file, not UTF-8 text, or too large)"}
        text = doc.text
    else:
        return {"error": f"cannot read {uri}"}
    semantic = getattr(ls.settings, "semantic", None) is not False
    # a conversion the user asked for may take longer than an interactive feature's budget
    # (a large OpenAPI document); it still runs off the event loop
    loop = asyncio.get_running_loop()
    files, review, error = await loop.run_in_executor(None, ca.build, path or uri, text, target, semantic)
    if error:
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning,
                                                       message=f"agis-lsp: {error}"))
        return {"error": error}
    edit = ca.workspace_edit(files, from_path)
    result = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(
        edit=edit, label=f"Convert to {target}"))
    return {"applied": bool(result and result.applied),
            "files": [from_path(p) for p, _ in files],
            "review": [{"uri": from_path(p), "line": r.start.line, "character": r.start.character,
                        "message": m} for p, r, m in review]}


def register(server) -> None:
    server.command(ca.COMMAND)(on_convert)
