"""Hover, go to definition and the outline (document symbols)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from lsprotocol import types

from ...formats.registry import RECIPE_HANDLER, has_trait
from ..protocol.to_lsp import offsets_range
from ..ide.definition import build_definition
from ..ide.hover import build_hover
from ..ide.recipes import recipes_file_for
from ..ide.symbols import build_symbols
from ..runtime.store import offset_mover
from . import answer_view, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def hover(ls: Server, view: View, position: types.Position):
    doc, kind = view.parse()
    if kind is None:
        return None
    diagnostics = view.entry.diagnostics if view.entry is not None else []
    offset = doc.lines.offset(position.line, position.character)
    href = functools.partial(ls.rule_docs.href, base_url=ls.settings.docs_base_url)
    return build_hover(doc, offset, kind, ls.catalog_for(view.uri), diagnostics, ls.features, href)


def definition(ls: Server, view: View, position: types.Position):
    doc, kind = view.parse()
    if kind is None:
        return None
    recipes = recipes_file_for(view.path) if has_trait(kind, RECIPE_HANDLER) and view.path else None
    offset = doc.lines.offset(position.line, position.character)
    return build_definition(doc, offset, kind, view.uri, ls.open_document, recipes)


def symbols(ls: Server, view: View):
    """The outline; while the text does not parse, the last good outline moved onto it."""
    doc, kind = view.parse()
    good = view.last_good
    if doc.parsed or good is None:
        return build_symbols(doc, kind, view.uri, ls.features)
    move = offset_mover(good.text, doc.text)
    lines = doc.lines

    def to_range(start: int, end: int) -> types.Range:
        return offsets_range(lines, move(start), move(end))

    return build_symbols(good, kind, view.uri, ls.features, to_range=to_range)


@guarded(lambda: None)
async def on_hover(ls: Server, params: types.HoverParams):
    return await answer_view(ls, params.text_document.uri, "hover", hover, params.position)


@guarded(lambda: None)
async def on_definition(ls: Server, params: types.DefinitionParams):
    return await answer_view(ls, params.text_document.uri, "definition", definition, params.position)


@guarded(list)
async def on_document_symbol(ls: Server, params: types.DocumentSymbolParams):
    return await answer_view(ls, params.text_document.uri, "documentSymbol", symbols, default=[])


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_HOVER)(on_hover)
    server.feature(types.TEXT_DOCUMENT_DEFINITION)(on_definition)
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)(on_document_symbol)
