"""Security findings on real Agent Skills and agent instruction files, per 1,000 prose lines.

    python benchmarks/agent_docs_precision.py [--exe agis-lint] [--semantic]

Runs the installed console script (``agis-lint check --format json``, ``--no-semantic``
unless ``--semantic``) over the files of ``benchmarks/corpora/agent_docs`` (published npm
packages; ``index.json`` records package, version, licence and split: by package, so one
package's files are in one half only). Counts, per split and kind, the files, the prose
lines (non-blank lines of the body and of the description), and the security findings
(AGSC codes), with how many are errors; lists each finding. Every file of the corpus is
taken as benign (published by its authors, read here), so each security finding counts
against precision. Goal: at most 1 per 1,000 prose lines and no error.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "corpora", "agent_docs")
SPLITS = ("dev", "held-out")


def corpus() -> list[tuple[str, str]]:
    """(split, path) of every copied skill and instruction file."""
    with open(os.path.join(ROOT, "index.json"), encoding="utf-8") as fh:
        index = json.load(fh)
    out = []
    for e in index:
        if not e["copied"]:
            continue
        for rel in e["files"]:
            path = os.path.join(ROOT, "files", e["folder"], rel)
            base = rel.rsplit("/", 1)[-1]
            if base == "SKILL.md" or os.path.getsize(path) and not base.endswith((".py", ".sh", ".js")):
                out.append((e["split"], path))
    return out


def prose_lines(path: str) -> int:
    with open(path, encoding="utf-8", errors="replace") as fh:
        return sum(1 for ln in fh if ln.strip() and ln.strip() != "---")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exe", default=os.path.join(os.path.dirname(sys.executable), "agis-lint"))
    ap.add_argument("--semantic", action="store_true", help="also run the learned head (AGSC901)")
    args = ap.parse_args()
    files = corpus()
    kinds: dict = {}
    diags = []
    paths = [p for _, p in files]
    for i in range(0, len(paths), 200):
        cmd = [args.exe, "check", "--format", "json", *([] if args.semantic else ["--no-semantic"]),
               *paths[i:i + 200]]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
        if proc.returncode not in (0, 1):
            sys.exit(f"agis-lint exited {proc.returncode}: {proc.stderr[-2000:]}")
        diags.extend(json.loads(proc.stdout)["diagnostics"])
    by_path: dict = {}
    for d in diags:
        by_path.setdefault(os.path.abspath(d["path"]), []).append(d)
    table: dict = {}
    listed = []
    for split, path in files:
        kind = "agent-skill" if path.endswith("SKILL.md") else "agent-instructions"
        kinds[path] = kind
        row = table.setdefault((split, kind), Counter())
        row["files"] += 1
        row["lines"] += prose_lines(path)
        for d in by_path.get(os.path.abspath(path), ()):
            if d["code"].startswith("AGSC"):
                row["security"] += 1
                row["errors"] += d["severity"] == "error"
                listed.append((split, os.path.relpath(path, ROOT), d["range"]["start"]["line"] + 1,
                               d["code"], d["severity"], d["message"][:120]))
            elif d["code"].startswith("SKIL"):
                row["spec"] += 1
    print(f"{'split':<9} {'kind':<19} {'files':>5} {'prose lines':>11} {'security':>8} {'errors':>6} "
          f"{'per 1,000 lines':>15} {'SKIL findings':>13}")
    for (split, kind), row in sorted(table.items()):
        rate = 1000 * row["security"] / max(1, row["lines"])
        print(f"{split:<9} {kind:<19} {row['files']:>5} {row['lines']:>11} {row['security']:>8} "
              f"{row['errors']:>6} {rate:>15.2f} {row['spec']:>13}")
    for item in sorted(listed):
        print("  " + " ".join(str(x) for x in item))
    return 0


if __name__ == "__main__":
    sys.exit(main())
