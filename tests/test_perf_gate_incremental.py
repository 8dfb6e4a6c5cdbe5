"""Performance gate of incremental analysis, run in CI with the other gates
(``tests/test_perf_gates.py``): ratios of CPU time measured in the same process, never
absolute times, through the benchmark's own loop (``benchmarks/incremental.py``: the
server's road, ``Linter.prepare(previous=)`` + ``Linter.mechanical(previous=)``).

| gate | ratio | threshold | measured when set (2-core shared machine, load 10) |
|---|---|---:|---:|
| reuse | one keystroke, incremental / a full check, 1,000 endpoints | 0.15 | 0.009-0.02 |
| size | one keystroke at 1,000 endpoints / at 100 endpoints | 7 | 3.1-3.6 |
| frame | one keystroke in the top-level description, incremental / a full check, 1,000 endpoints | 0.15 | 0.04 |

The first fails if edits stop being incremental (a rule that falls back to full checks,
a parse that is no longer spliced); the second if an incremental edit starts costing in
proportion to the document (a per-endpoint rule made document-wide, an O(n) step added to
every keystroke). ``python benchmarks/incremental.py`` prints the absolute numbers.
"""
from __future__ import annotations

import os
import statistics
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "benchmarks"))
from incremental import keystrokes  # noqa: E402

REUSE_MAX, SIZE_MAX = 0.15, 7.0


@pytest.mark.slow
def test_keystrokes_cost_a_fraction_of_a_full_check_whatever_the_size():
    big = keystrokes(1000, 16, semantic=False)
    small = keystrokes(100, 16, semantic=False, check=False)
    inc_big = statistics.median(big["inc_cpu"])
    reuse = inc_big / statistics.median(big["full_cpu"])
    size = inc_big / statistics.median(small["inc_cpu"])
    print(f"incremental/full at 1000: {reuse:.3f}; 1000/100 endpoints: {size:.2f}")
    assert reuse <= REUSE_MAX, f"a keystroke costs {reuse:.2f} of a full check (gate {REUSE_MAX})"
    assert size <= SIZE_MAX, f"a keystroke at 1,000 endpoints costs {size:.1f}x one at 100 (gate {SIZE_MAX})"


@pytest.mark.slow
def test_a_keystroke_in_the_frame_costs_a_fraction_of_a_full_check():
    """An edit of the top-level description re-parses that entry and re-runs no endpoint rule
    (``engine.frame``): it was a full check (ratio ~0.8-1.0) before."""
    big = keystrokes(1000, 16, semantic=False, edit="description")
    assert big["incremental"] == 16
    reuse = statistics.median(big["inc_cpu"]) / statistics.median(big["full_cpu"])
    print(f"frame edit, incremental/full at 1000: {reuse:.3f}")
    assert reuse <= REUSE_MAX, f"a frame keystroke costs {reuse:.2f} of a full check (gate {REUSE_MAX})"
