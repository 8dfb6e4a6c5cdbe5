"""Which document path is under a cursor (for completion, hover and definitions).

``path_at(doc, offset)`` answers ``(path, part)``:

* ``part == "key"``: the cursor is on a mapping key (possibly one being typed,
  possibly empty: a blank spot where a new key would go). ``path[-1]`` is the
  key text so far (``""`` on a blank spot) and ``path[:-1]`` the mapping.
* ``part == "value"``: the cursor is on (or where there would be) the value at
  ``path``; for a sequence item the last element is its index (the next index
  on a blank item).

A parsed document is answered from its Container/Entry spans when the cursor
sits on an entry. Everywhere else (blank spots, and documents that do not
parse while the user is typing) a text-based reading takes over: indentation
for YAML block style, table headers for TOML and a lenient scanner for JSON and
flow collections. Both readings give paths of the same shape.
"""
from __future__ import annotations

import re

from .tree import Document

KEY = "key"
VALUE = "value"

MAX_FLOW_DEPTH = 64   # flow collections nested deeper share their parent's path

__all__ = ["KEY", "VALUE", "path_at", "path_at_text", "word_at"]



def _lines_before(text: str, line_start: int):
    """The lines before the one that starts at ``line_start``: (offset, text without its newline)."""
    pos = 0
    while pos < line_start:
        end = text.find("\n", pos)
        if end == -1 or end >= line_start:
            end = line_start - 1
        yield pos, text[pos:end]
        pos = end + 1

def path_at(doc: Document, offset: int) -> tuple[tuple, str]:
    """The path and part under ``offset`` (a code-point offset into ``doc.text``)."""
    offset = max(0, min(offset, len(doc.text)))
    if doc.parsed and isinstance(doc.data, (dict, list)):
        found = _from_spans(doc, offset)
        if found is not None:
            return found
    return path_at_text(doc.text, offset, doc.syntax)


def word_at(text: str, offset: int, extra: str = "_-./$#") -> tuple[int, int]:
    """Span of the word around ``offset``: letters, digits and the ``extra`` characters."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in extra):
        start -= 1
    end = offset
    while end < len(text) and (text[end].isalnum() or text[end] in extra):
        end += 1
    return start, end


# -- spans ---------------------------------------------------------------------
def _from_spans(doc: Document, offset: int):
    obj, path = doc.data, ()
    while True:
        info = doc.container(obj)
        if info is None:
            return None
        hit = None
        for key, e in info.entries.items():
            is_map = isinstance(obj, dict)
            if is_map and e.key_start <= offset <= e.key_end and e.key_start != e.value_start:
                return path + (key,), KEY
            if e.value_start <= offset <= e.value_end and not (e.value_start == e.value_end
                                                               and offset != e.value_start):
                hit = key
                break
        if hit is None:
            return None
        child = obj[hit]
        e = info.entries[hit]
        if isinstance(child, (dict, list)) and doc.container(child) is not None:
            cinfo = doc.container(child)
            # Inside a flow collection's brackets but on no entry: a new entry.
            inner = _from_spans_child(doc, child, path + (hit,), offset)
            if inner is not None:
                return inner
            if cinfo.flow and e.value_start < offset < e.value_end:
                return None  # a blank spot inside [..] / {..}: the text reading decides
            if not cinfo.flow:
                return None  # between block entries: indentation decides
            return path + (hit,), VALUE
        return path + (hit,), VALUE


def _from_spans_child(doc: Document, obj, path: tuple, offset: int):
    info = doc.container(obj)
    for key, e in info.entries.items():
        if isinstance(obj, dict) and e.key_start <= offset <= e.key_end and e.key_start != e.value_start:
            return path + (key,), KEY
        if e.value_start <= offset <= e.value_end and not (e.value_start == e.value_end
                                                           and offset != e.value_start):
            child = obj[key]
            if isinstance(child, (dict, list)) and doc.container(child) is not None:
                inner = _from_spans_child(doc, child, path + (key,), offset)
                if inner is not None:
                    return inner
                return None
            return path + (key,), VALUE
    return None


# -- text ----------------------------------------------------------------------
def path_at_text(text: str, offset: int, syntax: str = "yaml") -> tuple[tuple, str]:
    """The text-based reading (works on documents that do not parse)."""
    offset = max(0, min(offset, len(text)))
    if syntax == "json":
        return _flow_path(text, 0, offset, (), comments=False) or ((), VALUE)
    if syntax == "toml":
        return _toml_path(text, offset)
    return _yaml_path(text, offset)


# A plain key may hold spaces (``my key: 1``). Its pattern is greedy, cannot cross ``:`` and is
# followed by nothing that could also match a blank, so a long line without a key costs linear
# time (``[^#:]*?\s*:`` was quadratic: 0.15 s for 5,000 spaces). ``_unquote`` strips blanks.
_YAML_KEY = re.compile(r"""^(?:(?P<q>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*"""
                       r"""|(?P<p>[^\s#'"\[\]{},:][^#:]*)|(?P<o>[^\s#'"\[\]{},]*?)\s*):(?:\s+|$)""")


def _key_of(m) -> str:
    key = m.group("q")
    if key is None:
        key = m.group("p")
    return key if key is not None else m.group("o")
_DASH = re.compile(r"^-(?:\s+|$)")


def _unquote(key: str) -> str:
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'":
        inner = key[1:-1]
        return inner.replace("''", "'") if key[0] == "'" else inner.replace('\\"', '"')
    return key


class _Frame:
    __slots__ = ("indent", "is_seq", "path", "count", "keys")

    def __init__(self, indent: int, is_seq: bool, path: tuple) -> None:
        self.indent = indent
        self.is_seq = is_seq
        self.path = path
        self.count = 0          # items seen (sequences)
        self.keys = []


def _yaml_path(text: str, offset: int) -> tuple[tuple, str]:
    line_start = text.rfind("\n", 0, offset) + 1
    stack: list[_Frame] = [_Frame(-1, False, ())]
    pending: tuple | None = ()      # path whose value continues on more-indented lines
    pending_indent = -1
    skip_above: int | None = None  # block scalar: skip lines indented deeper than this
    flow: tuple | None = None       # (opener offset, path, depth) of an unclosed flow collection
    for line_pos, line in _lines_before(text, line_start):
        if flow is not None:
            depth = flow[2] + _bracket_delta(line)
            flow = (flow[0], flow[1], depth) if depth > 0 else None
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        if skip_above is not None:
            if indent > skip_above:
                continue
            skip_above = None
        if stripped in ("---", "..."):
            continue
        pending, pending_indent, skip_above, opened = _yaml_line(
            stack, line[indent:], indent, pending, pending_indent)
        if opened is not None:
            flow = (line_pos + indent + opened[0], opened[1], opened[2])
    prefix = text[line_start:offset]
    if flow is not None:
        return _flow_path(text, flow[0], offset, flow[1]) or (flow[1], VALUE)
    if skip_above is not None and prefix.strip() and \
            len(prefix) - len(prefix.lstrip(" ")) > skip_above:
        return (pending or ()), VALUE
    return _yaml_cursor_line(stack, prefix, pending, pending_indent)


def _bracket_delta(s: str) -> int:
    """Net flow brackets opened by a line (quotes and comments skipped)."""
    d = 0
    quote = None
    prev = " "
    for ch in s:
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and prev in " \t[{,:":
            quote = ch
        elif ch == "#" and prev in " \t":
            break
        elif ch in "[{":
            d += 1
        elif ch in "]}":
            d -= 1
        prev = ch
    return d


def _pop_to(stack: list, indent: int) -> None:
    while len(stack) > 1 and stack[-1].indent > indent:
        stack.pop()


def _open_item(stack: list, col: int, pending, pending_indent) -> tuple:
    """A ``- `` at column ``col``; returns the item's path."""
    _pop_to(stack, col)
    top = stack[-1]
    if top.is_seq and top.indent == col:
        top.count += 1
    else:
        if not top.is_seq and top.indent == col:
            stack.pop()  # "key:\n- item": a sequence at its key's indentation
        if pending is not None and pending_indent <= col:
            base = pending
        else:
            base = stack[-1].path
        stack.append(_Frame(col, True, base))
    return stack[-1].path + (stack[-1].count,)


def _dashes(stack, content: str, col: int, pending, pending_indent, *, cursor: bool):
    item_path = None
    while True:
        m = _DASH.match(content)
        if m is None or (cursor and m.end() == len(content) and not content.endswith(" ")):
            break
        item_path = _open_item(stack, col, pending, pending_indent)
        pending, pending_indent = item_path, col
        col += m.end()
        content = content[m.end():]
    return item_path, content, col, pending, pending_indent


def _key_frame(stack, col: int, pending, pending_indent) -> tuple:
    """The path of the mapping that a key at column ``col`` belongs to."""
    _pop_to(stack, col)
    top = stack[-1]
    if top.is_seq and top.indent >= col:  # a key at a sequence's column ends it
        stack.pop()
        _pop_to(stack, col)
        top = stack[-1]
    if top.indent < col:
        base = pending if pending is not None and pending_indent < col else top.path
        stack.append(_Frame(col, False, base))
    return stack[-1].path


def _yaml_line(stack, content: str, indent: int, pending, pending_indent):
    """Consume one line: (pending, pending_indent, skip_above, (flow col, path, depth) | None)."""
    item_path, content, col, pending, pending_indent = _dashes(
        stack, content, indent, pending, pending_indent, cursor=False)
    if not content.strip():
        return pending, pending_indent, None, None
    m = _YAML_KEY.match(content)
    if m is None:  # a scalar item, or a continuation of a multi-line scalar
        if item_path is not None:
            depth = _bracket_delta(content)
            opened = (col - indent, item_path, depth) if depth > 0 else None
            return None, -1, None, opened
        return pending, pending_indent, None, None
    if item_path is not None:
        stack.append(_Frame(col, False, item_path))
        base = item_path
    else:
        base = _key_frame(stack, col, pending, pending_indent)
    path = base + (_unquote(_key_of(m)),)
    rest = content[m.end():]
    value = rest.lstrip()
    if not value or value.startswith("#"):
        return path, col, None, None
    if value[:1] in "|>":
        return path, col, col, None
    if value[:1] in "[{":
        depth = _bracket_delta(value)
        if depth > 0:
            return None, -1, None, (col - indent + m.end() + len(rest) - len(value), path, depth)
    return None, -1, None, None


def _yaml_cursor_line(stack, prefix: str, pending, pending_indent) -> tuple[tuple, str]:
    indent = len(prefix) - len(prefix.lstrip(" "))
    item_path, content, col, pending, pending_indent = _dashes(
        stack, prefix[indent:], indent, pending, pending_indent, cursor=True)
    m = _YAML_KEY.match(content)
    if m is not None:
        base = item_path if item_path is not None else _key_frame(stack, col, pending,
                                                                   pending_indent)
        path = base + (_unquote(_key_of(m)),)
        value = content[m.end():].lstrip()
        if value[:1] in "[{":
            inner = _flow_path(value, 0, len(value), path)
            if inner is not None:
                return inner
        return path, VALUE
    if item_path is not None:
        value = content.lstrip()
        if value[:1] in "[{":
            inner = _flow_path(value, 0, len(value), item_path)
            if inner is not None:
                return inner
        return item_path, VALUE
    word = content.strip()
    if word == "-":
        return (pending or ()), VALUE
    # a blank spot, or a key being typed: which mapping is it in?
    _pop_to(stack, col)
    top = stack[-1]
    if pending is not None and pending_indent < col:
        return pending + (word,), KEY
    if top.is_seq and top.indent >= col:
        if not word and top.indent == col:
            return top.path + (top.count + 1,), VALUE
        stack.pop()
        _pop_to(stack, col)
        top = stack[-1]
    return top.path + (word,), KEY


# -- flow collections and JSON ---------------------------------------------------
def _flow_path(text: str, start: int, offset: int, base: tuple, *, toml: bool = False,
               comments: bool = True):
    """Lenient scan of a flow collection (JSON, YAML flow, TOML inline) up to ``offset``.

    Returns None when the collection closes before ``offset``. One loop on purpose: a state
    machine whose every branch consumes at least one character (the property tests
    check that it always advances).
    """
    stack: list[list] = []  # [is_map, path, key, index, expecting_key]
    i = start
    n = offset
    while i < n:
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
            continue
        if ch == "#" and comments:
            nl = text.find("\n", i)
            if nl == -1 or nl >= n:
                return None if not stack else _flow_result(stack, "", inside=False)
            i = nl + 1
            continue
        if ch in "{[":
            if len(stack) >= MAX_FLOW_DEPTH:  # deeper paths are not built (no quadratic copying)
                child = stack[-1][1]
            elif stack:
                top = stack[-1]
                child = top[1] + ((top[2] if top[2] is not None else "",) if top[0] else (top[3],))
            else:
                child = base
            stack.append([ch == "{", child, None, 0, ch == "{"])
            i += 1
            continue
        if ch in "}]":
            if stack:
                stack.pop()
            i += 1
            if not stack:
                return None
            continue
        if not stack:
            return None
        if ch == ",":
            top = stack[-1]
            if top[0]:
                top[2], top[4] = None, True
            else:
                top[3] += 1
            i += 1
            continue
        if ch in (":=" if toml else ":") and stack[-1][0]:
            stack[-1][4] = False
            i += 1
            continue
        if ch in "\"'":
            j = i + 1
            while j < len(text) and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" and ch == '"' else 1
            if j >= n:
                return _flow_result(stack, _unquote(text[i:n] + ch))
            token = _unquote(text[i:j + 1])
            i = j + 1
        else:
            stops = ",]}\n" + ("=" if toml else ":")
            j = i
            while j < len(text) and text[j] not in stops:
                j += 1
            if j >= n:
                return _flow_result(stack, text[i:n].strip())
            if j == i:
                # A separator where the collection expects none (``[a: 1]`` in YAML, ``[a = 1]``
                # in TOML, ``["a": 1]`` in JSON): skip it. Every iteration consumes a character.
                i += 1
                continue
            token = text[i:j].strip()
            i = j
        if stack[-1][0] and stack[-1][4]:
            stack[-1][2] = token
    return _flow_result(stack, "") if stack else None


def _flow_result(stack, partial: str, inside: bool = True):
    is_map, path, key, index, expecting_key = stack[-1]
    if is_map:
        if expecting_key:
            return path + (partial,), KEY
        return path + ((key if key is not None else ""),), VALUE
    return path + (index,), VALUE


# -- TOML ----------------------------------------------------------------------
_TOML_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_TOML_KEY = re.compile(r"""^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*=""")


def _toml_dotted(key: str) -> tuple:
    parts = re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^.\s]+', key)
    return tuple(_unquote(p) for p in parts)


def _toml_path(text: str, offset: int) -> tuple[tuple, str]:
    """The document path at ``offset`` of TOML text that may not parse: a line scan that
    tracks the table headers and array items above it (one loop: a small state machine)."""
    line_start = text.rfind("\n", 0, offset) + 1
    table: tuple = ()
    arrays: dict[tuple, int] = {}
    flow: tuple | None = None        # (opener offset, path, depth)
    string: tuple | None = None      # (path, closing quote) of a multi-line string
    for line_pos, line in _lines_before(text, line_start):
        if string is not None:
            if string[1] in line:
                string = None
            continue
        if flow is not None:
            depth = flow[2] + _bracket_delta(line)
            flow = (flow[0], flow[1], depth) if depth > 0 else None
            continue
        h = _TOML_HEADER.match(line)
        if h:
            name = _toml_dotted(h.group(2))
            if h.group(1) == "[[":
                arrays[name] = arrays.get(name, -1) + 1
                arrays = {k: v for k, v in arrays.items() if k[:len(name)] != name or k == name}
            table = _with_array_indexes(name, arrays)
            continue
        k = _TOML_KEY.match(line)
        if k:
            path = table + _toml_dotted(k.group(1))
            rest = line[k.end():]
            value = rest.lstrip()
            for quote in ('"""', "'''"):
                if value.startswith(quote) and value.count(quote) == 1:
                    string = (path, quote)
            if value[:1] in "[{":
                depth = _bracket_delta(value)
                if depth > 0:
                    flow = (line_pos + k.end() + len(rest) - len(value), path, depth)
    prefix = text[line_start:offset]
    if string is not None:
        return string[0], VALUE
    if flow is not None:
        return _flow_path(text, flow[0], offset, flow[1], toml=True) or (flow[1], VALUE)
    if prefix.lstrip().startswith("["):
        return table, KEY
    k = _TOML_KEY.match(prefix)
    if k:
        path = table + _toml_dotted(k.group(1))
        value = prefix[k.end():].lstrip()
        if value[:1] in "[{":
            inner = _flow_path(value, 0, len(value), path, toml=True)
            if inner is not None:
                return inner
        return path, VALUE
    word = prefix.strip()
    if "." in word:
        return table + _toml_dotted(word), KEY
    return table + (word,), KEY


def _with_array_indexes(name: tuple, arrays: dict) -> tuple:
    out: list = []
    for i in range(1, len(name) + 1):
        out.append(name[i - 1])
        if name[:i] in arrays:
            out.append(arrays[name[:i]])
    return tuple(out)
