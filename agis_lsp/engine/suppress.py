"""Inline suppressions applied to diagnostics (the comment grammar is ``document.suppressions``)."""
from __future__ import annotations

from ..document.suppressions import Suppression, find_suppressions

__all__ = ["Suppression", "find_suppressions", "apply_suppressions"]


def apply_suppressions(diagnostics, suppressions):
    """Drop suppressed diagnostics; mark the suppressions that were used."""
    if not suppressions:
        return diagnostics
    file_level = [s for s in suppressions if s.target is None]
    by_line: dict[int, list[Suppression]] = {}
    for s in suppressions:
        if s.target is not None:
            by_line.setdefault(s.target, []).append(s)
    kept = []
    for d in diagnostics:
        hit = None
        for s in by_line.get(d.range.start.line, []) + file_level:
            if not s.codes or d.code in s.codes:
                hit = s
                break
        if hit is None:
            kept.append(d)
        else:
            hit.used.add(d.code)
    return kept
