"""AGTP-API file kinds and typed views over them.

Kinds: ``agtp-endpoint`` (one endpoint per TOML file), ``agtp-server``
(``agtp-server.toml``), ``agtp-recipes`` (``agtp-recipes.toml``),
``agtp-manifest`` (the server manifest JSON of AGTP-API section 8) and
``agtp-catalog`` (a method catalog, ``methods.json``, section 3.1).

The views hide the ways one fact can be written:

* an endpoint's fields at the top level of its file or inside ``[endpoint]``;
* its inputs as a JSON Schema (``input_schema``, the draft's section 6.1) or as
  the reference server's ``[[endpoint.input.required]]`` /
  ``[[endpoint.input.optional]]`` lists, its outputs as ``output_schema`` or
  ``[[endpoint.output]]``;
* its errors as ``errors = [...]`` or ``[endpoint.errors] list = [...]``;
* the method policy under ``[policies.methods]`` of ``agtp-server.toml`` or
  ``policies.methods`` of a manifest.

Rules read the views and name places by document path; every view property
that a rule may report on has a ``*_path`` companion.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..document import Document
from ..document.ops import SetValue

SERVER_FILE = "agtp-server.toml"
RECIPES_FILE = "agtp-recipes.toml"
ENDPOINTS_DIR = "endpoints"

HANDLER_KINDS = ("registered_function", "composition", "external_service")
FIELD_TYPES = ("string", "integer", "number", "boolean", "object", "array")
LEGACY_VERBS = ("GET", "POST", "PUT", "DELETE", "PATCH")
POLICY_TOGGLES = ("wildcards_accepted", "anonymous_discovery", "scope_required_for_invocation",
                  "synthesis_enabled")


# -- kind detection ---------------------------------------------------------------
def detect_toml_kind(doc: Document, path: str | None) -> str | None:
    """By file name first (``agtp-server.toml``, ``agtp-recipes.toml``, ``endpoints/*.toml``),
    then by content (an ``[endpoint]`` table or top-level ``method`` + ``path``)."""
    norm = (path or doc.path or "").replace(os.sep, "/")
    name = norm.rsplit("/", 1)[-1].lower()
    if name == SERVER_FILE:
        return "agtp-server"
    if name == RECIPES_FILE:
        return "agtp-recipes"
    parent = norm.rsplit("/", 2)[-2].lower() if norm.count("/") >= 1 else ""
    if parent == ENDPOINTS_DIR and name.endswith(".toml"):
        return "agtp-endpoint"
    data = doc.data
    if isinstance(data, dict):
        if isinstance(data.get("endpoint"), dict) or ("method" in data and "path" in data):
            return "agtp-endpoint"
        if isinstance(data.get("recipe"), list):
            return "agtp-recipes"
        if isinstance(data.get("server"), dict) and (
                "policies" in data or "server_id" in data["server"]):
            return "agtp-server"
    if not doc.parsed and parent == ENDPOINTS_DIR:
        return "agtp-endpoint"
    return None


def detect_json_kind(doc: Document, path: str | None) -> str | None:
    data = doc.data
    if not isinstance(data, dict):
        return None
    if "agtp_version" in data or "agtp_api_version" in data or (
            "embedded_methods" in data and "server" in data):
        return "agtp-manifest"
    if isinstance(data.get("methods"), (dict, list)) and "version" in data and (
            "embedded" in data or "legacy" in data or "categories" in data):
        return "agtp-catalog"
    return None


def view_for(kind: str, doc: Document):
    cls = {"agtp-endpoint": EndpointFileView, "agtp-server": ServerView,
           "agtp-recipes": RecipesView, "agtp-manifest": ManifestView,
           "agtp-catalog": CatalogView}.get(kind)
    return cls(doc) if cls else None


def _dict(v) -> dict:
    return v if isinstance(v, dict) else {}


def _list(v) -> list:
    return v if isinstance(v, list) else []


# -- endpoints --------------------------------------------------------------------
@dataclass
class Param:
    """One declared input or output field, whichever shape declared it."""
    name: str
    path: tuple          # where the declaration is (the property key, or the list item)
    part: str            # "key" for schema properties, "value" for list items
    spec: dict           # the JSON Schema of the field (built for the reference shape)
    required: bool


class EndpointView:
    """One endpoint: an endpoint TOML file or an entry of a manifest's ``endpoints``."""

    def __init__(self, doc: Document, base: tuple, body: dict, source: str, index: int = 0):
        self.doc = doc
        self.base = base          # () | ("endpoint",) | ("endpoints", i)
        self.body = body
        self.source = source      # "toml" | "manifest"
        self.index = index

    def p(self, *parts) -> tuple:
        return self.base + tuple(parts)

    # -- identity
    @property
    def method(self) -> Any:
        return self.body.get("method")

    @property
    def path(self) -> Any:
        return self.body.get("path")

    @property
    def method_loc(self) -> tuple[tuple, str]:
        return self.p("method"), "value"

    @property
    def path_loc(self) -> tuple[tuple, str]:
        return self.p("path"), "value"

    @property
    def label(self) -> str:
        m = self.method if isinstance(self.method, str) else "?"
        p = self.path if isinstance(self.path, str) else "?"
        return f"{m} {p}"

    def set_method(self, new: str):
        return SetValue(self.p("method"), new)

    def set_path(self, new: str):
        return SetValue(self.p("path"), new)

    # -- blocks
    @property
    def semantic(self) -> dict | None:
        s = self.body.get("semantic")
        return s if isinstance(s, dict) else None

    @property
    def semantic_path(self) -> tuple:
        return self.p("semantic")

    @property
    def handler(self) -> dict | None:
        h = self.body.get("handler")
        return h if isinstance(h, dict) else None

    @property
    def handler_path(self) -> tuple:
        return self.p("handler")

    @property
    def handler_type(self) -> str | None:
        h = self.handler
        t = h.get("type") if h else None
        return t if isinstance(t, str) else None

    @property
    def errors_path(self) -> tuple:
        """Path of the errors *list* (``errors`` or ``errors.list``)."""
        raw = self.body.get("errors")
        if isinstance(raw, dict):
            return self.p("errors", "list")
        return self.p("errors")

    @property
    def errors(self) -> list | None:
        """The declared error names (None when absent or not a list)."""
        raw = self.body.get("errors")
        if isinstance(raw, dict):
            raw = raw.get("list")
        return raw if isinstance(raw, list) else None

    @property
    def error_names(self) -> set:
        return {e for e in (self.errors or []) if isinstance(e, str)}

    # -- schemas, whichever shape
    @property
    def shape(self) -> str:
        """"spec" (input_schema/output_schema), "reference" (input/output lists), "mixed", "none"."""
        spec = "input_schema" in self.body or "output_schema" in self.body
        ref = "input" in self.body or "output" in self.body
        if spec and ref:
            return "mixed"
        return "spec" if spec else ("reference" if ref else "none")

    @property
    def input_schema(self) -> dict | None:
        s = self.body.get("input_schema")
        return s if isinstance(s, dict) else None

    @property
    def output_schema(self) -> dict | None:
        s = self.body.get("output_schema")
        return s if isinstance(s, dict) else None

    def _schema_params(self, key: str) -> list[Param]:
        schema = _dict(self.body.get(key))
        props = _dict(schema.get("properties"))
        req = {r for r in _list(schema.get("required")) if isinstance(r, str)}
        return [Param(name, self.p(key, "properties", name), "key", _dict(spec), name in req)
                for name, spec in props.items()]

    def _list_params(self, lst: Any, path: tuple, required: bool) -> list[Param]:
        out = []
        for i, item in enumerate(_list(lst)):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                continue
            out.append(Param(item["name"], path + (i,), "value", field_schema(item), required))
        return out

    @cached_property
    def inputs(self) -> list[Param]:
        out = self._schema_params("input_schema")
        block = _dict(self.body.get("input"))
        out += self._list_params(block.get("required"), self.p("input", "required"), True)
        out += self._list_params(block.get("optional"), self.p("input", "optional"), False)
        return out

    @cached_property
    def outputs(self) -> list[Param]:
        out = self._schema_params("output_schema")
        out += self._list_params(self.body.get("output"), self.p("output"), True)
        return out

    @property
    def input_names(self) -> set:
        return {p.name for p in self.inputs}

    @property
    def deprecated(self) -> dict | None:
        d = self.body.get("deprecated")
        return d if isinstance(d, dict) else None


def field_schema(item: dict) -> dict:
    """The JSON Schema a reference-shape field declaration stands for."""
    if isinstance(item.get("schema"), dict):
        schema = dict(item["schema"])
    else:
        schema = {}
        if isinstance(item.get("type"), str):
            schema["type"] = item["type"]
    if isinstance(item.get("format"), str):
        schema.setdefault("format", item["format"])
    if isinstance(item.get("enum"), list):
        schema.setdefault("enum", item["enum"])
    if isinstance(item.get("description"), str):
        schema.setdefault("description", item["description"])
    return schema


class EndpointFileView:
    """An endpoint TOML file: fields at the top level or inside ``[endpoint]``."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        data = doc.data if isinstance(doc.data, dict) else {}
        if isinstance(data.get("endpoint"), dict):
            self.base, body = ("endpoint",), data["endpoint"]
        else:
            self.base, body = (), data
        self.endpoint = EndpointView(doc, self.base, body, "toml")
        self.endpoints = [self.endpoint]
        #: top-level keys next to an [endpoint] table (ignored by the server)
        self.stray_keys = [k for k in data if k != "endpoint"] if self.base else []


# -- server configuration and method policy --------------------------------------------
class PolicyView:
    """``[policies]`` (toggles) and ``[policies.methods]`` (the method policy of section 9)."""

    def __init__(self, doc: Document, base: tuple = ("policies",)) -> None:
        self.doc = doc
        self.base = base
        self.block = _dict(doc.get(base))
        self.methods_path = base + ("methods",)
        self.methods = _dict(self.block.get("methods"))

    @property
    def present(self) -> bool:
        return bool(self.methods)

    @property
    def allow(self) -> Any:
        return self.methods.get("allow", "*")

    @property
    def allow_all(self) -> bool:
        return self.allow == "*"

    @property
    def allow_list(self) -> list:
        return [m for m in _list(self.allow) if isinstance(m, str)]

    @property
    def disallow(self) -> list:
        return [m for m in _list(self.methods.get("disallow")) if isinstance(m, str)]

    @property
    def legacy_enabled(self) -> set:
        raw = self.methods.get("legacy", "NONE")
        if isinstance(raw, str):
            return set(LEGACY_VERBS) if raw.strip() == "*" else set()
        return {m.strip().upper() for m in _list(raw) if isinstance(m, str)
                and m.strip().upper() in LEGACY_VERBS}

    @property
    def redirects(self) -> list:
        return _list(self.methods.get("redirects"))

    @property
    def aliases(self) -> dict:
        return _dict(self.methods.get("aliases"))

    def custom_methods(self, catalog) -> set:
        """Non-catalog names an allow list declares (section 3.3)."""
        return {m.upper() for m in self.allow_list if m.upper() not in catalog
                and m.upper() not in LEGACY_VERBS}

    def refusal(self, method: str, catalog) -> str | None:
        """Why the policy answers 405 for ``method`` (None when it admits it).

        Floor (embedded) methods bypass the policy gate, as in the reference server.
        """
        m = method.upper()
        if m in catalog.embedded:
            return None
        if m in {d.upper() for d in self.disallow}:
            return "it is listed in policies.methods.disallow"
        if m in self.legacy_enabled:
            return None
        if self.allow_all:
            return None
        if m not in {a.upper() for a in self.allow_list}:
            return "policies.methods.allow is a list that does not name it"
        return None


class ServerView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.policies = PolicyView(doc, ("policies",))

    @property
    def server(self) -> dict | None:
        s = self.data.get("server")
        return s if isinstance(s, dict) else None


# -- recipes -----------------------------------------------------------------------
@dataclass
class StepView:
    index: int
    path: tuple
    body: dict

    @property
    def method(self) -> Any:
        return self.body.get("method")

    @property
    def capture_as(self) -> Any:
        return self.body.get("capture_as")

    @property
    def parameters(self) -> dict:
        return _dict(self.body.get("parameters"))


@dataclass
class RecipeView:
    index: int
    path: tuple
    body: dict
    steps: list = field(default_factory=list)

    @property
    def name(self) -> Any:
        return self.body.get("name")


class RecipesView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.recipes: list[RecipeView] = []
        for i, body in enumerate(_list(self.data.get("recipe"))):
            if not isinstance(body, dict):
                continue
            r = RecipeView(i, ("recipe", i), body)
            for j, step in enumerate(_list(body.get("steps"))):
                if isinstance(step, dict):
                    r.steps.append(StepView(j, ("recipe", i, "steps", j), step))
            self.recipes.append(r)

    def by_name(self) -> dict:
        out: dict = {}
        for r in self.recipes:
            if isinstance(r.name, str):
                out.setdefault(r.name, r)
        return out


# -- manifest and catalog -------------------------------------------------------------
class ManifestView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.policies = PolicyView(doc, ("policies",))
        self.endpoints = [EndpointView(doc, ("endpoints", i), item, "manifest", i)
                          for i, item in enumerate(_list(self.data.get("endpoints")))
                          if isinstance(item, dict)]

    def custom_methods(self, catalog) -> set:
        out = set(self.policies.custom_methods(catalog))
        for item in _list(self.data.get("custom_methods")):
            name = item if isinstance(item, str) else (
                _dict(item).get("name") or _dict(item).get("method"))
            if isinstance(name, str):
                out.add(name.upper())
        return out


class CatalogView:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}

    @property
    def methods(self) -> dict:
        """name -> (path of the entry, entry) for both the keyed and the list form."""
        raw = self.data.get("methods")
        out: dict = {}
        if isinstance(raw, dict):
            for k, v in raw.items():
                out.setdefault(k, (("methods", k), v))
        elif isinstance(raw, list):
            for i, v in enumerate(raw):
                if isinstance(v, dict) and isinstance(v.get("name"), str):
                    out.setdefault(v["name"], (("methods", i), v))
        return out
