"""Dangerous tool combinations (MCPT501-503) in `agis-lint mcp scan`, on real MCP servers
(tests/mcp_live/servers: web fetches any URL, disk reads files, mailbox reads the inbox and
sends e-mail) started from a client configuration, and a combination accepted in the
agis-lint configuration."""
from __future__ import annotations

import json

import pytest

from .helpers import diagnostics, entry, scan

pytestmark = pytest.mark.slow
FLOWS = ("MCPT501", "MCPT502", "MCPT503")


@pytest.fixture(scope="module")
def flow_scan(tmp_path_factory):
    d = tmp_path_factory.mktemp("flows")
    cfg = d / "claude_desktop_config.json"
    cfg.write_text(json.dumps({"mcpServers": {
        "web": entry("web"), "disk": entry("disk"), "mailbox": entry("mailbox")}}, indent=2),
        encoding="utf-8")
    return d, cfg, scan(str(cfg), "--format", "json", cwd=str(d))


def _line(cfg, d) -> str:
    return cfg.read_text().splitlines()[d["range"]["start"]["line"]]


def test_one_finding_per_combination_on_the_configuration_entries(flow_scan):
    _, cfg, proc = flow_scan
    flows = [x for x in diagnostics(proc) if x["code"] in FLOWS]
    assert sorted(tuple(x["flow"]["servers"]) for x in flows) == [("mailbox",), ("web", "disk")]
    across = next(x for x in flows if x["flow"]["servers"] == ["web", "disk"])
    assert across["path"] == str(cfg) and '"web"' in _line(cfg, across)
    legs = {lb: (leg["server"], leg["tool"]) for lb, leg in across["flow"]["legs"].items()}
    assert legs == {"untrusted": ("web", "fetch_page"), "private": ("disk", "read_file"),
                    "sends": ("web", "fetch_page")}
    assert "'fetch_page'" in across["message"] and "'read_file'" in across["message"]
    disk = [r for r in across["related"] if r["path"] == str(cfg)]
    assert len(disk) == 1 and '"disk"' in cfg.read_text().splitlines()[disk[0]["range"]["start"]["line"]]
    alone = next(x for x in flows if x["flow"]["servers"] == ["mailbox"])
    assert alone["flow"]["legs"]["sends"]["tool"] == "send_email" and '"mailbox"' in _line(cfg, alone)


def test_scan_json_lists_each_tools_capabilities(flow_scan):
    servers = {s["server"]: s for s in json.loads(flow_scan[2].stdout)["servers"]}
    fetch = servers["web"]["tools"][0]
    assert fetch["name"] == "fetch_page" and {"untrusted", "sends"} <= set(fetch["capabilities"])
    assert fetch["capabilities"]["sends"]["evidence"]          # why, not only a number
    assert set(servers["disk"]["tools"][0]["capabilities"]) == {"private"}


def test_an_accepted_combination_is_a_note_not_a_finding(flow_scan):
    d, cfg, _ = flow_scan
    conf = d / "accept.toml"
    conf.write_text('[mcp]\naccept-flows = [{servers = ["web", "disk"], reason = "the web server '
                    'only reaches our intranet"}]\n', encoding="utf-8")
    proc = scan(str(cfg), "--format", "json", "--config", str(conf), cwd=str(d))
    flows = [x["flow"]["servers"] for x in diagnostics(proc) if x["code"] in FLOWS]
    assert flows == [["mailbox"]]
    notes = json.loads(proc.stdout)["notes"]
    assert any("'web', 'disk'" in n and "only reaches our intranet" in n for n in notes)


def test_an_acceptance_without_a_reason_is_a_usage_error(flow_scan):
    d, cfg, _ = flow_scan
    conf = d / "noreason.toml"
    conf.write_text('[mcp]\naccept-flows = [{servers = ["web", "disk"]}]\n', encoding="utf-8")
    proc = scan(str(cfg), "--config", str(conf), cwd=str(d))
    assert proc.returncode == 2 and "reason" in proc.stderr
