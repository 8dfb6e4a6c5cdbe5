"""Inlay hints (``textDocument/inlayHint``): category and safety beside each method, the
generated MCP tool name beside each AGIS endpoint (``lsp/ide/hints.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ..ide.hints import build_hints
from . import answer_view, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def hints(ls: Server, view: View, rng: types.Range):
    doc, kind = view.parse()
    if kind is None or not doc.parsed:
        return []
    lines = doc.lines
    start = lines.offset(rng.start.line, rng.start.character)
    end = lines.offset(rng.end.line, rng.end.character)
    return build_hints(doc, kind, ls.catalog_for(view.uri), start, max(start, end))


@guarded(list)
async def on_inlay_hint(ls: Server, params: types.InlayHintParams):
    return await answer_view(ls, params.text_document.uri, "inlayHint", hints, params.range, default=[])


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintOptions())(on_inlay_hint)
