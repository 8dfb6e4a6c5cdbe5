"""Source spans of pieces of a string value.

A rule that found something *inside* a string (a phrase in a description) names
the string by path and the piece by offsets into the decoded value. Only this
layer knows how the value is written: quotes, escapes, folded lines, block
indentation. When the source text between the quotes is the value itself, or
differs from it only in whitespace (YAML folding and block indentation), the
piece maps to its exact source span; otherwise (escapes such as ``\\u00e9`` or
``''``) the caller gets ``None`` and reports the whole value.
"""
from __future__ import annotations

from typing import Any

_QUOTES = {'"': 1, "'": 1, '"""': 3, "'''": 3}


def _body(text: str, value_start: int, value_end: int, style: str) -> tuple[int, int]:
    """The part of a scalar's source that holds its characters (no quotes, no block header)."""
    q = _QUOTES.get(style)
    if q:
        return value_start + q, max(value_start + q, value_end - q)
    if style in ("|", ">"):
        nl = text.find("\n", value_start, value_end)
        return (value_end, value_end) if nl == -1 else (nl + 1, value_end)
    return value_start, value_end


def _escaped(body: str, style: str) -> bool:
    if style in ('"', '"""'):
        return "\\" in body
    if style == "'":
        return "''" in body   # YAML's doubled quote (TOML literal strings have no escapes)
    return False


def value_subspan(doc: Any, path: tuple, start: int, end: int) -> tuple[int, int] | None:
    """Source span of ``value[start:end]`` for the string at ``path``, or None."""
    value = doc.get(path)
    entry = doc.entry(path)
    if not isinstance(value, str) or entry is None:
        return None
    return entry_subspan(doc.text, entry, value, start, end)


def entry_subspan(text: str, entry: Any, value: str, start: int, end: int) -> tuple[int, int] | None:
    """:func:`value_subspan` for an entry already at hand (``value``: the entry's string)."""
    if not 0 <= start <= end <= len(value):
        return None
    bs, be = _body(text, entry.value_start, entry.value_end, entry.style)
    body = text[bs:be]
    if body == value:
        return bs + start, bs + end
    if _escaped(body, entry.style):
        return None
    # Folded / indented: the same characters apart from whitespace.
    src = [i for i, c in enumerate(body) if not c.isspace()]
    val = [i for i, c in enumerate(value) if not c.isspace()]
    if len(src) != len(val) or any(body[i] != value[j] for i, j in zip(src, val)):
        return None
    first = next((k for k, j in enumerate(val) if j >= start), None)
    last = next((k for k in range(len(val) - 1, -1, -1) if val[k] < end), None)
    if first is None or last is None or last < first:
        return None
    return bs + src[first], bs + src[last] + 1


def scalar_body(text: str, entry: Any) -> tuple[int, int] | None:
    """Source span of a one-line scalar value's characters (no quotes), or None when the
    value is not a plain or quoted scalar or is written with escapes."""
    if entry.style not in _QUOTES and entry.style != "":
        return None
    start, end = _body(text, entry.value_start, entry.value_end, entry.style)
    body = text[start:end]
    if end <= start or _escaped(body, entry.style) or "\n" in body or "\r" in body:
        return None
    return start, end


def key_subspan(doc: Any, path: tuple) -> tuple[int, int] | None:
    """Source span of the characters of the mapping key at ``path`` (no quotes), or None
    when the key is written differently (escapes) or is not a string key."""
    entry = doc.entry(path) if path else None
    if entry is None or not isinstance(path[-1], str):
        return None
    start, end, text = entry.key_start, entry.key_end, doc.text
    if end - start >= 2 and text[start] in "\"'" and text[end - 1] == text[start]:
        start, end = start + 1, end - 1
    return (start, end) if text[start:end] == path[-1] else None
