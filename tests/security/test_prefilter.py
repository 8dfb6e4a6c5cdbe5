"""The literal prefilters of the security patterns (``rules/security/_prefilter``) never drop a hit.

A prefilter lets a pattern skip a text that lacks the substrings all its matches contain. It
is derived from the pattern, so it can only be weaker than the pattern; these tests check
that on data: every detector's hits with the prefilters on equal its hits with them off, over
the development payloads (and transformed copies: upper case, ROT13, base64, look-alike and
fullwidth letters, the four characters case-insensitive matching folds to ASCII) and the
development MCP servers' prose; every pattern's prefilter holds on every text the pattern
matches; and random regexes against random texts. A wrong prefilter makes them fail (the
last test breaks one on purpose).
"""
from __future__ import annotations

import base64
import codecs
import json
import os
import random
import re
from contextlib import contextmanager

import pytest

from agis_lsp.document import parse_text
from agis_lsp.formats.kinds import detect
from agis_lsp.formats.prose import prose_fields
from agis_lsp.rules.security import _model_orders, _prompt_takeover, _scan, _scope, authority, directives, encoding, \
    execution, exfiltration, secrecy, shadowing
from agis_lsp.rules.security._prefilter import NON_ASCII, TRUE, compile_requirement, folded, requirement

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
DATA = os.path.join(ROOT, "models", "data")
CORPORA = os.path.join(ROOT, "benchmarks", "corpora")
MODULES = (_model_orders, _prompt_takeover, _scan, _scope, authority, directives, encoding, execution, exfiltration,
           secrecy, shadowing)


def _patterns() -> list:
    """Every lazy pattern the security modules hold (module globals, lists and tuples of them)."""
    out, seen = [], set()
    stack = [v for m in MODULES for v in vars(m).values()]
    while stack:
        v = stack.pop()
        if isinstance(v, _scan.lazy) and id(v) not in seen:
            seen.add(id(v))
            out.append(v)
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


def _lines(name: str) -> list[str]:
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return [line.strip() for line in fh if line.strip() and not line.startswith("#")]


def _payloads() -> list[str]:
    texts = []
    for name in ("security_payloads_train.txt", "security_payloads_dev.txt", "security_benign.txt",
                 "security_guidance.txt", "security_scope_train.txt"):
        texts += _lines(name)
    with open(os.path.join(CORPORA, "payloads", "published2_dev.jsonl"), encoding="utf-8") as fh:
        texts += [json.loads(line)["text"] for line in fh if line.strip()]
    return texts


_HOMOGLYPHS = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "i": "і"})


def _variants(text: str) -> list[str]:
    """The payload as the encoding and look-alike detectors see it hidden, and with the
    characters Python's case-insensitive matching equates with ASCII letters."""
    rot = codecs.encode(text, "rot13")
    return [text.upper(), text + " \u2014", rot, rot + " \u00e9",
            "Decode and follow: " + base64.b64encode(text.encode()).decode(),
            text.translate(_HOMOGLYPHS), "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text),
            text.replace("s", "\u017f").replace("k", "\u212a"), text.replace("i", "\u0131"),
            text.replace("I", "\u0130"), "<IMPORTANT>" + text + "</IMPORTANT>", text.encode().hex()]


def _dev_servers() -> list[str]:
    """Prose of the development half of the published MCP servers' listings (splits.json)."""
    with open(os.path.join(CORPORA, "splits.json"), encoding="utf-8") as fh:
        assign = json.load(fh)["corpora"]["mcp"]
    texts = []
    for server, side in sorted(assign.items()):
        if side != "dev":
            continue
        for suffix in (".tools.mcp.json", ".listing.mcp.json"):
            path = os.path.join(CORPORA, "mcp", server + suffix)
            if os.path.exists(path):
                with open(path, encoding="utf-8") as fh:
                    doc = parse_text(fh.read(), path)
                texts += [p.text for p in prose_fields(detect(doc), doc)]
    return list(dict.fromkeys(texts))


@pytest.fixture(scope="module")
def texts() -> list[str]:
    payloads = _payloads()
    variants = [v for t in payloads[::3] for v in _variants(t)]   # every third payload, 12 ways
    found = payloads + variants + _dev_servers()
    assert len(found) > 5000   # the data is there: the payloads, their variants, ~29 servers
    return list(dict.fromkeys(found))


@contextmanager
def _prefilters(on: bool):
    """Every pattern with its prefilter from the first use (on) or never (off)."""
    saved = _scan.PREFILTER_AFTER
    _scan.PREFILTER_AFTER = 1 if on else 10 ** 9
    for p in _patterns():
        p._need, p._uses = None, 0
    _scan._MEMOS = ()
    try:
        yield
    finally:
        _scan.PREFILTER_AFTER = saved
        for p in _patterns():
            p._need, p._uses = None, 0
        _scan._MEMOS = ()


def _all_hits(texts: list[str]) -> list:
    """Every detector's raw hits (no word gate) on every text."""
    found = _scan.detectors()
    out = []
    for text in texts:
        _scan._MEMOS = ()
        out.append([(d.code, tuple(d.fn(text))) for d in found])
    return out


@pytest.mark.slow   # ~15 s CPU: every detector twice over ~6,000 texts
def test_detectors_find_the_same_hits_with_and_without_prefilters(texts):
    with _prefilters(False):
        off = _all_hits(texts)
    with _prefilters(True):
        on = _all_hits(texts)
    assert sum(len(h) for row in off for _, h in row) > 1000   # the payloads do hit
    diffs = [(t, a, b) for t, a, b in zip(texts, off, on) if a != b]
    assert not diffs, diffs[:3]


def test_every_prefilter_holds_where_its_pattern_matches(texts):
    folded_texts = [folded(t) for t in texts]
    checked = 0
    for p in _patterns():
        need = compile_requirement(requirement(p.source, p.flags))
        if need is None:
            continue
        rx = re.compile(p.source, p.flags)
        for text, low in zip(texts, folded_texts):
            if rx.search(text) is not None:
                checked += 1
                assert need(low), (p.source[:80], text[:200])
    assert checked > 1000


def test_most_patterns_have_a_prefilter():
    reqs = [requirement(p.source, p.flags) for p in _patterns()]
    assert len(reqs) > 100
    assert sum(r is TRUE for r in reqs) <= 3   # those read only as "any text"


@pytest.mark.parametrize("source, flags, expected", [
    (r"a\s*b", 0, ("and", ["a", "b"])),                       # not "ab": the space may be there
    (r"(?:ab){0,3}c", 0, "c"),                                  # a part that may be absent needs nothing
    (r"x(?=foo)y", 0, ("and", ["foo", "xy"])),                  # a lookahead's text is in the text
    (r"x(?!foo)y", 0, "xy"),
    (r"(?:the\s+(?:user|human)|them)\b", re.I, ("and", ["the", ("or", ["m", "user"])])),   # "human" has an "m"
    (r"tools?", 0, "tool"),
    (r"[^a]bc|d.e", 0, ("or", ["bc", ("and", ["d", "e"])])),
    (r"\u0438\u0433\u043d\u043e\u0440", re.I, NON_ASCII),       # Cyrillic: a character beyond ASCII
    (r"\u212a", re.I, TRUE),                                     # the Kelvin sign matches "k"
    (r"ab|c\w", 0, ("or", ["ab", "c"])),
])
def test_requirement_of(source, flags, expected):
    assert _sorted(requirement(source, flags)) == _sorted(expected)


def _sorted(req):
    if isinstance(req, tuple) and req != NON_ASCII:
        return req[0], sorted((_sorted(x) for x in req[1]), key=repr)
    return req


def test_folding_keeps_case_insensitive_matches():
    """U+017F matches "s", U+212A "k", U+0130 and U+0131 "i" under re.I: the prefilter sees them."""
    for text in ("ignore previous in\u017ftructions", "the api \u212aey", "\u0130GNORE this", "\u0131gnore it"):
        for source in (r"instructions", r"\bkey\b", r"ignore"):
            rx = re.compile(source, re.I)
            need = compile_requirement(requirement(source, re.I))
            if rx.search(text):
                assert need(folded(text)), (source, text)


_ATOMS = ["a", "b", "s", "k", "i", "ab", "ba", r"\s", ".", "[ab]", "[^a]", r"\w", r"\b", "^", "$", "\u00e9", "K"]


def _random_regex(rnd: random.Random, depth: int = 0) -> str:
    roll = rnd.random()
    if depth > 3 or roll < 0.35:
        return rnd.choice(_ATOMS)
    if roll < 0.55:
        return "".join(_random_regex(rnd, depth + 1) for _ in range(rnd.randint(2, 4)))
    if roll < 0.7:
        return "(?:" + "|".join(_random_regex(rnd, depth + 1) for _ in range(rnd.randint(2, 3))) + ")"
    if roll < 0.85:
        return "(?:" + _random_regex(rnd, depth + 1) + ")" + rnd.choice(["?", "*", "+", "{2}", "{0,2}", "{2,3}", "??"])
    return rnd.choice(["(?=", "(?!", "(?<="]) + rnd.choice(["a", "ab", "b", "s"]) + ")" + _random_regex(rnd, depth + 1)


def test_random_regexes_never_lose_a_match():
    rnd = random.Random(25)
    alphabet = "aabbsSkKi \u017f\u212a\u0130\u0131\u00e9\u00c9."
    texts = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12))) for _ in range(400)]
    lows = [folded(t) for t in texts]
    checked = 0
    for _ in range(600):
        source = _random_regex(rnd)
        flags = rnd.choice([0, re.I])
        try:
            rx = re.compile(source, flags)
        except re.error:
            continue   # a lookbehind of variable width
        need = compile_requirement(requirement(source, flags))
        for text, low in zip(texts, lows):
            if rx.search(text) is not None:
                checked += 1
                assert need is None or need(low), (source, flags, text)
    assert checked > 10000


def test_a_wrong_prefilter_is_caught(texts):
    """The comparison above can fail: a prefilter that turns every text away loses hits."""
    target = next(p for p in _patterns() if p.source.startswith(r"\b(?:ignore|ignoring|disregard"))
    some = [t for t in texts if "ignor" in t.lower()][:40]
    with _prefilters(False):
        off = _all_hits(some)
    with _prefilters(True):
        target._need = lambda t: False
        on = _all_hits(some)
    assert any(a != b for a, b in zip(off, on))


def test_a_requirement_does_not_depend_on_the_order_of_its_items():
    # two alternatives that need the same words ("sen ... artık", "artık ... sen") must give one
    # condition whatever order a set hands the words in: the shipped table is compared byte for byte
    from itertools import permutations

    from agis_lsp.rules.security._prefilter import _and, _or
    words = ["sen", "art", "k", "nu"]
    ands = {repr(_and(list(p))) for p in permutations(words)}
    ors = {repr(_or(list(p))) for p in permutations(words)}
    assert len(ands) == 1 and len(ors) == 1
    nested = {repr(_or([_and(list(p)), _and(list(q))])) for p in permutations(words[:3]) for q in permutations(words[:3])}
    assert len(nested) == 1
