"""The suppression-comment grammar: ``# agis-lint: disable=CODE[,CODE]``.

* at the end of a line with content: that line;
* on a line of its own (or ``disable-next-line``): the next line that has content;
* ``# agis-lint: disable-file=CODE``: the whole file.
``disable`` without ``=CODES`` suppresses every rule on that line. JSON has no comments.
The engine (``engine.suppress``) decides which diagnostics a suppression drops; the
code actions write suppressions with :func:`disable_on_line` and :func:`disable_in_file`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .ops import TextEdit

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


# A file-level declaration beside the suppressions: the names this document gives its parameters
# are the wire names of an existing API (``agis-lint convert`` writes it on what it imports).
_WIRE_NAMES = re.compile(r"(?m)^[ \t]*#[ \t]*agis-lint:[ \t]*wire-names[ \t]*$")
WIRE_NAMES_COMMENT = "# agis-lint: wire-names"


def declares_wire_names(text: str, syntax: str) -> bool:
    """Does the document say (``# agis-lint: wire-names`` on a line of its own) that its
    parameter names are an existing API's and cannot change without breaking it?"""
    return syntax != "json" and "wire-names" in text and _WIRE_NAMES.search(text) is not None


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


# -- writing suppressions (the code actions "Disable CODE on this line / for this file") -------
_DISABLE_COMMENT = re.compile(r"#\s*agis-lint:\s*disable\s*=\s*([A-Za-z0-9_,\s-]+?)\s*$")
_DISABLE_ALL = re.compile(r"#\s*agis-lint:\s*disable\s*$")


def disable_on_line(line_text: str, line_start: int, code: str) -> TextEdit | None:
    """The edit that suppresses ``code`` on a line: an end-of-line ``# agis-lint: disable=CODE``,
    or CODE added to the one already there.

    None when the line holds no content of its own (a comment line or a blank one: a comment
    there would apply to the next line instead) or already suppresses ``code``.
    """
    stripped = line_text.strip()
    if not stripped or stripped.startswith("#") or _DISABLE_ALL.search(line_text):
        return None
    m = _DISABLE_COMMENT.search(line_text)
    if m:
        codes = [c.strip().upper() for c in re.split(r"[,\s]+", m.group(1)) if c.strip()]
        if code in codes:
            return None
        return TextEdit(line_start + m.end(1), line_start + m.end(1), f",{code}")
    content_end = line_start + len(line_text.rstrip())
    return TextEdit(content_end, line_start + len(line_text), f"  # agis-lint: disable={code}")


def disable_in_file(code: str) -> TextEdit:
    """The edit that suppresses ``code`` in the whole file (a first-line comment)."""
    return TextEdit(0, 0, f"# agis-lint: disable-file={code}\n")
