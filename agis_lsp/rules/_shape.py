"""Check a document against the JSON Schema its format keeps in ``formats/`` (the same
schema that drives hover and completion). Used by the structure rules of the
agent-interface formats; each format reports under its own codes.

Only what those schemas use: ``type``, ``required``, ``properties``, ``items``,
``enum`` and ``anyOf`` (the branch whose required keys are present best wins).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import _text as text

_PY = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
       "object": (dict,), "array": (list,)}


@dataclass(frozen=True)
class Problem:
    kind: str            # "missing" | "type" | "enum"
    path: tuple          # the parent mapping for "missing", else the value
    key: str | None
    expected: str
    node: dict           # the schema node (for its description)


def type_name(v) -> str:
    return text.type_name(v, "json-schema")


def _matches_type(value, t: str) -> bool:
    cls = type(value)
    if cls is bool:
        return t == "boolean"
    return isinstance(value, _PY.get(t, (object,)))


def _pick(branches: list, value) -> dict:
    """The anyOf branch that fits ``value`` best (type first, then required keys present)."""
    def score(b):
        t = b.get("type")
        ok = 1 if t is None or _matches_type(value, t) else 0
        req = b.get("required", ())
        present = sum(1 for k in req if isinstance(value, dict) and k in value)
        props = sum(1 for k in (value if isinstance(value, dict) else ()) if k in b.get("properties", {}))
        return (ok, present, props)
    return max(branches, key=score)


def check(value, schema: dict, path: tuple = ()) -> list[Problem]:
    out: list[Problem] = []
    stack = [(value, schema, path)]
    while stack:
        v, s, p = stack.pop()
        if "anyOf" in s:
            stack.append((v, _pick(s["anyOf"], v), p))
            continue
        t = s.get("type")
        if t is not None and not _matches_type(v, t):
            out.append(Problem("type", p, None, t, s))
            continue
        if "enum" in s and v not in s["enum"]:
            out.append(Problem("enum", p, None, " | ".join(map(str, s["enum"])), s))
            continue
        if isinstance(v, dict):
            for key in s.get("required", ()):
                if key not in v:
                    out.append(Problem("missing", p, key, "", s.get("properties", {}).get(key, {})))
            props = s.get("properties", {})
            extra = s.get("additionalProperties")
            for key, sub in v.items():
                node = props.get(key, extra if isinstance(extra, dict) else None)
                if node is not None:
                    stack.append((sub, node, p + (key,)))
        elif isinstance(v, list) and isinstance(s.get("items"), dict):
            for i in range(len(v) - 1, -1, -1):
                stack.append((v[i], s["items"], p + (i,)))
    return out


_ARTICLE = {"string": "a string", "integer": "an integer", "number": "a number",
            "boolean": "a boolean", "object": "a mapping", "array": "a list"}


def describe_expected(t: str) -> str:
    return _ARTICLE.get(t, t)
