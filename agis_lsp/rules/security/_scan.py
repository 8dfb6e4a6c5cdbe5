"""The security scan: every detector over every prose field, once per document.

Rule modules register *detectors* (``@detector(CODE, priority)``: a function
``text -> iterable of (start, end, what)``). :func:`scan` runs the enabled ones
over the prose fields of the document (``formats.prose``), keeps one hit per
offending span (overlapping hits go to the detector with the lowest priority
number, i.e. the most specific, error-level one), moves hits found in JSON Schema
values to the schema-poisoning code, and leaves to AGIS515 the spans it already
reports on AGIS statements. Each rule then yields the findings of its own code.
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ...document.paths import format_path
from ...engine.model import Finding
from ...formats.prose import Prose, prose_fields

SCHEMA_CODE = "AGSC801"
QUOTE_MAX = 80


@dataclass(frozen=True, slots=True)
class Detector:
    code: str
    priority: int
    fn: Callable[[str], Iterable[tuple]]
    advice: str
    gate: Any = None       # a Gate every text with a hit passes (a cheap pre-filter), or None


_TOKEN = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Gate:
    """Words (or word prefixes of 3 to 7 letters) and substrings of which every ASCII text a
    detector can report on contains at least one. Non-ASCII text always passes."""
    words: frozenset
    extras: tuple = ()
    regex: Any = None

    def passes(self, low: str, words: set) -> bool:
        if not self.words.isdisjoint(words):
            return True
        return self.passes_otherwise(low)

    def passes_otherwise(self, low: str) -> bool:
        """``passes`` for a text none of whose words is the gate's."""
        for x in self.extras:
            if x in low:
                return True
        return self.regex is not None and self.regex.search(low) is not None


def gate(words: str, extras: tuple = (), regex: str | None = None) -> Gate:
    return Gate(frozenset(w[:7] for w in words.split()), tuple(extras), re.compile(regex) if regex else None)


@lru_cache(maxsize=1024)   # ~3.7 KB an entry: 50 open documents held 15 MB at 4,096
def features(text: str) -> tuple[str, set] | None:
    """(lower-cased text, its words and their 3-7 letter prefixes); None for non-ASCII text."""
    if not text.isascii():
        return None
    low = text.lower()
    words: set = set()
    for t in _TOKEN.findall(low):
        words.add(t)
        words.update(t[:k] for k in range(3, min(len(t), 8)))
    return low, words


@dataclass(slots=True)
class Hit:
    code: str
    prose: Prose
    start: int
    end: int
    what: str
    advice: str


_DETECTORS: list[Detector] = []


def detector(code: str, priority: int, advice: str, gate: Gate | None = None):
    """Register ``fn(text) -> [(start, end, what)]`` as a detector of rule ``code``.

    ``gate`` lists words every text the detector can report on contains; texts without
    any are skipped (speed: most prose is clean). A test checks the gates on the data."""
    def register(fn):
        _DETECTORS.append(Detector(code, priority, fn, advice, gate))
        _DETECTORS.sort(key=lambda d: d.priority)
        return fn
    return register


def detectors() -> list[Detector]:
    from . import (authority, directives, encoding, execution, exfiltration,  # noqa: F401
                   secrecy, shadowing)  # the detectors register on import
    return _DETECTORS


class lazy:
    """A regex compiled on first use: most documents never need most patterns, and compiling
    them all costs more than scanning a large document (measured: ~300 ms under load)."""
    __slots__ = ("source", "flags", "_rx")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source, self.flags, self._rx = source, flags, None

    def finditer(self, text: str):
        if self._rx is None:
            self._rx = re.compile(self.source, self.flags)
        return self._rx.finditer(text)


def matches(*patterns):
    """A detector body: every match of each ``(regex, what)``, trimmed of spaces and punctuation.

    A pattern may carry a third item, the words (prefixes, see :class:`Gate`) one of which
    any ASCII text it matches contains: it is then neither compiled nor run on other texts."""
    prepared = [(p[0], p[1], frozenset(w[:7] for w in p[2].split()) if len(p) > 2 else None) for p in patterns]

    def run(text: str):
        feats = features(text)
        for rx, what, words in prepared:
            if words is not None and feats is not None and words.isdisjoint(feats[1]):
                continue
            for m in rx.finditer(text):
                s, e = m.span()
                while s < e and text[s] in TRIM:
                    s += 1
                while e > s and text[e - 1] in TRIM:
                    e -= 1
                if e > s:
                    yield s, e, what
    run.patterns = prepared
    return run


TRIM = " \t\r\n.,;:!?\"'`()"


def quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_MAX else text[:QUOTE_MAX - 1] + "\u2026"


def scan_text(text: str, enabled: Callable[[str], bool] = lambda code: True,
              active: list | None = None) -> list[tuple]:
    """[(code, start, end, what, advice)] for one text: one hit per span, best detector first.
    ``active`` (the enabled detectors, computed once per document) saves asking ``enabled``."""
    kept: list[tuple] = []
    feats = features(text)
    if active is None:
        active = [d for d in detectors() if enabled(d.code)]
    for det in active:
        gate = det.gate
        if feats is not None and gate is not None and gate.words.isdisjoint(feats[1]) \
                and not gate.passes_otherwise(feats[0]):
            continue
        for start, end, what in det.fn(text):
            if any(start < e and s < end for _, s, e, _, _ in kept):
                continue
            kept.append((det.code, start, end, what, det.advice))
    kept.sort(key=lambda h: h[1])
    return kept


def scan(ctx) -> list[Hit]:
    """All hits of the document (cached on the lint context)."""
    cached = getattr(ctx, "_security_hits", None)
    if cached is not None:
        return cached
    enabled = _enabled(ctx)
    taken = _agis515_spans(ctx)
    hits = []
    memo: dict[str, list] = {}
    active = [d for d in detectors() if enabled(d.code)]
    own = None
    for prose in fields(ctx):
        found = memo.get(prose.text)
        if found is None:
            found = memo[prose.text] = scan_text(prose.text, active=active)
        for code, start, end, what, advice in found:
            if any(start < e and s < end for s, e in taken.get(prose.path, ())):
                continue
            if code == SHADOW_CODE:
                own = own_names(ctx.data) if own is None else own   # (recorded: engine.frame)
                if _names_own(prose.text[start:end], own):
                    continue   # the document's own tool or parameter: inside its contract
            if prose.role == "schema-value" and code != SCHEMA_CODE:
                if not enabled(SCHEMA_CODE):
                    continue
                code = SCHEMA_CODE
            hits.append(Hit(code, prose, start, end, what, advice))
    ctx._security_hits = hits
    return hits


SHADOW_CODE = "AGSC401"
_IDENT = re.compile(r"[A-Za-z_][\w.-]*")


def own_names(data) -> frozenset:
    """Names the document itself defines: its tools' (prompts', functions') names and every
    property name of its schemas. A cross-tool finding about one of them is about this server."""
    names: set = set()
    stack = [data]
    while stack:
        obj = stack.pop()
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == "properties" and isinstance(v, dict):
                    names.update(str(n) for n in v)
                if k in ("tools", "prompts", "functions", "resources") and isinstance(v, list):
                    names.update(i["name"] for i in v if isinstance(i, dict) and isinstance(i.get("name"), str))
                if isinstance(v, (dict, list)):
                    stack.append(v)
        elif isinstance(obj, list):
            stack.extend(x for x in obj if isinstance(x, (dict, list)))
    return frozenset(names)


def _names_own(span: str, own: frozenset) -> bool:
    return any(w in own for w in _IDENT.findall(span) if ("_" in w or "." in w or not w.islower()))


def fields(ctx) -> list:
    """The document's prose fields (cached on the lint context: the model rule reads them too)."""
    cached = getattr(ctx, "_security_fields", None)
    if cached is None:
        cached = ctx._security_fields = prose_fields(ctx.kind, ctx.doc, getattr(ctx, "focus", None))
    return cached


def flagged_paths(ctx) -> set:
    """Paths of the prose fields that a pattern rule (or AGIS515) reports."""
    return {h.prose.path for h in scan(ctx)} | set(_agis515_spans(ctx))


def _enabled(ctx) -> Callable[[str], bool]:
    memo: dict[str, bool] = {}

    def enabled(code: str) -> bool:
        if code not in memo:
            memo[code] = ctx.config.enabled(code, ctx.doc.path)
        return memo[code]
    return enabled


def _agis515_spans(ctx) -> dict:
    """AGIS515 (AGIS statements: intent, outcome, parameter hints) keeps the spans it reports."""
    cached = getattr(ctx, "_security_taken", None)
    if cached is not None:
        return cached
    taken: dict = {}
    if ctx.kind == "agis" and ctx.config.enabled("AGIS515", ctx.doc.path):
        from ..agis.pass5_security import section12_hits
        for _, path, _, _, span, _ in section12_hits(ctx):
            taken.setdefault(path, []).append(span)
    ctx._security_taken = taken
    return taken


def findings(ctx, code: str) -> Iterable[Finding]:
    """One finding per field for ``code``: its first span; the others are counted in the message."""
    by_field: dict = {}
    for hit in scan(ctx):
        if hit.code == code:
            by_field.setdefault(hit.prose.path, []).append(hit)
    for hits in by_field.values():
        yield finding(ctx, hits[0], len(hits) - 1)


def finding(ctx, hit: Hit, more: int = 0) -> Finding:
    p = hit.prose
    where = format_path(p.path)
    if p.role.startswith(("schema", "enum")):
        where = f"{_role_label(p.role)} {where}"
    extra = f" (and {more} more in this field)" if more else ""
    message = f"{where} {hit.what}: '{quote(p.text[hit.start:hit.end])}'{extra}; {hit.advice}"
    return Finding(p.path, message, span=ctx.doc.subspan(p.path, hit.start, hit.end))


def _role_label(role: str) -> str:
    return {"schema-value": "JSON Schema value", "enum-description": "enum description"}.get(
        role, "JSON Schema " + role.removeprefix("schema-"))
