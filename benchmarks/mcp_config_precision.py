"""Precision of the MCP client configuration rules (MCPC) on public configuration files.

    python benchmarks/mcp_config_precision.py [--exe PATH]

Runs the installed console script (``agis-lint check --no-semantic --format json``) as a
process over ``benchmarks/corpora/mcp_configs/{dev,held_out}`` (public ``.vscode/mcp.json``,
``.cursor/mcp.json``, ``.mcp.json`` and ``claude_desktop_config.json`` files, one
``provenance.json`` per split: repository, path, commit, what was redacted) and compares
every finding with the hand review in ``review.json`` (true: the claim is right about the
text). Prints per split and rule: findings, reviewed true, reviewed false, not reviewed,
precision, and the reviewed true findings that are no longer reported (a regression).
Nothing is downloaded; the review is the record, this script only counts against it.
Exit status 1 when a finding is not reviewed or a reviewed true finding is lost.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpora", "mcp_configs")
SPLITS = ("dev", "held_out")
CACHE = tempfile.mkdtemp(prefix="agis-mcp-configs-")


def lint(exe: str, split: str) -> list:
    root = os.path.join(CORPUS, split)
    with open(os.path.join(root, "provenance.json"), encoding="utf-8") as fh:
        files = [e["file"] for e in json.load(fh)]
    proc = subprocess.run([exe, "check", "--no-semantic", "--format", "json", *files], cwd=root,
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, AGIS_LINT_CACHE_DIR=CACHE))
    if proc.returncode not in (0, 1):
        sys.exit(f"agis-lint exited {proc.returncode}: {proc.stderr[-2000:]}")
    out = []
    for d in json.loads(proc.stdout)["diagnostics"]:
        rel = os.path.relpath(d["path"], root) if os.path.isabs(d["path"]) else d["path"]
        out.append((rel.replace(os.sep, "/"), d["range"]["start"]["line"] + 1, d["code"]))
    return out, len(files)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exe", default=os.path.join(os.path.dirname(sys.executable), "agis-lint"))
    args = ap.parse_args()
    with open(os.path.join(CORPUS, "review.json"), encoding="utf-8") as fh:
        review = {(e["split"], e["file"], e["line"], e["code"]): e for e in json.load(fh)["findings"]}
    bad = 0
    for split in SPLITS:
        found, n_files = lint(args.exe, split)
        rows: dict = {}
        for f, line, code in found:
            row = rows.setdefault(code, Counter())
            row["findings"] += 1
            e = review.get((split, f, line, code))
            row["unreviewed" if e is None else "true" if e["verdict"] else "false"] += 1
            if e is None:
                print(f"  not reviewed: {split}/{f}:{line} {code}")
                bad += 1
        now = set((split, f, line, code) for f, line, code in found)
        for key, e in review.items():
            if key[0] == split and e["verdict"] and key not in now:
                rows.setdefault(key[3], Counter())["lost true"] += 1
                print(f"  reviewed true, no longer reported: {split}/{key[1]}:{key[2]} {key[3]}")
                bad += 1
        print(f"\n{split}: {n_files} files")
        print(f"{'rule':8} {'findings':>8} {'true':>5} {'false':>5} {'unrev.':>6} {'lost':>5} {'precision':>9}")
        total = Counter()
        for code in sorted(rows):
            r = rows[code]
            total.update(r)
            judged = r["true"] + r["false"]
            prec = f"{100 * r['true'] / judged:.1f}%" if judged else "-"
            print(f"{code:8} {r['findings']:8} {r['true']:5} {r['false']:5} {r['unreviewed']:6} "
                  f"{r['lost true']:5} {prec:>9}")
        judged = total["true"] + total["false"]
        prec = f"{100 * total['true'] / judged:.1f}%" if judged else "-"
        print(f"{'all':8} {total['findings']:8} {total['true']:5} {total['false']:5} "
              f"{total['unreviewed']:6} {total['lost true']:5} {prec:>9}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
