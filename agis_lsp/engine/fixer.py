"""Apply fixes until the document stops changing (ruff-style convergence)."""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from ..document import parse_text
from .config import Config
from .findings import AddKey, Append, TextEdit
from .runner import iter_fixes, lint

MAX_ROUNDS = 12


@dataclass
class FixResult:
    text: str
    applied: list = field(default_factory=list)   # (code, title) per applied fix
    rounds: int = 0
    converged: bool = True
    reverted: list = field(default_factory=list)  # fixes whose result did not parse


def preferred_fix(diagnostic):
    """The fix that corrects ``diagnostic``'s mistake: the one its rule marks preferred, else the first
    safe one; None when there is neither. It may be unsafe (GET -> FETCH renames the API)."""
    usable = [f for f in diagnostic.fixes if f.edits]
    return next((f for f in usable if f.preferred), None) or next((f for f in usable if f.safe), None)


def auto_fix(diagnostic):
    """The fix an editor's Auto Fix may apply without asking: the preferred fix when it is
    safe, else None. The server marks only this one ``isPreferred``; an unsafe fix is offered
    as a quick fix the user chooses (labelled unsafe), never applied by Auto Fix."""
    fix = preferred_fix(diagnostic)
    return fix if fix is not None and fix.safe else None


def apply_edits(text: str, edits: list[TextEdit]) -> str:
    out = []
    last = len(text)
    for e in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out.append(text[e.end:last])
        out.append(e.new_text)
        last = e.start
    out.append(text[:last])
    return "".join(reversed(out))


def _values_touched(fix) -> list:
    """(document path, replaces the subtree?) of each op: appending or adding a key leaves the rest alone."""
    return [(tuple(op.path), not isinstance(op, (Append, AddKey))) for op in getattr(fix, "ops", ()) or ()]


class _Written:
    """The values this round's chosen fixes write. Two fixes write the same value when they
    name the same path, or one names a path inside a value the other replaces whole. Sets of
    paths, whole-replaced paths and prefixes answer that per fix in the length of its paths
    (comparing with every chosen fix was quadratic: 21,000 fixes of a long declared_verbs, 137 s)."""

    def __init__(self) -> None:
        self.paths: set = set()
        self.whole: set = set()
        self.prefixes: set = set()

    def conflicts(self, values: list) -> bool:
        for path, whole in values:
            if path in self.paths or (whole and path in self.prefixes):
                return True
            if any(path[:i] in self.whole for i in range(len(path) + 1)):
                return True
        return False

    def add(self, values: list) -> None:
        for path, whole in values:
            self.paths.add(path)
            if whole:
                self.whole.add(path)
            self.prefixes.update(path[:i] for i in range(len(path) + 1))


class _Taken:
    """Text spans of the chosen fixes, sorted by (start, end). The chosen fixes never overlap
    each other, so a new span need only be compared with its two neighbours."""

    def __init__(self) -> None:
        self.spans: list = []
        self.points: set = set()     # insertion points (empty spans): two at one place collide

    def overlaps(self, s: int, e: int) -> bool:
        if s == e and s in self.points:
            return True
        i = bisect.bisect_right(self.spans, (s, float("inf")))
        for ts, te in self.spans[max(0, i - 1):i + 1]:
            if s < te and ts < e or (s == e == ts == te):
                return True
        return False

    def add(self, s: int, e: int) -> None:
        bisect.insort(self.spans, (s, e))
        if s == e:
            self.points.add(s)


def _non_overlapping(pairs):
    """The fixes of one round: no two overlap in the text or write the same value.

    Each fix was derived from this round's text. Two fixes that write the same
    value (AGIS201 renaming ``"CANCEL_X /get-x"`` and AGIS406 renaming it to
    ``"CANCEL_X /x"``, or two rewrites of one path) cannot both be right once
    the first is applied: the second waits for the next round, where its rule
    derives it again from the new text.
    """
    chosen, taken, written = [], _Taken(), _Written()
    for diag, fix in pairs:
        spans = [(e.start, e.end) for e in fix.edits]
        if not spans or any(taken.overlaps(s, e) for s, e in spans):
            continue
        values = _values_touched(fix)
        if written.conflicts(values):
            continue
        chosen.append((diag, fix))
        for s, e in spans:
            taken.add(s, e)
        written.add(values)
    return chosen


def fix_loop(text: str, path: str | None, lint_round, *, unsafe: bool = False) -> FixResult:
    """Apply fixes round by round until nothing changes: ``lint_round(doc)`` gives the
    diagnostics of each round's text (the :class:`engine.linter.Linter` passes its own
    lint, so ``--fix``, fix-all and the tests fix what ``check`` reports)."""
    result = FixResult(text)
    for rnd in range(MAX_ROUNDS):
        doc = parse_text(result.text, path)
        if not doc.parsed:  # nothing can be fixed in a document that does not parse
            result.rounds = rnd
            return result
        chosen = _non_overlapping(iter_fixes(lint_round(doc), unsafe))
        if not chosen:
            result.rounds = rnd
            return result
        new_text = apply_edits(result.text, [e for _, f in chosen for e in f.edits])
        if not parse_text(new_text, path).parsed:
            # Apply one at a time, keeping only fixes that leave a parseable document.
            new_text = result.text
            kept = []
            for d, f in chosen:
                trial = apply_edits(new_text, f.edits)
                if parse_text(trial, path).parsed:
                    new_text = trial
                    kept.append((d, f))
                    break  # offsets are stale after the first edit; next round re-lints
                result.reverted.append((d.code, f.title))
            chosen = kept
            if not chosen:
                result.rounds = rnd + 1
                return result
        result.applied.extend((d.code, f.title) for d, f in chosen)
        result.text = new_text
    result.rounds = MAX_ROUNDS
    result.converged = False
    return result


def fix_text(text: str, path: str | None, config: Config | None = None, *, unsafe: bool = False,
             semantic: bool = False, deployment=None) -> FixResult:
    """Fix a text with the rule runner alone (tests of rules and fixes; the products fix
    through ``Linter.fix``)."""
    def lint_round(doc):
        return lint(doc, config, semantic=semantic, deployment=deployment).diagnostics
    return fix_loop(text, path, lint_round, unsafe=unsafe)
