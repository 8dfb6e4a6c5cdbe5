"""Many small files in one `agis-lint check` run: cold (`--no-cache`), first run filling the
cache, and warm (every result cached), on --jobs 1 and on every CPU.

    python benchmarks/many_files.py [--files 10000] [--spectral PATH]

The generated mix (deterministic; written by this script into a temporary directory):

* 80% AGIS documents (`*.agis`, YAML) of 1-3 endpoints (benchmarks/gen_docs.py), every
  fifth one with a defect (an inflected method, ``BOOKS``, a pass 2 finding);
* 20% AGTP deployments of 10 files each: `agtp-server.toml`, `agtp-recipes.toml` and 8
  endpoint files (copies of examples/deployment with distinct paths), so cross-file
  rules run.

Model passes off (`--no-semantic`): the model's cost is per endpoint, not per file, and
is measured by benchmarks/semantic_speed.py. With ``--spectral PATH`` (a `spectral`
binary) the AGIS documents are also linted by Spectral with the 8-rule AGIS ruleset of
benchmarks/data, when that ruleset exists; see the README for what was run.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from gen_docs import document  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPLOYMENT = os.path.join(ROOT, "examples", "deployment")


def generate(folder: str, n: int) -> dict:
    counts = {"agis": 0, "deployment files": 0}
    n_dep = (n // 5) // 10
    for d in range(n_dep):
        target = os.path.join(folder, "deployments", f"dep-{d:04d}")
        os.makedirs(os.path.join(target, "endpoints"))
        for name in ("agtp-server.toml", "agtp-recipes.toml"):
            shutil.copy(os.path.join(DEPLOYMENT, name), target)
        sources = sorted(os.listdir(os.path.join(DEPLOYMENT, "endpoints")))
        for e in range(8):
            src = os.path.join(DEPLOYMENT, "endpoints", sources[e % len(sources)])
            with open(src, encoding="utf-8") as fh:
                text = fh.read()
            text = re.sub(r'^path = "([^"]*)"', lambda m: f'path = "{m.group(1)}-{e}"', text, count=1,
                          flags=re.M)
            with open(os.path.join(target, "endpoints", f"ep_{e}.toml"), "w", encoding="utf-8") as fh:
                fh.write(text)
        counts["deployment files"] += 10
    for i in range(n - counts["deployment files"]):
        text = document(1 + i % 3)
        if i % 5 == 0:
            text = text.replace("method: BOOK", "method: BOOKS", 1)
        sub = os.path.join(folder, "agis", f"{i // 500:02d}")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"api-{i:05d}.agis"), "w", encoding="utf-8") as fh:
            fh.write(text)
        counts["agis"] += 1
    return counts


def run(cmd: list, env: dict) -> tuple:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, env=env)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd[:3]} failed ({proc.returncode}): {proc.stderr.decode()[-2000:]}")
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), proc


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10000)
    ap.add_argument("--spectral", default=None)
    args = ap.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    tmp = tempfile.mkdtemp(prefix="agis-many-")
    try:
        corpus = os.path.join(tmp, "corpus")
        counts = generate(corpus, args.files)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["AGIS_LINT_CACHE_DIR"] = os.path.join(tmp, "cache")
        base = [script, "check", "--no-semantic", "-q", corpus]
        rows = []
        jobs = os.cpu_count() or 1
        rows.append(("cold, --no-cache, --jobs 1", *run(base + ["--no-cache", "--jobs", "1"], env)[:2]))
        rows.append((f"cold, --no-cache, --jobs {jobs} (default)", *run(base + ["--no-cache"], env)[:2]))
        rows.append(("first run, filling the cache", *run(base, env)[:2]))
        wall, cpu, proc = run(base, env)
        rows.append(("warm, every result cached", wall, cpu))
        findings = len(proc.stdout.splitlines())
        if args.spectral:
            ruleset = os.path.join(ROOT, "benchmarks", "data", "spectral-agis.yaml")
            agis = os.path.join(corpus, "agis", "**", "*.agis")
            rows.append(("Spectral, the AGIS documents only",
                         *run([args.spectral, "lint", "--ruleset", ruleset, "--quiet", agis], env)[:2]))
        print(f"{args.files} files: {counts['agis']} AGIS documents (1-3 endpoints, 1 in 5 with a "
              f"finding), {counts['deployment files']} files in {counts['deployment files'] // 10} AGTP "
              f"deployments; {findings} findings; {jobs} CPU(s), load average "
              f"{os.getloadavg()[0]:.1f}\n")
        cold, cold_cpu = rows[1][1], rows[1][2]
        print("| run | wall (s) | CPU (s, all processes) | wall / cold (default jobs) | CPU / cold |")
        print("|---|---:|---:|---:|---:|")
        for label, wall, cpu in rows:
            print(f"| {label} | {wall:.2f} | {cpu:.2f} | {wall / cold:.2f} | {cpu / cold_cpu:.2f} |")
        print(f"\ncold CPU per file: {1000 * rows[0][2] / args.files:.2f} ms (--jobs 1), "
              f"{1000 * cold_cpu / args.files:.2f} ms ({jobs} jobs)")
        if args.spectral:
            s_wall, s_cpu = rows[-1][1], rows[-1][2]
            print(f"Spectral ({counts['agis']} files) / agis-lint cold ({args.files} files, {jobs} jobs): "
                  f"wall {s_wall / cold:.2f}x, CPU {s_cpu / cold_cpu:.2f}x (goal: 5x); Spectral CPU "
                  f"per file {1000 * s_cpu / counts['agis']:.2f} ms")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
