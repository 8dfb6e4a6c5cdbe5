"""Fuzz the engine for a while (the longer sibling of tests/fuzz, same generators and properties).

    python scripts/fuzz_engine.py --minutes 20 [--out fuzz-findings/] [--semantic] [--max-depth 3000]

Generates hostile documents (tests/fuzz/generate.py: structure-aware mutants of the
examples and golden fixtures in YAML, JSON and TOML, and byte-damaged ones), checks the
properties of tests/fuzz/check.py on each, and keeps going after a failure: every failing
input is written to --out with its traceback, and a table at the end counts inputs,
kinds, time and failures (grouped by their first line).
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import os
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=10.0)
    p.add_argument("--out", default=os.path.join(ROOT, "fuzz-findings"))
    p.add_argument("--semantic", action="store_true", help="run the model-backed passes too (slower)")
    p.add_argument("--max-depth", type=int, default=3000, help="deepest nesting generated")
    p.add_argument("--huge", type=int, default=200_000, help="size of huge strings / arrays")
    p.add_argument("--no-fix", action="store_true", help="lint only (skip the fixer properties)")
    p.add_argument("--slow", type=float, default=20.0,
                   help="an input that takes longer than this many seconds is written to --out and "
                   "counted as a failure (a linter that takes minutes on one file is a defect too)")
    args = p.parse_args(argv)
    os.environ["AGIS_FUZZ_MAX_DEPTH"] = str(args.max_depth)
    os.environ["AGIS_FUZZ_HUGE"] = str(args.huge)
    sys.path.insert(0, ROOT)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))   # the generators recurse, not the engine

    import logging
    logging.disable(logging.CRITICAL)   # a crashing rule logs; the finding is recorded below
    from hypothesis import HealthCheck, Phase, given, settings

    from tests.fuzz.check import check_document
    from tests.fuzz.generate import documents

    deadline = time.monotonic() + args.minutes * 60
    stats = collections.Counter()
    failures: dict[str, list] = collections.defaultdict(list)
    slowest = []
    times: list[float] = []

    @settings(max_examples=500, deadline=None, database=None, derandomize=False,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(documents())
    def run(doc):
        if time.monotonic() > deadline:
            return
        name, raw = doc
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "current-input"), "wb") as fh:  # what runs now: a hang
            fh.write(raw)                                                 # can be looked at live
        with open(os.path.join(args.out, "current-input.name"), "w", encoding="utf-8") as fh:
            fh.write(name)
        t = time.perf_counter()
        try:
            out = check_document(name, raw, fixes=not args.no_fix, semantic=args.semantic)
            stats["inputs"] += 1
            stats[f"kind {out.kind}"] += 1
            stats["fixed"] += bool(out.fixed)
            stats["unmasked"] += out.fixed == "unmasked"
            stats["parsed"] += out.parsed
        except Exception as exc:  # noqa: BLE001 - recorded, and the run goes on
            stats["inputs"] += 1
            stats["failures"] += 1
            head = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"
            failures[_signature(head)].append(
                _keep(args.out, raw, name, "", f"lint name: {name}\n{traceback.format_exc()}"))
        times.append(time.perf_counter() - t)
        if times[-1] > args.slow:
            stats["failures"] += 1
            failures[f"slower than {args.slow:g} s"].append(_keep(
                args.out, raw, name, "slow-",
                f"lint name: {name}\ntook {times[-1]:.1f} s (--slow {args.slow:g})\n"))
        slowest.append((times[-1], len(raw), name))
        slowest.sort(reverse=True)
        del slowest[5:]

    started = time.monotonic()
    while time.monotonic() < deadline:
        run()
    elapsed = time.monotonic() - started

    print(f"\nfuzz_engine: {stats['inputs']} inputs in {elapsed / 60:.1f} min "
          f"({stats['inputs'] / max(elapsed, 1e-9):.1f}/s), {stats['parsed']} parsed, "
          f"{stats['fixed']} changed by --fix --unsafe-fixes ({stats['unmasked']} with more errors at the "
          f"fixed lines: checks the fix unmasked)")
    if times:
        times.sort()
        print(f"per input: median {times[len(times) // 2] * 1000:.0f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.0f} ms, max {times[-1]:.2f} s")
    print("\n| kind | inputs |\n|---|---|")
    for key, n in sorted(stats.items()):
        if key.startswith("kind "):
            print(f"| {key[5:]} | {n} |")
    print("\n| slowest input (s) | bytes | name |\n|---|---|---|")
    for secs, size, name in slowest:
        print(f"| {secs:.2f} | {size} | {name} |")
    print(f"\n{stats['failures']} failing input(s), {len(failures)} distinct")
    if failures:
        print("\n| failures | first line | example |\n|---|---|---|")
        for head, files in sorted(failures.items(), key=lambda kv: -len(kv[1])):
            print(f"| {len(files)} | {head} | {files[0]} |")
    return 1 if failures else 0


def _keep(out: str, raw: bytes, name: str, tag: str, report: str) -> str:
    """Write a failing input and its report to ``out``; the input's path."""
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, f"{hashlib.sha1(raw).hexdigest()[:12]}-{tag}{os.path.basename(name)}")
    with open(base, "wb") as fh:
        fh.write(raw)
    with open(base + ".txt", "w", encoding="utf-8") as fh:
        fh.write(report)
    return base


def _signature(head: str) -> str:
    """Group failures that differ only in numbers and quoted values."""
    import re
    head = re.sub(r"'[^']*'", "'…'", head)
    return re.sub(r"\d+", "N", head)


if __name__ == "__main__":
    sys.exit(main())
