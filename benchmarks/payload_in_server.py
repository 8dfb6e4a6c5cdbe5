"""Recall of the security pass on payloads placed in a real server's tool list, beside the same
payloads in a tool list of one tool, through the shipped `agis-lint` (model on).

    python benchmarks/payload_in_server.py --payloads FILE.jsonl [--exe PATH] [--dump F] [--misses]

Each payload of FILE (``{text, source, family}`` JSON lines, as ``payload_loso.py --payloads``
reads) is linted in four roles, without a wrapper:

* **one tool, alone**: the description of the one tool of ``payload_loso``'s documents
  (``get_forecast``);
* **one tool, after its description**: the same after "Get the weather forecast for a city.";
* **a real server's tool, alone**: the description of one tool of a published server's tool
  list, the development half's servers of 8 to 60 tools (``benchmarks/corpora/splits.json``,
  20 servers), the server and the tool chosen by the payload's place in FILE;
* **a real server's tool, after its description**: the same after that tool's real description.

What the two server rows lose against the one-tool rows is what the server's other tools cost:
AGSC901 reads a text in its band as directive only when it is about none of its document's tools
(the nearest contract of them all: docs/security.md, "The tool's contract"), and a payload put
among many real tools is near one of them more often. Tables as ``payload_loso.py``'s.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import payload_loso  # noqa: E402

CORPUS = HERE / "corpora" / "mcp"
SIZES = (8, 60)   # tools in a server chosen, fewest and most


def dev_servers() -> list[dict]:
    """The development half's tool lists with ``SIZES`` tools, in the order of splits.json."""
    split = json.loads((HERE / "corpora" / "splits.json").read_text())["corpora"]["mcp"]
    out = []
    for name, half in split.items():
        path = CORPUS / f"{name}.tools.mcp.json"
        if half == "dev" and path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            if SIZES[0] <= len(data.get("tools") or ()) <= SIZES[1]:
                out.append(data)
    return out


def in_server(servers: list[dict], after: bool):
    def build(text: str, i: int) -> tuple[str, str]:
        doc = copy.deepcopy(servers[i % len(servers)])
        tool = doc["tools"][(7 * i) % len(doc["tools"])]
        own = str(tool.get("description") or "").rstrip()
        tool["description"] = f"{own} {text}" if after and own else text
        return ".tools.mcp.json", json.dumps(doc, indent=1, ensure_ascii=False)
    return build


def roles() -> dict:
    one = payload_loso.ROLES["tool description"]
    servers = dev_servers()
    return {"one tool, alone": one,
            "one tool, after its description": lambda t, i: one(f"{payload_loso._SHORT} {t}", i),
            "a real server's tool, alone": in_server(servers, after=False),
            "a real server's tool, after its description": in_server(servers, after=True)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--payloads", type=Path, required=True)
    ap.add_argument("--exe", default=str(Path(sys.executable).parent / "agis-lint"))
    ap.add_argument("--dump", type=Path)
    ap.add_argument("--misses", action="store_true")
    a = ap.parse_args(argv)
    rows = payload_loso._jsonl(a.payloads)
    with tempfile.TemporaryDirectory() as t:
        results = payload_loso.run(a.exe, rows, None, Path(t), {"plain": lambda p: p}, roles=roles())
    return payload_loso.report(a, results, f"{a.payloads.name}, in a real server's tool list", fresh=True)


if __name__ == "__main__":
    sys.exit(main())
