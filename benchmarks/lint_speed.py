"""Mechanical lint time vs the floor (libyaml composing the same text), process start included.

    python benchmarks/lint_speed.py [--runs 5]

Prints a markdown table: median wall time of `agis-lint check --no-semantic FILE`
against libyaml composing the same file (ruamel.yaml's C loader: ruamel.yaml.clib), and the
median CPU time (user + system) of the same processes, with their ratio: on a loaded machine
the CPU ratio is the steadier one. The load average is printed under the table.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from gen_docs import document  # noqa: E402

FLOOR = ("import sys; from ruamel.yaml.cyaml import CSafeLoader; "
         "CSafeLoader(open(sys.argv[1], encoding='utf-8').read()).get_single_node()")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], runs: int, env: dict | None = None, cpu: list | None = None) -> float:
    """Median wall seconds of ``runs`` runs of ``cmd``; their CPU seconds go to ``cpu``."""
    times = []
    for _ in range(runs):
        c0, t0 = _children_cpu(), time.perf_counter()
        # run outside any checkout: `-m` puts the working directory first on sys.path, and a
        # checkout there would shadow the one --compare puts on PYTHONPATH
        proc = subprocess.run(cmd, capture_output=True, env=env, cwd=tempfile.gettempdir())
        times.append(time.perf_counter() - t0)
        if cpu is not None:
            cpu.append(_children_cpu() - c0)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{cmd} failed: {proc.stderr.decode()[-2000:]}")
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--compare", metavar="CHECKOUT", default=None,
                    help="also time another checkout of agis-lsp (its directory on PYTHONPATH), "
                    "interleaved in the same run: a before/after comparison")
    args = ap.parse_args()
    other = (["| other checkout | ratio | other CPU | CPU ratio |", "|---:|---:|---:|---:|"]
             if args.compare else ["", ""])
    print("| endpoints | size | floor (libyaml compose) | agis-lint --no-semantic | ratio "
          "| floor CPU | agis-lint CPU | CPU ratio " + other[0])
    print("|---:|---:|---:|---:|---:|---:|---:|---:" + other[1])
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"bench{n}.agis")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(document(n))
            floor_cpu, now_cpu, was_cpu = [], [], []
            floor = timed([sys.executable, "-c", FLOOR, path], args.runs, cpu=floor_cpu)
            # --no-cache: every run lints (the result cache would answer runs 2-5)
            cmd = [sys.executable, "-m", "agis_lsp.cli", "check", "--no-semantic", "--no-cache", "-q", path]
            env = {**os.environ, "PYTHONPATH": os.path.abspath(args.compare)} if args.compare else None
            this = {**os.environ, "PYTHONPATH": ROOT}
            now, was = [], []
            for _ in range(args.runs):  # run by run, alternating: load changes hit both alike
                now.append(timed(cmd, 1, env=this, cpu=now_cpu))
                if env is not None:
                    was.append(timed(cmd, 1, env=env, cpu=was_cpu))
            lint = statistics.median(now)
            size = os.path.getsize(path)
            fc, lc = statistics.median(floor_cpu), statistics.median(now_cpu)
            row = (f"| {n} | {size / 1024:.0f} KB | {floor * 1000:.0f} ms | {lint * 1000:.0f} ms | "
                   f"{lint / floor:.2f}x | {fc * 1000:.0f} ms | {lc * 1000:.0f} ms | {lc / fc:.2f}x |")
            if was:
                wc = statistics.median(was_cpu)
                row += (f" {statistics.median(was) * 1000:.0f} ms | {statistics.median(was) / floor:.2f}x |"
                        f" {wc * 1000:.0f} ms | {wc / fc:.2f}x |")
            print(row, flush=True)
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
