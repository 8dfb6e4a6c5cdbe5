"""Incremental analysis in-process: what one keystroke costs the server's Linter, by size.

    python benchmarks/incremental.py [--sizes 100,200,500,1000,2000] [--edits 40]
                                     [--edit intent|description|vocabulary]

For each generated document (``gen_docs.document``), the road the language server takes on
every change (``Linter.prepare(text, previous=doc)`` + ``Linter.mechanical(target,
previous=outcome)``, then ``Linter.semantic(target, mechanical, previous=merged)``) is timed
for single-character edits typed into and deleted from one intent in the middle (``--edit
description``: the top-level description; ``--edit vocabulary``: the vocabulary's ``domain``,
both edits of the frame), against a full check of the same text (``prepare`` + ``mechanical`` without a previous version).
Every incremental result is compared with the full one (they must be equal); the splice
chain is compacted as the server does when it is idle (not timed: it runs after publishing).

Prints a markdown table: median and p95 of the incremental mechanical phase and of the
model's incremental phase, the full mechanical check, their ratio (the CI gate reads the
same ratio: ``tests/test_perf_gates.py``), and CPU time beside wall time.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_docs import document  # noqa: E402

from agis_lsp.document.incremental import COMPACT_AT, compact, depth  # noqa: E402
from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402

PATH = "/tmp/bench-incremental.agis"


def p95(values: list) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def since(t: tuple) -> tuple[float, float]:
    return (time.perf_counter() - t[0]) * 1e3, (time.process_time() - t[1]) * 1e3


NEEDLES = {"intent": None, "description": 'description: "Gen', "vocabulary": "  domain: bench"}


def keystrokes(n: int, edits: int, semantic: bool, check: bool = True, edit: str = "intent") -> dict:
    """Timings (ms) of ``edits`` incremental keystrokes and of full checks, ``n`` endpoints."""
    linter = Linter(config_of=lambda p: Config(semantic=semantic))
    text = document(n)
    previous = linter.mechanical(linter.prepare(PATH, text=text))
    merged = linter.semantic(previous.target, previous) if semantic else None
    needle = NEEDLES[edit]
    at = text.index("intent:", len(text) // 2) + 12 if needle is None else text.index(needle) + len(needle)
    incremental = 0
    inc, inc_cpu, sem, full, full_cpu = [], [], [], [], []
    for k in range(edits):
        current = previous.target.doc.text
        new = current[:at] + "x" + current[at:] if k % 2 == 0 else current[:at] + current[at + 1:]
        t = clock()
        target = linter.prepare(PATH, text=new, previous=previous.target.doc)
        got = linter.mechanical(target, previous=previous)
        wall, cpu = since(t)
        inc.append(wall)
        inc_cpu.append(cpu)
        if semantic:
            t = clock()
            merged = linter.semantic(target, got, previous=merged)
            sem.append(since(t)[0])
        incremental += got.incremental
        if not got.incremental and edit == "intent":
            raise SystemExit(f"edit {k} at {n} endpoints was not checked incrementally")
        if check and k % 4 == 0:
            t = clock()
            want = linter.mechanical(linter.prepare(PATH, text=new))
            wall, cpu = since(t)
            full.append(wall)
            full_cpu.append(cpu)
            if [d.range for d in want.diagnostics] != [d.range for d in got.diagnostics] or \
                    [d.message for d in want.diagnostics] != [d.message for d in got.diagnostics]:
                raise SystemExit(f"edit {k} at {n} endpoints: incremental != full")
        if depth(target.doc) >= COMPACT_AT:
            compact(target.doc)
        previous = got
    return {"inc": inc, "inc_cpu": inc_cpu, "sem": sem, "full": full, "full_cpu": full_cpu,
            "incremental": incremental}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,200,500,1000,2000")
    ap.add_argument("--edits", type=int, default=40)
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--edit", choices=sorted(NEEDLES), default="intent",
                    help="where the keystrokes go: an endpoint's intent, or the frame")
    args = ap.parse_args()
    semantic = not args.no_semantic
    print(f"Incremental checking in-process (CPython {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}), {args.edits} one-character edits in the {args.edit} ({'an endpoint' if args.edit == 'intent' else 'the frame'})\n")
    print("| endpoints | incremental p50 (ms) | incremental p95 (ms) | CPU p50 (ms) | model phase p50 / p95 (ms) "
          "| full check median (ms) | full CPU (ms) | incremental / full (CPU) | checked incrementally |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in [int(s) for s in args.sizes.split(",")]:
        r = keystrokes(n, args.edits, semantic, edit=args.edit)
        sem = f"{statistics.median(r['sem']):.1f} / {p95(r['sem']):.1f}" if r["sem"] else "-"
        ratio = statistics.median(r["inc_cpu"]) / statistics.median(r["full_cpu"])
        print(f"| {n} | {statistics.median(r['inc']):.1f} | {p95(r['inc']):.1f} | "
              f"{statistics.median(r['inc_cpu']):.1f} | {sem} | {statistics.median(r['full']):.0f} | "
              f"{statistics.median(r['full_cpu']):.0f} | {ratio:.3f} | {r['incremental']} of {args.edits} |")


if __name__ == "__main__":
    main()
