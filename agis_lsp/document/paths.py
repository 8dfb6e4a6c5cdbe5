"""Document paths: how rules name places without knowing syntax.

A path is a tuple of keys (str) and indexes (int): ``("endpoints", 3, "semantic",
"intent")``, rendered ``endpoints[3].semantic.intent``.
"""
from __future__ import annotations

import re

Path = tuple  # tuple[str | int, ...]

_SIMPLE_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


def format_path(path: Path) -> str:
    out = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _SIMPLE_KEY.match(part):
            out.append(("." if out else "") + part)
        else:
            out.append("[" + repr(part) + "]")
    return "".join(out) or "<root>"
