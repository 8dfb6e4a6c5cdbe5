"""The positioned JSON parser against ``json.loads`` on the largest corpus files.

    python benchmarks/json_parse.py [--runs 7] [--files 20] [--reference]

Parses each of the ``--files`` largest ``.json`` files under benchmarks/corpora/mcp with the
shipped ``agis_lsp.document.json_parser.parse_json`` and with ``json.loads`` (the floor: no
positions), and prints a markdown table of the median CPU time (``time.process_time``) of
``--runs`` interleaved runs over all files, with the cyclic garbage collector on (as in use)
and off (the parser's own cost, steadier), their ratios, and the load average. ``--reference`` adds
the scanner that was the only path before the fast path (``_scan``, still the fallback).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from agis_lsp.document import json_parser  # noqa: E402

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpora", "mcp")


def largest(n: int) -> list[tuple[str, str]]:
    names = [f for f in os.listdir(CORPUS) if f.endswith(".json")]
    names.sort(key=lambda f: (-os.path.getsize(os.path.join(CORPUS, f)), f))
    out = []
    for name in names[:n]:
        with open(os.path.join(CORPUS, name), encoding="utf-8") as fh:
            out.append((name, fh.read()))
    return out


def timed(fn, texts: list[tuple[str, str]], collector: bool) -> float:
    gc.collect()
    if not collector:
        gc.disable()
    try:
        t0 = time.process_time()
        for name, text in texts:
            fn(text, name)
        return time.process_time() - t0
    finally:
        gc.enable()


def measure(parsers: list, texts: list[tuple[str, str]], runs: int) -> list[tuple[str, float, float]]:
    """Median CPU of each parser with and without the cyclic collector, the parsers
    interleaved round by round (the load on a shared machine drifts)."""
    on: dict = {label: [] for label, _ in parsers}
    off: dict = {label: [] for label, _ in parsers}
    for _ in range(runs):
        for label, fn in parsers:
            on[label].append(timed(fn, texts, True))
            off[label].append(timed(fn, texts, False))
    return [(label, statistics.median(on[label]), statistics.median(off[label])) for label, _ in parsers]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--reference", action="store_true",
                    help="also time the reference scanner (the fallback path)")
    args = ap.parse_args()
    texts = largest(args.files)
    size = sum(len(t.encode("utf-8")) for _, t in texts)
    parsers = [("json.loads (floor, no positions)", lambda t, p: json.loads(t)),
               ("parse_json (shipped)", json_parser.parse_json)]
    if args.reference:
        parsers.append(("parse_json reference scanner (before)",
                        lambda t, p: json_parser.parse_with(t, p, json_parser._scan)))
    rows = measure(parsers, texts, args.runs)
    floor_on, floor_off = rows[0][1], rows[0][2]
    print(f"{len(texts)} largest files of benchmarks/corpora/mcp, {size / 1e6:.2f} MB, "
          f"median CPU of {args.runs} interleaved runs, with and without the cyclic GC\n")
    print("| parser | CPU ms | x json.loads | CPU ms, GC off | x json.loads, GC off |")
    print("|---|---:|---:|---:|---:|")
    for label, t_on, t_off in rows:
        print(f"| {label} | {t_on * 1000:.1f} | {t_on / floor_on:.1f}x | {t_off * 1000:.1f} | "
              f"{t_off / floor_off:.1f}x |")
    print(f"\nload average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
