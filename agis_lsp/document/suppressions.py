"""The suppression-comment grammar: ``# agis-lint: disable=CODE[,CODE]``.

* at the end of a line with content: that line;
* on a line of its own (or ``disable-next-line``): the next line that has content;
* ``# agis-lint: disable-file=CODE``: the whole file.
``disable`` without ``=CODES`` suppresses every rule on that line. JSON has no comments.
The engine (``engine.suppress``) decides which diagnostics a suppression drops.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_PATTERN = re.compile(r"(?:^|\s)#\s*agis-lint:\s*(disable-file|disable-next-line|disable)"
                      r"(?:\s*=\s*([A-Za-z0-9_,\s-]+?))?\s*$")


@dataclass
class Suppression:
    line: int              # 0-based line the comment is on
    target: int | None     # line suppressed; None = whole file
    codes: tuple           # empty = all codes
    start: int             # offsets of the comment (for the unused-suppression finding)
    end: int
    used: set = field(default_factory=set)


def find_suppressions(text: str, syntax: str) -> list[Suppression]:
    if syntax == "json" or "agis-lint:" not in text:
        return []
    out: list[Suppression] = []
    lines = text.split("\n")
    offset = 0
    pending: list[Suppression] = []
    for number, line in enumerate(lines):
        stripped = line.strip()
        m = _PATTERN.search(line) if "agis-lint:" in line else None
        if m:
            codes = tuple(c.strip().upper() for c in (m.group(2) or "").replace(" ", ",").split(",")
                          if c.strip())
            kind = m.group(1)
            hash_at = line.index("#", m.start())
            start, end = offset + hash_at, offset + len(line.rstrip())
            own_line = stripped.startswith("#")
            if kind == "disable-file":
                out.append(Suppression(number, None, codes, start, end))
            elif kind == "disable-next-line" or own_line:
                pending.append(Suppression(number, -1, codes, start, end))
            else:
                out.append(Suppression(number, number, codes, start, end))
        elif stripped and not stripped.startswith("#") and pending:
            for s in pending:
                s.target = number
                out.append(s)
            pending = []
        offset += len(line) + 1
    return out
