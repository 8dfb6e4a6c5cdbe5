"""Mechanical lint of an MCP tool list vs the floor (the standard library parsing the same JSON),
process start included.

    python benchmarks/mcp_lint_speed.py [--runs 5] [--sizes 10,100,1000] [--model] [--exe EXE]

``--real``: the tools of the published servers' listings in benchmarks/corpora/mcp (rich
schemas, real prose) instead of generated ones.

Prints a markdown table: median wall time of `agis-lint check --no-semantic FILE`
against `python -c "json.load(open(FILE))"`. The list is generated (fixed seed):
realistic tools with 2-6 typed parameters, a title, a description and annotations,
names built from a mix of action verbs and objects (some with HTTP verbs, so the
TOOL rules have something to report).

``--model``: also the same file with the model on (one file: one process, the encoder's threads
on every core). ``--exe EXE``: time this ``agis-lint`` executable (another build, e.g. a
checkout's ``.venv/bin/agis-lint``) instead of ``python -m agis_lsp.cli`` of this interpreter.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time

FLOOR = "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))"
VERBS = ["search", "find", "book", "cancel", "create", "update", "send", "list", "fetch", "delete",
         "get", "summarize", "schedule", "approve", "reject", "transfer", "validate", "export"]
OBJECTS = ["flight", "hotel", "invoice", "customer", "ticket", "order", "report", "payment",
           "shipment", "meeting", "document", "user", "subscription", "refund", "repository"]
TYPES = ["string", "integer", "number", "boolean"]
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpora", "mcp")


def tool(i: int, rnd: random.Random) -> dict:
    verb, obj = rnd.choice(VERBS), rnd.choice(OBJECTS)
    props = {f"{obj}_{k}_{j}": {"type": rnd.choice(TYPES), "description": f"The {k} of the {obj}."}
             for j, k in enumerate(rnd.sample(["id", "name", "date", "amount", "status", "region",
                                               "limit", "note"], rnd.randint(2, 6)))}
    read = verb in ("search", "find", "list", "fetch", "get", "summarize", "validate", "export")
    return {
        "name": f"{verb}_{obj}_{i}",
        "title": f"{verb.capitalize()} {obj} {i}",
        "description": f"{verb.capitalize()}s the {obj} records that match the given criteria "
                       f"and returns the result to the agent.",
        "inputSchema": {"type": "object", "properties": props,
                        "required": list(props)[:rnd.randint(1, len(props))]},
        "annotations": {"readOnlyHint": read, "openWorldHint": False},
    }


def document(n: int) -> str:
    rnd = random.Random(12)
    return json.dumps({"tools": [tool(i, rnd) for i in range(n)]}, indent=2)


def real_tools() -> list[dict]:
    """Every tool of the published servers' listings (benchmarks/corpora/mcp), in file order,
    renamed where two servers share a name (one list may not define a name twice)."""
    tools, seen = [], set()
    for name in sorted(os.listdir(CORPUS)):
        if not name.endswith(".tools.mcp.json"):
            continue
        with open(os.path.join(CORPUS, name), encoding="utf-8") as fh:
            for t in json.load(fh).get("tools") or []:
                if not isinstance(t, dict) or not isinstance(t.get("name"), str):
                    continue
                n, k = t["name"], 2
                while t["name"] in seen:
                    t["name"], k = f"{n}_{k}", k + 1
                seen.add(t["name"])
                tools.append(t)
    return tools


def real_document(n: int) -> str:
    """The first ``n`` real tools, repeated (renamed) if the corpus has fewer."""
    tools = real_tools()
    out = [dict(tools[i % len(tools)], name=f"{tools[i % len(tools)]['name']}"
                + (f"_r{i // len(tools)}" if i >= len(tools) else "")) for i in range(n)]
    return json.dumps({"tools": out}, indent=2)


def timed(cmd: list[str], runs: int, env: dict) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system of the child) over ``runs``,
    after one warm-up run (which also fills the bytecode cache)."""
    walls, cpus = [], []
    subprocess.run(cmd, capture_output=True, env=env)
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, env=env)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{cmd} failed: {proc.stderr.decode()[-2000:]}")
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--real", action="store_true",
                    help="tools of the published servers (benchmarks/corpora/mcp), not generated ones")
    ap.add_argument("--model", action="store_true", help="also time the lint with the model on")
    ap.add_argument("--exe", default=None, help="an agis-lint executable to time (default: this interpreter's)")
    args = ap.parse_args()
    lint_cmd = [args.exe] if args.exe else [sys.executable, "-m", "agis_lsp.cli"]
    print("| tools | size | floor wall (json.load) | agis-lint wall | ratio | floor CPU | agis-lint CPU "
          "| CPU ratio |" + (" model on, wall | model on, CPU |" if args.model else ""))
    print("|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if args.model else ""))
    with tempfile.TemporaryDirectory() as tmp:
        # Users run with compiled bytecode; a PYTHONDONTWRITEBYTECODE environment would make
        # every run compile ~150 modules. The cache goes to a temporary prefix, not the tree.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(tmp, "pycache")
        for n in (int(s) for s in args.sizes.split(",")):
            path = os.path.join(tmp, f"bench{n}.mcp.json")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(real_document(n) if args.real else document(n))
            floor, floor_cpu = timed([sys.executable, "-c", FLOOR, path], args.runs, env)
            lint, lint_cpu = timed(lint_cmd + ["check", "--no-semantic",
                                               "--no-cache", "-q", path], args.runs, env)  # no cache hits
            model = ""
            if args.model:
                wall, cpu = timed(lint_cmd + ["check", "--no-cache", "-q", path], args.runs, env)
                model = f" {wall * 1000:.0f} ms | {cpu * 1000:.0f} ms |"
            size = os.path.getsize(path)
            print(f"| {n} | {size / 1024:.0f} KB | {floor * 1000:.0f} ms | {lint * 1000:.0f} ms | "
                  f"{lint / floor:.2f}x | {floor_cpu * 1000:.0f} ms | {lint_cpu * 1000:.0f} ms | "
                  f"{lint_cpu / floor_cpu:.2f}x |{model}", flush=True)


if __name__ == "__main__":
    main()
