"""Literal prefilters: what a regex's matches must contain, checked before the regex runs.

Most prose fields are clean, and Python's regex engine tries a pattern that opens with an
alternation (``(?:^|[.!?]\\s*|\\b(?:please|also)\\s+)(?:send|...)``) at every position of the
text. A substring test (``"send" in text``) is a fast C loop. :func:`requirement` reads a
pattern's parse tree and derives a condition on the lower-cased text, an AND / OR of
substrings, that every text the pattern matches satisfies:

* a literal run (``you``, ``are``, ``now``) must occur; an alternation needs one of its
  branches; an optional or repeatable-from-zero part needs nothing; a positive lookaround's
  text must occur too (it is in the text, only outside the match);
* anything it cannot read as literals (character classes, ``.``, back references, an
  opcode it does not know) needs nothing.

So the condition can only be weaker than the pattern, never stronger: a pattern is skipped
only on texts it cannot match (the same reasoning as a trigram index, Cox 2012), and a
detector's hits are the same with and without it (``tests/security/test_prefilter.py``
runs every pattern both ways over the development payloads and the real corpora).

Case: the text is lower-cased after folding the four characters that Python's
case-insensitive matching equates with an ASCII letter (U+0130 and U+0131 with ``i``,
U+017F with ``s``, U+212A with ``k``); only ASCII literals are used, lower-cased, so a
case-sensitive pattern is checked as if it were case-insensitive (weaker, still sound).
"""
from __future__ import annotations

from typing import Callable

try:   # the standard library's own regex parser (``sre_parse`` before 3.11)
    from re import _constants as C, _parser as P
except ImportError:  # pragma: no cover - Python < 3.11
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

TRUE = True        # a requirement every text meets
NON_ASCII = ("non-ascii",)   # a requirement: the text has a character beyond ASCII
_MAX_SET = 64      # exact alternatives kept before they become an OR of substrings
_MAX_CLASS = 8     # a character class of at most this many ASCII characters is read as literals
FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_FOLDS_TO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


def folded(text: str) -> str:
    """The text a requirement is checked on: lower-cased, with the four characters that
    case-insensitive matching takes for an ASCII letter folded to that letter."""
    return text.lower() if text.isascii() else text.translate(FOLD).lower()


class _Info:
    """What a piece of a pattern matches: ``exact`` (every string it can match, or None when
    unknown) and ``req`` (a condition on the whole text: from lookarounds, or, when
    ``exact`` is None, everything known)."""
    __slots__ = ("exact", "req")

    def __init__(self, exact: frozenset | None, req=TRUE) -> None:
        self.exact, self.req = exact, req

    def full(self):
        if self.exact is None:
            return self.req
        return _and([self.req, _or(list(self.exact))])


_EMPTY = frozenset({""})
_UNKNOWN = None


def _or(items: list):
    """Any of ``items`` (strings or sub-requirements); TRUE when one of them is."""
    flat: list = []
    for x in items:
        if x is TRUE or x == "":
            return TRUE
        if isinstance(x, tuple) and x[0] == "or":
            flat.extend(x[1])
        else:
            flat.append(x)
    # by length, then by the text: a set's order changes from process to process, and two equal
    # conditions must come out equal (``_unique`` compares them) in every process
    strs = sorted({x for x in flat if isinstance(x, str)}, key=lambda x: (len(x), x))
    kept: list = []
    for s in strs:   # "tool" or "tools": "tool" is enough
        if not any(k in s for k in kept):
            kept.append(s)
    rest = _unique([x for x in flat if not isinstance(x, str)])
    out = kept + rest
    return out[0] if len(out) == 1 else ("or", out)


def _and(items: list):
    """All of ``items``; TRUE when there is nothing left to require."""
    flat: list = []
    for x in items:
        if x is TRUE or x == "":
            continue
        if isinstance(x, tuple) and x[0] == "and":
            flat.extend(x[1])
        else:
            flat.append(x)
    strs = sorted({x for x in flat if isinstance(x, str)}, key=lambda x: (-len(x), x))
    kept: list = []
    for s in strs:   # "tools" and "tool": "tools" says both
        if not any(s in k for k in kept):
            kept.append(s)
    rest = _unique([x for x in flat if not isinstance(x, str)])
    out = kept + rest
    if not out:
        return TRUE
    return out[0] if len(out) == 1 else ("and", out)


def _branch(infos: list) -> _Info:
    if all(i.exact is not None for i in infos):
        exact = frozenset().union(*(i.exact for i in infos))
        if len(exact) <= _MAX_SET:
            return _Info(exact, _or([i.req for i in infos]))
    return _Info(_UNKNOWN, _or([i.full() for i in infos]))


def _unique(items: list) -> list:
    out: list = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def _sequence(items) -> _Info:
    """A concatenation: runs of exact pieces are joined (``t`` ``h`` ``(?:is|e)`` -> "this" or
    "the"); a piece that is not exact ends the run, whose strings are then required."""
    req, run, exact, chars = TRUE, _Info(_EMPTY), True, []
    for op, av in getattr(items, "data", items):
        if op is C.LITERAL and av < 128:
            chars.append(chr(av).lower())   # the common case, joined once below
            continue
        if chars:
            tail = "".join(chars)
            run, chars = _Info(frozenset(x + tail for x in run.exact), run.req), []
        info = _node(op, av)
        if info.exact is None:
            req, run, exact = _and([req, run.full(), info.req]), _Info(_EMPTY), False
        elif len(run.exact) * len(info.exact) <= _MAX_SET:
            run = _Info(frozenset(x + y for x in run.exact for y in info.exact), _and([run.req, info.req]))
        else:   # too many combinations: each side required on its own (weaker, still true)
            req, run, exact = _and([req, run.full()]), info, False
    if chars:
        tail = "".join(chars)
        run = _Info(frozenset(x + tail for x in run.exact), run.req)
    if exact:
        return run
    return _Info(_UNKNOWN, _and([req, run.full()]))


def _literal(code: int) -> _Info:
    ch = chr(code)
    if ch.isascii():
        return _Info(frozenset({ch.lower()}))
    return _Info(_UNKNOWN, _beyond_ascii(ch))


def _beyond_ascii(ch: str):
    """A non-ASCII literal (Cyrillic, CJK, an accented letter) needs a non-ASCII character in
    the text, unless case-insensitive matching could take it for an ASCII letter."""
    if ch in _FOLDS_TO_ASCII or any(c.isascii() for c in (ch.lower(), ch.upper(), ch.casefold())):
        return TRUE
    return NON_ASCII


def _charset(av) -> _Info:
    chars = set()
    for op, v in av:
        if op is C.LITERAL and chr(v).isascii():
            chars.add(chr(v).lower())
        else:   # NEGATE, RANGE, CATEGORY, a non-ASCII character: not read
            return _Info(_UNKNOWN)
    return _Info(frozenset(chars)) if 0 < len(chars) <= _MAX_CLASS else _Info(_UNKNOWN)


def _repeat(av) -> _Info:
    low, high, sub = av
    inner = _sequence(sub)
    if low == 0:
        if high == 1 and inner.exact is not None and len(inner.exact) < _MAX_SET:
            return _Info(inner.exact | _EMPTY)   # its lookarounds hold only when it is taken
        return _Info(_UNKNOWN)   # any number of times: nothing known, nothing required
    if low == high == 1:
        return inner
    return _Info(_UNKNOWN, inner.full())   # at least one occurrence


def _node(op, av) -> _Info:
    if op is C.LITERAL:
        return _literal(av)
    if op is C.IN:
        return _charset(av)
    if op is C.AT:
        return _Info(_EMPTY)
    if op is C.SUBPATTERN:
        return _sequence(av[-1])
    if op is C.BRANCH:
        return _branch([_sequence(b) for b in av[1]])
    if op in (C.MAX_REPEAT, C.MIN_REPEAT) or op is getattr(C, "POSSESSIVE_REPEAT", None):
        return _repeat(av)
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _sequence(av)
    if op is C.ASSERT:
        return _Info(_EMPTY, _sequence(av[1]).full())   # the lookaround's text is in the text
    if op is C.ASSERT_NOT:
        return _Info(_EMPTY)
    return _Info(_UNKNOWN)   # ANY, NOT_LITERAL, GROUPREF, GROUPREF_EXISTS, anything new


def requirement(source: str, flags: int = 0):
    """The condition on :func:`folded` text that every text matching the pattern meets:
    TRUE, a substring, or ``("and" | "or", [...])``. TRUE when the pattern cannot be read."""
    try:
        return _sequence(P.parse(source, flags)).full()
    except Exception:   # noqa: BLE001 - an unreadable pattern is simply not prefiltered
        return TRUE


def compile_requirement(req) -> Callable[[str], bool] | None:
    """A function of the folded text that is False only when ``req`` fails; None for TRUE."""
    if req is TRUE:
        return None
    code = _expr(req)
    return eval(f"lambda t: {code}", {"__builtins__": {}})   # only repr()'d literals inside


def _expr(req) -> str:
    if isinstance(req, str):
        return f"{req!r} in t"
    if req == NON_ASCII:
        return "not t.isascii()"
    kind, items = req
    # cheap tests first: plain substrings before nested groups
    parts = [_expr(x) for x in sorted(items, key=lambda x: not isinstance(x, str))]
    joiner = " and " if kind == "and" else " or "
    return "(" + joiner.join(parts) + ")"
