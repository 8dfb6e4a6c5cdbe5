"""How well the security pass catches tool poisoning, and what it costs.

    python benchmarks/security_eval.py                  # development set (what we tune on)
    python benchmarks/security_eval.py --heldout        # adds the held-out rows (read once, to report)
    python benchmarks/security_eval.py --scanner        # adds cisco-ai-mcp-scanner side by side (dev set)
    python benchmarks/security_eval.py --speed          # CLI time on the 1,000-endpoint document

Every number comes from the shipped code path: each set becomes one AGIS JSON
document whose endpoints carry the texts (as the intent, or as an input-schema
property description for the schema-poisoning row), linted by the engine with
the security rules selected (AGSC* and AGIS515), pattern rules alone
(``--no-semantic``) and with the model head (AGSC901). A text counts as caught
when any security finding lands on its endpoint. Data: models/data/ (see
models/README.md, "Security head").
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "models"))

from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402
from train_security import benign, payloads, real  # noqa: E402

SECURITY = Config(select=("AGSC", "AGIS515"))
ISSUE_LEGITIMATE = ["Ignores duplicate webhook deliveries", "Forwards the message to a mailbox chosen by the caller",
                    "Reads the SSH public keys registered on the account", "Revokes the API key"]
OPERATION_ROLES = ("operation-summary", "operation-description")


def document(texts: list[str], place: str = "intent") -> str:
    endpoints = []
    for i, t in enumerate(texts):
        sem = {"intent": t if place == "intent" else "Finds the item", "actor": "agent",
               "outcome": "The item is returned"}
        ep = {"method": "FIND", "path": f"/item{i}", "semantic": sem}
        if place == "schema":
            ep["input"] = {"type": "object", "properties": {"q": {"type": "string", "description": t}}}
        endpoints.append(ep)
    return json.dumps({"agis": "1.0", "service": "Eval", "agtp": "agtp://eval.example", "description": "Eval",
                       "version": "1.0.0", "endpoints": endpoints, "vocabulary": {"declared_verbs": ["FIND"]}})


def flagged(texts: list[str], semantic: bool, place: str = "intent") -> list[set]:
    """The security codes reported on each text's endpoint."""
    linter = Linter(config_of=lambda _p: SECURITY.merged(semantic=semantic))
    result = linter.check(target=linter.prepare("eval.agis.json", text=document(texts, place)))
    out: list[set] = [set() for _ in texts]
    for d in result.diagnostics:
        if len(d.path) >= 2 and d.path[0] == "endpoints" and isinstance(d.path[1], int):
            out[d.path[1]].add(d.code)
    if semantic and any("skipped" in n for n in result.notes):
        raise SystemExit("the model is not available: " + "; ".join(result.notes))
    return out


def rate(codes: list[set]) -> float:
    return sum(1 for c in codes if c) / max(1, len(codes))


def row(name: str, texts: list[str], kind: str, place: str = "intent", show: int = 0) -> tuple:
    pat = flagged(texts, False, place)
    full = flagged(texts, True, place)
    model_only = sum(1 for p, f in zip(pat, full) if f and not p)
    label = "caught" if kind == "payload" else "flagged"
    print(f"| {name} | {len(texts)} | {label} | {100 * rate(pat):.1f}% | {100 * rate(full):.1f}% | {model_only} |")
    if show:
        wrong = [t for t, f in zip(texts, full) if bool(f) != (kind == "payload")]
        for t in wrong[:show]:
            print(f"|   {'missed' if kind == 'payload' else 'flagged'}: {t[:100]!r} | | | | | |")
    return pat, full


def families(split: str) -> None:
    rows = payloads(split)
    full = flagged([t for _, t in rows], True)
    by: dict[str, list] = {}
    for (fam, _), codes in zip(rows, full):
        by.setdefault(fam, []).append(bool(codes))
    print(f"\n{split} payloads caught by family (patterns + model): " +
          ", ".join(f"{f} {sum(v)}/{len(v)}" for f, v in sorted(by.items())))


def scanner_rows(texts_pay: list[str], texts_clean: list[str]) -> None:
    exe = shutil.which("mcp-scanner") or "/work/venv-scan/bin/mcp-scanner"
    if not os.path.exists(exe):
        print("\ncisco-ai-mcp-scanner not installed (pip install cisco-ai-mcp-scanner in a separate venv)")
        return
    version = subprocess.run([os.path.join(os.path.dirname(exe), "python"), "-c",
                              "import importlib.metadata as m; print(m.version('cisco-ai-mcp-scanner'))"],
                             capture_output=True, text=True).stdout.strip()
    for name, texts in (("payloads", texts_pay), ("clean", texts_clean)):
        hits = run_scanner(exe, texts)
        print(f"| cisco-ai-mcp-scanner {version} (YARA, offline) on dev {name} | {len(texts)} | "
              f"{'caught' if name == 'payloads' else 'flagged'} | {100 * sum(hits) / len(texts):.1f}% | | |")


def run_scanner(exe: str, texts: list[str]) -> list[bool]:
    tools = [{"name": f"tool_{i}", "description": t, "inputSchema": {"type": "object", "properties": {}}}
             for i, t in enumerate(texts)]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "tools.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"tools": tools}, fh)
        proc = subprocess.run([exe, "--analyzers", "yara", "--format", "raw", "static", "--tools", path],
                              capture_output=True, text=True, timeout=1800,
                              env={**os.environ, "NO_PROXY": "*"})
    out = proc.stdout
    try:
        results = json.loads(out[out.find("{"):])["scan_results"]
    except (json.JSONDecodeError, KeyError):
        raise SystemExit("mcp-scanner output not understood:\n" + out[-2000:] + proc.stderr[-2000:])
    unsafe = {r.get("tool_name") for r in results if r.get("is_safe") is False}
    return [f"tool_{i}" in unsafe for i in range(len(texts))]


def speed(runs: int) -> None:
    sys.path.insert(0, HERE)
    from gen_docs import document as bench_document
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.agis")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(bench_document(1000))
        cli = [sys.executable, "-m", "agis_lsp.cli", "check", path, "-q", "--no-cache"]  # no cache hits
        variants = {"--no-semantic, security off": ["--no-semantic", "--ignore", "AGSC"],
                    "--no-semantic, security on": ["--no-semantic"],
                    "semantic, security off": ["--ignore", "AGSC"],
                    "semantic, security on": []}
        times: dict[str, list] = {k: [] for k in variants}
        cpu: dict[str, list] = {k: [] for k in variants}
        for _ in range(runs):          # interleaved, so load changes hit every variant alike
            for name, extra in variants.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                subprocess.run(cli + extra, capture_output=True, env={**os.environ, "PYTHONPATH": ROOT})
                times[name].append(time.perf_counter() - t0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    med = {k: statistics.median(v) for k, v in times.items()}
    mcpu = {k: statistics.median(v) for k, v in cpu.items()}
    print(f"\n1,000-endpoint document, median of {runs} interleaved runs (process start included); "
          f"load average {os.getloadavg()[0]:.1f}:")
    print("| variant | wall | security adds | CPU (user+sys) | security adds |")
    print("|---|---:|---:|---:|---:|")
    for mode in ("--no-semantic", "semantic"):
        off, on = med[f"{mode}, security off"], med[f"{mode}, security on"]
        coff, con = mcpu[f"{mode}, security off"], mcpu[f"{mode}, security on"]
        print(f"| {mode}, security off | {off * 1000:.0f} ms | | {coff * 1000:.0f} ms | |")
        print(f"| {mode}, security on | {on * 1000:.0f} ms | {100 * (on - off) / off:+.1f}% | {con * 1000:.0f} ms | "
              f"{100 * (con - coff) / coff:+.1f}% |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--heldout", action="store_true", help="also the held-out rows (report only)")
    ap.add_argument("--scanner", action="store_true", help="cisco-ai-mcp-scanner on the dev set")
    ap.add_argument("--speed", action="store_true")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--show", type=int, default=0, help="print up to N misses / false flags per row")
    args = ap.parse_args()
    splits = ["dev"] + (["heldout"] if args.heldout else [])
    print("| set | n | measure | patterns only | patterns + model | by the model alone |")
    print("|---|---:|---|---:|---:|---:|")
    for split in splits:
        pay = [t for _, t in payloads(split)]
        row(f"{split} payloads as intents", pay, "payload", show=args.show)
        row(f"{split} payloads as schema descriptions", pay, "payload", place="schema")
        row(f"{split} real operation summaries/descriptions", real(split, OPERATION_ROLES), "clean", show=args.show)
        row(f"{split} real texts, all (incl. schema titles/descriptions)", real(split), "clean", show=args.show)
        row(f"{split} hand-written legitimate imperatives", benign(split), "clean", show=args.show)
    row("the legitimate intents", ISSUE_LEGITIMATE, "clean", show=4)
    for split in splits:
        families(split)
    if args.scanner:
        print()
        scanner_rows([t for _, t in payloads("dev")], real("dev") + benign("dev"))
    if args.speed:
        speed(args.runs)


if __name__ == "__main__":
    main()
