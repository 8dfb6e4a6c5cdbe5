"""The fuzz properties' own helpers stay linear: a long-running fuzz input that is slow must be
the linter's fault, never the harness's (difflib without autojunk is quadratic on long runs of
equal lines: 22,881 lines of "x" took 208 s before the common head and tail were cut)."""
from __future__ import annotations

import difflib
import time

from .check import _line_opcodes


def _changes(ops):
    return [o for o in ops if o[0] != "equal"]


def _apply(a, b, ops):
    out = []
    for tag, i1, i2, j1, j2 in ops:
        out += a[i1:i2] if tag == "equal" else b[j1:j2]
    return out


def _size(ops):
    return sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in ops if tag != "equal")


def test_line_opcodes_are_a_diff_as_small_as_difflibs():
    cases = [(["x"] * 50 + ["a", "b"] + ["y"] * 30, ["x"] * 50 + ["a", "c", "d"] + ["y"] * 30),
             (["a"], ["a"]), ([], ["a"]), (["a", "b"], []), (["a", "b", "a"], ["a", "a"]),
             (["k: 1", "v: 2", "k: 1"], ["k: 1", "k: 1", "v: 2"])]
    for a, b in cases:
        ops = _line_opcodes(a, b)
        assert _apply(a, b, ops) == b, (a, b)
        assert _size(ops) == _size(difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes())


def test_line_opcodes_are_fast_on_long_runs_of_equal_lines():
    a = ["{"] + ['"x",'] * 30_000 + ["}"]
    b = ["{"] + ['"x",'] * 15_000 + ['"y",'] + ['"x",'] * 15_000 + ["}"]
    started = time.process_time()
    ops = _changes(_line_opcodes(a, b))
    assert ops and time.process_time() - started < 5   # quadratic: minutes
