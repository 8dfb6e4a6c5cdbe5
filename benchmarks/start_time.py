"""Start-up time of `agis-lint check` on one small file, against the bare interpreter.

    python benchmarks/start_time.py [--runs 7]

Prints a markdown table of median wall times, all measured in the same run (the ratio
to the bare interpreter is what to compare across machines; CPU time, user + system of
the child, is printed beside the wall time because it is less disturbed by other load):

* `python -c pass` (the floor: interpreter start, site, the venv);
* `agis-lint check --no-semantic` on one 1-endpoint `.agis` file (goal: <= 0.12 s and
  <= 5x the floor);
* `agis-lint check` with the model on a 10-endpoint file (goal: <= 0.45 s).

The shipped code path: the `agis-lint` console script of the interpreter running this
benchmark, byte-compiled (`compileall`, as `pip install` does; the environment variable
PYTHONDONTWRITEBYTECODE is removed for the children), with a fresh cache directory that
one warm-up run of each timed command fills with what the first run after an install or
upgrade builds once: the compiled
regular expressions and dataclass methods, the packed lexicon table, the parsed default
severities, the model files' verification. The first three rows run with `--no-cache`
(no result cache: the work itself); the last two run the same files again with the
result cache filled (an unchanged file, as in a pre-commit hook).
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from gen_docs import document  # noqa: E402

GOALS = {"mechanical": (0.12, 5.0), "model": (0.45, None)}


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], runs: int, env: dict) -> tuple:
    """Median wall time and median CPU time (user + system) of ``cmd``."""
    walls, cpus = [], []
    for _ in range(runs):
        c0, t0 = _child_cpu(), time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, env=env)
        walls.append(time.perf_counter() - t0)
        cpus.append(_child_cpu() - c0)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{cmd} failed ({proc.returncode}): {proc.stderr.decode()[-2000:]}")
    return statistics.median(walls), statistics.median(cpus)


def measure(runs: int) -> dict:
    import agis_lsp
    compileall.compile_dir(os.path.dirname(agis_lsp.__file__), quiet=1)
    script = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    tmp = tempfile.mkdtemp(prefix="agis-start-")
    try:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["AGIS_LINT_CACHE_DIR"] = os.path.join(tmp, "cache")
        small, ten = os.path.join(tmp, "one.agis"), os.path.join(tmp, "ten.agis")
        with open(small, "w", encoding="utf-8") as fh:
            fh.write(document(1))
        with open(ten, "w", encoding="utf-8") as fh:
            fh.write(document(10))
        mech_cmd = [script, "check", "--no-cache", "--no-semantic", small]
        model_cmd = [script, "check", "--no-cache", ten]
        for warm_up in (mech_cmd, model_cmd):
            subprocess.run(warm_up, capture_output=True, env=env)
        bare = timed([sys.executable, "-c", "pass"], runs, env)
        mech = timed(mech_cmd, runs, env)
        model = timed(model_cmd, runs, env)
        subprocess.run([script, "check", small], capture_output=True, env=env)  # fill the cache
        subprocess.run([script, "check", "--no-semantic", small], capture_output=True, env=env)
        subprocess.run([script, "check", ten], capture_output=True, env=env)
        mech_hit = timed([script, "check", "--no-semantic", small], runs, env)
        model_hit = timed([script, "check", ten], runs, env)
        return {"bare": bare, "mechanical": mech, "model": model, "mechanical_hit": mech_hit,
                "model_hit": model_hit}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    t = measure(ap.parse_args().runs)
    print(f"machine: {os.cpu_count()} CPU(s), load average {os.getloadavg()[0]:.1f}; median of runs\n")
    print("| run | wall (s) | x bare (wall) | CPU (s) | x bare (CPU) | goal |")
    print("|---|---:|---:|---:|---:|---|")
    rows = [("`python -c pass`", "bare", ""),
            ("one 1-endpoint `.agis`, `--no-semantic`", "mechanical", "<= 0.12 s and <= 5x"),
            ("one 10-endpoint `.agis`, with the model", "model", "<= 0.45 s"),
            ("the 1-endpoint file again, result cached", "mechanical_hit", "(unchanged file)"),
            ("the 10-endpoint file again, result cached", "model_hit", "(unchanged file)")]
    (bw, bc) = t["bare"]
    for label, key, goal in rows:
        w, c = t[key]
        print(f"| {label} | {w:.3f} | {w / bw:.1f} | {c:.3f} | {c / max(bc, 1e-3):.1f} | {goal} |")


if __name__ == "__main__":
    main()
