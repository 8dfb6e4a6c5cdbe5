"""`agis-lint mcp scan` on published MCP servers at pinned versions (installed by
tests/mcp_live/install_servers.sh): @modelcontextprotocol/server-filesystem and server-memory."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from .helpers import ROOT, diagnostics, processes_with, scan, user_pins

pytestmark = pytest.mark.slow
DEST = os.environ.get("AGIS_MCP_SERVERS") or os.path.join(ROOT, ".tmp", "mcp-servers")
PKG = os.path.join(DEST, "node_modules", "@modelcontextprotocol")
SERVERS = {"filesystem": os.path.join(PKG, "server-filesystem", "dist", "index.js"),
           "memory": os.path.join(PKG, "server-memory", "dist", "index.js")}
REQUIRED = os.environ.get("CI") == "true" or os.environ.get("AGIS_EDITOR_TESTS") == "1"


def _need_servers():
    missing = [n for n, p in SERVERS.items() if not os.path.isfile(p)]
    if shutil.which("node") is None:
        missing.append("node")
    if missing:
        msg = f"published MCP servers missing ({', '.join(missing)}): run tests/mcp_live/install_servers.sh"
        if REQUIRED:
            pytest.fail(msg)
        pytest.skip(msg)


@pytest.fixture(scope="module")
def npm_scan(tmp_path_factory):
    _need_servers()
    d = tmp_path_factory.mktemp("npm")
    (d / "files").mkdir()
    cfg = d / ".cursor" / "mcp.json"
    cfg.parent.mkdir()
    cfg.write_text(json.dumps({"mcpServers": {
        "filesystem": {"command": "node", "args": [SERVERS["filesystem"], str(d / "files")]},
        "memory": {"command": "node", "args": [SERVERS["memory"]],
                   "env": {"MEMORY_FILE_PATH": str(d / "memory.jsonl")}},
    }}, indent=2))
    return d, cfg, scan(str(cfg), "--format", "json", cwd=str(d))


def test_both_servers_read_and_pinned(npm_scan):
    d, cfg, proc = npm_scan
    assert proc.returncode in (0, 1), proc.stderr
    assert not [x for x in diagnostics(proc) if x["code"] == "MCPT304"], proc.stdout
    pins = user_pins(str(d / ".state"), str(cfg))
    assert {"tools/read_text_file", "tools/write_file", "tools/list_directory"} <= \
        set(pins["filesystem"]["definitions"])
    assert {"tools/create_entities", "tools/read_graph"} <= set(pins["memory"]["definitions"])
    assert pins["filesystem"]["identity"]["serverInfo"]["name"]
    assert processes_with(SERVERS["memory"]) == []


def test_findings_point_at_real_tools(npm_scan):
    _, _, proc = npm_scan
    for x in diagnostics(proc):
        assert x["path"].startswith(("mcp://filesystem/", "mcp://memory/")), x
    print(json.dumps([(x["path"], x["code"], x["message"][:100]) for x in diagnostics(proc)], indent=1))
