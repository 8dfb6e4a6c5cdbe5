"""Split the real corpora into a development and a held-out half: benchmarks/corpora/splits.json.

    python scripts/split_corpora.py

The unit is what shares an author: an MCP server (all its tools), an OpenAPI or
API-description document (all its prose fields), an example file. Units are
sorted by size (prose fields, or tools) and name, taken in consecutive pairs, and
a seeded coin (``random.Random(SEED)``) sends one of each pair to ``dev`` and the
other to ``heldout``: about half each, stratified by size. An assignment already
in splits.json is kept, so adding servers or documents never moves an old one
(the held-out half must stay unseen). The held-out half is never used for
training or for tuning thresholds (docs/corpora.md). An MCP server pinned with
``split`` in servers.toml (a blind split: ``blind``, ``blind2``, …) keeps that split and is not paired.
"""
from __future__ import annotations

import json
import random
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "benchmarks" / "corpora"
SPLITS = CORPORA / "splits.json"
SEED = 22


def mcp_units() -> dict[str, int]:
    """Harvested servers that listed tools -> number of tools."""
    path = CORPORA / "mcp" / "harvest.json"
    if not path.exists():
        return {}
    rows = json.loads(path.read_text())["servers"]
    return {r["server"]: r["tools"] + r["prompts"] + r["resources"] for r in rows if not r["failure"]}


def pinned_splits() -> dict[str, str]:
    """MCP servers whose split servers.toml fixes (``split = "blind"``, ``split = "blind2"``, ...)."""
    with open(CORPORA / "mcp" / "servers.toml", "rb") as f:
        return {s["name"]: s["split"] for s in tomllib.load(f)["server"] if s.get("split")}


def jsonl_units(corpus: str) -> dict[str, int]:
    """Documents of a prose corpus (``index.json`` written by scripts/fetch_corpora.py) -> fields."""
    path = CORPORA / corpus / "index.json"
    if not path.exists():
        return {}
    return {d["document"]: d["fields"] for d in json.loads(path.read_text())["documents"]}


def assign(units: dict[str, int], old: dict[str, str], rng: random.Random) -> dict[str, str]:
    out = {u: s for u, s in old.items() if u in units}
    new = sorted((n, u) for u, n in units.items() if u not in out)
    for i in range(0, len(new), 2):
        pair = [u for _, u in new[i:i + 2]]
        rng.shuffle(pair)
        sides = ["dev", "heldout"]
        if len(pair) == 1:   # an odd one out goes to the smaller side
            counts = {s: list(out.values()).count(s) for s in sides}
            sides = sorted(sides, key=lambda s: (counts[s], s))
        for u, s in zip(pair, sides):
            out[u] = s
    return dict(sorted(out.items()))


def main() -> int:
    old = json.loads(SPLITS.read_text()) if SPLITS.exists() else {}
    rng = random.Random(SEED)
    result = {"seed": SEED, "rule": __doc__.split("\n\n")[2].replace("\n", " "), "corpora": {}}
    sources = {"mcp": mcp_units(), "openapi": jsonl_units("openapi"), "other": jsonl_units("other")}
    for corpus, units in sources.items():
        if not units:
            continue
        prev = old.get("corpora", {}).get(corpus, {})
        fixed = {u: s for u, s in pinned_splits().items() if u in units} if corpus == "mcp" else {}
        free = {u: n for u, n in units.items() if u not in fixed}
        result["corpora"][corpus] = dict(sorted({**assign(free, prev, rng), **fixed}.items()))
        sides = list(result["corpora"][corpus].values())
        print(f"{corpus:8} {len(units):4} units: {sides.count('dev')} dev, {sides.count('heldout')} held out"
              + (f", {len(fixed)} pinned" if fixed else ""))
    SPLITS.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
