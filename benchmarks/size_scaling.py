"""Cost per megabyte of input: the shipped `agis-lint check --no-semantic --no-cache` on
generated AGIS documents of 1, 2, 5 and 9 MiB (below the default max-file-size of 10 MiB).

    python benchmarks/size_scaling.py [--sizes 1,2,5,9] [--runs 3]

Each run is the installed console script (next to this interpreter) as a process; the wall
and CPU (user + system) times are the medians of the runs, the peak RSS is the process's own
(os.wait4's rusage). The goal is judged on CPU time: on a shared machine the wall time
measures the other processes too.
Printed per MiB of input, both whole (start-up included) and marginal (the slope from the
smallest document, start-up excluded). Goal: at most 1 s and 50 MiB per MiB.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from gen_docs import document  # noqa: E402

MIB = 1024 * 1024
GOAL_SECONDS, GOAL_RSS = 1.0, 50.0


def sized_document(mib: float) -> str:
    """A conformant document of about ``mib`` MiB (endpoints added until it is that large)."""
    per = len(document(20)) / 20
    n = max(1, int(mib * MIB / per))
    text = document(n)
    while len(text.encode()) < mib * MIB * 0.98:
        n = int(n * mib * MIB / len(text.encode())) + 1
        text = document(n)
    return text


def run_once(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS in MiB) of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd} exited {proc.returncode}: {err[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024   # ru_maxrss: KiB on Linux


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,2,5,9", help="document sizes in MiB")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    exe = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    if not os.path.isfile(exe):
        raise SystemExit(f"agis-lint is not installed next to {sys.executable}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for mib in (float(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"size{mib:g}.agis")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(sized_document(mib))
            size = os.path.getsize(path) / MIB
            cmd = [exe, "check", "--no-semantic", "--no-cache", "-q", path]
            runs = [run_once(cmd) for _ in range(args.runs)]
            rows.append((size, statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
                         max(r[2] for r in runs)))
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall time "
          "grows with it; CPU time is the figure compared with the goal)\n")
    print("| input | wall | CPU | CPU s / MiB | peak RSS | RSS / MiB | marginal CPU s / MiB | "
          "marginal RSS / MiB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    base = rows[0]
    worst_s = worst_rss = 0.0
    for size, wall, cpu, rss in rows:
        ms = (cpu - base[2]) / (size - base[0]) if size > base[0] else float("nan")
        mr = (rss - base[3]) / (size - base[0]) if size > base[0] else float("nan")
        worst_s, worst_rss = max(worst_s, cpu / size), max(worst_rss, rss / size)
        print(f"| {size:.2f} MiB | {wall:.2f} s | {cpu:.2f} s | {cpu / size:.2f} | {rss:.0f} MiB | "
              f"{rss / size:.0f} | {ms:.2f} | {mr:.0f} |", flush=True)
    ok = worst_s <= GOAL_SECONDS and worst_rss <= GOAL_RSS
    print(f"\nworst: {worst_s:.2f} s/MiB (goal <= {GOAL_SECONDS}), {worst_rss:.0f} MiB RSS/MiB "
          f"(goal <= {GOAL_RSS:.0f}): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
