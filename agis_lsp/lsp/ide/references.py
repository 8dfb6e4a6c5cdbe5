"""Find references: every place naming the method, recipe, schema or error under the cursor.

Methods and error names are looked up in every file given (an AGTP deployment's, or the
one document), recipes in the deployment's endpoint files and its recipes file, schemas
(their declaration under ``schemas`` and each local ``$ref`` to them) in the one document.
"""
from __future__ import annotations

from lsprotocol import types

from ..protocol.to_lsp import offsets_range
from .places import DECLARATION, ERROR, METHOD, RECIPE, SCHEMA, place_at, places_of, same_symbol
from ..protocol import cancel

SEARCHABLE = (METHOD, RECIPE, SCHEMA, ERROR)


def symbol_at(doc, kind: str | None, offset: int):
    """The named place under ``offset`` whose references can be found, or None."""
    if not doc.parsed:
        return None
    place = place_at(places_of(doc, kind), offset)
    return place if place is not None and place.kind in SEARCHABLE else None


def build_references(doc, kind: str | None, offset: int, uri: str, files: list,
                     include_declaration: bool = True) -> list[types.Location] | None:
    """Locations of the symbol under ``offset`` in ``files`` (``rename.FileToEdit``s, the
    current document among them, by ``uri``); None when the cursor is on no symbol."""
    target = symbol_at(doc, kind, offset)
    if target is None:
        return None
    out: list[types.Location] = []
    for f in files:
        cancel.check()
        if not f.doc.parsed or (target.kind == SCHEMA and f.uri != uri):
            continue
        for p in places_of(f.doc, f.kind):
            cancel.check()
            if same_symbol(p, target) and (include_declaration or p.role != DECLARATION):
                out.append(types.Location(uri=f.uri,
                                          range=offsets_range(f.doc.lines, p.start, p.end)))
    return out
