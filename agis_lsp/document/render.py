"""Rendering values as YAML or JSON text for edits."""
from __future__ import annotations

import json
import re
from typing import Any

from .numbers import HugeInt
from .scalars import resolve_plain

_PLAIN_OK = re.compile(r"^[A-Za-z0-9_/(][A-Za-z0-9_ ./{}()\-,'+]*$")


def yaml_scalar(value: Any, quote: str = "") -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, HugeInt):
        return value.text
    if isinstance(value, (int, float)):
        return json.dumps(value)
    text = str(value)
    if quote == "'" and "\n" not in text:
        return "'" + text.replace("'", "''") + "'"
    if quote != '"' and _PLAIN_OK.match(text) and not text.endswith(" ") \
            and resolve_plain(text) == text and ", " not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_scalar(k)}: {yaml_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_flow(v) for v in value) + "]"
    return yaml_scalar(value)


def _is_small(value: Any) -> bool:
    """Scalars and short lists of scalars render in flow style."""
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value) and len(yaml_flow(value)) <= 60
    if isinstance(value, dict):
        return not value
    return True


def yaml_block(value: Any, indent: int) -> list[str]:
    """Block-style lines for a container, each prefixed with ``indent`` spaces."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            key = yaml_scalar(str(k))
            if _is_small(v):
                lines.append(f"{pad}{key}: {yaml_flow(v)}")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(yaml_block(v, indent + 2))
    elif isinstance(value, list):
        for v in value:
            if _is_small(v):
                lines.append(f"{pad}- {yaml_flow(v)}")
            else:
                sub = yaml_block(v, indent + 2)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines.extend(sub[1:])
    else:
        lines.append(pad + yaml_scalar(value))
    return lines


def json_value(value: Any, indent: int, step: int = 2) -> str:
    """JSON text whose continuation lines are indented to ``indent``."""
    huge: list[str] = []
    value = _mark_huge(value, huge)
    if not isinstance(value, (dict, list)) or not value:
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = json.dumps(value, indent=step, ensure_ascii=False).replace("\n", "\n" + " " * indent)
    for i, digits in enumerate(huge):   # an integer literal too long for int(), as written
        text = text.replace(json.dumps(f"\x00HugeInt{i}\x00"), digits)
    return text


def _mark_huge(value: Any, out: list) -> Any:
    """``value`` with each HugeInt replaced by a marker string (json.dumps would write Infinity)."""
    if isinstance(value, HugeInt):
        out.append(value.text)
        return f"\x00HugeInt{len(out) - 1}\x00"
    if isinstance(value, dict):
        return {k: _mark_huge(v, out) for k, v in value.items()}
    if isinstance(value, list):
        return [_mark_huge(v, out) for v in value]
    return value
