#!/usr/bin/env python3
"""A candidate model directory against the shipped one, through the installed engine: the
security findings on real MCP servers nobody trained on, and the recall on the development
payload sets.

    python benchmarks/model_candidate.py --models DIR            # DIR against the shipped models
    python benchmarks/model_candidate.py --models DIR --base OTHER --payloads F1,F2

A rebuilt ``scope.onnx`` and security head (models/README.md, "Rebuilding") move every bar
the head's calibration picks, and a bar picked on the calibrate fold does not say what the
model does on servers it never saw. This runs the installed ``agis-lint`` (model on, as a
process) with ``AGIS_LSP_MODEL_DIR`` set to each directory over:

* the MCP servers of the development and held-out halves and of every blind split
  (``real_precision.mcp_files``: a server's tool list with its instructions, prompts and
  resources): security findings, those at warning or error, and servers with a security
  warning, per split; then every security finding one model gives and the other does not
  (server, severity, code, the message's start), for a person to judge;
* each payload file (default: the second and first fresh sets, both development sets) in the
  six roles, alone and after a real description (``payload_loso.AFTER_DESCRIPTION``): any
  severity, warning or error.

Only the two directories differ between the columns: the same engine, files and process. The
third fresh set is not a default: it is measured once a candidate is chosen, never to choose.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import payload_loso  # noqa: E402
import real_precision as rp  # noqa: E402

SHIPPED = HERE.parent / "models"
DEFAULT_PAYLOADS = ("fresh2_sources.jsonl", "fresh_sources.jsonl")
MESSAGE = 90   # characters of a finding's message in the list of differences


def with_models(directory: Path, call, *args):
    """``call(*args)`` with ``AGIS_LSP_MODEL_DIR`` set to ``directory`` for the processes it starts."""
    old = os.environ.get("AGIS_LSP_MODEL_DIR")
    os.environ["AGIS_LSP_MODEL_DIR"] = str(directory)
    try:
        return call(*args)
    finally:
        if old is None:
            os.environ.pop("AGIS_LSP_MODEL_DIR", None)
        else:
            os.environ["AGIS_LSP_MODEL_DIR"] = old


def real_findings(exe: str, side: str) -> dict[str, list[dict]]:
    """Security diagnostics per server of one split of the MCP corpus."""
    servers = sorted(s for s, v in rp.splits().get("mcp", {}).items() if v == side)
    files = {s: rp.mcp_files(s, side) for s in servers}
    diags = rp.lint(exe, [f for fs in files.values() for f in fs], True)
    return {s: [d for f in fs for d in diags.get(str(f.resolve()), []) if d["code"].startswith(rp.SECURITY)]
            for s, fs in files.items()}


def _key(server: str, d: dict) -> tuple:
    return server, d["severity"], d["code"], d["message"].split(" (directive score")[0][:MESSAGE]


def real_table(exe: str, dirs: dict[str, Path]) -> list[str]:
    """Print the per-split table; return the lines of the findings that differ."""
    sides = ("dev", "heldout", *rp.BLIND)
    print("\n## Security findings on real MCP servers (findings / at warning or error / servers with a security warning)\n")
    print("| split | servers | " + " | ".join(dirs) + " |")
    print("|---|---:|" + "---:|" * len(dirs))
    diffs, totals = [], {n: [0, 0, 0] for n in dirs}
    for side in sides:
        per = {n: with_models(d, real_findings, exe, side) for n, d in dirs.items()}
        cells = []
        for n, found in per.items():
            counts = (sum(len(v) for v in found.values()),
                      sum(1 for v in found.values() for d in v if d["severity"] in ("warning", "error")),
                      sum(1 for v in found.values() if any(d["severity"] in ("warning", "error") for d in v)))
            totals[n] = [a + b for a, b in zip(totals[n], counts)]
            cells.append("%d / %d / %d" % counts)
        print(f"| {side} | {len(next(iter(per.values())))} | " + " | ".join(cells) + " |")
        keys = {n: {_key(s, d) for s, ds in found.items() for d in ds} for n, found in per.items()}
        for n, mine in keys.items():
            others = set().union(*(k for m, k in keys.items() if m != n))
            diffs += [f"- only {n}, {side}: {s} {sev} {code}: {msg}" for s, sev, code, msg in sorted(mine - others)]
    print("| **all** | | " + " | ".join("**%d / %d / %d**" % tuple(t) for t in totals.values()) + " |")
    return diffs


def recall_table(exe: str, dirs: dict[str, Path], files: list[Path]) -> None:
    print("\n## Payload recall, development sets (any severity / at warning or error)\n")
    print("| payloads | placement | files | " + " | ".join(dirs) + " |")
    print("|---|---|---:|" + "---:|" * len(dirs))
    for path in files:
        rows = payload_loso._jsonl(path)
        for placement, carriers in (("alone", None), ("after a real description", payload_loso.AFTER_DESCRIPTION)):
            cells, n = [], 0
            for directory in dirs.values():
                with tempfile.TemporaryDirectory() as t:
                    results = payload_loso.run(exe, rows, directory, Path(t), carriers)
                n = len(results)
                cells.append(f"{sum(r['any'] for r in results) / n:.1%} / {sum(r['warn'] for r in results) / n:.1%}")
            print(f"| {path.name} | {placement} | {n} | " + " | ".join(cells) + " |", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", type=Path, required=True, help="the candidate model directory")
    ap.add_argument("--base", type=Path, default=SHIPPED, help="the directory to compare with (the shipped models)")
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"))
    ap.add_argument("--payloads", default=",".join(DEFAULT_PAYLOADS),
                    help="comma-separated payload files of benchmarks/corpora/payloads (or paths); empty: none")
    ap.add_argument("--no-real", action="store_true", help="skip the real servers")
    a = ap.parse_args(argv)
    for d in (a.models, a.base):
        if not (d / "security_head.json").is_file():
            print(f"model_candidate: {d} holds no security_head.json", file=sys.stderr)
            return 2
    dirs = {"base": a.base.resolve(), "candidate": a.models.resolve()}
    print(f"# model_candidate: agis-lint {a.exe}, base {dirs['base']}, candidate {dirs['candidate']}")
    if not a.no_real:
        diffs = real_table(a.exe, dirs)
        print("\n### Findings one model gives and the other does not\n")
        print("\n".join(diffs) if diffs else "none")
    names = [p for p in a.payloads.split(",") if p]
    files = [Path(p) if Path(p).exists() else HERE / "corpora" / "payloads" / p for p in names]
    if files:
        recall_table(a.exe, dirs, files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
