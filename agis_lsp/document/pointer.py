"""Walking a JSON pointer's parts through document data of any JSON type.

The one walker every `$ref` follower uses (the rules' resolver, go-to-definition, the
converters): a step goes into a mapping by key or into a list by a canonical index
(``0`` or ``[1-9][0-9]*``, RFC 6901 section 4), and stops at anything else: a scalar,
a missing key, an index out of range, ``-``, ``01``, ``²`` or an index of 5,000 digits
(which ``int()`` refuses past Python's int-string limit).
"""
from __future__ import annotations

import re
from typing import Any

_INDEX = re.compile(r"(?:0|[1-9][0-9]{0,17})\Z")   # ASCII digits, at most 18 (any list is shorter)


def list_index(part, length: int) -> int | None:
    """``part`` as an index into a list of ``length`` items, or None."""
    if isinstance(part, int) and not isinstance(part, bool):
        return part if 0 <= part < length else None
    if isinstance(part, str) and _INDEX.match(part):
        i = int(part)
        return i if i < length else None
    return None


def walk(root: Any, parts) -> tuple[Any, bool, list]:
    """(value, whether every part resolved, the resolved path: keys and int indexes)."""
    cur, done = root, []
    for part in parts:
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
            done.append(part)
            continue
        if isinstance(cur, list):
            i = list_index(part, len(cur))
            if i is not None:
                cur = cur[i]
                done.append(i)
                continue
        return cur, False, done
    return cur, True, done
