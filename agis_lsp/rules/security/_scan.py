"""The security scan: every detector over every prose field, once per document.

Security rules attach *detectors* (``detector(CODE, priority, ...)(fn)``: a function
``text -> iterable of (start, end, what)``) to their rule; the rule table marks them
(``detector=True``) and the engine's registry holds them with the rule. :func:`scan` runs the enabled ones
over the prose fields of the document (``formats.prose``), keeps one hit per
offending span (overlapping hits go to the detector with the lowest priority
number, i.e. the most specific, error-level one), moves hits found in JSON Schema
values to the schema-poisoning code, and leaves to AGIS515 the spans it already
reports on AGIS statements. Each rule then yields the findings of its own code.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ...document.paths import format_path
from ...engine.facts import fact
from ...engine.findings import Finding, Related
from ...engine.registry import attach, parts
from ...formats.prose import Prose, prose_fields
from ...formats.registry import in_purpose, security_advice
from ._carriers import STRUCTURAL, carried
from ._contract import in_own_example, job_of, prefers_within_contract, switch_of
from ._order_scope import before_own_tool
from ._own_names import _OWN, _keys_in, _names_own, document_names, own_names, values_own
from ._prefilter import compile_requirement, folded, requirement

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
    return low, with_prefixes(set(_TOKEN.findall(low)))


def with_prefixes(tokens: set) -> set:
    """``tokens`` and their 3-7 letter prefixes (what a ``Gate`` word is matched against)."""
    return tokens | {t[:k] for t in tokens for k in range(3, min(len(t), 8))}


@dataclass(slots=True)
class Hit:
    code: str
    prose: Prose
    start: int
    end: int
    what: str
    advice: str
    origin: str = ""   # the detector's code when the hit is reported under another (AGSC801)


def detector(code: str, priority: int, advice: str, gate: Gate | None = None):
    """Attach ``fn(text) -> [(start, end, what)]`` to rule ``code`` as its detector.

    The rule table marks the rules that have one (``detector=True``); the engine's registry
    holds it with the rule (``registry.attach``), so the detectors are the table's rules.
    ``gate`` lists words every text the detector can report on contains; texts without
    any are skipped (speed: most prose is clean). A test checks the gates on the data."""
    def register(fn):
        attach(code, "detector", Detector(code, priority, fn, advice, gate))
        return fn
    return register


_SORTED: list = [0, []]   # [number of detectors, them by priority]


def detectors() -> list[Detector]:
    """Every detector, most specific (lowest priority number) first; imports the modules of
    the rule table's detector rules on first use."""
    found = parts("detector", modules_flag="detector")
    if _SORTED[0] != len(found):
        _SORTED[:] = [len(found), sorted(found.values(), key=lambda d: d.priority)]
    return _SORTED[1]


class lazy:
    """A regex compiled on first use: most documents never need most patterns, and compiling
    them all costs more than scanning a large document (measured: ~300 ms under load).

    From its ``PREFILTER_AFTER``-th use on, it first checks the substrings every match must
    contain (``_prefilter``) and runs the regex only on texts that have them: the same
    matches, found without scanning the clean majority of a large document's prose. They are
    derived at build time (``_prefilter_of``), as deriving one at run time costs about as much
    as compiling; a small document never needs them."""
    __slots__ = ("source", "flags", "_rx", "_need", "_uses")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source, self.flags, self._rx = source, flags, None
        self._need, self._uses = None, 0   # None: not derived yet; False: nothing to check

    def finditer(self, text: str):
        need = self._need
        if need is None:
            self._uses += 1
            if self._uses >= PREFILTER_AFTER:
                self._need = need = _prefilter_of(self.source, self.flags)
        if need and not need(_folded(text)):
            return iter(())
        if self._rx is None:
            self._rx = re.compile(self.source, self.flags)
        return self._rx.finditer(text)


PREFILTER_AFTER = 8


def _prefilter_of(source: str, flags: int):
    """The pattern's prefilter (False: it needs nothing): the one derived at build time
    (``_prefilter_table``, written by ``scripts/build_prefilter_table.py``), else derived now
    (a pattern edited since). Deriving them all took ~0.06 s of CPU in every process."""
    from ._prefilter_table import NEEDS
    key = (source, int(flags))
    if key in NEEDS:
        return NEEDS[key] or False
    return compile_requirement(requirement(source, flags)) or False


_LAST_FOLDED: tuple = (None, "")   # (text, folded text): the detectors check one text in turn


def _folded(text: str) -> str:
    global _LAST_FOLDED
    last = _LAST_FOLDED             # one tuple, read once: safe when two threads scan
    if last[0] is text:
        return last[1]
    low = folded(text)
    _LAST_FOLDED = (text, low)
    return low


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


# Characters a reader does not see: zero-width and joiners, bidirectional controls, the BOM,
# the soft hyphen and Unicode tag characters. A message shows a run of them by its length, never
# the characters themselves: a hidden payload must not travel on in CI annotations or SARIF.
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
                        "\U000e0000-\U000e007f]+")


def quote(text: str) -> str:
    text = _INVISIBLE.sub(lambda m: f"\u27e8{len(m.group(0))} invisible\u27e9", " ".join(text.split()))
    return text if len(text) <= QUOTE_MAX else text[:QUOTE_MAX - 1] + "\u2026"


class _Taken:
    """The disjoint spans a text's hits hold, sorted: whether a new span overlaps one is a
    binary search, not a pass over every hit (a hostile field holds a pattern's words 50,000
    times)."""
    __slots__ = ("starts", "ends")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def take(self, start: int, end: int) -> bool:
        """Take [start, end) unless it overlaps a span taken before; True when taken. The spans
        are disjoint, so their ends rise with their starts: only the last span that starts
        before ``end`` can reach past ``start``."""
        i = bisect_left(self.starts, end)
        if i and self.ends[i - 1] > start:
            return False
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        return True


def scan_text(text: str, enabled: Callable[[str], bool] = lambda code: True,
              active: list | None = None) -> list[tuple]:
    """[(code, start, end, what, advice)] for one text: one hit per span, best detector first.
    ``active`` (the enabled detectors, computed once per document) saves asking ``enabled``."""
    kept: list[tuple] = []
    taken = _Taken()
    feats = features(text)
    if active is None:
        active = [d for d in detectors() if enabled(d.code)]
    for det in active:
        for start, end, what in detector_hits(det, text, feats):
            if taken.take(start, end):
                kept.append((det.code, start, end, what, det.advice))
    own_memo = next((found for seen, found in _MEMOS if seen is text), None)
    for at, inner, whole in carried(text):   # a quoted value, a table cell, a comment: read alone too
        inner_feats = features(inner)
        for det in active:
            if not whole and det.code in STRUCTURAL:
                continue
            for start, end, what in detector_hits(det, inner, inner_feats):
                start, end = start + at, end + at
                if taken.take(start, end):
                    kept.append((det.code, start, end, what, det.advice))
    if own_memo is not None and not any(seen is text for seen, _ in _MEMOS):
        _remember(text, own_memo)   # the carried texts pushed it out: ``overlapped`` reads it next
    kept.sort(key=lambda h: h[1])
    return kept


def overlapped(text: str, kept: list, active: list) -> frozenset:
    """Codes of the detectors that fired on ``text`` but lost their spans to a more specific
    one (``scan_text`` keeps one hit per span): signals all the same (``_evidence``). Names of
    tools are guessed (AGSC401), so only its kept hits count."""
    codes = {k[0] for k in kept}
    return frozenset(d.code for d in active if d.code not in codes and d.code != SHADOW_CODE
                     and detector_hits(d, text))


def detector_hits(det: Detector, text: str, feats=None) -> tuple:
    """``det``'s hits on ``text`` (none when its gate turns the text away), remembered for the
    texts being scanned: the encoding detectors ask for the other detectors' hits on the same
    text (``_encoded.inner``), which the scan computes anyway. ``feats``: ``features(text)``."""
    memo = None
    for seen, found in _MEMOS:
        if seen is text:
            memo = found
            break
    if memo is None:
        _remember(text, memo := {})
    hits = memo.get(det.code)
    if hits is None:
        if feats is None:
            feats = features(text)
        gate = det.gate
        if feats is not None and gate is not None and gate.words.isdisjoint(feats[1]) \
                and not gate.passes_otherwise(feats[0]):
            hits = ()
        else:
            hits = tuple(det.fn(text))
        memo[det.code] = hits
    return hits


_MEMOS: tuple = ()   # ((text, {code: hits}), ...), the last few texts scanned, newest first


def _remember(text: str, memo: dict) -> None:
    global _MEMOS
    _MEMOS = ((text, memo),) + _MEMOS[:3]   # a new tuple, replaced whole: safe when two threads scan


@fact("security.hits")
def scan(ctx) -> list[Hit]:
    """All hits of the document (one scan per lint; every AGSC pattern rule reads it)."""
    return _scan(ctx)[0]


@fact("security.scan")
def _scan(ctx) -> tuple[list, dict]:
    """(every hit, {field path: codes of the detectors that fired there but lost their span})."""
    enabled = _enabled(ctx)
    taken = _agis515_spans(ctx)
    active = [d for d in detectors() if enabled(d.code)]
    def own() -> frozenset:
        return document_names(ctx)   # read when first needed (recorded: engine.frame)

    token = _OWN.set(own)
    try:
        return _scan_fields(ctx, enabled, active, taken, own)
    finally:
        _OWN.reset(token)


def _scan_fields(ctx, enabled, active, taken, own) -> tuple[list, dict]:
    hits = []
    memo: dict[str, tuple] = {}
    lost: dict = {}
    for prose in fields(ctx):
        found = memo.get(prose.text)
        if found is None:
            kept = scan_text(prose.text, active=active)
            found = memo[prose.text] = (kept, overlapped(prose.text, kept, active) if kept else frozenset())
        found, extra = found
        if extra:
            lost[prose.path] = extra
        for code, start, end, what, advice in found:
            if any(start < e and s < end for s, e in taken.get(prose.path, ())):
                continue
            if in_purpose(ctx.kind, code, prose.text, start, end):
                continue   # the document's own purpose (a skill's orders to the agent)
            if code == SHADOW_CODE and (_names_own(prose.text[start:end], own())
                                        or _names_own(prose.text[start:end], _keys_in(prose.text))
                                        or values_own(prose.text[start:end], own())):
                continue   # the document's own tool or parameter, a key of its example, a value of a parameter
            if code == PREFERENCE_CODE:
                if prefers_within_contract(prose.text, end, own()):
                    continue   # "prefer this tool over multiple 'fill' calls": its own server's tools
            origin = ""
            if prose.role == "schema-value" and code != SCHEMA_CODE:
                if not enabled(SCHEMA_CODE):
                    continue
                code, origin = SCHEMA_CODE, code
            if in_own_example(prose.text, start, end, own()):
                continue   # a quoted argument of an example call of its own tool: data it takes
            if code == DIRECTIVE_CODE and before_own_tool(prose.text, end, own()):
                continue   # "Use this tool before calling get_metrics": a tool of its own server
            if code == SECRET_FILE_CODE and job_of(ctx.data, prose.path, prose.text[start:end]):
                continue   # a file named by the tool whose declared job is that file
            if code == SECRETS_CODE and switch_of(prose.path, prose.text[start:end]):
                continue   # "sensitive_data_enabled": "Include sensitive data ...": what its switch does
            hits.append(Hit(code, prose, start, end, what, advice, origin))
    return hits, lost


SHADOW_CODE = "AGSC401"
PREFERENCE_CODE = "AGSC105"


@fact("prose-fields")
def fields(ctx) -> list:
    """The document's prose fields (the pattern scan and the model rule both read them)."""
    return prose_fields(ctx.kind, ctx.doc, ctx.focus)


def flagged_paths(ctx) -> set:
    """Paths of the prose fields that a pattern rule (or AGIS515) reports."""
    return reported_paths(ctx) | set(_agis515_spans(ctx))


def reported_paths(ctx) -> set:
    """Paths of the prose fields that a security pattern rule reports (one finding each)."""
    return {h.prose.path for h in scan(ctx)}


def _enabled(ctx) -> Callable[[str], bool]:
    memo: dict[str, bool] = {}

    def enabled(code: str) -> bool:
        if code not in memo:
            memo[code] = ctx.config.enabled(code, ctx.doc.path)
        return memo[code]
    return enabled


@fact("security.agis515-spans")
def _agis515_spans(ctx) -> dict:
    """AGIS515 (AGIS statements: intent, outcome, parameter hints) keeps the spans it reports."""
    taken: dict = {}
    if ctx.kind == "agis" and ctx.config.enabled("AGIS515", ctx.doc.path):
        from ..agis.pass5_security import section12_hits
        for _, path, _, _, span, _ in section12_hits(ctx):
            taken.setdefault(path, []).append(span)
    return taken


@fact("security.evidence")
def evidence(ctx) -> list:
    """One :class:`_evidence.Evidence` per flagged field: its finding's hit, the other signals
    and the severity they support (``_evidence``)."""
    from ._evidence import gather
    hits, lost = _scan(ctx)
    return gather(hits, lost, {d.code: d.priority for d in detectors()}, scan_text)


def findings(ctx, code: str) -> Iterable[Finding]:
    """One finding per field, under the rule of its most specific hit, at the severity its
    signals support; the other rules' hits on the field are its related information."""
    for ev in evidence(ctx):
        if ev.primary.code == code:
            f = finding(ctx, ev.primary, ev.same)
            f.related = [Related(h.prose.path, f"also {h.code}: {h.what}: '{quote(h.prose.text[h.start:h.end])}'")
                         for h in ev.others]
            f.at_most = ev.severity
            f.corroborated = ev.corroborated   # with the model's agreement (AGSC901, semantic phase)
            yield f


def finding(ctx, hit: Hit, more: int = 0) -> Finding:
    p = hit.prose
    where = format_path(p.path)
    if p.role.startswith(("schema", "enum")):
        where = f"{_role_label(p.role)} {where}"
    extra = f" (and {more} more in this field)" if more else ""
    advice = security_advice(ctx.kind, hit.advice)
    message = f"{where} {hit.what}: '{quote(p.text[hit.start:hit.end])}'{extra}; {advice}"
    return Finding(p.path, message, span=ctx.doc.subspan(p.path, hit.start, hit.end))


SECRET_FILE_CODE = "AGSC301"
SECRETS_CODE = "AGSC302"
DIRECTIVE_CODE = "AGSC101"


def _role_label(role: str) -> str:
    return {"schema-value": "JSON Schema value", "enum-description": "enum description"}.get(
        role, "JSON Schema " + role.removeprefix("schema-"))
