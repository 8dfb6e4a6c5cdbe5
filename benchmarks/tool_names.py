"""How well the name reader splits real MCP tool names into namespace, verb and object.

    python benchmarks/tool_names.py [--split dev|heldout|all] [--errors] [--sample]

Reads ``benchmarks/data/tool_name_labels.tsv`` (300 tool names of the real servers of
``benchmarks/corpora/mcp``, labelled by hand before the reader ran; its header says how they were
drawn) and reads each name with the shipped reader, ``agis_lsp.formats.names.operations_of``'s
path: the reader sees the other tool names of the same server as evidence. A part is right when it
equals the label lower-cased with separators removed ("-" = absent). Prints accuracy per part and
for the whole reading, per split. ``--sample`` prints the 300 rows the label file was drawn from
(seed 30, 150 per split), to check the file against the corpus.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
LABELS = os.path.join(HERE, "data", "tool_name_labels.tsv")
CORPUS = os.path.join(HERE, "corpora", "mcp")
PARTS = ("namespace", "verb", "object")


def norm(text: str) -> str:
    return "" if text in ("", "-") else re.sub(r"[^a-z0-9]", "", text.lower())


def server_names(unit: str) -> list[str]:
    with open(os.path.join(CORPUS, f"{unit}.tools.mcp.json"), encoding="utf-8") as fh:
        return [t.get("name") for t in json.load(fh).get("tools", [])]


def sample_rows() -> list[tuple[str, str, str]]:
    """The (split, server, name) rows the label file was drawn from."""
    splits = json.load(open(os.path.join(HERE, "corpora", "splits.json"), encoding="utf-8"))["corpora"]["mcp"]
    rows = []
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.tools.mcp.json"))):
        unit = os.path.basename(path)[: -len(".tools.mcp.json")]
        rows += [(splits[unit], unit, name) for name in server_names(unit)]
    rng = random.Random(30)
    out = []
    for split in ("dev", "heldout"):
        out += sorted(rng.sample([r for r in rows if r[0] == split], 150))
    return out


def labels() -> list[dict]:
    with open(LABELS, encoding="utf-8") as fh:
        lines = [line.rstrip("\n") for line in fh if not line.startswith("#") and line.strip()]
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"))) for line in lines[1:]]


def reading(name: str, ctx) -> dict:
    from agis_lsp.formats.name_reader import read_name
    lead = read_name(name, ctx)
    if lead is None:
        return {"namespace": "", "verb": "", "object": ""}
    return {"namespace": lead.namespace, "verb": lead.word if lead.verb else "", "object": lead.object}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="dev")
    ap.add_argument("--errors", action="store_true", help="list the names read wrong")
    ap.add_argument("--sample", action="store_true", help="print the rows the labels were drawn from")
    args = ap.parse_args(argv)
    if args.sample:
        for row in sample_rows():
            print("\t".join(row))
        return 0
    from agis_lsp.formats.name_reader import name_context
    contexts: dict = {}
    print("| split | names | namespace | verb | object | all three |")
    print("|---|---:|---:|---:|---:|---:|")
    for split in (("dev", "heldout") if args.split == "all" else (args.split,)):
        rows = [r for r in labels() if r["split"] == split]
        right = {p: 0 for p in PARTS + ("all",)}
        wrong = []
        for r in rows:
            ctx = contexts.setdefault(r["server"], name_context(server_names(r["server"])))
            got = reading(r["name"], ctx)
            ok = {p: norm(got[p]) == norm(r[p]) for p in PARTS}
            for p in PARTS:
                right[p] += ok[p]
            right["all"] += all(ok.values())
            if not all(ok.values()):
                wrong.append((r, got))
        n = len(rows)
        print(f"| {split} | {n} | " + " | ".join(f"{100 * right[p] / n:.1f}%" for p in PARTS + ("all",)) + " |")
        if args.errors:
            for r, got in wrong:
                print(f"    {r['name']}: label {r['namespace']} / {r['verb']} / {r['object']}; "
                      f"read {got['namespace'] or '-'} / {got['verb'] or '-'} / {got['object'] or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
