"""Comments (YAML and TOML ``#``) inside text a fix rewrites or removes, carried over.

A removal keeps each comment of the removed lines as a comment line in their place
(``destructiveHint: true  # reviewed`` leaves ``# reviewed``).

A rewrite renders the new value from data, which has no comments. Each comment of the old
text is tied to the first word of the line it trails (``- party_size (integer)  # seats``
-> ``party_size``) or, on a line of its own, to the first word of the next line with content
(a comment after the last line trails the block). In the rendered lines it goes to the first
line that holds that word (``party_size: {type: integer}``), trailing it or on its own line
above it; a comment whose word the rewrite no longer holds goes above the first line. So no
comment is lost, and most stay beside what they describe.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .tree import Document

_WORD = re.compile(r"[A-Za-z0-9_][\w.$-]*")


@dataclass(frozen=True)
class Comment:
    start: int          # offset of '#'
    text: str           # '#' through the end of its line (no line break)
    trailing: bool      # after content on its line
    word: str | None    # the word it is tied to (None: the rewrite's first line)


def _scalar_spans(doc: Document, obj) -> list:
    """Spans of the keys and scalar values inside ``obj`` (a '#' in them is no comment); those
    of the whole document are computed once per text."""
    if obj is doc.data:
        cached = doc.__dict__.get("_scalar_spans")
        if cached is None or cached[0] is not doc.text:
            cached = (doc.text, _spans(doc, obj))
            doc.__dict__["_scalar_spans"] = cached
        return cached[1]
    return _spans(doc, obj)


def _spans(doc: Document, obj) -> list:
    spans, stack, seen = [], [obj], set()
    while stack:
        cur = stack.pop()
        if not isinstance(cur, (dict, list)) or id(cur) in seen:
            continue
        seen.add(id(cur))
        info = doc.container(cur)
        if info is None:
            continue
        items = cur.items() if isinstance(cur, dict) else enumerate(cur)
        for k, v in items:
            e = info.entries.get(k)
            if e is None:
                continue
            if isinstance(cur, dict):
                spans.append((e.key_start, e.key_end))
            if isinstance(v, (dict, list)):
                stack.append(v)
            else:
                spans.append((e.value_start, e.value_end))
    return sorted(spans)


def _first_word(line: str) -> str | None:
    m = _WORD.search(line.lstrip(" \t-?\"'[{"))
    return m.group(0) if m else None


def comments_in(doc: Document, start: int, end: int, obj) -> list[Comment]:
    """The comments of ``doc.text[start:end]``, the text of the YAML value ``obj``."""
    text = doc.text
    if text.find("#", start, end) == -1:
        return []
    masked = _scalar_spans(doc, obj)
    out, i = [], start
    m = bisect.bisect_left(masked, (start, -1)) - 1 if masked else 0
    m = max(m, 0)
    while True:
        i = text.find("#", i, end)
        if i == -1:
            break
        while m < len(masked) and masked[m][1] <= i:
            m += 1
        inside = m < len(masked) and masked[m][0] <= i < masked[m][1]
        if inside or (i > 0 and text[i - 1] not in " \t\n"):
            i += 1
            continue
        line_start = text.rfind("\n", 0, i) + 1
        line_end = text.find("\n", i)
        line_end = len(text) if line_end == -1 else line_end
        before = text[max(line_start, start):i]
        body = text[i:line_end].rstrip("\r")
        if before.strip():
            out.append(Comment(i, body, True, _first_word(before)))
        else:
            out.append(Comment(i, body, False, _next_word(text, line_end, end)))
        i = line_end
    return out


def word_before(text: str, i: int) -> str | None:
    """The first word of the line ``i`` is on (up to ``i``)."""
    return _first_word(text[text.rfind("\n", 0, i) + 1:i])


def _next_word(text: str, i: int, end: int) -> str | None:
    """The first word of the next line with content before ``end`` (None: none follows)."""
    while i < end:
        j = text.find("\n", i + 1)
        j = end if j == -1 or j > end else j
        line = text[i + 1:j].strip()
        if line and not line.startswith("#"):
            return _first_word(line)
        i = j
    return None


def place(comments: list[Comment], lines: list[str]) -> list[str]:
    """``lines`` (a rendered block, each with its indentation) with ``comments`` placed."""
    if not comments or not lines:
        return lines
    above: dict = {}
    after: dict = {}
    below: list = []
    for c in comments:
        at = _line_of(c.word, lines)
        if at is None and c.word is None and not c.trailing:
            below.append(c.text)                 # after the old block's last line
        elif at is not None and c.trailing:
            after.setdefault(at, []).append(c.text)
        else:
            above.setdefault(at or 0, []).append(c.text)
    out = []
    for n, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip(" "))]
        out += [indent + t for t in above.get(n, ())]
        out.append(line + "".join("  " + t for t in after.get(n, ())))
    first = lines[0][:len(lines[0]) - len(lines[0].lstrip(" "))]
    return out + [first + t for t in below]


def _line_of(word: str | None, lines: list[str]) -> int | None:
    if not word:
        return None
    pattern = re.compile(r"(?<![\w.$-])" + re.escape(word) + r"(?![\w.$-])")
    return next((n for n, line in enumerate(lines) if pattern.search(line)), None)


_NODE_PROPERTY = re.compile(r"(?:^|(?<=[\s\[{,:]))[&*][^\s,\[\]{}]+")


def has_anchor_or_alias(doc: Document, start: int, end: int, obj) -> bool:
    """Does ``doc.text[start:end]`` (the YAML value ``obj``) define an anchor or use an alias?
    A rewrite from data would expand an alias in place and drop an anchor others use."""
    if doc.plain_tree:
        return False
    text = doc.text
    masked = _scalar_spans(doc, obj)
    for m in _NODE_PROPERTY.finditer(text, start, end):
        # a scalar's span starts at its anchor or is its alias: '&' or '*' there is one
        if not any(s < m.start() < e for s, e in masked):
            return True
    return False


def keep_removed(doc: Document, edits: list) -> list:
    """``edits`` (start, end, new text) where each comment in a replaced span that no new text
    of the edits carries is kept as a comment line above what remains of the span's first line."""
    out = []
    text = doc.text
    written = "".join(t for _, _, t in edits)     # a comment another edit of the op carries
    for s, e, t in edits:
        lost = [c for c in comments_in(doc, s, e, doc.data) if c.text not in written] if e > s else []
        if not lost:
            out.append((s, e, t))
            continue
        line = text.rfind("\n", 0, s) + 1
        first = text[line:]
        indent = first[:len(first) - len(first.lstrip(" \t"))]
        kept = "".join(f"{indent}{c.text}\n" for c in lost)
        if text[line:s].strip():                # part of a line goes: the comments go above it
            out += [(line, line, kept), (s, e, t)]
        elif not t and (e == len(text) or text[e - 1] == "\n"):   # whole lines go
            out.append((line, e, kept))
        else:
            out.append((line, e, kept + text[line:s] + t))
    return out
