"""Deterministic writers: the same data gives the same bytes (YAML, JSON, TOML)."""
from __future__ import annotations

import json
import math
import re

import yaml

try:  # pragma: no cover - the C extension ships in PyYAML wheels
    from yaml import CSafeDumper as _Dumper
except ImportError:  # pragma: no cover
    from yaml import SafeDumper as _Dumper


def to_yaml(data, header: str = "") -> str:
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, default_flow_style=False,
                     allow_unicode=True, width=100, indent=2)
    return header + body


def to_json(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# -- TOML -------------------------------------------------------------------------------
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else _str(k)


def _str(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


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
        return _str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        items = [f"{_key(str(k))} = {_inline(x)}" for k, x in v.items() if x is not None]
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
        lines.append(f"{_key(str(k))} = {_inline(v)}")
    for k, v in data.items():
        if isinstance(v, dict):
            name = ".".join(_key(str(p)) for p in prefix + (k,))
            if _all_scalar_leafy(v) or any(not isinstance(x, dict) for x in v.values()) or not v:
                lines.append("")
                lines.append(f"[{name}]")
            _table(v, prefix + (k,), lines)
        elif _is_table_array(v):
            name = ".".join(_key(str(p)) for p in prefix + (k,))
            for item in v:
                lines.append("")
                lines.append(f"[[{name}]]")
                _table(item, prefix + (k,), lines)


def _all_scalar_leafy(v: dict) -> bool:
    return all(not isinstance(x, dict) for x in v.values())
