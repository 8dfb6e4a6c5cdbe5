"""Draw the sample of real MCP tools whose capabilities are labelled by hand.

From every harvested server of ``benchmarks/corpora/mcp`` (``NAME.json``, what the live scan
read), at most PER_SERVER tools chosen by ``random.Random(SEED)``; the split of each tool is
its server's split in ``benchmarks/corpora/splits.json`` (dev / heldout, by server, never
moved). Prints one tool per block for the person labelling, or with ``--write`` writes the
unlabelled rows (server, tool, split) that the label file completes.

    python benchmarks/capability_sample.py            # read the tools to label them
    python benchmarks/capability_sample.py --second   # the second held-out sample
    python benchmarks/capability_sample.py --third    # the third
"""
from __future__ import annotations

import glob
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(ROOT, "corpora", "mcp")
SEED, PER_SERVER = 32, 5
SEED_B, PER_SERVER_B = 33, 4
SEED_C, PER_SERVER_C = 34, 3


def servers() -> dict:
    out = {}
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.json"))):
        base = os.path.basename(path)
        if base.count(".json") != 1 or base.endswith((".tools.mcp.json", ".listing.mcp.json")) \
                or base == "harvest.json":
            continue
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        if isinstance(data, dict) and data.get("tools"):
            out[base[:-5]] = data
    return out


def sample() -> list:
    with open(os.path.join(ROOT, "corpora", "splits.json"), encoding="utf-8") as fh:
        split = json.load(fh)["corpora"]["mcp"]
    rng = random.Random(SEED)
    rows = []
    for name, data in servers().items():
        tools = [t for t in data["tools"] if isinstance(t, dict) and isinstance(t.get("name"), str)]
        for tool in sorted(rng.sample(tools, min(PER_SERVER, len(tools))), key=lambda t: t["name"]):
            rows.append({"server": name, "tool": tool["name"], "split": split.get(name, "dev"),
                         "_def": tool})
    return rows


def second_sample() -> list:
    """A second held-out sample, drawn after the first one had been measured: at most
    PER_SERVER_B tools of each held-out server that the first sample did not take
    (``random.Random(SEED_B)``), split ``heldout2``."""
    return _more(sample(), SEED_B, PER_SERVER_B, "heldout2")


def third_sample() -> list:
    """A third, drawn after the second had been measured and its lessons applied: at most
    PER_SERVER_C tools of each held-out server that neither took (``heldout3``)."""
    return _more(sample() + second_sample(), SEED_C, PER_SERVER_C, "heldout3")


def _more(taken: list, seed: int, per_server: int, split: str) -> list:
    first = {(r["server"], r["tool"]) for r in taken}
    rng = random.Random(seed)
    rows = []
    for row_server, data in servers().items():
        if not any(s == row_server and r == "heldout" for s, r in _splits().items()):
            continue
        tools = [t for t in data["tools"] if isinstance(t, dict) and isinstance(t.get("name"), str)
                 and (row_server, t["name"]) not in first]
        for tool in sorted(rng.sample(tools, min(per_server, len(tools))), key=lambda t: t["name"]):
            rows.append({"server": row_server, "tool": tool["name"], "split": split, "_def": tool})
    return rows


def _splits() -> dict:
    with open(os.path.join(ROOT, "corpora", "splits.json"), encoding="utf-8") as fh:
        return json.load(fh)["corpora"]["mcp"]


def main() -> int:
    draw = {"--second": second_sample, "--third": third_sample}
    rows = draw[sys.argv[1]]() if sys.argv[1:2] and sys.argv[1] in draw else sample()
    for i, row in enumerate(rows):
        t = row["_def"]
        props = (t.get("inputSchema") or {}).get("properties") or {}
        print(f"#{i} {row['server']} / {row['tool']}  ann={t.get('annotations') or {}}")
        print(f"   params: {', '.join(props)}")
        print("   " + " ".join(str(t.get("description") or "").split())[:400])
    return 0


if __name__ == "__main__":
    sys.exit(main())
