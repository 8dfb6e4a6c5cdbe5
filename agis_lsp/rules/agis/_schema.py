"""The shipped normative AGIS JSON Schema and validators derived from it."""
from __future__ import annotations

import copy
from functools import lru_cache

from typing import TYPE_CHECKING

from ...formats.agis_schema import agis_schema

if TYPE_CHECKING:  # imported where used: jsonschema costs ~90 ms to import
    from jsonschema import Draft202012Validator


@lru_cache(maxsize=1)
def top_level_schema() -> dict:
    """The document skeleton: top-level fields, endpoints as a list or mapping."""
    s = copy.deepcopy(agis_schema())
    s["properties"]["endpoints"] = {"type": ["array", "object"], "minItems": 1, "minProperties": 1}
    for name in ("vocabulary", "data_manifest"):
        s["properties"][name] = {"type": "object"}
    return s


@lru_cache(maxsize=2)
def endpoint_schema(keyed: bool) -> dict:
    """Pass 1's share of an endpoint: it is a mapping with a method and a path."""
    defs = agis_schema()["$defs"]
    props = dict(defs["endpoint"]["properties"])
    s = {"type": "object"}
    if not keyed:
        s.update(required=["method", "path"], properties=props)
    return s


@lru_cache(maxsize=1)
def vocabulary_schema() -> dict:
    v = agis_schema()["$defs"]["vocabulary"]
    return {"type": "object", "required": v["required"],
            "properties": {"declared_verbs": {"type": "array"}}}


@lru_cache(maxsize=1)
def top_level_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    return Draft202012Validator(top_level_schema())


@lru_cache(maxsize=2)
def endpoint_validator(keyed: bool) -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    return Draft202012Validator(endpoint_schema(keyed))


@lru_cache(maxsize=1)
def vocabulary_skeleton() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    return Draft202012Validator(vocabulary_schema())


# -- a quick yes for valid documents -------------------------------------------------------------
# Most documents linted are valid, and jsonschema (with the optional format libraries it pulls
# in, idna among them) is a third of a one-file run's start-up. ``quick_valid`` answers True only
# when the data is valid against a schema built from the keywords below, False when it is not,
# None when the schema uses any other keyword; only False and None go to jsonschema, which then
# words the errors. tests/rules/test_pass1_quick.py checks it agrees with jsonschema.
_IGNORED = frozenset({"description", "title", "$schema", "$id", "examples", "default", "$comment", "$defs"})
_TYPES = {"string": lambda v: isinstance(v, str),
          "object": lambda v: isinstance(v, dict),
          "array": lambda v: isinstance(v, list),
          "boolean": lambda v: isinstance(v, bool),
          "null": lambda v: v is None,
          "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
          "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
          or (isinstance(v, float) and v.is_integer())}


def quick_valid(schema, data, root: dict | None = None, depth: int = 0) -> bool | None:
    root = schema if root is None else root
    if schema is True or schema == {}:
        return True
    if schema is False or not isinstance(schema, dict) or depth > 64:
        return None
    verdict = True
    for key, value in schema.items():
        if key in _IGNORED or key in ("properties", "additionalProperties", "minimum", "maximum"):
            continue
        ok = _keyword(key, value, schema, data, root, depth)
        if ok is None:
            return None
        verdict = verdict and ok
    if isinstance(data, dict) and ("properties" in schema or "additionalProperties" in schema):
        ok = _properties(schema, data, root, depth)
        if ok is None:
            return None
        verdict = verdict and ok
    if _is_number(data) and ("minimum" in schema or "maximum" in schema):
        verdict = verdict and schema.get("minimum", data) <= data <= schema.get("maximum", data)
    return verdict


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _keyword(key, value, schema, data, root, depth) -> bool | None:  # noqa: C901 - one branch a keyword
    if key == "type":
        names = value if isinstance(value, list) else [value]
        if any(n not in _TYPES for n in names):
            return None
        return any(_TYPES[n](data) for n in names)
    if key == "const":
        return data == value and type(data) is type(value)
    if key == "enum":
        return any(data == v and type(data) is type(v) for v in value)
    if key == "required":
        return not isinstance(data, dict) or all(k in data for k in value)
    if key in ("minLength", "pattern"):
        if not isinstance(data, str):
            return True
        if key == "minLength":
            return len(data) >= value
        import re
        return re.search(value, data) is not None
    if key in ("minItems", "items"):
        if not isinstance(data, list):
            return True
        if key == "minItems":
            return len(data) >= value
        return _all(quick_valid(value, item, root, depth + 1) for item in data)
    if key == "minProperties":
        return not isinstance(data, dict) or len(data) >= value
    if key in ("anyOf", "allOf"):
        verdicts = [quick_valid(sub, data, root, depth + 1) for sub in value]
        if None in verdicts:
            return None
        return any(verdicts) if key == "anyOf" else all(verdicts)
    if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
        target = root.get("$defs", {}).get(value[len("#/$defs/"):])
        return quick_valid(target, data, root, depth + 1) if target is not None else None
    return None


def _properties(schema, data: dict, root, depth) -> bool | None:
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    verdicts = []
    for k, v in data.items():
        sub = props.get(k, extra)
        verdicts.append(True if sub is True else False if sub is False else
                        quick_valid(sub, v, root, depth + 1))
    return _all(verdicts)


def _all(verdicts) -> bool | None:
    out = True
    for v in verdicts:
        if v is None:
            return None
        out = out and v
    return out


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
