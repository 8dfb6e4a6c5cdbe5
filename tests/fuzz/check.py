"""The properties every document must keep, checked on the real engine in-process.

* no AGIS000 (no rule crashed), and nothing raised out of parse, lint, output or fix;
* every range (diagnostic, related information, fix edit) lies inside the document,
  checked against the text itself (LSP lines, UTF-16 columns), not the engine's index;
* the JSON and SARIF outputs are valid JSON;
* ``--fix --unsafe-fixes``: the result parses, converges (fixing it again changes
  nothing), has no more errors than before away from the lines the fixes changed, and
  each fix changes only the lines around the place its operations name.

  At a changed line the errors may rise: an unsafe fix that renames a misspelt key or
  corrects a handler type lets the rules check a value they ignored before (AGTP504's
  fix safety says so). ``check_document`` reports those as ``fixed == "unmasked"``;
  scripts/fuzz_engine.py counts them.
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field

from agis_lsp.cli import output
from agis_lsp.document import parse_bytes, parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.findings import Severity
from agis_lsp.engine.runner import iter_fixes, lint
from agis_lsp.formats import detect_kind

_BREAK = re.compile(r"\r\n|\r|\n")
MAX_FIXES_CHECKED = 12        # per document, for the locality property
FIX_TEXT_LIMIT = 400_000      # larger documents: lint only (the fixer re-lints per round)


class PropertyFailure(AssertionError):
    pass


@dataclass
class Outcome:
    kind: str | None = None
    diagnostics: int = 0
    parsed: bool = False
    fixed: bool = False
    codes: set = field(default_factory=set)


def utf16(s: str) -> int:
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


class Lines:
    """LSP lines of a text, computed here (independently of document.positions)."""

    def __init__(self, text: str) -> None:
        self.lines = _BREAK.split(text)
        self.widths = [utf16(line) for line in self.lines]

    def check(self, rng, what: str) -> None:
        for pos in (rng.start, rng.end):
            if not 0 <= pos.line < len(self.lines):
                raise PropertyFailure(f"{what}: line {pos.line} outside 0..{len(self.lines) - 1}")
            if not 0 <= pos.character <= self.widths[pos.line]:
                raise PropertyFailure(f"{what}: character {pos.character} outside line {pos.line} "
                                      f"(width {self.widths[pos.line]})")
        if (rng.start.line, rng.start.character) > (rng.end.line, rng.end.character):
            raise PropertyFailure(f"{what}: range ends before it starts: {rng}")


def errors(diags) -> int:
    return sum(d.severity == Severity.ERROR for d in diags)


def check_ranges(doc, diags) -> None:
    lines = Lines(doc.text)
    n = len(doc.text)
    for d in diags:
        what = f"{d.code} {d.message[:60]!r}"
        if not 0 <= d.start <= d.end <= n:
            raise PropertyFailure(f"{what}: offsets {d.start}..{d.end} outside 0..{n}")
        lines.check(d.range, what)
        for rel in d.related:
            if rel.file is None:
                lines.check(rel.range, f"{what} related {rel.message[:40]!r}")
        for fix in d.fixes:
            for e in fix.edits:
                if not 0 <= e.start <= e.end <= n:
                    raise PropertyFailure(f"{what} fix {fix.title!r}: edit {e.start}..{e.end} outside 0..{n}")


def check_outputs(name, doc, diags, notes) -> None:
    results = [(name, doc, diags)]
    for render in (output.render_json, output.render_sarif):
        try:   # as the CLI writes it: UTF-8, a lone surrogate as a backslash escape
            json.loads(render(results, notes).encode("utf-8", "backslashreplace"))
        except ValueError as exc:
            raise PropertyFailure(f"{render.__name__} is not valid JSON: {exc}") from None
    output.render_text([(name, diags)], notes)
    output.render_github(results, notes)


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset)


def _effective(text: str, e):
    """The span an edit really changes (common prefix and suffix stripped)."""
    old, new = text[e.start:e.end], e.new_text
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[len(old) - 1 - s] == new[len(new) - 1 - s]:
        s += 1
    return e.start + p, e.end - s


def check_fix_locality(doc, diag, fix) -> None:
    """A fix changes only the lines around what its operations name (+-1 line)."""
    text = doc.text
    allowed = []
    for op in fix.ops:
        start, end = doc.span(tuple(op.path), "entry")
        allowed.append((_line_of(text, start) - 1, _line_of(text, end) + 1))
    if not fix.ops:   # a text-only fix (e.g. removing an unused suppression comment)
        allowed.append((_line_of(text, diag.start) - 1, _line_of(text, diag.end) + 1))
    for e in fix.edits:
        start, end = _effective(text, e)
        if start >= end and e.new_text == text[e.start:e.end]:
            continue
        lo, hi = _line_of(text, start), _line_of(text, max(start, end))
        if not any(a <= lo and hi <= b for a, b in allowed):
            raise PropertyFailure(
                f"fix {fix.title!r} of {diag.code} changes lines {lo + 1}-{hi + 1}, away from "
                f"its operations (lines {[(a + 2, b) for a, b in allowed]}): {text[start:end]!r} -> "
                f"{e.new_text!r}")


def check_fixes(name, doc, diags, config) -> bool:
    if not doc.parsed or len(doc.text) > FIX_TEXT_LIMIT:
        return False
    for i, (d, fix) in enumerate(iter_fixes(diags, unsafe=True)):
        if i >= MAX_FIXES_CHECKED:
            break
        check_fix_locality(doc, d, fix)
    first = fix_text(doc.text, name, config, unsafe=True, semantic=False)
    if first.text == doc.text:
        return False
    fixed = parse_text(first.text, name)
    if not fixed.parsed:
        raise PropertyFailure(f"the fixed document does not parse: {[p.message for p in fixed.problems][:2]}")
    if not first.converged:
        raise PropertyFailure(f"--fix did not converge in {first.rounds} rounds: {first.applied[-4:]}")
    again = fix_text(first.text, name, config, unsafe=True, semantic=False)
    if again.text != first.text:
        raise PropertyFailure(f"a second --fix --unsafe-fixes changed the document again: {again.applied[:4]}")
    after = lint(fixed, config, semantic=False)
    if after.internal_errors:
        raise PropertyFailure(f"a rule crashed on the fixed document: "
                              f"{[d.message for d in after.diagnostics if d.code == 'AGIS000']}")
    before_away, after_away, unmasked = _errors_away(doc.text, first.text, diags, after.diagnostics,
                                                     fixed)
    if after_away > before_away:
        new = sorted({d.code for d in after.diagnostics if d.severity == Severity.ERROR}
                     - {d.code for d in diags if d.severity == Severity.ERROR})
        raise PropertyFailure(f"--fix --unsafe-fixes increased the errors away from the fixed lines from "
                              f"{before_away} to {after_away} (new codes {new}; applied {first.applied[:6]})")
    return "unmasked" if unmasked else True


def _touched(opcodes, side: int) -> set:
    """Lines (0-based, on one side of the diff) within one line of a change."""
    out: set = set()
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            continue
        lo, hi = (i1, i2) if side == 0 else (j1, j2)
        # the changed block with one line before and after it, on both sides alike: an inserted
        # block's following line is near it in the new text as the insertion point is in the
        # old (an older, wider window on the old side counted errors moved down as new ones)
        out.update(range(lo - 1, hi + 1))
    return out


def _line_opcodes(a: list, b: list) -> list:
    """difflib's opcodes for two line lists, with their common head and tail taken off first:
    fixes change a few places, and difflib without autojunk is quadratic on long runs of equal
    lines (22,881 lines of "x" took 208 s in this check, 3 s in the linter)."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    a_mid, b_mid = a[head:len(a) - tail], b[head:len(b) - tail]
    # exact (no junk heuristic) on small middles; on large ones difflib's heuristic, which may
    # call more lines changed (so more errors count as near a fix: a weaker check, never a
    # false failure) instead of minutes of matching
    mid = difflib.SequenceMatcher(None, a_mid, b_mid,
                                  autojunk=len(a_mid) + len(b_mid) > 4000).get_opcodes()
    ops = [("equal", 0, head, 0, head)] if head else []
    ops += [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in mid]
    if tail:
        ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    return ops


def _fixed_places(doc, lines: set) -> list:
    """The mappings and sequences holding the changed lines of the fixed document: a fix there
    may let a rule check the rest of that entry (a field type corrected, its enum values are now
    judged against it, two lines down), which is unmasking, not a fix that did damage."""
    from agis_lsp.document.locate import path_at
    out = []
    starts = doc.lines.starts
    for line in sorted(lines)[:200]:   # bounded: a fix changes a few places
        if 0 <= line < len(starts):
            path, _ = path_at(doc, starts[line] + len(doc.lines.line_text(line)) - len(
                doc.lines.line_text(line).lstrip()))
            if path:
                out.append(tuple(path[:-1]))
    return out


def _errors_away(old: str, new: str, before, after, fixed=None):
    """Errors away from the lines the fixes changed, before and after; and whether errors
    rose at the changed lines (a fix there lets a rule check what it could not before: a
    misspelt key renamed is now validated, a corrected handler type now needs its fields)."""
    ops = _line_opcodes(old.split("\n"), new.split("\n"))
    old_near, new_near = _touched(ops, 0), _touched(ops, 1)
    b = [d for d in before if d.severity == Severity.ERROR]
    a = [d for d in after if d.severity == Severity.ERROR]
    b_away = sum(d.range.start.line not in old_near for d in b)
    places = _fixed_places(fixed, new_near) if fixed is not None else []

    def near(d) -> bool:
        return d.range.start.line in new_near or any(
            p and tuple(d.path[:len(p)]) == p for p in places)

    a_away = sum(not near(d) for d in a)
    return b_away, a_away, len(a) > len(b)


def check_document(name: str, raw: bytes, *, fixes: bool = True, semantic: bool = False) -> Outcome:
    config = Config(semantic=semantic)
    doc = parse_bytes(raw, name)
    out = Outcome(kind=detect_kind(doc), parsed=doc.parsed)
    result = lint(doc, config, semantic=semantic)
    crashed = [d.message for d in result.diagnostics if d.code == "AGIS000"]
    if crashed or result.internal_errors:
        raise PropertyFailure(f"AGIS000: {crashed}")
    check_ranges(doc, result.diagnostics)
    check_outputs(name, doc, result.diagnostics, result.notes)
    out.diagnostics = len(result.diagnostics)
    out.codes = {d.code for d in result.diagnostics}
    if fixes:
        out.fixed = check_fixes(name, doc, result.diagnostics, config)
    return out
