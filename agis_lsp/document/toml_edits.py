"""Fix operations -> minimal text edits for TOML documents.

The same path-based operations as YAML and JSON (``SetValue``, ``RenameKey``,
``Remove``, ``Append``, ``AddKey``), expressed on TOML's several ways of
writing one tree: key/value lines, dotted keys, ``[table]`` sections,
``[[array.of.tables]]`` items, inline tables and arrays. Edits touch only the
characters they must; comments and layout elsewhere are kept.
"""
from __future__ import annotations

import math
import re
from typing import Any

from .edits import EditError
from .numbers import HugeInt
from .ops import AddKey, Append, Remove, RenameKey, SetValue, TextEdit

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


# -- rendering -------------------------------------------------------------------
def toml_key(key: Any) -> str:
    key = str(key)
    return key if _BARE.match(key) else toml_string(key)


def toml_string(value: str, style: str = '"') -> str:
    if style in ("'", "'''") and "'" not in value and "\n" not in value and \
            not any(ord(c) < 32 and c != "\t" for c in value):
        return "'" + value + "'"
    out = []
    for ch in value:
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
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: Any, style: str = "") -> str:
    if value is None:
        raise EditError("TOML has no null value")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, HugeInt):
        return value.text
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value, style)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    return toml_string(str(value))


# -- helpers ---------------------------------------------------------------------
def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _line_end(text: str, offset: int) -> int:
    i = text.find("\n", offset)
    return len(text) if i == -1 else i


def _indent(text: str, offset: int) -> str:
    start = _line_start(text, offset)
    i = start
    while i < len(text) and text[i] in " \t":
        i += 1
    return text[start:i]


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """From the start of ``start``'s line through the newline ending ``end``'s line."""
    s = _line_start(text, start)
    e = _line_end(text, end)
    return s, min(e + 1, len(text))


def _alone_on_line(text: str, start: int, end: int) -> bool:
    before = text[_line_start(text, start):start]
    after = text[end:_line_end(text, end)]
    after = after.lstrip(" \t")
    if after.startswith(","):
        after = after[1:].lstrip(" \t")
    return before.strip() == "" and (after == "" or after.startswith("#"))


def _entry(doc, path):
    e = doc.entry(tuple(path))
    if e is None:
        raise EditError(f"nothing at {doc.describe(tuple(path))}")
    return e


def _sections_under(doc, path: tuple) -> list:
    n = len(path)
    return [s for s in doc.sections if s.path[:n] == path]


def _remove_sections(doc, path: tuple) -> list:
    secs = _sections_under(doc, path)
    if not secs:
        raise EditError(f"no table sections at {doc.describe(path)}")
    text = doc.text
    edits = []
    for sec in secs:
        end = max(sec.header_end, sec.last_line_end, sec.body_end)
        s, e = _whole_lines(text, sec.start, end)
        # swallow one blank line after the section so the file keeps its rhythm
        if text[e:e + 1] == "\n":
            e += 1
        elif text[e:e + 2] == "\r\n":
            e += 2
        edits.append((s, e, ""))
    return _merge(edits)


def _merge(edits: list) -> list:
    edits.sort()
    out: list = []
    for s, e, t in edits:
        if out and s <= out[-1][1]:
            ps, pe, pt = out[-1]
            out[-1] = (ps, max(pe, e), pt + t)
        else:
            out.append((s, e, t))
    return out


def _flow_remove(doc, info, key) -> list:
    keys = list(info.entries)
    idx = keys.index(key)
    e = info.entries[key]
    text = doc.text
    start = e.entry_start if e.entry_start >= 0 else e.key_start
    if _alone_on_line(text, start, e.value_end) and "\n" in text[info.start:info.end]:
        s, end = _whole_lines(text, start, e.value_end)
        return [(s, end, "")]
    if len(keys) == 1:
        return [(start, e.value_end, "")]
    if idx + 1 < len(keys):
        nxt = info.entries[keys[idx + 1]]
        return [(start, nxt.entry_start if nxt.entry_start >= 0 else nxt.key_start, "")]
    prev = info.entries[keys[idx - 1]]
    return [(prev.value_end, e.value_end, "")]


# -- operations ------------------------------------------------------------------
def render_toml_op(doc, op) -> list:
    handler = {SetValue: _set_value, RenameKey: _rename_key, Remove: _remove, Append: _append,
               AddKey: _add_key}.get(type(op))
    if handler is None:
        raise EditError(f"unsupported fix operation {type(op).__name__}")
    if not doc.parsed:
        raise EditError("the document does not parse")
    return [TextEdit(s, e, t) for s, e, t in handler(doc, op)]


def _set_value(doc, op):
    e = _entry(doc, op.path)
    if e.style in ("table", "aot", "implicit", "dotted"):
        raise EditError("replacing a whole TOML table is not supported")
    text = doc.text
    old = text[e.value_start:e.value_end]
    if isinstance(op.value, list) and e.style == "seq" and "\n" in old:
        # keep a multi-line array multi-line: one item per line, same indentation
        if "#" in old:
            raise EditError("the array has comments that a rewrite would lose")
        seq = doc.get(tuple(op.path))
        info = doc.container(seq)
        indent = _indent(text, e.key_start) + "  "
        for item in (info.entries.values() if info else ()):
            if text[_line_start(text, item.value_start):item.value_start].strip() == "":
                indent = _indent(text, item.value_start)
                break
        trailing = old.rstrip()[:-1].rstrip().endswith(",")
        items = [indent + toml_value(v) for v in op.value]
        body = ",\n".join(items) + ("," if trailing else "")
        return [(e.value_start, e.value_end, "[\n" + body + "\n" + _indent(text, e.key_start) + "]")]
    return [(e.value_start, e.value_end, toml_value(op.value, e.style))]


def _rename_key(doc, op):
    path = tuple(op.path)
    if not path or isinstance(path[-1], int):
        raise EditError("sequence items have no key")
    parent = doc.get(path[:-1])
    if not isinstance(parent, dict) or path[-1] not in parent:
        raise EditError(f"nothing at {doc.describe(path)}")
    if op.new_key in parent:
        raise EditError(f"key {op.new_key!r} already exists")
    spans = doc.key_occurrences.get((id(parent), path[-1]))
    if not spans:
        raise EditError("key position unknown")
    new = toml_key(op.new_key)
    return [(s, e, new) for s, e in sorted(set(spans))]


def _remove(doc, op):
    path = tuple(op.path)
    if not path:
        raise EditError("cannot remove the document")
    parent = doc.get(path[:-1])
    info = doc.container(parent)
    key = path[-1]
    if info is None or key not in info.entries:
        raise EditError(f"nothing at {doc.describe(path)}")
    e = info.entries[key]
    text = doc.text
    if info.flow:
        return _flow_remove(doc, info, key)
    if isinstance(parent, list):          # an item of an array of tables
        return _remove_sections(doc, path)
    if e.style in ("table", "aot", "implicit"):
        return _remove_sections(doc, path)
    if e.style == "dotted":
        table = parent[key]
        tinfo = doc.tables.get(id(table))
        if tinfo is None or not tinfo.lines:
            raise EditError("dotted table without lines")
        return _merge([(*_whole_lines(text, s, end), "") for s, end in tinfo.lines])
    start = e.entry_start if e.entry_start >= 0 else e.key_start
    s, end = _whole_lines(text, start, e.value_end)
    return [(s, end, "")]


def _append(doc, op):
    path = tuple(op.path)
    seq = doc.get(path)
    if not isinstance(seq, list):
        raise EditError(f"{doc.describe(path)} is not an array")
    info = doc.container(seq)
    if info is None:
        raise EditError("array without position")
    text = doc.text
    if info.flow:
        rendered = toml_value(op.value)
        if not seq:
            return [(info.start + 1, info.end - 1, rendered)]
        last = info.entries[len(seq) - 1]
        multiline = "\n" in text[info.start:last.value_start]
        after = last.value_end
        j = after
        while j < info.end and text[j] in " \t":
            j += 1
        has_comma = text[j:j + 1] == ","
        if multiline:
            indent = _indent(text, last.value_start)
            if has_comma:
                return [(j + 1, j + 1, f"\n{indent}{rendered},")]
            return [(after, after, f",\n{indent}{rendered}")]
        if has_comma:
            return [(j + 1, j + 1, f" {rendered},")]
        return [(after, after, f", {rendered}")]
    # an array of tables: a new [[header]] section after the last item
    if not isinstance(op.value, dict):
        raise EditError("only tables can be appended to an array of tables")
    if not seq:
        raise EditError("empty array of tables")
    first = _sections_under(doc, path + (0,))
    last = _sections_under(doc, path + (len(seq) - 1,))
    if not first or not last:
        raise EditError("array of tables without sections")
    header = text[first[0].start:first[0].header_end]
    end = max(max(s.header_end, s.last_line_end, s.body_end) for s in last)
    at = _line_end(text, end)
    body = "".join(f"\n{toml_key(k)} = {toml_value(v)}" for k, v in op.value.items())
    return [(at, at, f"\n\n{header}{body}")]


def _add_key(doc, op):
    path = tuple(op.path)
    mapping = doc.get(path)
    if not isinstance(mapping, dict):
        raise EditError(f"{doc.describe(path)} is not a table")
    if op.key in mapping:
        raise EditError(f"key {op.key!r} already exists")
    info = doc.container(mapping)
    tinfo = doc.tables.get(id(mapping))
    if info is None or tinfo is None:
        raise EditError("table without position")
    text = doc.text
    pair = f"{toml_key(op.key)} = {toml_value(op.value)}"
    if info.flow or tinfo.kind == "inline":
        if not mapping:
            return [(info.start + 1, info.end - 1, f" {pair} ")]
        last = list(info.entries.values())[-1]
        return [(last.value_end, last.value_end, f", {pair}")]
    if tinfo.kind == "dotted":
        prefix = ".".join(toml_key(k) for k in tinfo.prefix)
        s, e = tinfo.lines[-1]
        return [(e, e, f"\n{_indent(text, s)}{prefix}.{pair}")]
    if tinfo.lines:
        s, e = tinfo.lines[-1]
        return [(e, e, f"\n{_indent(text, s)}{pair}")]
    if tinfo.kind == "root":
        if doc.sections:
            first = _line_start(text, doc.sections[0].start)
            return [(first, first, f"{pair}\n\n")]
        if text.strip() == "":
            return [(0, len(text), pair + "\n")]
        at = len(text.rstrip("\n"))
        return [(at, at, "\n" + pair)]
    if tinfo.kind in ("header", "aot-item") and tinfo.section is not None:
        sec = doc.sections[tinfo.section]
        at = sec.header_end
        # keep a trailing comment on the header line above the new key
        at = _line_end(text, at)
        return [(at, at, f"\n{pair}")]
    if tinfo.kind == "implicit":
        if any(isinstance(p, int) for p in path):
            raise EditError("cannot add a key to an implicit table inside an array of tables")
        subs = _sections_under(doc, path)
        if not subs:
            raise EditError("implicit table without sections")
        at = _line_start(text, subs[0].start)
        header = "[" + ".".join(toml_key(k) for k in path) + "]"
        return [(at, at, f"{header}\n{pair}\n\n")]
    raise EditError(f"cannot add a key to {doc.describe(path)}")
