"""Go to definition: ``$ref`` -> the schema, ``handler.recipe`` -> the recipe."""
from __future__ import annotations

import os
from typing import Callable

from lsprotocol import types

from ...document.locate import VALUE, path_at
from ...document.pointer import walk
from ...formats.registry import RECIPE_HANDLER, has_trait
from ..protocol.to_lsp import to_range
from ..protocol.uris import from_path
from .recipes import recipes_of


def pointer_path(doc, pointer: str) -> tuple | None:
    """A JSON pointer (``/schemas/Reservation``) as a document path, if it exists."""
    if pointer in ("", "/"):
        return ()
    if not pointer.startswith("/"):
        return None
    _, ok, parts = walk(doc.data, [raw.replace("~1", "/").replace("~0", "~")
                                   for raw in pointer[1:].split("/")])
    return tuple(parts) if ok else None


def build_definition(doc, offset: int, kind: str | None, uri: str,
                     open_document: Callable[[str], object | None],
                     recipes_path: str | None = None) -> list[types.Location] | None:
    """Locations for the reference under the cursor.

    ``open_document(abs_path)`` returns a parsed Document (from the editor's
    buffers or the disk) or None.
    """
    path, part = path_at(doc, offset)
    if part != VALUE or not path or not doc.parsed:
        return None
    value = doc.get(path)
    if not isinstance(value, str):
        return None
    if path[-1] == "$ref":
        target, _, pointer = value.partition("#")
        target_doc, target_uri = doc, uri
        if target:
            if not doc.path:
                return None
            abs_path = os.path.normpath(os.path.join(os.path.dirname(doc.path), target))
            target_doc = open_document(abs_path)
            if target_doc is None or not target_doc.parsed:
                return None
            target_uri = from_path(abs_path)
        where = pointer_path(target_doc, pointer)
        if where is None:
            return None
        rng = target_doc.range(where, "key") if where else target_doc.lines.range(0, 0)
        return [types.Location(uri=target_uri, range=to_range(rng))]
    if has_trait(kind, RECIPE_HANDLER) and tuple(path[-2:]) == ("handler", "recipe") and recipes_path:
        recipe = recipes_of(recipes_path, open_document).get(value)
        if recipe is None:
            return None
        recipes = open_document(recipes_path)
        return [types.Location(uri=from_path(recipes_path),
                               range=to_range(recipes.range(recipe.path + ("name",), "value")))]
    return None
