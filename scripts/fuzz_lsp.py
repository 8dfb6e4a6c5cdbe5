"""Fuzz the language server over stdio for longer than the test suite does.

    python scripts/fuzz_lsp.py [--edits 10000] [--per-session 500] [--seed 1] [--minutes M]

Runs sessions of ``--per-session`` random incremental edits (seeds ``--seed``,
``--seed + 1``, ...; every other session is a pull-diagnostics client) until ``--edits``
edits were sent or ``--minutes`` passed, with requests between the edits (see
``tests/lsp/fuzzer.py`` for what is generated and checked). Prints a table of what was
found; exit status 0 when nothing was, 1 otherwise.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.lsp.fuzzer import Defects, Stats, run_session, workspace  # noqa: E402


async def main(args) -> int:
    defects, stats = Defects(), Stats()
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    seed = args.seed
    started = time.monotonic()
    while stats.edits < args.edits and (deadline is None or time.monotonic() < deadline):
        n = min(args.per_session, args.edits - stats.edits)
        session = await run_session(seed, n, workspace(), pull=seed % 2 == 1, deadline=deadline)
        defects.merge(session.defects)
        for name in ("sessions", "edits", "requests", "published"):
            setattr(stats, name, getattr(stats, name) + getattr(session.stats, name))
        stats.slowest = max(stats.slowest, session.stats.slowest)
        print(f"seed {seed}: {session.stats.edits} edits, {session.stats.requests} requests, "
              f"{session.stats.seconds:.0f} s, defects {session.defects.summary()}", flush=True)
        for name, items in vars(session.defects).items():
            for item in items[:3]:
                print(f"  {name}: {item[:600]}", flush=True)
        seed += 1
    stats.seconds = time.monotonic() - started
    print()
    print("| sessions | edits | requests | diagnostics published | slowest answer (s) | "
          "time (s) | unanswered | JSON-RPC errors | ranges outside | tracebacks | "
          "text mismatches | bad exits |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    s = defects.summary()
    print(f"| {stats.sessions} | {stats.edits} | {stats.requests} | {stats.published} | "
          f"{stats.slowest:.2f} | {stats.seconds:.0f} | {s['unanswered']} | {s['errors']} | "
          f"{s['out_of_range']} | {s['tracebacks']} | {s['text_mismatch']} | {s['exit']} |")
    return 0 if defects.count() == 0 else 1


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--edits", type=int, default=10_000)
    p.add_argument("--per-session", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--minutes", type=float, default=None)
    sys.exit(asyncio.run(main(p.parse_args())))
