"""Severity from evidence: one field, one finding, as severe as its independent signals allow.

Every detector that fires on a prose field is a *signal*, and so is the model's verdict (AGSC901's
head, rules/security/learned.py) when it scores the field at or above its threshold. A field's
signals are judged together, once (:func:`judge`):

* an **error** needs two independent signals that agree about one passage: two pattern rules
  of different families in one paragraph (AGSC1xx directives, 2xx secrecy, 3xx exfiltration,
  4xx shadowing, 5xx authority, 6xx encoding, 7xx execution), a pattern rule and the model
  reading the passage of its hit (``_agreement.reading_the_hit``), or a hidden or encoded carrier
  with an instruction inside (AGSC601 and AGSC602 decode one; AGSC605's invisible characters
  next to another rule's hit, or tag characters that spell an instruction);
* one signal alone is a **warning** at most;
* the *weak* patterns (``WEAK``: AGSC101, text addressed to the model; AGSC105, a preference
  for this tool) alone are **information** in prose (honest servers write both), a warning in a
  schema value (AGSC801), and a warning for AGSC101's orders that no real text holds
  (``STRONG_ORDERS``: harmful content to write, a note to a machine that judges the content,
  text hidden from people for the model, a change for the rest of the conversation, a new task,
  data to take as instructions, an exact reply dictated, a text to decode and obey). With the model's
  agreement they are a **warning**, not an error: the model judges the same thing they do
  (text aimed at the model), so the two are not independent, and the model agrees with them only
  at its own threshold, not at the lower agreement bar (``learned.weak_only_paths``);
* invisible characters with nothing inside them (two zero-width spaces left by a copy and
  paste) are a hygiene note: **information** (a warning when the model reads the field as an
  instruction).

The configured severity (``engine/severity/security.toml``, ``[tool.agis-lint.severity]``)
stays a ceiling: the evidence can only lower it. The field's most specific hit is the finding;
the other signals are its related information (one mistake, one diagnostic). The model's verdict
arrives in the semantic phase: each finding carries the severity it would have with the model's
agreement (``Evidence.corroborated``), and the engine folds AGSC901's corroborating signal into
it (``engine.consequences.fold_corroboration``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...engine.findings import Severity

CARRIERS = frozenset(("AGSC601", "AGSC602", "AGSC605"))   # hidden or encoded text
DECODING = frozenset(("AGSC601", "AGSC602"))              # fire only on an instruction inside
HIDDEN = "AGSC605"
WEAK = frozenset(("AGSC101", "AGSC105"))                 # the model's own kind of evidence
# AGSC101's orders that no real text of the corpora holds (0 in ~49,000 prose texts of the MCP
# servers, API documents and AWS operations, every split: docs/security.md, "Severity from
# evidence"): alone a warning, as another pattern is. Its other orders ("The LLM should ...",
# "tell the user", "call this tool first") are what honest servers write: alone information.
HARMFUL = "tells the model to write harmful content"
HARMFUL_HOW = "asks the model how to make a weapon or a drug"
JUDGE = "addresses a machine that judges this content"
HIDDEN_FROM_PEOPLE = "hides text from people for the model"
REST_OF_CONVERSATION = "changes the model's behaviour for the rest of the conversation"
NEW_TASK = "gives the model a new task"
DATA_AS_ORDERS = "tells the model to take data as instructions"
DECODE_LURE = "leaves an encoded string for the model to decode, as a line to complete"
FIXED_REPLY = "dictates the model's exact reply"
DECODE_AND_OBEY = "tells the model to decode a text and obey it"
STRONG_ORDERS = frozenset((HARMFUL, HARMFUL_HOW, JUDGE, HIDDEN_FROM_PEOPLE, REST_OF_CONVERSATION, NEW_TASK, DATA_AS_ORDERS,
                           DECODE_LURE, FIXED_REPLY, DECODE_AND_OBEY))
NEAR = 80   # characters: a signal this close to invisible characters is inside their sentence


def family(code: str) -> str:
    """The family digit of a security code (``AGSC303`` -> ``3``)."""
    return code[4:5]


@dataclass(slots=True)
class Evidence:
    """One field's hits: the finding's hit, the others, and the severity they support."""
    primary: object                       # _scan.Hit
    same: int = 0                         # further hits of the primary's rule on the field
    others: list = field(default_factory=list)   # hits of other rules (related information)
    severity: Severity = Severity.WARNING
    corroborated: Severity = Severity.WARNING   # the severity with the model's agreement too


def judge(hits: list, overlapped: frozenset, scan, model: bool = False) -> Severity:
    """The severity the signals of one field support. ``hits``: the field's hits (``code``,
    ``origin``, ``start``, ``end``, ``what``); ``overlapped``: codes of detectors that also fired
    on the field but whose spans another, more specific detector took; ``scan``: the pattern scan
    of a text (``_scan.scan_text``), for what invisible characters carry; ``model``: the model
    scores the field at or above its threshold (one more signal)."""
    origins = [h.origin or h.code for h in hits]
    codes = (*origins, *overlapped)
    if _two_families(hits, origins, overlapped) or any(c in DECODING for c in codes):
        return Severity.ERROR
    hidden = [h for h, c in zip(hits, origins) if c == HIDDEN]
    if hidden and (any(_spells(h, scan) or _beside(h, hits, origins) for h in hidden) or _splits(hidden, scan)):
        return Severity.ERROR
    strong = [c for c in codes if c not in CARRIERS and c not in WEAK]
    if model and strong:
        return Severity.ERROR         # a pattern and the model agree
    if set(origins) == {HIDDEN} and all(_spaces(h) for h in hidden):
        return Severity.WARNING if model else Severity.INFORMATION
    if not strong and not hidden:     # only the weak patterns
        # ... in a schema value (AGSC801 reports them there: a value is data, not prose to the
        # model, so text addressed to the model in it is one signal, a warning)
        in_value = any(h.origin and h.origin != h.code for h in hits)
        orders = any(c == "AGSC101" and h.what in STRONG_ORDERS for h, c in zip(hits, origins))
        return Severity.WARNING if model or in_value or orders else Severity.INFORMATION
    return Severity.WARNING


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def paragraph(text: str, start: int, end: int) -> tuple[int, int]:
    """The paragraph of ``text`` around ``text[start:end]``: from the blank line before it to
    the one after it (one passage: what two signals must agree about)."""
    before = [m.end() for m in _PARAGRAPH_BREAK.finditer(text, 0, start)]
    after = _PARAGRAPH_BREAK.search(text, end)
    return (before[-1] if before else 0), (after.start() if after else len(text))


def _two_families(hits: list, origins: list, overlapped: frozenset) -> bool:
    """Whether pattern rules of two families fired in one passage of the field: a paragraph
    (text between blank lines). Two signals about two paragraphs of a long description (an
    agent guide's preference for its tool in one, a note about another tool in a JSON template
    further down) are not two signals about one text. A detector whose span a more specific one
    took (``overlapped``) lies inside a hit: it counts in every paragraph with a hit."""
    extra = {family(c) for c in overlapped if c not in CARRIERS}
    text = hits[0].prose.text if hits else ""
    breaks = [m.end() for m in _PARAGRAPH_BREAK.finditer(text)]
    by_passage: dict[int, set] = {}
    for h, c in zip(hits, origins):
        if c not in CARRIERS:
            by_passage.setdefault(sum(1 for b in breaks if b <= h.start), set()).add(family(c))
    return any(len(f | extra) >= 2 for f in by_passage.values()) or (not by_passage and len(extra) >= 2)


# Characters a copy and paste leaves (zero-width space, non-joiner, joiner, word joiner, BOM, soft
# hyphen): with nothing inside them, a hygiene note. Bidirectional controls and tag characters
# are there to change or hide what a reader sees: one signal.
_SPACES = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad")


def _spaces(hit) -> bool:
    return all(c in _SPACES for c in hit.prose.text[hit.start:hit.end])


def _splits(hidden: list, scan_text) -> bool:
    """Whether the field, its invisible characters removed, holds an instruction another rule
    reads ("ig\u200bnore all previous instructions"): the characters hid it."""
    text = hidden[0].prose.text
    plain = "".join(c for c in text if c not in _SPACES)
    return plain != text and any(code not in CARRIERS for code, *_ in scan_text(plain))


def _spells(hit, scan_text) -> bool:
    """Tag characters (U+E0020-E007E) that spell an instruction: text another rule reads, or
    words at all. Their one legitimate use, an emoji subdivision flag, spells a short code
    ("gbsct") with no space; a run that spells a sentence exists to hide it from the reader."""
    spelled = "".join(chr(ord(c) - 0xE0000) for c in hit.prose.text[hit.start:hit.end]
                      if 0xE0020 <= ord(c) <= 0xE007E)
    if not spelled:
        return False
    if len(_WORDS.findall(spelled)) >= 3:
        return True
    return any(code not in CARRIERS for code, *_ in scan_text(spelled))


_WORDS = re.compile(r"[A-Za-z]{2,}")


def _beside(hidden, hits: list, origins: list) -> bool:
    return any(c not in CARRIERS and h.start - NEAR <= hidden.end and hidden.start <= h.end + NEAR
               for h, c in zip(hits, origins))


def _rule(hit) -> str:
    return hit.origin or hit.code


def gather(hits: list, overlapped: dict, priority: dict, scan) -> list:
    """``hits`` of a document grouped by field: one :class:`Evidence` per field, its primary
    the hit of the most specific rule (lowest detector ``priority``), first in the field; a weak
    family's hit (``WEAK``: AGSC101, AGSC105, configured at a warning at most) only when no other
    family fired, so that the rule that reports a field can carry the severity its signals
    support (a look-alike word and a dictated reply in one field are an error, under AGSC603)."""
    by_field: dict = {}
    for h in hits:
        by_field.setdefault(h.prose.path, []).append(h)
    out = []
    for path, group in by_field.items():
        best = min(group, key=lambda h: (_rule(h) in WEAK, priority.get(_rule(h), 99), h.start))
        same = [h for h in group if h.code == best.code]
        others = []
        seen = {best.code}
        for h in group:
            if h.code not in seen:
                seen.add(h.code)
                others.append(h)
        lost = overlapped.get(path, frozenset())
        out.append(Evidence(best, len(same) - 1, others, judge(group, lost, scan),
                            judge(group, lost, scan, model=True)))
    return out
