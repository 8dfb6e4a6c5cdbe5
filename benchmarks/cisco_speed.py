"""agis-lint against Cisco's offline MCP scanner on the same real tool lists, in one run.

    python benchmarks/cisco_speed.py [--runs 3] [--split dev|heldout|all] [--scanner-python PATH] [--cli]
                                     [--heads] [--scope-copy] [--compare EXE]

The files are the published MCP servers' tool lists of ``benchmarks/corpora/mcp/*.tools.mcp.json``
(``--split`` keeps the servers of one half of ``benchmarks/corpora/splits.json``). Each run times,
interleaved so that the load of the machine falls on all of them alike:

* ``agis-lint check`` on all the files (model on), then with ``--no-semantic``; both are the
  shipped console script, ``--no-cache``, JSON output, default ``--jobs``;
* cisco-ai-mcp-scanner's offline static mode with its YARA and schema analyzers on the same files,
  in one process: the objects its CLI builds for ``mcp-scanner --analyzers yara,schema static
  --tools FILE`` (``YaraAnalyzer``, ``SchemaReferenceAnalyzer``, ``StaticAnalyzer.scan_tools_file``),
  called once per file, so that its start (about 3 s of imports) is paid once, as agis-lint's is;
* with ``--cli``, also its CLI once per file (what a shell loop over the files costs);
* with ``--heads``, also agis-lint with the directive head (AGSC901) off: its share of the time;
* with ``--scope-copy``, also agis-lint (model on) with a second encoder graph for the security
  head: a model directory whose ``scope.onnx`` is a copy of ``encoder.onnx``
  (``benchmarks/scope_copy.py``), so the findings are the same and the difference is its cost;
* with ``--compare EXE``, also another build's ``agis-lint`` (e.g. a checkout's
  ``.venv/bin/agis-lint``) with the model on, in the same interleaved runs, so that a change is
  measured against its base under the same load.

Wall seconds are the median of the runs; CPU seconds are user + system of the child processes
(median too). The load average is printed before and after. Nothing is installed here: the scanner lives in its own virtual environment
(``python3 -m venv /work/wt/cisco-venv && /work/wt/cisco-venv/bin/pip install cisco-ai-mcp-scanner``),
named by ``--scanner-python`` or ``$CISCO_SCANNER_PYTHON``. The scanner is run offline: no API key,
no LLM analyzer, and LiteLLM told to use its local cost map.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "corpora", "mcp")
DEFAULT_SCANNER = "/work/wt/cisco-venv/bin/python"

# What `mcp-scanner --analyzers yara,schema static --tools FILE` builds, for many files in one process.
_DRIVER = r"""
import asyncio, json, sys
from mcpscanner.core.analyzers.static_analyzer import StaticAnalyzer
from mcpscanner.core.analyzers.yara_analyzer import YaraAnalyzer
from mcpscanner.core.analyzers.schema_reference_analyzer import SchemaReferenceAnalyzer

async def main(paths):
    static = StaticAnalyzer(analyzers=[YaraAnalyzer(), SchemaReferenceAnalyzer()])
    unsafe = 0
    for p in paths:
        for r in await static.scan_tools_file(p):
            unsafe += any(f for f in (r.get("findings") or {}).values()) if not r.get("is_safe", True) else 0
    print(json.dumps({"files": len(paths), "unsafe_tools": unsafe}))

asyncio.run(main(sys.argv[1:]))
"""


def offline_env() -> dict:
    return {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "NO_PROXY": "*",
            "MCP_SCANNER_API_KEY": "", "MCP_SCANNER_LLM_API_KEY": ""}


def timed(cmd: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """(wall, CPU of the child, stdout) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{cmd[0]} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return wall, cpu, proc.stdout


def files_of(split: str) -> list[str]:
    splits = json.load(open(os.path.join(HERE, "corpora", "splits.json"), encoding="utf-8"))["corpora"]["mcp"]
    out = []
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.tools.mcp.json"))):
        unit = os.path.basename(path)[: -len(".tools.mcp.json")]
        if split == "all" or splits.get(unit) == split:
            out.append(path)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="all")
    ap.add_argument("--scanner-python", default=os.environ.get("CISCO_SCANNER_PYTHON", DEFAULT_SCANNER))
    ap.add_argument("--cli", action="store_true", help="also time the scanner's CLI once per file")
    ap.add_argument("--heads", action="store_true",
                    help="also time agis-lint with the directive head (AGSC901) off, to show its share")
    ap.add_argument("--scope-copy", action="store_true",
                    help="also time agis-lint with scope.onnx (a copy of encoder.onnx) beside encoder.onnx")
    ap.add_argument("--compare", metavar="EXE",
                    help="also time this agis-lint executable (another build) with the model on")
    args = ap.parse_args(argv)
    scanner = args.scanner_python
    ok = os.path.exists(scanner) and subprocess.run(
        [scanner, "-c", "import mcpscanner"], capture_output=True).returncode == 0
    if not ok:
        print("cisco-ai-mcp-scanner not found; install it into its own virtual environment:\n"
              "  python3 -m venv /work/wt/cisco-venv && /work/wt/cisco-venv/bin/pip install cisco-ai-mcp-scanner\n"
              "then pass --scanner-python /work/wt/cisco-venv/bin/python")
        return 2
    version = subprocess.run([scanner, "-c", "import importlib.metadata as m; "
                              "print(m.version('cisco-ai-mcp-scanner'))"],
                             capture_output=True, text=True).stdout.strip()
    lint = shutil.which("agis-lint", path=os.path.dirname(sys.executable)) or shutil.which("agis-lint")
    files = files_of(args.split)
    tools = sum(len(json.load(open(p, encoding="utf-8")).get("tools", [])) for p in files)
    rel = [os.path.relpath(p, ROOT) for p in files]
    if args.scope_copy:
        from scope_copy import scope_copy_dir
        scope_dir = scope_copy_dir()
    base = [lint, "check", "--no-cache", "-q", "--format", "json", *rel]
    runs = {
        "agis-lint check (model on)": lambda: timed(base),
        "agis-lint check --no-semantic": lambda: timed(base[:2] + ["--no-semantic"] + base[2:]),
        **({f"{args.compare} check (model on)":
            lambda: timed([args.compare, *base[1:]])} if args.compare else {}),
        **({"agis-lint check (model on, + scope.onnx)":
            lambda: timed(base, env={**os.environ, "AGIS_LSP_MODEL_DIR": scope_dir})} if args.scope_copy else {}),
        **({"agis-lint check --ignore AGSC901 (model on)":
            lambda: timed(base[:2] + ["--ignore", "AGSC901"] + base[2:])} if args.heads else {}),
        f"cisco-ai-mcp-scanner {version} static, yara+schema (one process)":
            lambda: timed([scanner, "-c", _DRIVER, *files], env=offline_env()),
    }
    if args.cli:
        exe = os.path.join(os.path.dirname(scanner), "mcp-scanner")

        def cli_loop():
            wall = cpu = 0.0
            for p in files:
                w, c, _ = timed([exe, "--analyzers", "yara,schema", "--format", "raw", "static", "--tools", p],
                                env=offline_env())
                wall, cpu = wall + w, cpu + c
            return wall, cpu, ""
        runs[f"cisco-ai-mcp-scanner {version} CLI, once per file"] = cli_loop
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in runs}
    load_before = os.getloadavg()[0]
    for _ in range(args.runs):
        for name, fn in runs.items():
            wall, cpu, _ = fn()
            times[name].append((wall, cpu))
    print(f"{len(files)} tool lists ({args.split}), {tools} tools, {args.runs} interleaved runs, "
          f"{os.cpu_count()} CPUs, load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after\n")
    print("| tool | wall s (median) | CPU s (median) | wall s per run |")
    print("|---|---:|---:|---|")
    for name, rows in times.items():
        walls = [w for w, _ in rows]
        print(f"| {name} | {statistics.median(walls):.2f} | {statistics.median(c for _, c in rows):.2f} | "
              f"{', '.join(f'{w:.2f}' for w in walls)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
