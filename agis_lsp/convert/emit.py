"""Deterministic writers: the same data gives the same bytes (YAML, JSON, TOML)."""
from __future__ import annotations

import json
import math
import re

from ..document.toml_edits import toml_key, toml_string



def to_yaml(data, header: str = "") -> str:
    """Block-style YAML; strings that could read as anything else are JSON-quoted
    (a JSON string is a YAML 1.2 double-quoted scalar). Several times faster
    than PyYAML's representer on large documents."""
    lines: list[str] = []
    _y_node(data, 0, lines)
    return header + "\n".join(lines) + "\n"


_PLAIN = re.compile(r"^[A-Za-z_/$][A-Za-z0-9 _./${}()'@+,-]*$")
_RESERVED = frozenset("""true false yes no on off null y n ~ True False Yes No On Off Null TRUE FALSE
YES NO ON OFF NULL Y N""".split())


def _y_str(s: str) -> str:
    if (_PLAIN.fullmatch(s) and s not in _RESERVED and not s.endswith((" ", ":")) and ": " not in s
            and " #" not in s and not s.startswith(("{", "- "))):
        return s
    return _quote(s)


_UNSAFE = re.compile("[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def _quote(s: str) -> str:
    """A double-quoted scalar; characters YAML does not print (or reads as line breaks) escaped."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) < 0x10000
                       else m.group(), json.dumps(s, ensure_ascii=False))


def _y_scalar(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return ".nan"
        if math.isinf(v):
            return ".inf" if v > 0 else "-.inf"
        return repr(v)
    return _y_str(str(v))


def _y_node(v, indent: int, lines: list) -> None:
    pad = " " * indent
    if isinstance(v, dict) and v:
        for k, x in v.items():
            _y_entry(pad + _y_str(str(k)) + ":", x, indent, lines)
    elif isinstance(v, list) and v:
        for x in v:
            if isinstance(x, dict) and x:
                start = len(lines)
                _y_node(x, indent + 2, lines)
                lines[start] = pad + "- " + lines[start][indent + 2:]
            elif isinstance(x, list) and x:
                lines.append(pad + "-")
                _y_node(x, indent + 2, lines)
            else:
                lines.append(pad + "- " + _y_empty_or_scalar(x))
    else:
        lines.append(pad + _y_empty_or_scalar(v))


def _y_entry(head: str, x, indent: int, lines: list) -> None:
    if isinstance(x, dict) and x:
        lines.append(head)
        _y_node(x, indent + 2, lines)
    elif isinstance(x, list) and x:
        lines.append(head)
        _y_node(x, indent, lines)
    else:
        lines.append(head + " " + _y_empty_or_scalar(x))


def _y_empty_or_scalar(v) -> str:
    if isinstance(v, dict):
        return "{}"
    if isinstance(v, list):
        return "[]"
    return _y_scalar(v)


def to_json(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# -- TOML -------------------------------------------------------------------------------
def _inline(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        items = [f"{toml_key(k)} = {_inline(x)}" for k, x in v.items() if x is not None]
        return "{ " + ", ".join(items) + " }" if items else "{}"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _is_table_array(v) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def to_toml(data: dict, header: str = "") -> str:
    lines: list[str] = [header.rstrip("\n")] if header else []
    _table(data, (), lines)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(data: dict, prefix: tuple, lines: list[str]) -> None:
    scalars = [(k, v) for k, v in data.items()
               if v is not None and not isinstance(v, dict) and not _is_table_array(v)]
    for k, v in scalars:
        lines.append(f"{toml_key(k)} = {_inline(v)}")
    for k, v in data.items():
        if isinstance(v, dict):
            name = ".".join(toml_key(p) for p in prefix + (k,))
            if _all_scalar_leafy(v) or any(not isinstance(x, dict) for x in v.values()) or not v:
                lines.append("")
                lines.append(f"[{name}]")
            _table(v, prefix + (k,), lines)
        elif _is_table_array(v):
            name = ".".join(toml_key(p) for p in prefix + (k,))
            for item in v:
                lines.append("")
                lines.append(f"[[{name}]]")
                _table(item, prefix + (k,), lines)


def _all_scalar_leafy(v: dict) -> bool:
    return all(not isinstance(x, dict) for x in v.values())
