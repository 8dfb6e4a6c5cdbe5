"""Mechanical lint time vs the floor (libyaml composing the same text), process start included.

    python benchmarks/lint_speed.py [--runs 5]

Prints a markdown table: median wall time of `agis-lint check --no-semantic FILE`
against libyaml composing the same file (ruamel.yaml's C loader: ruamel.yaml.clib).
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

FLOOR = ("import sys; from ruamel.yaml.cyaml import CSafeLoader; "
         "CSafeLoader(open(sys.argv[1], encoding='utf-8').read()).get_single_node()")


def timed(cmd: list[str], runs: int, env: dict | None = None) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, env=env)
        times.append(time.perf_counter() - t0)
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
    other = ["| other checkout | ratio |", "|---:|---:|"] if args.compare else ["", ""]
    print("| endpoints | size | floor (libyaml compose) | agis-lint --no-semantic | ratio " + other[0])
    print("|---:|---:|---:|---:|---:" + other[1])
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"bench{n}.agis")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(document(n))
            floor = timed([sys.executable, "-c", FLOOR, path], args.runs)
            # --no-cache: every run lints (the result cache would answer runs 2-5)
            cmd = [sys.executable, "-m", "agis_lsp.cli", "check", "--no-semantic", "--no-cache", "-q", path]
            env = {**os.environ, "PYTHONPATH": os.path.abspath(args.compare)} if args.compare else None
            now, was = [], []
            for _ in range(args.runs):  # run by run, alternating: load changes hit both alike
                now.append(timed(cmd, 1))
                if env is not None:
                    was.append(timed(cmd, 1, env=env))
            lint = statistics.median(now)
            size = os.path.getsize(path)
            row = (f"| {n} | {size / 1024:.0f} KB | {floor * 1000:.0f} ms | {lint * 1000:.0f} ms | "
                   f"{lint / floor:.2f}x |")
            if was:
                row += f" {statistics.median(was) * 1000:.0f} ms | {statistics.median(was) / floor:.2f}x |"
            print(row, flush=True)


if __name__ == "__main__":
    main()
