"""JSON -> positioned data with an iterative scanner.

``json.loads`` gives no positions and recurses; this scanner uses the C string
decoder and a few regular expressions, keeps an explicit stack (so nesting depth
is bounded only by memory) and reports duplicate keys and syntax errors where
they occur.

``parse_json`` first tries the fast path (``json_fast``: ``json.loads`` for the data, one
token pass for the spans), which gives the same document for every text it accepts and hands
everything else (errors, duplicates, NaN, huge integers, deep nesting) to this scanner.
"""
from __future__ import annotations

import re
from json.decoder import scanstring

from .json_fast import Fallback, scan_fast
from .jsonc import accepts_comments, strip_jsonc
from .tree import MAX_NESTING, Container, Document, Entry, ParseProblem, too_deep_message
from .numbers import read_int
from .positions import char_end

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsonDocument(Document):
    syntax = "json"


class JsonSyntaxError(Exception):
    def __init__(self, message: str, index: int, too_deep: bool = False) -> None:
        super().__init__(message)
        self.index = index
        self.too_deep = too_deep


def parse_json(text: str, path: str | None = None) -> JsonDocument:
    return parse_with(text, path, _scan_fast_or_reference)


def _scan_fast_or_reference(doc: JsonDocument) -> None:
    """The fast path (``json_fast``) when it is sure, else the reference scanner."""
    try:
        scan_fast(doc)
    except Fallback:
        doc.data, doc.containers, doc.root_span = None, {}, (0, len(doc.text))
        _scan(doc)


def parse_with(text: str, path: str | None, scan) -> JsonDocument:
    """``parse_json`` with the given scan (``_scan``, the reference scanner, or the fast path
    that falls back to it): the identity tests run both."""
    doc = JsonDocument(text, path)
    jsonc = accepts_comments(path) and ("/" in text or "," in text)
    try:
        if jsonc:                    # scanned without comments; offsets are the original's
            doc.text = strip_jsonc(text)
        scan(doc)
        doc.parsed = True
    except JsonSyntaxError as exc:
        index = min(max(exc.index, 0), len(text))
        message = str(exc) if exc.too_deep else f"JSON syntax error: {exc}"
        doc.problems.append(ParseProblem("AGIS001", message, index, char_end(text, index)))
        doc.data, doc.parsed, doc.containers = None, False, {}
    if jsonc:
        doc.text, doc._lines = text, None
    return doc


def _describe(text: str, i: int) -> str:
    if i >= len(text):
        return "end of file"
    return repr(text[i])


def _scan(doc: JsonDocument) -> None:  # noqa: C901 - a small state machine
    """The positioned JSON scan: one loop over the text with an explicit stack (one function
    on purpose: it is the hot loop, and its states share locals that calls would cost)."""
    text = doc.text
    n = len(text)
    ws = _WS.match
    containers = doc.containers
    # Stack frames: [obj, info, is_map, key, kstart, kend]
    stack: list[list] = []
    i = ws(text, 0).end()
    root = None
    root_span = (0, 0)

    while True:
        # ---- parse one value at i
        if i >= n:
            raise JsonSyntaxError("expected a value, found end of file", i)
        ch = text[i]
        start = i
        if ch == "{" or ch == "[":
            if len(stack) >= MAX_NESTING:
                raise JsonSyntaxError(too_deep_message("JSON"), i, too_deep=True)
            obj = {} if ch == "{" else []
            info = Container(i, i + 1, True)
            containers[id(obj)] = info
            stack.append([obj, info, ch == "{", None, -1, -1])
            i = ws(text, i + 1).end()
            close = "}" if ch == "{" else "]"
            if i < n and text[i] == close:
                i += 1
                stack.pop()
                info.end = i
                value, style, end = obj, ("map" if close == "}" else "seq"), i
            elif ch == "{":
                i = _read_key(text, i, stack[-1], containers, doc)
                continue
            else:
                continue
        elif ch == '"':
            try:
                value, i = scanstring(text, i + 1, True)
            except ValueError as exc:
                raise _string_error(text, exc, i) from None
            style, end = '"', i
        else:
            m = _NUMBER.match(text, i)
            if m and m.end() > i:
                lit = m.group(0)
                value = float(lit) if (m.group(1) or m.group(2)) else read_int(lit)
                i, style, end = m.end(), "", m.end()
            else:
                for word, lit_value in _LITERALS.items():
                    if text.startswith(word, i):
                        value, i, style, end = lit_value, i + len(word), "", i + len(word)
                        break
                else:
                    raise JsonSyntaxError(f"expected a value, found {_describe(text, i)}", i)

        # ---- attach value and close finished containers
        while True:
            if not stack:
                root, root_span = value, (start, end)
                i = ws(text, i).end()
                if i < n:
                    raise JsonSyntaxError(f"unexpected {_describe(text, i)} after the document", i)
                doc.data, doc.root_span = root, root_span
                return
            frame = stack[-1]
            obj, info = frame[0], frame[1]
            if frame[2]:
                key = frame[3]
                if key in obj:
                    first = doc.lines.position(info.entries[key].key_start)
                    doc.problems.append(ParseProblem(
                        "AGIS002", f"duplicate key '{key}' (first defined on line {first.line + 1}); "
                        "the later value wins", frame[4], frame[5]))
                    del obj[key]
                obj[key] = value
                info.entries[key] = Entry(frame[4], frame[5], start, end, style, frame[4], end)
            else:
                info.entries[len(obj)] = Entry(start, end, start, end, style, start, end)
                obj.append(value)
            i = ws(text, i).end()
            close = "}" if frame[2] else "]"
            if i < n and text[i] == ",":
                comma = i
                i = ws(text, i + 1).end()
                if frame[2]:
                    i = _read_key(text, i, frame, containers, doc, comma)
                elif i < n and text[i] == "]":
                    raise JsonSyntaxError("trailing ',' before ']': remove this ',' (JSON allows "
                                          "no comma after the last item)", comma)
                break  # parse the next value
            if i < n and text[i] == close:
                i += 1
                info.end = i
                stack.pop()
                value, start, end, style = obj, info.start, i, ("map" if frame[2] else "seq")
                continue
            expected = "',' or '}'" if frame[2] else "',' or ']'"
            if i < n and (text[i] in '"{[-0123456789tfn'):
                what = "members" if frame[2] else "items"
                line = doc.lines.position(end).line + 1
                raise JsonSyntaxError(f"missing ',' between {what}: add ',' after the value that "
                                      f"ends on line {line}", end)
            raise JsonSyntaxError(f"expected {expected}, found {_describe(text, i)}", i)


def _string_error(text: str, exc: ValueError, start: int) -> JsonSyntaxError:
    """What to change when a string does not scan (a line break inside, no closing quote)."""
    pos = getattr(exc, "pos", start)
    msg = str(exc).split(":")[0]
    if msg.startswith("Invalid control character") and pos < len(text) and text[pos] in "\r\n":
        return JsonSyntaxError("line break inside a string: a JSON string ends on the line it "
                               "starts; add the closing '\"' if it is missing, or join the lines "
                               "(write \\n for a line break)", pos)
    if msg.startswith("Unterminated string"):
        return JsonSyntaxError("string is never closed: add the closing '\"'", start)
    return JsonSyntaxError(msg, pos)


def _read_key(text: str, i: int, frame: list, containers, doc, comma: int = -1) -> int:
    if i >= len(text) or text[i] != '"':
        if i < len(text) and text[i] == "}" and comma >= 0:
            raise JsonSyntaxError("trailing ',' before '}': remove this ',' (JSON allows no comma "
                                  "after the last member)", comma)
        if i < len(text) and text[i] in "[{":
            raise JsonSyntaxError(f"found {_describe(text, i)} where a member's key belongs; an "
                                  "object holds \"key\": value members: to give a list or object as "
                                  "the value, remove the '{' before it and its matching '}'", i)
        raise JsonSyntaxError(f"expected a quoted key, found {_describe(text, i)}", i)
    try:
        key, j = scanstring(text, i + 1, True)
    except ValueError as exc:
        raise _string_error(text, exc, i) from None
    frame[3], frame[4], frame[5] = key, i, j
    j = _WS.match(text, j).end()
    if j >= len(text) or text[j] != ":":
        raise JsonSyntaxError(f"expected ':' after key, found {_describe(text, j)}", j)
    return _WS.match(text, j + 1).end()
