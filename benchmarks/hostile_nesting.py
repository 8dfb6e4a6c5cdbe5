"""Work on hostile nesting: peak memory (tracemalloc) and CPU time of parsing, per input.

Each input nests far past the limit (256) in one way: a TOML dotted key of N parts, a TOML
header of N parts, YAML compact sequences, JSON arrays. The shipped parser refuses each at
the place it crosses the limit; the table shows that work and memory stay linear in the
input size.

    PYTHONPATH=$PWD python benchmarks/hostile_nesting.py
"""
from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agis_lsp.document import parse_text  # noqa: E402

INPUTS = {
    "TOML dotted key": ("x.toml", lambda n: "a" + ".a" * (n - 1) + " = 1\n"),
    "TOML header": ("x.toml", lambda n: "[" + "a." * (n - 1) + "a]\n"),
    "YAML compact sequences": ("x.yaml", lambda n: "- " * n + "1\n"),
    "JSON arrays": ("x.json", lambda n: "[" * n + "]" * n),
}


def main() -> None:
    for fname, make in INPUTS.values():     # imports and first-use caches outside the measure
        parse_text(make(300), fname)
    print(f"{'input':<24} {'parts':>8} {'bytes':>9} {'peak MB':>8} {'CPU s':>7}  problem")
    for name, (fname, make) in INPUTS.items():
        for n in (1_000, 16_000, 100_000):
            text = make(n)
            tracemalloc.start()
            cpu = time.process_time()
            doc = parse_text(text, fname)
            cpu = time.process_time() - cpu
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            problem = doc.problems[0].code if doc.problems else "-"
            print(f"{name:<24} {n:>8,} {len(text):>9,} {peak / 1e6:>8.1f} {cpu:>7.3f}  {problem}")


if __name__ == "__main__":
    main()
