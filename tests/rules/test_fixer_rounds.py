"""The fixer's choice of one round's fixes (``engine.fixer._non_overlapping``) is the plain
pairwise rule (no two overlap in the text, no two write the same value), computed with sorted
spans and path sets instead of comparing every pair: same choices as the pairwise reference on
random rounds, and linear on a round of tens of thousands of fixes (a 20,000-entry
``declared_verbs`` took 137 s in the pairwise version; found by scripts/fuzz_engine.py)."""
from __future__ import annotations

import random
import time

from agis_lsp.document.ops import Append, Remove, SetValue
from agis_lsp.engine import fixer
from agis_lsp.engine.findings import Fix, TextEdit


def pairwise(pairs):
    def same(a, b):
        return any(pa == pb or (wa and pb[:len(pa)] == pa) or (wb and pa[:len(pb)] == pb)
                   for pa, wa in a for pb, wb in b)
    chosen, taken, written = [], [], []
    for d, f in pairs:
        spans = [(e.start, e.end) for e in f.edits]
        if not spans or any(s < te and ts < e or (s == e == ts == te)
                            for s, e in spans for ts, te in taken):
            continue
        values = fixer._values_touched(f)
        if same(values, written):
            continue
        chosen.append(d)
        taken.extend(spans)
        written.extend(values)
    return chosen


def _round(rnd):
    pairs = []
    for k in range(rnd.randint(0, 14)):
        edits = sorted((TextEdit(a, a + rnd.choice([0, 0, 1, 2, 5]), "x")
                        for a in (rnd.randint(0, 30) for _ in range(rnd.randint(0, 3)))),
                       key=lambda e: (e.start, e.end))
        if any(y.start < x.end or y.start == x.start for x, y in zip(edits, edits[1:])):
            continue   # a fix's own edits are disjoint (render_op makes them so)
        path = tuple(rnd.choice(["a", "b", 0, 1]) for _ in range(rnd.randint(0, 3)))
        pairs.append((k, Fix("t", True, [rnd.choice([SetValue(path, 1), Append(path, 1), Remove(path)])],
                             edits)))
    return pairs


def test_same_choices_as_the_pairwise_rule():
    rnd = random.Random(9)
    for _ in range(5000):
        pairs = _round(rnd)
        assert [d for d, _ in fixer._non_overlapping(pairs)] == pairwise(pairs), pairs


def test_a_round_of_many_fixes_is_linear():
    pairs = [(i, Fix("Remove the repeated BOOK", True, [Remove(("vocabulary", "declared_verbs", i))],
                     [TextEdit(10 * i, 10 * i + 6, "")])) for i in range(30_000)]
    started = time.process_time()
    assert len(fixer._non_overlapping(pairs)) == 30_000
    assert time.process_time() - started < 5    # pairwise: minutes
