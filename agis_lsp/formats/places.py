"""The named things of one document and where their names are written.

A :class:`Place` is a span of the text that names something: a method verb, an
endpoint path (and its ``{parameters}``), a schema (declared under ``schemas``
or referenced by a ``$ref``), a recipe (declared in ``agtp-recipes.toml`` or used
by an endpoint's ``handler.recipe``) or an error name. A kind lists its places
through its ``places`` editor hook (``formats.registry.EditorHooks``); the language
server's semantic tokens, rename, references, inlay hints and links all read that one
list, so they agree on what a name is and where it sits.

Every span is the name's own characters (no quotes, never across a line break),
inside ``doc.text``. A name written with escapes gets no place: an edit or a token
on it would not be the name.

The builders are generators: the server checks its cancellation token between the
places they yield (``lsp/ide/places.py``), so nothing here knows about requests.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from ..document.substring import entry_subspan, key_subspan, scalar_body, value_subspan

METHOD, PATH, PARAM, SCHEMA, RECIPE, ERROR, REF = (
    "method", "path", "param", "schema", "recipe", "error", "ref")
DECLARATION, REFERENCE = "declaration", "reference"

_PARAM = re.compile(r"\{[^{}/]*\}")


@dataclass(frozen=True, slots=True)
class Place:
    start: int
    end: int
    kind: str            # METHOD, PATH, PARAM, SCHEMA, RECIPE, ERROR or REF (a non-local $ref)
    name: str            # the name as written (a schema's name for a local $ref)
    role: str = REFERENCE
    path: tuple = ()     # the document path of the value (or key) that holds the name
    endpoint: int = -1   # index of the endpoint it belongs to (AGIS), else -1


def _single_line(text: str, start: int, end: int) -> bool:
    return 0 <= start < end <= len(text) and "\n" not in text[start:end] \
        and "\r" not in text[start:end]


def value_place(doc, path: tuple, kind: str, role: str = REFERENCE, endpoint: int = -1,
                name: str | None = None) -> Place | None:
    """The place of the string value at ``path`` (its characters, without quotes)."""
    value = doc.get(path)
    if not isinstance(value, str) or not value:
        return None
    span = value_subspan(doc, path, 0, len(value))
    if span is None or not _single_line(doc.text, *span):
        return None
    return Place(span[0], span[1], kind, value if name is None else name, role, path, endpoint)


def child_place(doc, parent, key, path: tuple, kind: str, role: str = REFERENCE,
                endpoint: int = -1) -> Place | None:
    """:func:`value_place` of ``parent[key]`` (``path``: its path), without walking the path."""
    info = doc.container(parent)
    entry = info.entries.get(key) if info is not None else None
    try:
        value = parent[key]
    except (KeyError, IndexError, TypeError):
        return None
    if entry is None or not isinstance(value, str) or not value:
        return None
    span = entry_subspan(doc.text, entry, value, 0, len(value))
    if span is None or not _single_line(doc.text, *span):
        return None
    return Place(span[0], span[1], kind, value, role, path, endpoint)


def key_span(doc, path: tuple) -> tuple[int, int] | None:
    """The characters of the mapping key at ``path`` (without quotes), on one line."""
    span = key_subspan(doc, path)
    return span if span is not None and _single_line(doc.text, *span) else None


def path_places(text: str, start: int, end: int, path: tuple, endpoint: int = -1) -> list[Place]:
    """An endpoint path as PATH pieces around its ``{parameter}`` places (none overlap)."""
    out: list[Place] = []
    pos = start
    for m in _PARAM.finditer(text, start, end):
        if m.start() > pos:
            out.append(Place(pos, m.start(), PATH, text[start:end], REFERENCE, path, endpoint))
        out.append(Place(m.start(), m.end(), PARAM, m.group()[1:-1], REFERENCE, path, endpoint))
        pos = m.end()
    if end > pos:
        out.append(Place(pos, end, PATH, text[start:end], REFERENCE, path, endpoint))
    return out


def list_places(doc, path: tuple, kind: str, role: str = REFERENCE, endpoint: int = -1,
                items=None) -> Iterator[Place]:
    """The string items of the list at ``path`` (and an item mapping's ``name``)."""
    items = doc.get(path) if items is None else items
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        if isinstance(item, dict):
            p = child_place(doc, item, "name", path + (i, "name"), kind, role, endpoint)
        else:
            p = child_place(doc, items, i, path + (i,), kind, role, endpoint)
        if p is not None:
            yield p


def ref_places(doc) -> Iterator[Place]:
    """Every ``$ref``: a SCHEMA reference for ``#/schemas/Name``, else a REF."""
    for info in doc.iter_containers():
        entry = info.entries.get("$ref")
        if entry is None:
            continue
        span = scalar_body(doc.text, entry)
        if span is None:
            continue
        start, end = span
        value = doc.text[start:end]
        if value.startswith("#/schemas/") and "/" not in value[10:] and len(value) > 10:
            yield Place(start, end, SCHEMA, value[10:])
        else:
            yield Place(start, end, REF, value)
