"""Where YAML events come from: ruamel.yaml's libyaml C parser, else its pure-Python parser.

``ruamel.yaml.clib`` (``_ruamel_yaml.CParser``) gives events with code-point marks about as
fast as PyYAML's libyaml did. It bundles libyaml 0.1.7, which ends a plain scalar in a flow
collection at ``:`` and ``?`` where YAML 1.2 and libyaml 0.2.5 (PyYAML's) read on:
``{url: http://x.example}``, ``[10:30]`` (0.1.7: "found unexpected ':'") and
``{url: /search?q=1}`` ("did not find expected ',' or '}'" at the ``?``). ``refused_place``
recognises those two refusals where 0.2.5 would not refuse; the caller then reads the text
again with the character there (and those found before) replaced by a private-use stand-in
that libyaml takes as part of the scalar (``c_events_reading``: one code point for one, so
every mark stays where it was) and puts the character back in the scalar's value. The result
is libyaml's, tree or syntax error, as 0.2.5 gives it. Without the C extension every document
goes to ruamel's pure-Python parser (YAML 1.2; ~10x slower), and the process says so once.
"""
from __future__ import annotations

import sys

from ruamel.yaml import YAML
from ruamel.yaml import events as E
from ruamel.yaml.error import MarkedYAMLError, YAMLError

try:
    from _ruamel_yaml import CParser
except ImportError:  # no wheel for this platform / interpreter (PyPy)
    CParser = None

__all__ = ["E", "MarkedYAMLError", "YAMLError", "c_events", "c_events_reading", "py_events",
           "default_events", "refused_place", "C_UNAVAILABLE_NOTE"]

C_UNAVAILABLE_NOTE = ("agis-lsp: ruamel.yaml's C parser (ruamel.yaml.clib) is not installed; YAML "
                      "is read by its pure-Python parser, about 10x slower")
_noted = False

# libyaml 0.1.7 scanner.c, yaml_parser_scan_plain_scalar: raised only when flow_level > 0
_FLOW_COLON = ("found unexpected ':'", "while scanning a plain scalar")
_COLON_REFUSED_BY_0_2_5_TOO = ",?[]{}"   # 0.2.5 refuses ':' before these (same problem, same place)
_WHITE = " \t\r\n\x85\u2028\u2029"        # libyaml's blanks and breaks


def c_events(text: str):
    """The event stream of libyaml (ruamel.yaml.clib): its ``get_event`` until it returns None,
    with no Python frame per event (the parser is freed with the iterator). A syntax error
    raised from it gets the last event before it from the builder (``last_event``)."""
    return iter(CParser(text).get_event, None)


def refused_place(exc: MarkedYAMLError, text: str) -> int | None:
    """Where libyaml 0.1.7 refused a ``:`` or ``?`` that YAML 1.2 and libyaml 0.2.5 read as part
    of a plain scalar in a flow collection; None for any other error."""
    mark = exc.problem_mark
    i = mark.index if mark is not None else -1
    if not 0 <= i < len(text):
        return None
    if (exc.problem, exc.context) == _FLOW_COLON:
        after = text[i + 1:i + 2]
        return i if text[i] == ":" and after and after not in _COLON_REFUSED_BY_0_2_5_TOO else None
    # a '?' ends 0.1.7's plain scalar in flow context (it is read as a key indicator): the parser
    # then fails at it. A '?' after a plain scalar and nothing but white space (no comment)
    # continues that scalar in 0.2.5.
    last = getattr(exc, "last_event", None)   # set by the builder
    if (text[i] != "?" or last is None or last.__class__ is not E.ScalarEvent or last.style
            or last.end_mark.index > i or text[last.end_mark.index:i].strip(_WHITE)):
        return None
    return i


def c_events_reading(text: str, places: tuple[int, ...]):
    """libyaml's events of ``text`` with the ``:`` or ``?`` at each of ``places`` read as part of
    its plain scalar (the YAML 1.2 reading; see the module docstring)."""
    places = [i for i in places if i < len(text)]   # (the text may be a prefix of the one read before)
    free = (chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)
    stand_in = {ch: next(free, None) for ch in sorted({text[i] for i in places})}
    if None in stand_in.values():  # every private-use character in the text: pure Python reads it
        yield from py_events(text)
        return
    chars = list(text)
    for i in places:
        chars[i] = stand_in[text[i]]
    back = [(s, ch) for ch, s in stand_in.items()]
    scalar = E.ScalarEvent
    for ev in c_events("".join(chars)):
        if ev.__class__ is scalar:
            for s, ch in back:
                if s in ev.value:
                    ev.value = ev.value.replace(s, ch)
        yield ev


def py_events(text: str):
    """The event stream of ruamel.yaml's pure-Python parser (YAML 1.2; no nesting limit)."""
    return YAML(typ="safe", pure=True).parse(text)


def _note_once() -> None:
    global _noted
    if not _noted:
        _noted = True
        print(C_UNAVAILABLE_NOTE, file=sys.stderr, flush=True)


def _py_events_noted(text: str):
    _note_once()
    return py_events(text)


default_events = c_events if CParser is not None else _py_events_noted
