"""Document links, folding ranges and selection ranges (``lsp/ide/links.py``, ``lsp/ide/folding.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ...formats.registry import RECIPE_HANDLER, has_trait
from ..ide.folding import build_folding, build_selection_ranges, folding_spans
from ..ide.links import build_links, line_target
from ..ide.recipes import recipes_file_for, recipes_of
from ..runtime.store import offset_mover
from . import answer_view, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def links(ls: Server, view: View):
    doc, kind = view.parse()
    recipe_target = None
    if has_trait(kind, RECIPE_HANDLER) and view.path:
        recipes_path = recipes_file_for(view.path)

        def recipe_target(name: str) -> str | None:
            recipe = recipes_of(recipes_path, ls.open_document).get(name)
            recipes = ls.open_document(recipes_path) if recipe is not None else None
            if recipes is None or not recipes.parsed:
                return None
            return line_target(ls.uri_for_path(recipes_path), recipes, recipe.path + ("name",))

    return build_links(doc, kind, view.uri, recipe_target, ls.features.link_tooltips)


def folding(ls: Server, view: View):
    """The folds of the text; while it does not parse, the last good parse's, moved onto it."""
    doc, kind = view.parse()
    good = view.last_good
    if doc.parsed or good is None or kind is None:
        return build_folding(doc) if kind is not None else []
    move = offset_mover(good.text, doc.text)
    spans = [(move(s), move(e)) for s, e in folding_spans(good)]
    return build_folding(doc, [(s, e) for s, e in spans if 0 <= s < e <= len(doc.text)])


def selection(ls: Server, view: View, positions: list):
    doc, _ = view.parse()
    lines = doc.lines
    return build_selection_ranges(doc, [lines.offset(p.line, p.character) for p in positions])


@guarded(list)
async def on_document_link(ls: Server, params: types.DocumentLinkParams):
    return await answer_view(ls, params.text_document.uri, "documentLink", links, default=[])


@guarded(list)
async def on_folding_range(ls: Server, params: types.FoldingRangeParams):
    return await answer_view(ls, params.text_document.uri, "foldingRange", folding, default=[])


@guarded(list)
async def on_selection_range(ls: Server, params: types.SelectionRangeParams):
    return await answer_view(ls, params.text_document.uri, "selectionRange", selection,
                             list(params.positions), default=[])


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_DOCUMENT_LINK,
                   types.DocumentLinkOptions(resolve_provider=False))(on_document_link)
    server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)(on_folding_range)
    server.feature(types.TEXT_DOCUMENT_SELECTION_RANGE)(on_selection_range)
