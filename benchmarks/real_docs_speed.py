#!/usr/bin/env python3
"""The model on real documents: `agis-lint check` with the model against `--no-semantic`.

    python benchmarks/real_docs_speed.py [--runs 1] [--jobs N] [--corpus converted,mcp]

Both runs are the shipped command as a process (``agis-lint check --no-cache -q``), on the
same files, one after the other, so their ratio is measured in one run; wall time and CPU
time (``resource.getrusage(RUSAGE_CHILDREN)``: the process and its ``--jobs`` workers) are
both printed: the machine is shared, so CPU time is the steadier figure. The corpora are
real text nobody here wrote:

* ``converted``: ``benchmarks/corpora/openapi/converted/*.agis``, real public OpenAPI
  documents converted by ``agis-lint convert --to agis`` (``scripts/fetch_corpora.py
  --convert-only`` writes them; docs/corpora.md);
* ``mcp``: the tool lists of published MCP servers (``benchmarks/corpora/mcp/*.mcp.json``).

The goal: the model on costs at most 4x the run without it. ``--compare EXE`` also times another
build's ``agis-lint`` (e.g. a checkout's ``.venv/bin/agis-lint``) with the model on, right after
this one's, on the same files: a change against its base under the same load.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {
    "converted": lambda: sorted((ROOT / "benchmarks/corpora/openapi/converted").glob("*.agis")),
    "mcp": lambda: sorted((ROOT / "benchmarks/corpora/mcp").glob("*.mcp.json")),
}
GOAL = 4.0


def exe() -> list[str]:
    found = Path(sys.executable).parent / "agis-lint"
    return [str(found)] if found.exists() else [sys.executable, "-m", "agis_lsp.cli"]


def timed(cmd: list[str], runs: int, env: dict, save: Path | None = None) -> tuple[float, float, int]:
    """Median wall and CPU seconds over ``runs`` and the number of findings lines (the last
    run's findings written to ``save``)."""
    walls, cpus, lines = [], [], 0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd[:4])} ... failed ({proc.returncode}): {proc.stderr[-2000:]}")
        lines = len(proc.stdout.splitlines())
        if save is not None:
            save.write_text(proc.stdout)
    return statistics.median(walls), statistics.median(cpus), lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None, help="passed as --jobs (default: the command's)")
    ap.add_argument("--corpus", default="converted,mcp")
    ap.add_argument("--save", type=Path, default=None,
                    help="write the findings of each run to DIR/<corpus>.<model|no-model>.txt")
    ap.add_argument("--compare", metavar="EXE", default=None,
                    help="also time this agis-lint executable (another build) with the model on")
    a = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base = exe() + ["check", "--no-cache", "-q"] + (["--jobs", str(a.jobs)] if a.jobs else [])
    print(f"load average {os.getloadavg()[0]:.1f}, cores this process may use: "
          f"{len(os.sched_getaffinity(0))}, --jobs {a.jobs or 'default'}")
    print("| corpus | files | MB | findings without / with | wall without model | wall with model | wall ratio "
          "| CPU without | CPU with | CPU ratio | goal |" + (" wall, EXE | CPU, EXE |" if a.compare else ""))
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if a.compare else ""))
    for name in a.corpus.split(","):
        files = [str(p) for p in CORPORA[name]()]
        if not files:
            print(f"| {name} | 0 | | | | | | | | | (no files: see the docstring) |")
            continue
        mb = sum(os.path.getsize(f) for f in files) / 1e6
        subprocess.run(base + ["--no-semantic"] + files[:1], capture_output=True, env=env)  # bytecode warm
        out = (lambda what: a.save / f"{name}.{what}.txt") if a.save else (lambda what: None)
        if a.save:
            a.save.mkdir(parents=True, exist_ok=True)
        w0, c0, n0 = timed(base + ["--no-semantic"] + files, a.runs, env, out("no-model"))
        w1, c1, n1 = timed(base + files, a.runs, env, out("model"))
        other = ""
        if a.compare:
            w2, c2, _ = timed([a.compare] + base[len(exe()):] + files, a.runs, env, out("model.compare"))
            other = f" {w2:.1f} s | {c2:.1f} s |"
        print(f"| {name} | {len(files)} | {mb:.1f} | {n0} / {n1} | {w0:.1f} s | {w1:.1f} s | {w1 / w0:.1f}x "
              f"| {c0:.1f} s | {c1:.1f} s | {c1 / c0:.1f}x | <= {GOAL:g}x |{other}", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
