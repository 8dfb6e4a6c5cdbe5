#!/usr/bin/env python3
"""How long the editor's text scans take on 100 KB inputs built to be hard for them.

The cursor locator (``document.locate.path_at_text``) at the start, middle and end of each
input, for each syntax, and the line map and word finder once; the inputs are those of
``tests/lsp/test_scans.py`` (which bounds the same calls by CPU time, with a wide margin).
Prints the best and the median wall time of each over the runs.

    python benchmarks/scans.py [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from agis_lsp.document.locate import path_at_text, word_at  # noqa: E402
from agis_lsp.document.positions import LineIndex  # noqa: E402
from tests.lsp.test_scans import BIG, SYNTAXES  # noqa: E402


def lines_and_word(text: str) -> None:
    lines = LineIndex(text)
    lines.position(len(text))
    lines.offset(lines.line_count - 1, 10**6)
    word_at(text, len(text) // 2)


def timed(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3, statistics.median(times) * 1e3


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"| input (100 KB) | {' | '.join(f'{s} best / median ms' for s in SYNTAXES)} | lines+word ms |")
    print("|---|" + "---|" * (len(SYNTAXES) + 1))
    for label, text in BIG.items():
        offsets = (0, len(text) // 2, len(text))
        cells = []
        for syntax in SYNTAXES:
            best, median = timed(lambda: [path_at_text(text, o, syntax) for o in offsets], args.runs)
            cells.append(f"{best:.1f} / {median:.1f}")
        best, median = timed(lambda: lines_and_word(text), args.runs)
        print(f"| {label} | {' | '.join(cells)} | {best:.1f} / {median:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
