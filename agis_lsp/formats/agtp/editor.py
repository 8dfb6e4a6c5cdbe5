"""What the language server offers in the AGTP-API deployment files: their editor hooks.

An endpoint file's outline (``METHOD /path``), the named places of the endpoint, recipes
and server files (method verbs, paths, errors, recipes), the field schema that completion
offers (:mod:`.fields`) and an endpoint's path parameters. ``formats.registry`` hands them
to the server (:data:`ENDPOINT`, :data:`RECIPES`, :data:`SERVER`, and :data:`OTHER` for the
manifest and the catalog, whose outline is the server's generic table outline), with where
a verb is written in any of them (:func:`verb_place`).
"""
from __future__ import annotations

import re
from typing import Iterator

from ...document.locate import KEY, VALUE
from ..places import (DECLARATION, ERROR, METHOD, PATH, RECIPE, Place, child_place, list_places,
                      path_places, ref_places, value_place)
from ..registry import EditorHooks, Symbol
from . import fields
from .endpoints import EndpointFileView
from .recipes import RecipesView
from .server import ServerView

_PATH_PARAM = re.compile(r"\{([^{}/]+)\}")


def _endpoint_body(data) -> dict:
    """An endpoint file's fields (inside ``[endpoint]`` when it has one)."""
    if isinstance(data, dict) and isinstance(data.get("endpoint"), dict):
        return data["endpoint"]
    return data if isinstance(data, dict) else {}


# -- endpoint files -------------------------------------------------------------------------
def endpoint_outline(doc) -> list[Symbol]:
    data = doc.data if isinstance(doc.data, dict) else {}
    prefix: tuple = ()
    if isinstance(data.get("endpoint"), dict):
        data, prefix = data["endpoint"], ("endpoint",)
    method, path = data.get("method"), data.get("path")
    name = f"{method if isinstance(method, str) else '?'} {path if isinstance(path, str) else '?'}"
    intent = data.get("semantic", {}).get("intent") if isinstance(data.get("semantic"), dict) else None
    select = (prefix + ("method",), "value") if "method" in data else (prefix, "key")
    return [Symbol(name, "method", prefix, detail=intent if isinstance(intent, str) else None,
                   select=select)]


def endpoint_places(doc) -> Iterator[Place]:
    view = EndpointFileView(doc).endpoint
    for loc, kind in ((view.method_loc, METHOD), (view.path_loc, PATH)):
        p = value_place(doc, loc[0], kind)
        if p is None:
            continue
        if kind == PATH:
            yield from path_places(doc.text, p.start, p.end, p.path)
        else:
            yield p
    if view.errors is not None:
        yield from list_places(doc, view.errors_path, ERROR)
    error_map = view.handler.get("error_map") if view.handler else None
    if isinstance(error_map, dict):          # upstream error -> one of the declared errors
        for key in error_map:
            p = child_place(doc, error_map, key, view.handler_path + ("error_map", key), ERROR)
            if p is not None:
                yield p
    p = value_place(doc, view.handler_path + ("recipe",), RECIPE)
    if p is not None:
        yield p
    yield from ref_places(doc)


def endpoint_path_parameters(spath: tuple, part: str, data) -> list[str] | None:
    """The endpoint path's ``{parameters}`` where the cursor declares an input (None: not there)."""
    n = len(spath)
    wants = (part == KEY and n == 3 and spath[:2] in (("input_schema", "properties"),
                                                       ("semantic", "parameter_hints"))) or \
            (part == VALUE and n == 3 and spath[:2] == ("input_schema", "required")) or \
            (part == VALUE and n == 4 and spath[0] == "input"
             and spath[1] in ("required", "optional") and spath[3] == "name")
    if not wants:
        return None
    if not isinstance(data, dict):
        return []
    template = _endpoint_body(data).get("path")
    return _PATH_PARAM.findall(template) if isinstance(template, str) else []


# -- recipes and server files -----------------------------------------------------------------
def recipes_places(doc) -> Iterator[Place]:
    for recipe in RecipesView(doc).recipes:
        p = value_place(doc, recipe.path + ("name",), RECIPE, DECLARATION)
        if p is not None:
            yield p
        for step in recipe.steps:
            p = value_place(doc, step.path + ("method",), METHOD)
            if p is not None:
                yield p


def server_places(doc) -> Iterator[Place]:
    policy = ServerView(doc).policies
    for key in ("allow", "disallow"):
        yield from list_places(doc, policy.methods_path + (key,), METHOD)
    for i, item in enumerate(policy.redirects):
        if isinstance(item, dict):
            for key in ("from_method", "to_method"):
                p = value_place(doc, policy.methods_path + ("redirects", i, key), METHOD)
                if p is not None:
                    yield p


# -- where verbs are (every AGTP file) --------------------------------------------------------
_VERB_KEYS = frozenset({"method", "from_method", "to_method", "successor_method"})


def verb_place(path: tuple, part: str, data) -> bool:
    """A ``method`` (a step's, a redirect's ``from_method``/``to_method``, a deprecation's
    ``successor_method``) or an item of an ``allow``/``disallow``/``declared_verbs`` list;
    never a key, never under ``handler`` (``handler.method`` is the upstream HTTP method)."""
    if part == KEY or "handler" in path:
        return False
    last = path[-1]
    if isinstance(last, str) and last in _VERB_KEYS:
        return True
    return isinstance(last, int) and len(path) >= 2 and path[-2] in ("allow", "disallow",
                                                                      "declared_verbs")


def _field_hooks(kind: str, strip=lambda data: data) -> dict:
    return {"field_keys": lambda path, data: fields.keys(kind, path, strip(data)),
            "field_values": lambda path, data, catalog=None, recipes=():
                fields.values(kind, path, strip(data), catalog=catalog, recipes=recipes)}


ENDPOINT = EditorHooks(outline=endpoint_outline, places=endpoint_places, verb_place=verb_place,
                       path_parameters=endpoint_path_parameters,
                       **_field_hooks("agtp-endpoint", _endpoint_body))
RECIPES = EditorHooks(places=recipes_places, verb_place=verb_place, **_field_hooks("agtp-recipes"))
SERVER = EditorHooks(places=server_places, verb_place=verb_place, **_field_hooks("agtp-server"))
#: The manifest and the catalog: where verbs are (the server's table outline serves them).
OTHER = EditorHooks(verb_place=verb_place)
