"""Apply fixes until the document stops changing (ruff-style convergence)."""
from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass, field

from ..document import parse_text
from .config import Config
from .findings import AddKey, Append, Severity, TextEdit
from .runner import iter_fixes, lint

MAX_ROUNDS = 12


@dataclass
class FixResult:
    text: str
    applied: list = field(default_factory=list)   # (code, title) per applied fix
    rounds: int = 0
    converged: bool = True
    reverted: list = field(default_factory=list)  # fixes whose result did not parse
    reported: int = 0     # findings with a fix to apply in the lint before any fix (what ``check`` reports
    #                       as "fixable with --fix")
    follow_on: list = field(default_factory=list)  # codes of applied fixes for findings that appeared
    #                                                only once an earlier fix was applied

    def summary(self) -> str:
        """The count of applied fixes told in the unit of ``check``'s "N fixable": findings."""
        n = len(self.applied)
        head = f"applied {n} fix(es)"
        if not self.follow_on and n == self.reported:
            return head
        parts = [f"{n - len(self.follow_on)} for the {self.reported} finding(s) reported fixable"]
        if self.follow_on:
            codes = ", ".join(sorted(set(self.follow_on)))
            parts.append(f"{len(self.follow_on)} for finding(s) that became fixable once those were "
                         f"applied ({codes})")
        return f"{head}: " + ", ".join(parts)


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


def _errors(diagnostics) -> set:
    return {(d.code, tuple(d.path), d.range.start.line if d.range is not None else -1)
            for d in diagnostics if d.severity == Severity.ERROR}


class _Round:
    """A text between fixes, parsed and linted once (the lint that checks some fixes is the
    one the next fixes are derived from)."""

    def __init__(self, text: str, path: str | None, lint_round) -> None:
        self.text = text
        doc = parse_text(text, path)
        self.parsed = doc.parsed
        self.diagnostics = lint_round(doc) if doc.parsed else []
        self.errors = _errors(self.diagnostics)

    def new_errors(self, before: "_Round") -> set:
        """Errors of a new kind at a new place: neither their code, nor their document path,
        nor their line had an error before (the same mistake reported by another rule once a
        fix changed it, as AGIS406 becoming AGIS405 on one path segment, is no new error)."""
        codes = {c for c, _, _ in before.errors}
        paths = {p for _, p, _ in before.errors}
        lines = {n for _, _, n in before.errors}
        return {(c, p, n) for c, p, n in self.errors if c not in codes and p not in paths and n not in lines}


def fix_loop(text: str, path: str | None, lint_round, *, unsafe: bool = False) -> FixResult:
    """Apply fixes round by round until nothing changes: ``lint_round(doc)`` gives the
    diagnostics of each round's text (the :class:`engine.linter.Linter` passes its own
    lint, so ``--fix``, fix-all and the tests fix what ``check`` reports).

    No fix leaves a new error behind: a round whose result does not parse, or has an error of
    a new code at a new place (:meth:`_Round.new_errors`), is applied again without the fixes that do so
    alone (``result.reverted``; a later round tries them again on its own text)."""
    result = FixResult(text)
    first: Counter = Counter()     # (code, message) of the fixable findings before any fix
    current = _Round(text, path, lint_round)
    for rnd in range(MAX_ROUNDS):
        if not current.parsed:  # nothing can be fixed in a document that does not parse
            result.rounds = rnd
            return result
        pairs = list(iter_fixes(current.diagnostics, unsafe))
        if rnd == 0:
            first.update((d.code, d.message) for d, _ in pairs)
            result.reported = len(pairs)
        chosen = _non_overlapping(pairs)
        if not chosen:
            result.rounds = rnd
            return result
        after = _Round(apply_edits(current.text, [e for _, f in chosen for e in f.edits]), path, lint_round)
        if not after.parsed or after.new_errors(current):
            taken = {id(f) for _, f in chosen}
            waiting = [(d, f) for d, f in pairs if id(f) not in taken]
            after, chosen = _one_at_a_time(current, after, chosen, waiting, path, lint_round, result)
            if not chosen:
                result.rounds = rnd + 1
                return result
        result.applied.extend((d.code, f.title) for d, f in chosen)
        for d, _ in chosen:
            if first[(d.code, d.message)] > 0:
                first[(d.code, d.message)] -= 1
            else:
                result.follow_on.append(d.code)
        result.text = after.text
        current = after
    result.rounds = MAX_ROUNDS
    result.converged = False
    return result


def _one_at_a_time(current: _Round, after: _Round, chosen: list, others: list, path, lint_round,
                   result: FixResult):
    """The round again without the fixes that do not parse or bring a new error, found by
    halving (a lint per half: a few offenders among thousands of fixes cost a few dozen
    lints, not thousands). When no fix of the round is fine, the first of the fixes that
    waited for them (``others``) that is fine alone is applied."""
    found = _fine(current, chosen, path, lint_round, result, after)
    if found is not None:
        return found
    for d, f in others:
        if (d.code, f.title) in result.reverted:
            continue
        found = _fine(current, [(d, f)], path, lint_round, result)
        if found is not None:
            return found
    return current, []


def _fine(current: _Round, fixes: list, path, lint_round, result: FixResult,
          tried: _Round | None = None):
    """(the text with the largest set of ``fixes`` found to bring no new error, that set), or
    None. Two halves fine apart but not together (two renames that meet on one name) give the
    first half: the next round derives the others again from its text."""
    trial = tried or _Round(apply_edits(current.text, [e for _, f in fixes for e in f.edits]), path,
                            lint_round)
    if trial.parsed and not trial.new_errors(current):
        return trial, fixes
    if len(fixes) == 1:
        d, f = fixes[0]
        if (d.code, f.title) not in result.reverted:
            result.reverted.append((d.code, f.title))
        return None
    half = len(fixes) // 2
    left = _fine(current, fixes[:half], path, lint_round, result)
    right = _fine(current, fixes[half:], path, lint_round, result)
    if left is not None and right is not None:
        both = _Round(apply_edits(current.text, [e for _, f in left[1] + right[1] for e in f.edits]), path,
                      lint_round)
        if both.parsed and not both.new_errors(current):
            return both, left[1] + right[1]
    return left or right


def fix_text(text: str, path: str | None, config: Config | None = None, *, unsafe: bool = False,
             semantic: bool = False, deployment=None) -> FixResult:
    """Fix a text with the rule runner alone (tests of rules and fixes; the products fix
    through ``Linter.fix``)."""
    def lint_round(doc):
        return lint(doc, config, semantic=semantic, deployment=deployment).diagnostics
    return fix_loop(text, path, lint_round, unsafe=unsafe)
