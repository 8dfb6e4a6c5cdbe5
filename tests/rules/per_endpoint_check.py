"""Holding a rule to ``per_endpoint`` (shared by tests/rules/test_per_endpoint.py and the
classification script): its findings on each endpoint, run with that endpoint alone in focus,
equal its findings there in a full run."""
from __future__ import annotations

import glob
import os

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.context import LintContext
from agis_lsp.engine.incremental import FRAME, layout, owner_of
from agis_lsp.engine.runner import position
from agis_lsp.formats.kinds import detect

#: Rules whose frame findings a focused run may leave out (with the reason). None now: AGIS809,
#: which was, counts a naming style over the whole document and is no longer per_endpoint.
OMITS_FRAME_WHEN_FOCUSED: set = set()

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def corpus() -> list:
    """Every example and golden AGIS document (list-shaped endpoints, so it can be focused)."""
    files = sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*.agis*"), recursive=True)
                   + glob.glob(os.path.join(ROOT, "tests", "golden", "**", "*.agis*"), recursive=True)
                   + glob.glob(os.path.join(ROOT, "tests", "security", "**", "*.agis*"), recursive=True))
    out = []
    for f in files:
        if f.endswith(".expected") or not os.path.isfile(f):
            continue
        doc = read_document(f)
        if detect(doc) == "agis" and layout(doc) is not None:
            out.append(doc)
    return out


def _key(d) -> tuple:
    return (d.code, tuple(d.path), d.start, d.end, d.message,
            tuple((f.title, f.safe, tuple((e.start, e.end, e.new_text) for e in f.edits)) for f in d.fixes),
            tuple((r.message, r.file, tuple(r.path)) for r in d.related))


def _run(rule, doc, config, focus) -> list:
    model = None
    if rule.semantic:
        from agis_lsp.engine.linter import ModelProvider
        model = ModelProvider()
    ctx = LintContext(doc, "agis", config, semantic=rule.semantic, focus=focus, model=model)
    return [position(doc, rule, f, config) for f in rule.check(ctx) or ()]


def mismatches(rule, doc, config: Config | None = None) -> list:
    """Where ``rule`` breaks its per-endpoint promise on ``doc``: (endpoint, full, focused)."""
    config = config or Config(semantic=False)
    count = len(layout(doc))
    full: dict = {}
    for d in _run(rule, doc, config, None):
        full.setdefault(owner_of(d.path, count), []).append(_key(d))
    out = []
    frame = full.get(FRAME, [])
    for focus in [frozenset()] + [frozenset({j}) for j in range(count)]:
        seen: dict = {}
        for d in _run(rule, doc, config, focus):
            seen.setdefault(owner_of(d.path, count), []).append(_key(d))
        for j in focus:
            if seen.get(j, []) != full.get(j, []):
                out.append((j, full.get(j, []), seen.get(j, [])))
        # the frame's findings may not depend on the focus; a rule listed here leaves them out
        # when focused (the engine keeps the previous version's): no other may
        omitted = rule.code in OMITS_FRAME_WHEN_FOCUSED and FRAME not in seen
        if not omitted and seen.get(FRAME, []) != frame:
            out.append(("frame", frame, seen.get(FRAME, [])))
    return out
