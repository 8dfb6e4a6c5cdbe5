"""The view over an AGTP-API endpoint (section 6), in an endpoint TOML file or a manifest.

It hides the ways one fact can be written:

* an endpoint's fields at the top level of its file or inside ``[endpoint]``;
* its inputs as a JSON Schema (``input_schema``, the draft's section 6.1) or as
  the reference server's ``[[endpoint.input.required]]`` /
  ``[[endpoint.input.optional]]`` lists, its outputs as ``output_schema`` or
  ``[[endpoint.output]]``;
* its errors as ``errors = [...]`` or ``[endpoint.errors] list = [...]``.

Rules read the view and name places by document path; every property a rule
may report on has a ``*_path`` companion.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...document import Document
from ...document.ops import SetValue
from .._common import as_dict, as_list


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
        schema = as_dict(self.body.get(key))
        props = as_dict(schema.get("properties"))
        req = {r for r in as_list(schema.get("required")) if isinstance(r, str)}
        return [Param(name, self.p(key, "properties", name), "key", as_dict(spec), name in req)
                for name, spec in props.items()]

    def _list_params(self, lst: Any, path: tuple, required: bool) -> list[Param]:
        out = []
        for i, item in enumerate(as_list(lst)):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                continue
            out.append(Param(item["name"], path + (i,), "value", field_schema(item), required))
        return out

    @cached_property
    def inputs(self) -> list[Param]:
        out = self._schema_params("input_schema")
        block = as_dict(self.body.get("input"))
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
