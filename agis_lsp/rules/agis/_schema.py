"""The shipped normative AGIS JSON Schema and validators derived from it."""
from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib import resources

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: jsonschema costs ~90 ms to import
    from jsonschema import Draft202012Validator


@lru_cache(maxsize=1)
def agis_schema() -> dict:
    with resources.files("agis_lsp.schemas").joinpath("agis-1.0.schema.json").open("rb") as fh:
        return json.load(fh)


@lru_cache(maxsize=1)
def top_level_validator() -> Draft202012Validator:
    """The document skeleton: top-level fields, endpoints as a list or mapping."""
    s = copy.deepcopy(agis_schema())
    s["properties"]["endpoints"] = {"type": ["array", "object"], "minItems": 1, "minProperties": 1}
    for name in ("vocabulary", "data_manifest"):
        s["properties"][name] = {"type": "object"}
    from jsonschema import Draft202012Validator
    return Draft202012Validator(s)


@lru_cache(maxsize=2)
def endpoint_validator(keyed: bool) -> Draft202012Validator:
    """Pass 1's share of an endpoint: it is a mapping with a method and a path."""
    defs = agis_schema()["$defs"]
    props = dict(defs["endpoint"]["properties"])
    s = {"type": "object"}
    if not keyed:
        s.update(required=["method", "path"], properties=props)
    from jsonschema import Draft202012Validator
    return Draft202012Validator(s)


@lru_cache(maxsize=1)
def vocabulary_skeleton() -> Draft202012Validator:
    v = agis_schema()["$defs"]["vocabulary"]
    from jsonschema import Draft202012Validator
    return Draft202012Validator({"type": "object", "required": v["required"],
                                 "properties": {"declared_verbs": {"type": "array"}}})


def field_doc(*names: str) -> str | None:
    """Description of a schema property for hovers/completions (top-level or $defs)."""
    s = agis_schema()
    node = s
    for name in names:
        props = node.get("properties", {})
        if name in props:
            node = props[name]
        elif name in s["$defs"]:
            node = s["$defs"][name]
        else:
            return None
        if "$ref" in node:
            node = s["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node.get("description")
