"""What the language server offers in an AGIS document: its editor hooks.

The outline (endpoints as ``METHOD /path``, the schemas, the vocabulary), the named
places (method verbs, paths and their ``{parameters}``, error names, declared verbs,
schemas and ``$ref``s), where a verb is written, and what completion reads beyond the
schema (the verbs already used, the categories that fit an endpoint, the path
parameters where inputs are declared). ``formats.registry`` hands them to the server
(:data:`EDITOR`); nothing in ``lsp/`` names AGIS.
"""
from __future__ import annotations

import re
from typing import Iterator

from ..document.locate import KEY, VALUE
from .agis import AgisView
from .places import (DECLARATION, ERROR, METHOD, PATH, SCHEMA, REFERENCE, Place, child_place,
                     key_span, list_places, path_places, ref_places)
from .registry import EditorHooks, Symbol

_VERB = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_PATH_PARAM = re.compile(r"\{([^{}/]+)\}")


# -- the outline --------------------------------------------------------------------------
def outline(doc) -> list[Symbol]:
    view = AgisView(doc)
    out = []
    for ep in view.endpoints:
        intent = ep.semantic.get("intent") if ep.semantic else None
        out.append(Symbol(ep.label, "method", ep.node_path,
                          detail=intent if isinstance(intent, str) else None, select=ep.method_loc))
    if view.schemas:
        children = tuple(Symbol(name, "struct", ("schemas", name), (), None) for name in view.schemas)
        out.append(Symbol("schemas", "namespace", ("schemas",), children, None))
    if isinstance(doc.data, dict) and "vocabulary" in doc.data:
        out.append(Symbol("vocabulary", "namespace", ("vocabulary",), (), ", ".join(
            v for v in view.declared_verbs if isinstance(v, str))))
    return out


# -- the places -----------------------------------------------------------------------------
def _method_and_path(doc, ep) -> Iterator[Place]:
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
        yield Place(v_start, v_start + len(m.group()), METHOD, m.group(), REFERENCE,
                    ep.node_path, ep.index)
        rest = span[0] + lead + m.end()
        while rest < span[1] and text[rest] in " \t":
            rest += 1
        if rest < span[1]:
            yield from path_places(text, rest, span[1], ep.node_path, ep.index)
        return
    p = child_place(doc, ep.body, "method", ep.node_path + ("method",), METHOD, endpoint=ep.index)
    if p is not None:
        yield p
    p = child_place(doc, ep.body, "path", ep.node_path + ("path",), PATH, endpoint=ep.index)
    if p is not None:
        yield from path_places(text, p.start, p.end, p.path, ep.index)


def endpoint_places(doc, ep) -> Iterator[Place]:
    """An endpoint's places (method, path, parameters, errors; not its ``$ref``s)."""
    yield from _method_and_path(doc, ep)
    errors = ep.body.get("errors") if isinstance(ep.body, dict) else None
    if isinstance(errors, list):
        yield from list_places(doc, ep.node_path + ("errors",), ERROR, endpoint=ep.index,
                               items=errors)


def places(doc) -> Iterator[Place]:
    view = AgisView(doc)
    for ep in view.endpoints:
        yield from endpoint_places(doc, ep)
    yield from list_places(doc, ("vocabulary", "declared_verbs"), METHOD, DECLARATION)
    for name in view.schemas:
        span = key_span(doc, ("schemas", name))
        if span is not None:
            yield Place(span[0], span[1], SCHEMA, name, DECLARATION, ("schemas", name))
    yield from ref_places(doc)


# -- where verbs are, and what completion reads -------------------------------------------------
def verb_place(path: tuple, part: str, data) -> bool:
    """An endpoint's ``method`` value, a keyed endpoint's key, a declared verb."""
    if len(path) == 3 and path[0] == "endpoints" and path[2] == "method" and part != KEY:
        return True
    if len(path) == 2 and path[0] == "endpoints" and part == KEY and isinstance(path[-1], str) \
            and isinstance(data, dict) and isinstance(data.get("endpoints"), dict):
        return True
    return len(path) == 3 and path[:2] == ("vocabulary", "declared_verbs") and part != KEY


def verbs_used(data) -> list[str]:
    """The endpoints' methods, in order, each once (either endpoint shape)."""
    out: list[str] = []
    if not isinstance(data, dict):
        return out
    eps = data.get("endpoints")
    if isinstance(eps, list):
        methods = [e.get("method") for e in eps if isinstance(e, dict)]
    elif isinstance(eps, dict):
        methods = [k.split()[0] for k in eps if isinstance(k, str) and k.split()]
    else:
        methods = []
    for m in methods:
        if isinstance(m, str) and m and m not in out:
            out.append(m)
    return out


def fitting_categories(path: tuple, data) -> set:
    """The catalog categories that fit the endpoint at ``path``: its ``semantic.capability``."""
    if len(path) < 2 or path[0] != "endpoints" or not isinstance(data, dict):
        return set()
    eps = data.get("endpoints")
    try:
        ep = eps[path[1]]
    except (KeyError, IndexError, TypeError):
        return set()
    sem = ep.get("semantic") if isinstance(ep, dict) else None
    cap = sem.get("capability") if isinstance(sem, dict) else None
    return {cap.strip().lower()} if isinstance(cap, str) else set()


def _endpoint_path_of(path: tuple, data) -> str | None:
    if not isinstance(data, dict):
        return None
    eps = data.get("endpoints")
    if isinstance(eps, list) and isinstance(path[1], int) and path[1] < len(eps):
        ep = eps[path[1]]
        return ep.get("path") if isinstance(ep, dict) else None
    if isinstance(eps, dict) and isinstance(path[1], str):
        parts = path[1].split(None, 1)
        return parts[1] if len(parts) == 2 else None
    return None


def path_parameters(spath: tuple, part: str, data) -> list[str] | None:
    """The endpoint path's ``{parameters}`` where the cursor declares an input (None: not there)."""
    if len(spath) < 3 or spath[0] != "endpoints":
        return None
    rel = spath[2:]
    n = len(rel)
    wants = (part == KEY and n == 3 and rel[:2] in (("input", "properties"),
                                                      ("semantic", "parameter_hints"))) or \
            (part == VALUE and n == 3 and rel[:2] == ("input", "required"))
    if not wants:
        return None
    template = _endpoint_path_of(spath, data)
    return _PATH_PARAM.findall(template) if isinstance(template, str) else []


EDITOR = EditorHooks(outline=outline, places=places, endpoint_places=endpoint_places,
                     verb_place=verb_place, verbs_used=verbs_used,
                     fitting_categories=fitting_categories, path_parameters=path_parameters)
