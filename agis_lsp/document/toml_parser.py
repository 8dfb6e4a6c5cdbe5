"""TOML -> positioned data, plus fix operations rendered as minimal text edits.

``tomllib`` (the standard library) is the judge of validity: every document is
first parsed by it, and its error (message, line, column) becomes the AGIS001
finding. A valid document is then read again by the iterative scanner below,
which builds the same plain data *and* the side table of spans the rest of the
document layer works with: every key and value, dotted keys (``a.b = 1``),
``[table]`` headers, ``[[array.of.tables]]``, inline tables and arrays.

The scanner keeps an explicit stack for nested arrays and inline tables, so
nesting depth is bounded by memory, not by Python's recursion limit.
``tomllib`` itself recurses on nested values; a document nested deeper than
it can take is reported as a syntax error instead of crashing the linter.

Duplicate keys and tables are already syntax errors for ``tomllib`` (TOML
forbids them), so they surface as AGIS001 with a message that names the key
and the line of its first definition rather than as AGIS002.
"""
from __future__ import annotations

import logging
import math
import re
import sys
from dataclasses import dataclass, field
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from .tree import MAX_NESTING as _MAX_NESTING
from .tree import Container, Document, Entry, ParseProblem, too_deep_message
from .numbers import mask_long_ints, read_int
from .positions import char_end

log = logging.getLogger("agis_lsp.document.toml")

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_WS = re.compile(r"[ \t]*")
_WS_NL = re.compile(r"(?:[ \t\r\n]|#[^\n]*)*")   # whitespace, newlines and comments
_SCALAR_TOKEN = re.compile(r"[^\s,\]\}#]+")
_DATE_TIME_TAIL = re.compile(r" [0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[Zz]|[+-][0-9]{2}:[0-9]{2})?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_INT = re.compile(r"[+-]?(?:0|[1-9](?:_?[0-9])*)$")
_PREFIXED = re.compile(r"0(x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|o[0-7](?:_?[0-7])*|b[01](?:_?[01])*)$")
_FLOAT = re.compile(r"[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?$")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.S)
_LINE_CONTINUATION = re.compile(r"\\[ \t]*\r?\n[ \t\r\n]*")
_ERROR_AT = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$", re.S)

_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}

#: Values nested deeper than this are refused before tomllib (which recurses) sees them
#: (the limit every parser shares: ``model.MAX_NESTING``).
MAX_NESTING = _MAX_NESTING


class TomlDocument(Document):
    syntax = "toml"

    def __init__(self, text: str, path: str | None = None) -> None:
        super().__init__(text, path)
        # every occurrence of a key token, per (container id, key): a table named in
        # several headers ([a], [a.b]) or dotted keys (a.b = 1, a.c = 2) has several.
        self.key_occurrences: dict[tuple[int, Any], list[tuple[int, int]]] = {}
        self.sections: list[Section] = []            # [table] / [[table]] headers in order
        self.tables: dict[int, TableInfo] = {}       # id(dict) -> how the table was written

    def render_op(self, op) -> list:
        from .toml_edits import render_toml_op
        return render_toml_op(self, op)


@dataclass
class Section:
    """One ``[header]`` or ``[[header]]`` and the key/value lines below it."""
    path: tuple                 # concrete path of the table (with array indexes)
    start: int                  # offset of the opening bracket
    header_end: int             # offset after the closing bracket(s)
    body_end: int               # end of the last key/value in its body (or header_end)
    table: dict
    array: bool                 # [[...]]
    last_line_end: int = -1     # end of the last line of its body (for insertions)


@dataclass
class TableInfo:
    kind: str                   # "root" | "header" | "implicit" | "dotted" | "inline" | "aot-item"
    section: int | None = None  # index into doc.sections for header / aot-item tables
    owner: dict | None = None   # dotted tables: the table whose key/value lines create them
    prefix: tuple = ()          # dotted tables: keys from the owner to this table
    lines: list = field(default_factory=list)   # (start, end) of the key/value lines in its own body


class _Bug(Exception):
    """The scanner met something tomllib accepted: a bug here, never the user's."""


def parse_toml(text: str, path: str | None = None) -> TomlDocument:
    doc = TomlDocument(text, path)
    depth_at = _too_deep(text)
    if depth_at is not None:
        doc.problems.append(ParseProblem("AGIS001", too_deep_message("TOML"), depth_at,
                                         min(depth_at + 1, len(text))))
        return doc
    try:
        expected = tomllib.loads(mask_long_ints(text))
    except tomllib.TOMLDecodeError as exc:
        doc.problems.append(_syntax_problem(text, str(exc)))
        return doc
    except RecursionError:  # pragma: no cover - guarded by _too_deep
        doc.problems.append(ParseProblem("AGIS001", "TOML syntax error: nested too deeply", 0, 1))
        return doc
    try:
        _Scanner(doc).run()
    except Exception:  # a scanner bug must not lose the data: keep tomllib's, without positions
        log.error("TOML scanner failed on %s; positions unavailable", path, exc_info=True)
        doc.containers, doc.sections, doc.tables, doc.key_occurrences = {}, [], {}, {}
        doc.data = expected
    doc.parsed = True
    doc.root_span = (0, len(text))
    return doc


# -- syntax errors ---------------------------------------------------------------
def _too_deep(text: str) -> int | None:
    """Offset where nesting passes MAX_NESTING, counting every way TOML nests: the parts of a
    ``[table]`` or ``[[array.of.tables]]`` header, the parts of a dotted key (``a.b.c = 1``
    opens two tables), inline tables, arrays, and dotted keys inside inline tables. One pass,
    strings and comments skipped, before ``tomllib`` (which stores every level's whole prefix:
    a dotted key of 16,000 parts took 1.5 GB there)."""
    if text.count("[") + text.count("{") + text.count(".") <= MAX_NESTING:
        return None
    n = len(text)
    stack: list = []        # (bracket, containers enclosing what is written inside it)
    header = 0              # containers the current [header] opens
    key_base, parts = 0, 1  # a key being read: the containers around it, its parts so far
    in_key, level = True, 0  # reading a key (else a value); containers around the value
    i = 0
    while i < n:
        ch = text[i]
        if ch in "\"'":
            i = _string_end(text, i)
            continue
        if ch == "#":
            j = text.find("\n", i)
            i = n if j == -1 else j
            continue
        if ch == "\n" and not stack:
            in_key, key_base, parts = True, header, 1
        elif in_key:
            if ch == "[" and not stack:             # a header: [a.b] or [[a.b]]
                end, depth, at = _header_depth(text, i)
                if depth > MAX_NESTING:
                    return at
                header, i = depth, end
                continue
            if ch == ".":
                parts += 1
                if key_base + parts - 1 > MAX_NESTING:
                    return i
            elif ch == "=":
                in_key, level = False, key_base + parts - 1
        elif ch in "[{":
            level += 1
            if level > MAX_NESTING:
                return i
            stack.append((ch, level))
            if ch == "{":
                in_key, key_base, parts = True, level, 1
        elif ch in "]}" and stack:
            stack.pop()
            level = stack[-1][1] if stack else level - 1
        elif ch == "," and stack:
            bracket, level = stack[-1]
            if bracket == "{":
                in_key, key_base, parts = True, level, 1
        i += 1
    return None


def _string_end(text: str, i: int) -> int:
    """The offset after the TOML string that starts at ``i`` (an unclosed one ends the line)."""
    ch, n = text[i], len(text)
    quote = ch * 3 if text.startswith(ch * 3, i) else ch
    j = i + len(quote)
    while j < n:
        if ch == '"' and text[j] == "\\":
            j += 2
            continue
        if text.startswith(quote, j):
            return j + len(quote)
        if len(quote) == 1 and text[j] == "\n":
            return j
        j += 1
    return n


def _header_depth(text: str, i: int) -> tuple[int, int, int]:
    """(offset after the header at ``i``, the containers it opens, where it passes MAX_NESTING)."""
    array = text.startswith("[[", i)
    depth = 2 if array else 1          # [[a]]: the array and its table
    j, n, at = i + (2 if array else 1), len(text), i
    while j < n and text[j] not in "]\n":
        if text[j] in "\"'":
            j = _string_end(text, j)
            continue
        if text[j] == ".":
            depth += 1
            if depth > MAX_NESTING and at == i:
                at = j
        j += 1
    return j, depth, at


def _syntax_problem(text: str, raw: str) -> ParseProblem:
    m = _ERROR_AT.match(raw)
    message, offset = raw, len(text)
    if m:
        message = m.group(1)
        if m.group(2):
            line, col = int(m.group(2)), int(m.group(3))
            starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
            offset = min(starts[min(line, len(starts)) - 1] + col - 1, len(text))
    start, end = offset, char_end(text, offset)
    friendly = _friendly(text, message, offset)
    if friendly is not None:
        message, start, end = friendly
    return ParseProblem("AGIS001", f"TOML syntax error: {message}", start, end)


def _statement_at(text: str, offset: int) -> tuple[int, int]:
    """Span of the first token of the line holding ``offset``."""
    ls = text.rfind("\n", 0, max(offset, 1) - 1 if offset and text[offset - 1:offset] == "\n" else offset) + 1
    i = ls
    while i < len(text) and text[i] in " \t":
        i += 1
    j = i
    while j < len(text) and text[j] not in "=\n":
        j += 1
    return i, len(text[i:j].rstrip()) + i


def _friendly(text: str, message: str, offset: int):
    """Clearer wording for the errors operators meet most (duplicates)."""
    if message == "Cannot overwrite a value" or message.startswith("Cannot declare"):
        start, end = _statement_at(text, offset)
        stmt = text[start:end]
        first = _first_definition(text, start, stmt)
        where = f" (first defined on line {first})" if first else ""
        if stmt.startswith("["):
            name = stmt.strip("[] \t")
            end = start + len(stmt.rstrip())
            if message == "Cannot overwrite a value":
                return (f"table [{name}] redefines a key that already holds a value{where}; "
                        "TOML forbids defining a key twice", start, end)
            return (f"table [{name}] is declared twice{where}; TOML forbids declaring a table "
                    "twice, merge the two", start, end)
        return (f"key '{stmt}' is defined twice{where}; TOML forbids defining a key twice "
                "(remove one of them)", start, end)
    if message.startswith("Duplicate inline table key"):
        return (message.replace("Duplicate inline table key", "inline table defines key") +
                " twice; TOML forbids defining a key twice", offset - 1 if offset else 0, offset)
    if message.startswith("Illegal character '\\n'"):
        return ("string not closed before the end of the line (use \"\"\"...\"\"\" for "
                "multi-line strings)", offset, char_end(text, offset))
    return None


def _first_definition(text: str, stmt_start: int, stmt: str) -> int | None:
    """Line (1-based) where the duplicated key/table was first written, if we can tell."""
    try:
        head = text[:text.rfind("\n", 0, stmt_start) + 1]
        doc = parse_toml(head)
        if not doc.parsed:
            return None
        keys = _split_key_text(stmt.strip("[] \t"))
        if not keys:
            return None
        if not stmt.startswith("["):
            # a key/value: relative to the table in effect at that point
            base = doc.sections[-1].path if doc.sections else ()
            keys = list(base) + keys
        cur, container_id = doc.data, None
        for k in keys:
            if isinstance(k, int):
                if not isinstance(cur, list) or not -len(cur) <= k < len(cur):
                    return None
                cur = cur[k]
                continue
            if isinstance(cur, list) and cur:
                cur = cur[-1]
            if not isinstance(cur, dict) or k not in cur:
                return None
            container_id = id(cur)
            cur = cur[k]
        spans = doc.key_occurrences.get((container_id, keys[-1]))
        if not spans:
            return None
        return doc.lines.line_of(spans[0][0]) + 1
    except Exception:  # best effort only
        return None


def _split_key_text(key: str) -> list:
    try:
        sc = _Scanner(TomlDocument(key + " = 0"))
        parts, _ = sc.key(0)
        return [p[0] for p in parts]
    except Exception:
        return []


# -- scalar decoding ------------------------------------------------------------
def _unescape(body: str) -> str:
    if "\\" not in body:
        return body

    def repl(m):
        if m.group(1) or m.group(2):
            return chr(int(m.group(1) or m.group(2), 16))
        ch = m.group(3)
        if ch in _SIMPLE_ESCAPES:
            return _SIMPLE_ESCAPES[ch]
        if ch == "e":  # TOML 1.1
            return "\x1b"
        raise _Bug(f"unknown escape \\{ch}")
    return _ESCAPE.sub(repl, body)


def _scalar(token: str) -> Any:
    if token == "true":
        return True
    if token == "false":
        return False
    if _INT.match(token):
        return read_int(token.replace("_", ""))
    m = _PREFIXED.match(token)
    if m:
        base = {"x": 16, "o": 8, "b": 2}[token[1]]
        return int(token[2:].replace("_", ""), base)
    if token in ("inf", "+inf"):
        return math.inf
    if token == "-inf":
        return -math.inf
    if token in ("nan", "+nan", "-nan"):
        return math.nan
    if _FLOAT.match(token):
        return float(token.replace("_", ""))
    # dates and times: rare in deployment files; let tomllib decode them
    return tomllib.loads("v = " + token)["v"]


# -- the scanner ----------------------------------------------------------------
class _Frame:
    __slots__ = ("obj", "info", "is_table", "table_key")

    def __init__(self, obj, info, is_table):
        self.obj = obj
        self.info = info
        self.is_table = is_table
        self.table_key = None   # inline tables: (parts, start) of the pending key


class _Scanner:
    def __init__(self, doc: TomlDocument) -> None:
        self.doc = doc
        self.text = doc.text
        self.n = len(doc.text)

    # -- helpers
    def ws(self, i: int) -> int:
        return _WS.match(self.text, i).end()

    def ws_nl(self, i: int) -> int:
        return _WS_NL.match(self.text, i).end()

    def expect(self, i: int, s: str) -> int:
        if not self.text.startswith(s, i):
            raise _Bug(f"expected {s!r} at {i}")
        return i + len(s)

    def occurrence(self, container: dict, key: str, span: tuple[int, int]) -> None:
        self.doc.key_occurrences.setdefault((id(container), key), []).append(span)

    def new_container(self, obj, start: int, end: int, flow: bool) -> Container:
        info = Container(start, end, flow)
        self.doc.containers[id(obj)] = info
        return info

    # -- keys
    def key_part(self, i: int) -> tuple[str, int, int]:
        text = self.text
        ch = text[i] if i < self.n else ""
        if ch == '"':
            j = i + 1
            while True:
                c = text[j]
                if c == "\\":
                    j += 2
                elif c == '"':
                    break
                else:
                    j += 1
            return _unescape(text[i + 1:j]), i, j + 1
        if ch == "'":
            j = text.index("'", i + 1)
            return text[i + 1:j], i, j + 1
        m = _BARE_KEY.match(text, i)
        if not m:
            raise _Bug(f"expected a key at {i}")
        return m.group(), i, m.end()

    def key(self, i: int) -> tuple[list, int]:
        """A dotted key: [(name, start, end), ...] and the offset after it."""
        parts = []
        while True:
            name, s, e = self.key_part(i)
            parts.append((name, s, e))
            i = self.ws(e)
            if i < self.n and self.text[i] == ".":
                i = self.ws(i + 1)
                continue
            return parts, i

    # -- values
    def scalar_at(self, i: int) -> tuple[Any, int, str]:
        text = self.text
        ch = text[i]
        if ch == '"':
            if text.startswith('"""', i):
                j = text.index('"""', i + 3)
                while True:  # skip escaped quotes inside
                    k = j - 1
                    backslashes = 0
                    while text[k] == "\\":
                        backslashes += 1
                        k -= 1
                    if backslashes % 2 == 0:
                        break
                    j = text.index('"""', j + 1)
                while text.startswith('"', j + 3) and j + 3 < self.n:  # up to two quotes end the body
                    j += 1
                body = text[i + 3:j]
                if body.startswith("\r\n"):
                    body = body[2:]
                elif body.startswith("\n"):
                    body = body[1:]
                body = _LINE_CONTINUATION.sub("", body) if "\\" in body else body
                return _unescape(body), j + 3, '"""'
            value, _, end = self.key_part(i)
            return value, end, '"'
        if ch == "'":
            if text.startswith("'''", i):
                j = text.index("'''", i + 3)
                while text.startswith("'", j + 3) and j + 3 < self.n:
                    j += 1
                body = text[i + 3:j]
                if body.startswith("\r\n"):
                    body = body[2:]
                elif body.startswith("\n"):
                    body = body[1:]
                return body, j + 3, "'''"
            j = text.index("'", i + 1)
            return text[i + 1:j], j + 1, "'"
        m = _SCALAR_TOKEN.match(text, i)
        if not m:
            raise _Bug(f"expected a value at {i}")
        end = m.end()
        token = m.group()
        if _DATE.match(token):
            t = _DATE_TIME_TAIL.match(text, end)
            if t:
                end = t.end()
                token = text[i:end]
        return _scalar(token), end, ""

    def value(self, i: int) -> tuple[Any, int, int, str]:
        """Parse one value at ``i`` with an explicit stack. Returns (value, start, end, style).

        One function on purpose: a state machine over the nested arrays and inline tables,
        whose states share the stack."""
        text = self.text
        stack: list[_Frame] = []
        result = None
        while True:
            # ---- one value starts at i
            start = i
            ch = text[i] if i < self.n else ""
            if ch == "[":
                obj: Any = []
                frame = _Frame(obj, self.new_container(obj, i, i + 1, True), False)
                stack.append(frame)
                i = self.ws_nl(i + 1)
                if text.startswith("]", i):
                    i += 1
                    stack.pop()
                    frame.info.end = i
                    value, vstart, vend, style = obj, start, i, "seq"
                else:
                    continue
            elif ch == "{":
                obj = {}
                frame = _Frame(obj, self.new_container(obj, i, i + 1, True), True)
                self.doc.tables[id(obj)] = TableInfo("inline")
                stack.append(frame)
                i = self.ws_nl(i + 1)
                if text.startswith("}", i):
                    i += 1
                    stack.pop()
                    frame.info.end = i
                    value, vstart, vend, style = obj, start, i, "map"
                else:
                    parts, i = self.key(i)
                    i = self.ws(self.expect(i, "="))
                    frame.table_key = parts
                    i = self.ws(i)
                    continue
            else:
                value, i, style = self.scalar_at(i)
                vstart, vend = start, i
            # ---- attach completed values to their containers, closing what ends here
            while True:
                if not stack:
                    return value, vstart, vend, style
                frame = stack[-1]
                if frame.is_table:
                    self.put(frame.obj, frame.table_key, value, vstart, vend, style, inline=True)
                    frame.table_key = None
                    i = self.ws_nl(i)
                    if text.startswith(",", i):
                        i = self.ws_nl(i + 1)
                        if text.startswith("}", i):  # TOML 1.1 trailing comma
                            i += 1
                        else:
                            parts, i = self.key(i)
                            i = self.ws(self.expect(i, "="))
                            frame.table_key = parts
                            break
                    else:
                        i = self.expect(i, "}")
                else:
                    idx = len(frame.obj)
                    frame.obj.append(value)
                    frame.info.entries[idx] = Entry(vstart, vend, vstart, vend, style, vstart, vend)
                    i = self.ws_nl(i)
                    if text.startswith(",", i):
                        i = self.ws_nl(i + 1)
                        if not text.startswith("]", i):
                            break
                        i += 1
                    else:
                        i = self.expect(i, "]")
                stack.pop()
                frame.info.end = i
                value, vstart, vend, style = frame.obj, frame.info.start, i, \
                    ("map" if frame.is_table else "seq")
            i = self.ws(i)

    def put(self, table: dict, parts: list, value: Any, vstart: int, vend: int, style: str,
            inline: bool = False, line: tuple[int, int] | None = None) -> None:
        """Store ``value`` under the dotted key ``parts`` of ``table``."""
        cur = table
        key_start = parts[0][1]
        for depth, (name, s, e) in enumerate(parts[:-1]):
            nxt = cur.get(name)
            if not isinstance(nxt, dict):
                nxt = {}
                cur[name] = nxt
                info = self.new_container(nxt, s, vend, inline)
                owner_info = self.doc.tables.get(id(table))
                self.doc.tables[id(nxt)] = TableInfo(
                    "inline" if inline else "dotted", owner=table,
                    prefix=tuple(p[0] for p in parts[:depth + 1]),
                    section=owner_info.section if owner_info else None)
                self.doc.containers[id(cur)].entries[name] = Entry(
                    s, e, parts[depth + 1][1], vend, "dotted", key_start, vend)
            else:
                ent = self.doc.containers[id(cur)].entries.get(name)
                if ent is not None:
                    ent.value_end = max(ent.value_end, vend)
                    ent.entry_end = max(ent.entry_end, vend)
                self.doc.containers[id(nxt)].end = max(self.doc.containers[id(nxt)].end, vend)
            self.occurrence(cur, name, (s, e))
            if line is not None:
                self.doc.tables[id(nxt)].lines.append(line)
            cur = nxt
        name, s, e = parts[-1]
        cur[name] = value
        self.doc.containers[id(cur)].entries[name] = Entry(s, e, vstart, vend, style, key_start, vend)
        self.occurrence(cur, name, (s, e))

    # -- headers
    def header(self, i: int) -> int:
        """A ``[table]`` or ``[[array]]`` header at ``i``: its dotted key, the table it opens and
        every redefinition problem (one function: the cases share the key being resolved)."""
        text = self.text
        doc = self.doc
        array = text.startswith("[[", i)
        start = i
        i = self.ws(i + (2 if array else 1))
        parts, i = self.key(i)
        i = self.expect(i, "]]" if array else "]")
        header_end = i
        cur = doc.data
        path: list = []
        for name, s, e in parts[:-1]:
            nxt = cur.get(name)
            if nxt is None:
                nxt = {}
                cur[name] = nxt
                self.new_container(nxt, start, header_end, False)
                doc.tables[id(nxt)] = TableInfo("implicit")
                doc.containers[id(cur)].entries[name] = Entry(s, e, start, header_end, "implicit",
                                                              start, header_end)
            self.occurrence(cur, name, (s, e))
            path.append(name)
            if isinstance(nxt, list):
                path.append(len(nxt) - 1)
                nxt = nxt[-1]
            cur = nxt
        name, s, e = parts[-1]
        self.occurrence(cur, name, (s, e))
        path.append(name)
        parent_info = doc.containers[id(cur)]
        if array:
            arr = cur.get(name)
            if arr is None:
                arr = []
                cur[name] = arr
                self.new_container(arr, start, header_end, False)
                parent_info.entries[name] = Entry(s, e, start, header_end, "aot", start, header_end)
            table: dict = {}
            idx = len(arr)
            arr.append(table)
            path.append(idx)
            self.new_container(table, start, header_end, False)
            doc.containers[id(arr)].entries[idx] = Entry(start, header_end, start, header_end,
                                                         "table", start, header_end)
            kind = "aot-item"
        else:
            table = cur.get(name)
            if table is None:
                table = {}
                cur[name] = table
                self.new_container(table, start, header_end, False)
                parent_info.entries[name] = Entry(s, e, start, header_end, "table", start, header_end)
            else:  # an implicit table ([a.b] came first) is now defined explicitly
                ent = parent_info.entries[name]
                ent.key_start, ent.key_end, ent.style = s, e, "table"
                ent.value_start, ent.entry_start = start, start
            kind = "header"
        doc.sections.append(Section(tuple(path), start, header_end, header_end, table, array,
                                    header_end))
        doc.tables[id(table)] = TableInfo(kind, section=len(doc.sections) - 1)
        return i

    # -- the document
    def run(self) -> None:
        doc = self.doc
        text = self.text
        root: dict = {}
        doc.data = root
        self.new_container(root, 0, self.n, False)
        doc.tables[id(root)] = TableInfo("root")
        current = root
        section: Section | None = None
        i = 0
        while True:
            i = self.ws_nl(i)
            if i >= self.n:
                break
            if text[i] == "[":
                i = self.header(i)
                section = doc.sections[-1]
                current = section.table
            else:
                line_start = i
                parts, i = self.key(i)
                i = self.ws(self.expect(i, "="))
                value, vstart, vend, style = self.value(i)
                i = vend
                line_end = self._line_end(i)
                self.put(current, parts, value, vstart, vend, style, line=(line_start, line_end))
                doc.tables[id(current)].lines.append((line_start, line_end))
                if section is not None:
                    section.body_end = vend
                    section.last_line_end = line_end
            # the rest of the line: whitespace and an optional comment
            i = self.ws(i)
            if i < self.n and text[i] == "#":
                j = text.find("\n", i)
                i = self.n if j == -1 else j
        self._close_spans()

    def _line_end(self, i: int) -> int:
        j = self.text.find("\n", i)
        return self.n if j == -1 else j

    def _close_spans(self) -> None:
        """Tables written as headers end where their last body line ends; so do their ancestors."""
        doc = self.doc
        for sec in doc.sections:
            cur = doc.data
            for part in sec.path:
                info = doc.containers.get(id(cur))
                ent = info.entries.get(part) if info else None
                if ent is not None and ent.style in ("table", "aot", "implicit"):
                    ent.value_end = max(ent.value_end, sec.body_end)
                    ent.entry_end = max(ent.entry_end, sec.body_end)
                cur = cur[part]
                ci = doc.containers.get(id(cur)) if isinstance(cur, (dict, list)) else None
                if ci is not None and not ci.flow:
                    ci.end = max(ci.end, sec.body_end)
