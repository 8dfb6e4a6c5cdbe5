"""Small helpers shared by the agent-interface formats (schemas as data, safe access)."""
from __future__ import annotations

from typing import Any


def as_dict(v) -> dict:
    return v if isinstance(v, dict) else {}


def as_list(v) -> list:
    return v if isinstance(v, list) else []


def items(container: list, base: tuple):
    """(index, path, mapping) for the mapping items of a list."""
    for i, item in enumerate(as_list(container)):
        if isinstance(item, dict):
            yield i, base + (i,), item


# -- JSON Schema builders (the schemas drive hover, completion and the shape rules) ----------
def string(doc: str, **kw) -> dict:
    return {"type": "string", "description": doc, **kw}


def integer(doc: str, **kw) -> dict:
    return {"type": "integer", "description": doc, **kw}


def number(doc: str, **kw) -> dict:
    return {"type": "number", "description": doc, **kw}


def boolean(doc: str, **kw) -> dict:
    return {"type": "boolean", "description": doc, **kw}


def enum(values, doc: str, **kw) -> dict:
    return {"type": "string", "enum": list(values), "description": doc, **kw}


def array(item: dict, doc: str, **kw) -> dict:
    return {"type": "array", "items": item, "description": doc, **kw}


def obj(props: dict, doc: str, required=(), **kw) -> dict:
    out: dict[str, Any] = {"type": "object", "description": doc, "properties": props}
    if required:
        out["required"] = list(required)
    out.update(kw)
    return out


def any_value(doc: str) -> dict:
    return {"description": doc}
