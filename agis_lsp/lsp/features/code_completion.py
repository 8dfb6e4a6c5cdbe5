"""Completion: keys, values, method verbs, recipe names."""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ...formats.registry import RECIPE_HANDLER, has_trait
from ..ide.completion import TRIGGER_CHARACTERS, CompletionRequest, build_completions
from ..ide.recipes import recipe_names, recipes_file_for
from . import answer, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def _empty():
    return types.CompletionList(is_incomplete=False, items=[])


def complete(ls: Server, view: View, position: types.Position):
    """Runs off the event loop."""
    doc, kind = view.parse()
    if kind is None:
        return _empty()
    recipes: tuple = ()
    if has_trait(kind, RECIPE_HANDLER) and view.path:
        recipes = tuple(recipe_names(recipes_file_for(view.path), ls.open_document))
    offset = doc.lines.offset(position.line, position.character)
    req = CompletionRequest(doc, offset, kind, ls.catalog_for(view.uri), ls.features,
                            context=view.last_good, recipes=recipes)
    return build_completions(req)


@guarded(_empty)
async def on_completion(ls: Server, params: types.CompletionParams):
    view = ls.view(params.text_document.uri)
    if view is None:
        return _empty()
    return await answer(ls, "completion", complete, ls, view, params.position, default=_empty())


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(
        trigger_characters=TRIGGER_CHARACTERS))(on_completion)
