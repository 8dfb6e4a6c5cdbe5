"""YAML 1.2 core-schema scalar resolution.

AGIS section 9 requires YAML and JSON to yield identical documents, so plain YAML
scalars resolve by the YAML 1.2 core schema (the JSON-compatible one): ``yes``,
``on`` and ``no`` stay strings, unlike YAML 1.1.
"""
from __future__ import annotations

import re
from typing import Any

from .numbers import read_int

_INT = re.compile(r"[-+]?[0-9]+$")
_OCT = re.compile(r"0o[0-7]+$")
_HEX = re.compile(r"0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)$")
_NAN = re.compile(r"\.(nan|NaN|NAN)$")
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_TRUE = frozenset(("true", "True", "TRUE"))
_FALSE = frozenset(("false", "False", "FALSE"))

_TAG = "tag:yaml.org,2002:"


def resolve_plain(value: str) -> Any:
    if value in _NULLS:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    first = value[0]
    if first.isdigit() or first in "-+.":
        if _INT.match(value):
            return read_int(value)
        if _OCT.match(value):
            return int(value[2:], 8)
        if _HEX.match(value):
            return int(value[2:], 16)
        if _FLOAT.match(value):
            return float(value)
        if _INF.match(value):
            return float("-inf") if first == "-" else float("inf")
        if _NAN.match(value):
            return float("nan")
    return value


def resolve_scalar(value: str, tag: str | None, plain: bool) -> Any:
    """Resolve a scalar event. Explicit core tags are honoured; others keep the text."""
    if tag and tag.startswith(_TAG):
        kind = tag[len(_TAG):]
        if kind == "str":
            return value
        resolved = resolve_plain(value)
        if kind == "int" and isinstance(resolved, int) and not isinstance(resolved, bool):
            return resolved
        if kind == "float" and isinstance(resolved, (int, float)) and not isinstance(resolved, bool):
            return _as_float(resolved)
        if kind == "bool" and isinstance(resolved, bool):
            return resolved
        if kind == "null" and resolved is None:
            return None
        return value
    if plain and tag is None:
        return resolve_plain(value)
    return value


def _as_float(number) -> float:
    """``!!float`` of an integer: past the float range it is the infinity of its sign (what
    ``float("1e400")`` gives), never OverflowError."""
    try:
        return float(number)
    except OverflowError:
        return float("-inf") if number < 0 else float("inf")
