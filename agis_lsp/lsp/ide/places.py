"""The named things of one document, for the server's features.

The kind lists its places through its ``places`` editor hook (``formats.registry``;
:class:`~agis_lsp.formats.places.Place` and the builders live in ``formats/places.py``).
Semantic tokens, rename, references, inlay hints and links all read :func:`places_of`,
so they agree on what a name is and where it sits; the builders' generators are read
here with a cancellation check between two places.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from ...formats.places import (DECLARATION, ERROR, METHOD, PARAM, PATH, RECIPE, REF, REFERENCE,
                               SCHEMA, Place, ref_places as _ref_places, value_place)
from ...formats.registry import editor
from ..protocol import cancel

__all__ = ["DECLARATION", "ERROR", "METHOD", "PARAM", "PATH", "RECIPE", "REF", "REFERENCE", "SCHEMA",
           "Place", "checked", "place_at", "places_of", "ref_places", "same_symbol", "value_place"]


def checked(places: Iterable[Place]) -> Iterator[Place]:
    """``places``, with a cancellation check before each one."""
    for p in places:
        cancel.check()
        yield p


def ref_places(doc) -> Iterator[Place]:
    """Every ``$ref`` of ``doc`` (``formats.places.ref_places``), checked."""
    return checked(_ref_places(doc))


def places_of(doc, kind: str | None) -> list[Place]:
    """The places of ``doc`` (a parse that succeeded), sorted by start; [] for a kind
    without a ``places`` hook."""
    build = editor(kind).places
    if build is None or not doc.parsed or not isinstance(doc.data, dict):
        return []
    return sorted(checked(build(doc)), key=lambda p: (p.start, p.end))


def place_at(places: list[Place], offset: int) -> Place | None:
    """The place whose span holds ``offset`` (its end included: the cursor after a name)."""
    best = None
    for p in places:
        if p.start <= offset <= p.end:
            if best is None or (best.end == offset and p.start == offset):
                best = p
        elif p.start > offset:
            break
    return best


def same_symbol(a: Place, b: Place) -> bool:
    """Whether two places name the same thing (methods compare case-insensitively)."""
    if a.kind != b.kind:
        return False
    if a.kind == METHOD:
        return a.name.upper() == b.name.upper()
    return a.name == b.name
