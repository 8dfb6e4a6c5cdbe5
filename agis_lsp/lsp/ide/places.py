"""The named things of one document and where their names are written.

A :class:`Place` is a span of the text that names something: a method verb, an
endpoint path (and its ``{parameters}``), a schema (declared under ``schemas``
or referenced by a ``$ref``), a recipe (declared in ``agtp-recipes.toml`` or used
by an endpoint's ``handler.recipe``) or an error name. Semantic tokens, rename,
references, inlay hints and links all read the same list, so they agree on what
a name is and where it sits.

Every span is the name's own characters (no quotes, never across a line break),
inside ``doc.text``. A name written with escapes gets no place: an edit or a token
on it would not be the name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...document.substring import entry_subspan, key_subspan, scalar_body, value_subspan
from ...formats.agis import AgisView
from ...formats.agtp import EndpointFileView, RecipesView, ServerView
from .. import cancel

METHOD, PATH, PARAM, SCHEMA, RECIPE, ERROR, REF = (
    "method", "path", "param", "schema", "recipe", "error", "ref")
DECLARATION, REFERENCE = "declaration", "reference"

_PARAM = re.compile(r"\{[^{}/]*\}")
_VERB = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


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


def _method_and_path(doc, ep, out: list) -> None:
    """An endpoint's method and path places, in either endpoint shape."""
    text = doc.text
    if ep.keyed:
        span = key_span(doc, ep.node_path)
        if span is None:
            return
        key = text[span[0]:span[1]]
        m = _VERB.match(key.lstrip())
        if m is None:
            return
        lead = len(key) - len(key.lstrip())
        v_start = span[0] + lead + m.start()
        out.append(Place(v_start, v_start + len(m.group()), METHOD, m.group(), REFERENCE,
                         ep.node_path, ep.index))
        rest = span[0] + lead + m.end()
        while rest < span[1] and text[rest] in " \t":
            rest += 1
        if rest < span[1]:
            out.extend(path_places(text, rest, span[1], ep.node_path, ep.index))
        return
    p = child_place(doc, ep.body, "method", ep.node_path + ("method",), METHOD, endpoint=ep.index)
    if p is not None:
        out.append(p)
    p = child_place(doc, ep.body, "path", ep.node_path + ("path",), PATH, endpoint=ep.index)
    if p is not None:
        out.extend(path_places(text, p.start, p.end, p.path, ep.index))


def _list_places(doc, path: tuple, kind: str, out: list, role: str = REFERENCE,
                 endpoint: int = -1, items=None) -> None:
    """The string items of the list at ``path`` (and an item mapping's ``name``)."""
    items = doc.get(path) if items is None else items
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        cancel.check()
        if isinstance(item, dict):
            p = child_place(doc, item, "name", path + (i, "name"), kind, role, endpoint)
        else:
            p = child_place(doc, items, i, path + (i,), kind, role, endpoint)
        if p is not None:
            out.append(p)


def ref_places(doc) -> list[Place]:
    """Every ``$ref``: a SCHEMA reference for ``#/schemas/Name``, else a REF."""
    out: list[Place] = []
    for info in doc.iter_containers():
        cancel.check()
        entry = info.entries.get("$ref")
        if entry is None:
            continue
        span = scalar_body(doc.text, entry)
        if span is None:
            continue
        start, end = span
        value = doc.text[start:end]
        if value.startswith("#/schemas/") and "/" not in value[10:] and len(value) > 10:
            out.append(Place(start, end, SCHEMA, value[10:]))
        else:
            out.append(Place(start, end, REF, value))
    return out


def endpoint_places_into(doc, ep, out: list) -> None:
    """An AGIS endpoint's places (method, path, parameters, errors; not its ``$ref``s)."""
    _method_and_path(doc, ep, out)
    errors = ep.body.get("errors") if isinstance(ep.body, dict) else None
    if isinstance(errors, list):
        _list_places(doc, ep.node_path + ("errors",), ERROR, out, endpoint=ep.index,
                     items=errors)


def agis_places(doc) -> list[Place]:
    view = AgisView(doc)
    out: list[Place] = []
    for ep in view.endpoints:
        cancel.check()
        endpoint_places_into(doc, ep, out)
    _list_places(doc, ("vocabulary", "declared_verbs"), METHOD, out, DECLARATION)
    for name in view.schemas:
        span = key_span(doc, ("schemas", name))
        if span is not None:
            out.append(Place(span[0], span[1], SCHEMA, name, DECLARATION, ("schemas", name)))
    out.extend(ref_places(doc))
    return out


def endpoint_places(doc) -> list[Place]:
    view = EndpointFileView(doc).endpoint
    out: list[Place] = []
    for loc, kind in ((view.method_loc, METHOD), (view.path_loc, PATH)):
        p = value_place(doc, loc[0], kind)
        if p is None:
            continue
        if kind == PATH:
            out.extend(path_places(doc.text, p.start, p.end, p.path))
        else:
            out.append(p)
    if view.errors is not None:
        _list_places(doc, view.errors_path, ERROR, out)
    error_map = view.handler.get("error_map") if view.handler else None
    if isinstance(error_map, dict):          # upstream error -> one of the declared errors
        for key in error_map:
            p = child_place(doc, error_map, key, view.handler_path + ("error_map", key), ERROR)
            if p is not None:
                out.append(p)
    p = value_place(doc, view.handler_path + ("recipe",), RECIPE)
    if p is not None:
        out.append(p)
    out.extend(ref_places(doc))
    return out


def recipes_places(doc) -> list[Place]:
    out: list[Place] = []
    for recipe in RecipesView(doc).recipes:
        cancel.check()
        p = value_place(doc, recipe.path + ("name",), RECIPE, DECLARATION)
        if p is not None:
            out.append(p)
        for step in recipe.steps:
            p = value_place(doc, step.path + ("method",), METHOD)
            if p is not None:
                out.append(p)
    return out


def server_places(doc) -> list[Place]:
    policy = ServerView(doc).policies
    out: list[Place] = []
    for key in ("allow", "disallow"):
        _list_places(doc, policy.methods_path + (key,), METHOD, out)
    redirects = policy.redirects
    for i, item in enumerate(redirects):
        cancel.check()
        if isinstance(item, dict):
            for key in ("from_method", "to_method"):
                p = value_place(doc, policy.methods_path + ("redirects", i, key), METHOD)
                if p is not None:
                    out.append(p)
    return out


_BUILDERS = {"agis": agis_places, "agtp-endpoint": endpoint_places,
             "agtp-recipes": recipes_places, "agtp-server": server_places}


def places_of(doc, kind: str | None) -> list[Place]:
    """The places of ``doc`` (a parse that succeeded), sorted by start; [] for other kinds."""
    build = _BUILDERS.get(kind or "")
    if build is None or not doc.parsed or not isinstance(doc.data, dict):
        return []
    return sorted(build(doc), key=lambda p: (p.start, p.end))


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
