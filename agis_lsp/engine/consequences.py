"""One mistake, one diagnostic: consequential findings fold into the mistake they restate.

The policy is decided here, once, for every rule. A rule registered with
``superseded_by=(2, 3, 4)`` says: "my finding only restates a mistake that
those passes report". Each of its diagnostics names the document paths it is
about (``Finding.restates``; by default its own path). When a diagnostic of
one of the superseding passes, at warning or error severity, lies on one of
those paths, the consequence is not reported on its own: it becomes a line of
the primary diagnostic's related information, and its fixes are dropped (a fix
that makes the rest of the document agree with a mistake, such as declaring
an invalid method in ``declared_verbs``, must not be offered or applied).

Example: ``method: GET`` gets AGIS301 (HTTP method, pass 3). AGIS701 ("GET is
not declared") and AGIS702 ("FIND is declared but unused") restate it; they
appear as related information of AGIS301 and come back on their own once the
method is valid.

A fix of a finding that is a mistake of its own can copy other values into a
declaration (AGIS101 adds the missing ``vocabulary`` with the methods used). Such a
fix names those values' paths (``Fix.declares``); while a finding of the passes in
:data:`DECLARATION_CHECKS` (warning or error) lies on one of them, the fix is dropped,
so that a safe ``--fix`` never declares ``GET`` or ``CREATE_BOOKING`` as a verb.
"""
from __future__ import annotations

from dataclasses import replace

from .findings import RelatedLocation, Severity
from .registry import get_rule


def _superseding(rule_of: dict, code: str) -> tuple:
    if code not in rule_of:
        rule = get_rule(code)
        rule_of[code] = (rule.superseded_by, rule.pass_no) if rule is not None else ((), None)
    return rule_of[code]


# The passes whose findings on a method make declaring it wrong (those that supersede
# AGIS701, undeclared-verb: method syntax, class and the path it pairs with).
DECLARATION_CHECKS = (2, 3, 4)


def _without_wrong_declarations(d, primaries: dict):
    """``d`` without the fixes that would declare a value another finding says is wrong."""
    if not any(f.declares for f in d.fixes):
        return d
    fixes = [f for f in d.fixes if not any((p, tuple(path)) in primaries
                                           for path in f.declares for p in DECLARATION_CHECKS)]
    return d if len(fixes) == len(d.fixes) else replace(d, fixes=fixes)


def fold_consequences(diagnostics: list) -> list:
    """``diagnostics`` without the consequences of a primary finding, folded into it.

    Pure: a primary that gains related lines is a copy, so finishing the same
    diagnostics twice (the server's mechanical publish, then the merge with the
    model's findings) gives the same result as finishing them once.
    """
    rule_of: dict = {}
    primaries: dict = {}   # (pass, path) and (code, path) -> first primary diagnostic there
    for d in diagnostics:
        if d.severity <= Severity.WARNING and not d.uri:
            primaries.setdefault((d.pass_no, tuple(d.path)), d)
            primaries.setdefault((d.code, tuple(d.path)), d)
    if not primaries:
        return list(diagnostics)
    folded: dict = {}      # id(primary) -> consequence lines
    kept = []
    for d in diagnostics:
        passes, _ = _superseding(rule_of, d.code)
        primary = None
        if passes and not d.uri:
            for path in getattr(d, "restates", ()) or (tuple(d.path),):
                primary = next((primaries[(p, tuple(path))] for p in passes
                                if (p, tuple(path)) in primaries), None)
                if primary is not None:
                    break
        if primary is None or primary is d:
            kept.append(d)
            continue
        folded.setdefault(id(primary), []).append(RelatedLocation(
            f"{d.code} (consequence): {d.message}", d.range, None, tuple(d.path)))
    kept = [replace(d, related=list(d.related) + folded[id(d)]) if id(d) in folded else d
            for d in kept]
    return [_without_wrong_declarations(d, primaries) for d in kept]


def fold_corroboration(diagnostics: list) -> list:
    """``diagnostics`` with each corroborating signal (``Diagnostic.corroborates``: the model's
    agreement with a pattern rule, rules/security/learned.py) folded into the finding on its
    path: that finding rises to the severity its evidence supports with one more signal
    (``Diagnostic.corroborated``, its rule's configured severity still the ceiling) and carries
    the signal as related information. A signal whose finding is gone (suppressed, or its rule
    turned off) is no finding of its own and is dropped.

    Pure, like :func:`fold_consequences`: the server's mechanical publish shows the pattern
    finding alone; the merge with the model's findings gives what one whole check gives.
    """
    signals = [d for d in diagnostics if d.corroborates]
    if not signals:
        return list(diagnostics)
    by_path: dict = {}
    for d in signals:
        by_path.setdefault((d.uri, tuple(d.path)), []).append(d)
    out = []
    for d in diagnostics:
        if d.corroborates:
            continue
        found = by_path.get((d.uri, tuple(d.path))) if d.corroborated is not None else None
        if found:
            lines = [RelatedLocation(s.message, s.range, None, tuple(s.path)) for s in found]
            d = replace(d, severity=min(d.severity, d.corroborated), related=list(d.related) + lines)
        out.append(d)
    return out
