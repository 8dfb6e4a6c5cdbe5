"""Fix operations (path based) -> text edits, for YAML and JSON documents.

Edits touch only the characters they must, so comments, quoting and layout
elsewhere in the file are kept.
"""
from __future__ import annotations

import re
from typing import Any

from . import comments, render
from .tree import Document, Entry
from .ops import AddKey, Append, MappingAsList, Remove, RenameKey, SetValue, TextEdit
from .positions import LONE_SURROGATE


class EditError(Exception):
    """A fix operation that cannot be expressed on this document."""


def render_op(doc: Document, op) -> list:
    handler = {SetValue: _set_value, MappingAsList: _mapping_as_list, RenameKey: _rename_key,
               Remove: _remove, Append: _append, AddKey: _add_key}.get(type(op))
    if handler is None:
        raise EditError(f"unsupported fix operation {type(op).__name__}")
    if _has_lone_surrogate(getattr(op, "value", None)) or _has_lone_surrogate(getattr(op, "new_key", None)) \
            or _has_lone_surrogate(getattr(op, "key", None)):
        # Half a UTF-16 character (from a JSON escape) cannot be written in YAML or TOML, and the
        # parser reads it back as U+FFFD: the fix would be offered again after every application.
        raise EditError("the value holds a lone UTF-16 surrogate, which no fix can write")
    if doc.syntax not in ("yaml", "json"):
        custom = getattr(doc, "render_op", None)
        if custom is None:
            raise EditError(f"fixes are not supported for {doc.syntax} documents")
        edits = [(x.start, x.end, x.new_text) for x in custom(op)]
    else:
        edits = handler(doc, op)
    if doc.syntax != "json":
        edits = comments.keep_removed(doc, edits)
    return _line_endings(doc, [TextEdit(s, e, t) for s, e, t in edits])


_LONE_LF = re.compile(r"(?<!\r)\n")


def _line_endings(doc: Document, edits: list) -> list:
    """Edits that write the document's own line ending: a CRLF file stays CRLF throughout."""
    if doc.newline == "\n":
        return edits
    text = doc.text
    out = []
    for e in edits:
        start, end = e.start, e.end
        if text[end - 1:end + 1] == "\r\n":      # an edit never splits a CRLF pair
            end -= 1
            start = min(start, end)
        out.append(TextEdit(start, end, _LONE_LF.sub("\r\n", e.new_text)))
    return out


# -- helpers -------------------------------------------------------------------
def _has_lone_surrogate(value, depth: int = 0) -> bool:
    if isinstance(value, str):
        return LONE_SURROGATE.search(value) is not None
    if depth > 64:
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k, depth + 1) or _has_lone_surrogate(v, depth + 1)
                   for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v, depth + 1) for v in value)
    return False


def _entry(doc: Document, path) -> Entry:
    e = doc.entry(tuple(path))
    if e is None:
        raise EditError(f"nothing at {doc.describe(tuple(path))}")
    return e


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _line_end(text: str, offset: int) -> int:
    i = text.find("\n", offset)
    return len(text) if i == -1 else i


def _indent_of_line(text: str, offset: int) -> int:
    start = _line_start(text, offset)
    i = start
    while i < len(text) and text[i] == " ":
        i += 1
    return i - start


def _scalar_text(doc: Document, value: Any, style: str) -> str:
    if doc.syntax == "json":
        return render.json_value(value, 0)
    return render.yaml_scalar(value, style if style in ('"', "'") else "")


def _parent_info(doc: Document, path):
    parent = doc.get(tuple(path[:-1]))
    info = doc.container(parent)
    if info is None:
        raise EditError(f"no container at {doc.describe(tuple(path[:-1]))}")
    return parent, info


def _is_block_item(doc: Document, e: Entry, is_seq: bool) -> bool:
    """True when the entry begins its own line (only indentation, or '- ', before it)."""
    text = doc.text
    start = _line_start(text, e.key_start)
    before = text[start:e.key_start].strip()
    return before == "" or (is_seq and before == "-")


# -- operations ----------------------------------------------------------------
def _set_value(doc: Document, op):
    e = _entry(doc, op.path)
    if doc.syntax != "yaml":
        return _set_json_value(doc, e, op.value)
    old = doc.get(tuple(op.path))
    head = doc.text.find(":", e.key_end) + 1 if e.key_start != e.value_start else e.value_start
    head = head if 0 < head <= e.value_start else e.value_start
    if comments.has_anchor_or_alias(doc, e.value_start, e.value_end, old):
        raise EditError("the value holds a YAML anchor or alias, which a rewrite would expand")
    carried = comments.comments_in(doc, head, e.value_end, old)
    edits, placed = _set_yaml_value(doc, op, e, carried, _trailing_comment(doc, e.value_end))
    if carried and not placed:     # a scalar or flow value holds no line comment: above the entry
        line = _line_start(doc.text, e.key_start)
        indent = " " * _indent_of_line(doc.text, e.key_start)
        edits.insert(0, (line, line, "".join(f"{indent}{c.text}\n" for c in carried)))
    return edits


def _trailing_comment(doc: Document, end: int):
    """(the comment after the value's last line, the end of that line) or (None, end)."""
    text = doc.text
    line_end = _line_end(text, end)
    rest = text[end:line_end].rstrip("\r")
    stripped = rest.lstrip(" \t")
    if not stripped.startswith("#") or (stripped is rest and rest):
        return None, end
    word = comments.word_before(text, end)
    return comments.Comment(end + len(rest) - len(stripped), stripped, True, word), end + len(rest)


def _set_json_value(doc: Document, e: Entry, value):
    if not isinstance(value, (dict, list)) or not value:
        return [(e.value_start, e.value_end, _scalar_text(doc, value, e.style))]
    indent = _indent_of_line(doc.text, e.key_start)
    return [(e.value_start, e.value_end, render.json_value(value, indent))]


def _set_yaml_value(doc: Document, op, e: Entry, carried: list, tail):
    """(the edits of a YAML SetValue, whether they placed the ``carried`` comments: a block
    rewrite does)."""
    value = op.value
    text = doc.text
    if not isinstance(value, (dict, list)) or not value:
        # An empty YAML value (`key:`) sits right after the colon: keep "key: value".
        pad = " " if e.value_start == e.value_end and text[e.value_start - 1:e.value_start] == ":" else ""
        if isinstance(value, (dict, list)):
            return [(e.value_start, e.value_end, pad + render.yaml_flow(value))], False
        return [(e.value_start, e.value_end, pad + _scalar_text(doc, value, e.style))], False
    parent, info = _parent_info(doc, op.path)
    if info.flow or (render._is_small(value) and not carried):
        return [(e.value_start, e.value_end, render.yaml_flow(value))], False
    tail_comment, end = tail
    if tail_comment is not None:     # a block rewrite replaces the last line whole
        carried = carried + [tail_comment]
    if isinstance(parent, list):  # "- <value>": first line inline after the dash
        col = doc.lines.column(e.value_start)
        lines = comments.place(carried, render.yaml_block(value, col))
        first = next(i for i, line in enumerate(lines) if not line.lstrip().startswith("#"))
        edits = [(e.value_start, end, "\n".join([lines[first].lstrip()] + lines[first + 1:]))]
        if first:   # comments above the first line cannot follow the dash: above the item
            line = _line_start(text, e.value_start)
            indent = " " * _indent_of_line(text, e.value_start)
            edits.insert(0, (line, line, "".join(f"{indent}{c.lstrip()}\n" for c in lines[:first])))
        return edits, True
    key_indent = doc.lines.column(e.key_start)
    colon = text.find(":", e.key_end)
    head = [c for c in carried if c.start < _line_end(text, colon)]
    body = [c for c in carried if c not in head]
    lines = comments.place(body, render.yaml_block(value, key_indent + 2))
    return [(colon + 1, end, "".join("  " + c.text for c in head) + "\n" + "\n".join(lines))], True


def _mapping_as_list(doc: Document, op):
    """Each entry of a YAML block mapping edited in place: ``key: text`` -> ``- name: key`` and
    ``description: text`` on the next line, ``key:`` -> ``- key``. Any other mapping (JSON,
    flow, a value on several lines, a value that is no scalar) is rendered whole."""
    mapping = doc.get(tuple(op.path))
    info = doc.container(mapping)
    text = doc.text
    if doc.syntax != "yaml" or not isinstance(mapping, dict) or info is None or info.flow or \
            any(isinstance(v, (dict, list)) or "\n" in text[e.value_start:e.value_end]
                for v, e in zip(mapping.values(), info.entries.values())) or \
            len(info.entries) != len(mapping) or _anchored(doc, op.path):
        return _set_value(doc, SetValue(op.path, op.value))
    edits = []
    for key, e in info.entries.items():
        if mapping[key] is None or mapping[key] == "":
            edits += [(e.key_start, e.key_start, "- "), (e.key_end, e.value_end, "")]
            continue
        indent = " " * (doc.lines.column(e.key_start) + 2)
        edits += [(e.key_start, e.key_start, f"- {op.name_key}: "),
                  (e.key_end, e.value_start, f"\n{indent}{op.value_key}: ")]
    return edits


def _anchored(doc: Document, path) -> bool:
    """Does the value at ``path`` carry an anchor (aliases elsewhere share it)?"""
    e = doc.entry(tuple(path))
    return e is not None and doc.text[e.value_start:e.value_start + 1] == "&"


def _rename_key(doc: Document, op):
    e = _entry(doc, op.path)
    if isinstance(op.path[-1], int):
        raise EditError("sequence items have no key")
    quote = doc.text[e.key_start]
    if doc.syntax == "json":
        new = render.json_value(op.new_key, 0)
    else:
        new = render.yaml_scalar(op.new_key, quote if quote in ('"', "'") else "")
    return [(e.key_start, e.key_end, new)]


def _remove(doc: Document, op):
    parent, info = _parent_info(doc, op.path)
    key = op.path[-1]
    if key not in info.entries:
        raise EditError(f"nothing at {doc.describe(tuple(op.path))}")
    count, nxt_key, prev_key = _neighbours(info, parent, key)
    e = info.entries[key]
    text = doc.text
    if info.flow:
        if count == 1:
            return [(e.entry_start, e.value_end, "")]
        if nxt_key is not None:
            nxt = info.entries[nxt_key]
            return [(e.entry_start, nxt.entry_start, "")]
        prev = info.entries[prev_key]
        return [(prev.value_end, e.value_end, "")]
    is_seq = isinstance(parent, list)
    if _is_block_item(doc, e, is_seq):
        if count == 1:
            raise EditError("removing the only entry of a block collection")
        start = _line_start(text, e.key_start)
        end = _line_end(text, e.value_end)
        # Keep a following comment-free blank line structure intact: drop our newline.
        end = min(end + 1, len(text))
        return [(start, end, "")]
    if nxt_key is not None:  # "- key: v" where the key shares its line with the dash
        nxt = info.entries[nxt_key]
        return [(e.key_start, _line_end(text, e.value_end) + 1, ""),
                (_line_start(text, nxt.key_start), nxt.key_start, "")]
    raise EditError("cannot remove the last entry of an inline item")


def _neighbours(info, parent, key) -> tuple:
    """(number of entries, the next entry's key or None, the previous one's or None). A
    sequence's entries are its indexes in order: no list of keys is built (a fix round
    removing thousands of repeated items built one per removal: quadratic)."""
    count = len(info.entries)
    if isinstance(parent, list) and isinstance(key, int) and \
            (count == 0 or next(reversed(info.entries)) == count - 1):
        return count, key + 1 if key + 1 < count else None, key - 1 if key > 0 else None
    keys = list(info.entries)
    idx = keys.index(key)
    return count, keys[idx + 1] if idx + 1 < count else None, keys[idx - 1] if idx > 0 else None


def _append(doc: Document, op):
    seq = doc.get(tuple(op.path))
    if not isinstance(seq, list):
        raise EditError(f"{doc.describe(tuple(op.path))} is not a sequence")
    info = doc.container(seq)
    if info is None:
        raise EditError("sequence without position")
    value = op.value
    if doc.syntax == "json":
        if not seq:
            return [(info.start + 1, info.end - 1, render.json_value(value, 0))]
        last = info.entries[len(seq) - 1]
        indent = _indent_of_line(doc.text, last.value_start)
        sep = ",\n" + " " * indent if doc.text[info.start:last.value_start].count("\n") else ", "
        return [(last.value_end, last.value_end, sep + render.json_value(value, indent))]
    if info.flow:
        if not seq:
            return [(info.start + 1, info.end - 1, render.yaml_flow(value))]
        last = info.entries[len(seq) - 1]
        return [(last.value_end, last.value_end, ", " + render.yaml_flow(value))]
    last = info.entries[len(seq) - 1]
    dash_col = doc.lines.column(info.start)
    item = render.yaml_block([value], dash_col)
    return [(_line_end(doc.text, last.value_end), _line_end(doc.text, last.value_end),
             "\n" + "\n".join(item))]


def _add_key(doc: Document, op):
    mapping = doc.get(tuple(op.path))
    if not isinstance(mapping, dict):
        raise EditError(f"{doc.describe(tuple(op.path))} is not a mapping")
    info = doc.container(mapping)
    if info is None:
        raise EditError("mapping without position")
    key, value = op.key, op.value
    if doc.syntax == "json":
        pair = f"{render.json_value(key, 0)}: "
        if not mapping:
            indent = _indent_of_line(doc.text, info.start)
            return [(info.start + 1, info.end - 1,
                     "\n" + " " * (indent + 2) + pair + render.json_value(value, indent + 2)
                     + "\n" + " " * indent)]
        last = list(info.entries.values())[-1]
        indent = _indent_of_line(doc.text, last.key_start)
        multiline = doc.text[info.start:last.key_start].count("\n") > 0
        sep = ",\n" + " " * indent if multiline else ", "
        return [(last.value_end, last.value_end, sep + pair + render.json_value(value, indent))]
    if info.flow:
        pair = f"{render.yaml_scalar(key)}: {render.yaml_flow(value)}"
        if not mapping:
            return [(info.start + 1, info.end - 1, pair)]
        last = list(info.entries.values())[-1]
        return [(last.value_end, last.value_end, ", " + pair)]
    first = next(iter(info.entries.values()))
    last = list(info.entries.values())[-1]
    col = doc.lines.column(first.key_start)
    lines = render.yaml_block({key: value}, col)
    at = _line_end(doc.text, last.value_end)
    return [(at, at, "\n" + "\n".join(lines))]
