"""Dangerous tool combinations (MCPT501-503) on client configurations assembled from the real
harvested servers of ``benchmarks/corpora/mcp``.

Each set is written as a Claude Desktop configuration (one ``npx``/``uvx`` entry per server,
the harvested command) in a temporary directory and read by the scan's configuration reader;
instead of starting the servers, each server's harvested ``NAME.json`` (what the live scan
read from it) is the snapshot, and ``agis_lsp.cli.mcp_scan.lint_snapshots`` (what the scan
runs after fetching) lints them with the engine. Nothing is started, nothing is downloaded.

    python benchmarks/toxic_flows.py          # every set: what fires and why

A risky set must give exactly the combinations expected (each the smallest set of servers
that completes it), each naming its three tools; a benign set none.
Exit status 1 when a goal is missed.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(ROOT))

from agis_lsp.cli.mcp_scan import lint_snapshots  # noqa: E402
from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402
from agis_lsp.formats import mcp_config  # noqa: E402

CORPUS = os.path.join(ROOT, "corpora", "mcp")
FLOW_CODES = ("MCPT501", "MCPT502", "MCPT503")

# name -> harvested server
S = {"fetch": "mcp-server-fetch", "filesystem": "modelcontextprotocol_server-filesystem",
     "slack": "modelcontextprotocol_server-slack", "github": "modelcontextprotocol_server-github",
     "puppeteer": "modelcontextprotocol_server-puppeteer", "firecrawl": "firecrawl-mcp",
     "postgres": "modelcontextprotocol_server-postgres", "brave": "brave_brave-search-mcp-server",
     "gitlab": "zereight_mcp-gitlab", "exa": "exa-mcp-server",
     "commander": "wonderwhy-er_desktop-commander", "arxiv": "arxiv-mcp-server",
     "memory": "modelcontextprotocol_server-memory", "tavily": "tavily-mcp",
     "obsidian": "mcp-obsidian", "playwright": "playwright_mcp", "git": "mcp-server-git",
     "notion": "notionhq_notion-mcp-server", "time": "mcp-server-time",
     "calculator": "mcp-server-calculator",
     "thinking": "modelcontextprotocol_server-sequential-thinking",
     "mapbox": "mapbox_mcp-server", "chart": "antv_mcp-server-chart",
     "pricing": "awslabs.aws-pricing-mcp-server", "context7": "upstash_context7-mcp",
     "awsdocs": "awslabs.aws-documentation-mcp-server", "heroui": "heroui_react-mcp",
     "everart": "modelcontextprotocol_server-everart",
     "youtube": "kimtaeyoon83_mcp-server-youtube-transcript",
     "gmaps": "modelcontextprotocol_server-google-maps"}

# (set name, servers, the combinations expected: each the set of servers that completes it,
# smallest first; () for a benign set)
SETS = (
    ("fetch + filesystem + slack", ("fetch", "filesystem", "slack"),
     ({"fetch", "filesystem"}, {"slack"})),
    ("browser + filesystem + slack", ("puppeteer", "filesystem", "slack"),
     ({"puppeteer"}, {"slack"})),
    ("firecrawl + postgres + slack", ("firecrawl", "postgres", "slack"),
     ({"firecrawl"}, {"slack"})),
    ("brave + obsidian + github", ("brave", "obsidian", "github"), ({"github"},)),
    ("arxiv + memory + slack", ("arxiv", "memory", "slack"), ({"slack"},)),
    ("brave + obsidian + notion", ("brave", "obsidian", "notion"), ({"notion"},)),
    ("arxiv + postgres + github", ("arxiv", "postgres", "github"), ({"github"},)),
    ("exa + desktop-commander", ("exa", "commander"), ({"exa", "commander"},)),
    ("playwright + git", ("playwright", "git"), ({"playwright"},)),
    ("tavily + filesystem", ("tavily", "filesystem"), ({"tavily", "filesystem"},)),
    ("github alone", ("github",), ({"github"},)),
    ("gitlab alone", ("gitlab",), ({"gitlab"},)),
    ("slack alone", ("slack",), ({"slack"},)),
    ("time + calculator + sequential-thinking", ("time", "calculator", "thinking"), ()),
    ("memory + time + calculator", ("memory", "time", "calculator"), ()),
    ("brave + arxiv + time (read-only, no private data)", ("brave", "arxiv", "time"), ()),
    ("filesystem + git + postgres (no untrusted input)", ("filesystem", "git", "postgres"), ()),
    ("context7 + aws-docs + heroui (documentation)", ("context7", "awsdocs", "heroui"), ()),
    ("mapbox + chart + aws-pricing", ("mapbox", "chart", "pricing"), ()),
    ("everart + youtube transcript + google maps", ("everart", "youtube", "gmaps"), ()),
)


def snapshot(server: str) -> dict:
    with open(os.path.join(CORPUS, f"{S[server]}.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    return {k: data[k] for k in ("serverInfo", "instructions", "tools", "prompts", "resources",
                                 "resourceTemplates") if k in data}


def scan_set(servers: tuple, tmp: str, linter) -> tuple:
    """(report, config path) of one assembled configuration."""
    path = os.path.join(tmp, "claude_desktop_config.json")
    config = {"mcpServers": {}}
    for name in servers:
        with open(os.path.join(CORPUS, f"{S[name]}.json"), encoding="utf-8") as fh:
            cmd = json.load(fh).get("command", "npx -y server").split()
        config["mcpServers"][name] = {"command": cmd[0], "args": cmd[1:]}
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2)
    read = mcp_config.read_config(path)
    snaps = {e.name: snapshot(e.name) for e in read.entries}
    return lint_snapshots(read.entries, snaps, linter, {path: read}, {}, tmp), path


def flows_of(report) -> list:
    return [(d, d.data["flow"]) for _, _, ds in report.results for d in ds
            if d.code in FLOW_CODES and isinstance(d.data, dict) and "flow" in d.data]


def main() -> int:
    linter = Linter(config_of=lambda _p: Config(semantic=False))
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for title, servers, expect in SETS:
            report, path = scan_set(servers, tmp, linter)
            found = flows_of(report)
            named = all(len(f["legs"]) == 3 and all(leg.get("tool") for leg in f["legs"].values())
                        for _, f in found)
            got = [set(f["servers"]) for _, f in found]
            ok = named and sorted(map(sorted, got)) == sorted(map(sorted, expect))
            missed += not ok
            kind = "risky" if expect else "benign"
            print(f"{'ok ' if ok else 'MISS'} {kind:<6} {title}: {len(found)} combination(s)"
                  + ("" if ok else f" (expected {[sorted(e) for e in expect]})"))
            for d, f in found:
                legs = ", ".join(f"{lb} {leg['server']}.{leg['tool']} "
                                 f"{leg['confidence']:.2f} ({leg['tools']} tool(s))"
                                 for lb, leg in f["legs"].items())
                harm = f"; harm {f['harm'][0]['server']}.{f['harm'][0]['tool']} " \
                       f"({f['harm'][0]['label']}, {len(f['harm'])} tool(s))" if f["harm"] else ""
                where = " + ".join(f["servers"])
                print(f"     {d.code} {d.severity.label:<11} [{where}] {legs}{harm}")
                for r in d.related:
                    if r.file == path:
                        print(f"       related: line {r.range.start.line + 1}: {r.message}")
    print(f"{len(SETS) - missed} of {len(SETS)} sets as expected")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
