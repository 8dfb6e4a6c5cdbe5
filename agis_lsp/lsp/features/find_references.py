"""Find references (``textDocument/references``): a method, a recipe, a schema, an error name;
across the AGTP deployment for a file of one (see ``features/rename_symbol.py`` for the files)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ..ide.references import build_references, symbol_at
from . import answer_view, guarded
from .rename_symbol import files_for, open_views, target_at

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def references(ls: Server, view: View, position: types.Position,
               include_declaration: bool, views: dict):
    target = target_at(view, position, symbol_at)
    if target is None:
        return None
    doc, kind, offset = target
    return build_references(doc, kind, offset, view.uri, files_for(ls, view, kind, doc, views),
                            include_declaration)


@guarded(lambda: None)
async def on_references(ls: Server, params: types.ReferenceParams):
    include = params.context.include_declaration if params.context is not None else True
    return await answer_view(ls, params.text_document.uri, "references", references, params.position,
                             include, open_views(ls))


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_REFERENCES)(on_references)
