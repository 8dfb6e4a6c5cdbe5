"""The fast path of the positioned JSON parser: ``json.loads``'s C decoder for the data, then
one regular-expression pass over the tokens for the positions.

Only a document the reference scanner (``json_parser._scan``) would read without a problem
takes this path, and it yields exactly what that scanner yields: the same data, the same
Container and Entry for every container and entry, in the same order. Anything else raises
:class:`Fallback` and the reference scanner reads the text: syntax errors (their messages and
positions are the scanner's), ``NaN``/``Infinity`` (which ``json.loads`` accepts and JSON does
not), integers too long for ``int()``, duplicate keys, nesting deeper than MAX_NESTING, a BOM.
"""
from __future__ import annotations

import json
import re

from .tree import MAX_NESTING, Container, Entry


class Fallback(Exception):
    """The fast path is not sure: read the text with the reference scanner."""


def _no_constant(name: str):
    raise Fallback(name)


_DECODER = json.JSONDecoder(parse_constant=_no_constant)
# The text is valid JSON when this runs (json.loads read it), so one match is a member
# ("key": and its value or the bracket opening it: groups 1-4), a string item (5), a bracket
# that opens (6) or closes (7) a container, or a number or literal item (8). ',' and
# whitespace are skipped; a string followed by ':' is always a key.
_STR = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_TOKEN = re.compile(rf'[ \t\n\r,]*(?:({_STR})[ \t\n\r]*:[ \t\n\r]*(?:({_STR})|([^\s,:{{}}\[\]"]+)|([{{\[]))'
                    rf'|({_STR})|([{{\[])|([}}\]])|([^\s,:{{}}\[\]"]+))')


def scan_fast(doc) -> None:
    """Fill ``doc.data``, ``doc.containers`` and ``doc.root_span`` or raise Fallback."""
    text = doc.text
    try:
        data = _DECODER.decode(text)
    except (ValueError, RecursionError, Fallback):
        raise Fallback() from None
    try:
        _positions(doc, text, data)
    except (KeyError, IndexError, TypeError) as exc:   # tokens and data disagree: never expected
        raise Fallback() from exc
    doc.data = data


def _positions(doc, text: str, data) -> None:  # noqa: C901 - the hot loop, one function on purpose
    containers = doc.containers
    stack: list = []            # saved frames of the enclosing containers
    obj = None                  # the open container (None: at the root)
    entries: dict = {}
    keys = None                 # iterator over the open map's keys, in document order
    key = None                  # the open container's key in its parent map
    ks = ke = start = 0         # that key's span; the open container's start
    root_span = None
    end_marker = Fallback
    for m in _TOKEN.finditer(text):
        g = m.lastindex
        if g == 2 or g == 3:                            # "key": scalar
            k = next(keys, end_marker)
            if k is end_marker:                         # more keys in the text than in the dict
                raise Fallback()
            a, b = m.span(1)
            vs, ve = m.span(g)
            entries[k] = Entry(a, b, vs, ve, '"' if g == 2 else "", a, ve)
        elif g == 5 or g == 8:                          # a scalar item (or the root)
            vs, ve = m.span(g)
            if obj is None:
                root_span = (vs, ve)
            else:
                entries[len(entries)] = Entry(vs, ve, vs, ve, '"' if g == 5 else "", vs, ve)
        elif g == 7:                                    # } or ]
            ve = m.end()
            info = containers[id(obj)]
            info.end = ve
            vs, style = start, ("map" if keys is not None else "seq")
            k, a, b = key, ks, ke
            obj, entries, keys, key, ks, ke, start = stack.pop()
            if obj is None:
                root_span = (vs, ve)
            elif keys is not None:
                entries[k] = Entry(a, b, vs, ve, style, a, ve)
            else:
                entries[len(entries)] = Entry(vs, ve, vs, ve, style, vs, ve)
        else:                                           # { or [ opening a value
            if len(stack) >= MAX_NESTING:
                raise Fallback()
            s = m.start(g)
            if g == 4:                                  # "key": { or [
                k = next(keys, end_marker)
                if k is end_marker:
                    raise Fallback()
                child = obj[k]
                stack.append((obj, entries, keys, key, ks, ke, start))
                key, (ks, ke) = k, m.span(1)
            else:
                child = data if obj is None else obj[len(entries)]
                stack.append((obj, entries, keys, key, ks, ke, start))
            info = Container(s, s + 1, True)
            containers[id(child)] = info
            obj, entries, start = child, info.entries, s
            keys = iter(child) if text[s] == "{" else None
    if root_span is None or stack:
        raise Fallback()
    doc.root_span = root_span
