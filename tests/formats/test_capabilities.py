"""Capability labels (formats/capabilities.py) and dangerous combinations (formats/flows.py,
MCPT501-503) on real published MCP servers (benchmarks/corpora/mcp, harvested tool lists),
through the code path of `agis-lint mcp scan` after it has read the servers
(cli.mcp_scan.lint_snapshots); nothing is started."""
from __future__ import annotations

import json
import os

import pytest

from agis_lsp.cli.mcp_scan import lint_snapshots
from agis_lsp.document import parse_text, read_document
from agis_lsp.engine.config import Config, ConfigError, config_from_table
from agis_lsp.engine.linter import Linter
from agis_lsp.formats import capability_sources as C
from agis_lsp.formats import flows as F
from agis_lsp.formats import mcp_config
from agis_lsp.formats.agis import AgisView
from agis_lsp.formats.registry import view_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "benchmarks", "corpora", "mcp")


def _snapshot(name: str) -> dict:
    with open(os.path.join(CORPUS, f"{name}.json"), encoding="utf-8") as fh:
        return json.load(fh)


def _caps(name: str) -> dict:
    path = os.path.join(CORPUS, f"{name}.tools.mcp.json")
    doc = read_document(path)
    return {c.name: c for c in C.of_document(view_for("mcp-tools", doc), doc.data)}


def test_real_tools_get_the_labels_they_have():
    fetch = _caps("mcp-server-fetch")["fetch"]
    assert fetch.labels == ["untrusted", "sends"]
    files = _caps("modelcontextprotocol_server-filesystem")
    assert files["read_text_file"].labels == ["private"]
    assert "destructive" in files["edit_file"].labels
    slack = _caps("modelcontextprotocol_server-slack")
    assert slack["slack_post_message"].labels == ["sends"]
    assert set(slack["slack_get_channel_history"].labels) == {"untrusted", "private"}
    assert "executes" in _caps("wonderwhy-er_desktop-commander")["start_process"].labels
    assert all(not c.labels for c in _caps("mcp-server-time").values())


def test_evidence_and_hover_text_say_why():
    fetch = _caps("mcp-server-fetch")["fetch"]
    assert "parameter 'url'" in fetch.evidence["sends"]
    text = C.markdown(fetch)
    assert "reads untrusted content" in text and "sends or publishes outside" in text


def test_other_formats_get_labels_too():
    a2t = read_document(os.path.join(ROOT, "examples", "formats", "weather.a2t.json"))
    got = C.of_document(view_for("a2t", a2t), a2t.data)
    assert [c.name for c in got] and all("destructive" not in c.labels for c in got)
    doc = parse_text('agis: "1.0"\nservice: s\nendpoints:\n  - method: DELETE\n    path: /files\n'
                     '    semantic: {intent: "Deletes the user\'s files", impact_tier: irreversible}\n',
                     "x.agis")
    (ep,) = C.of_document(AgisView(doc), doc.data)
    assert ep.name == "DELETE /files" and "destructive" in ep.labels


def _scan(tmp_path, servers: dict, config: Config | None = None):
    """What `mcp scan CONFIG` reports for the harvested servers, placed on the file."""
    path = tmp_path / "claude_desktop_config.json"
    path.write_text(json.dumps({"mcpServers": {n: {"command": "npx", "args": ["-y", n]}
                                               for n in servers}}, indent=2), encoding="utf-8")
    read = mcp_config.read_config(str(path))
    snaps = {e.name: _snapshot(servers[e.name]) for e in read.entries}
    linter = Linter(config_of=lambda _p: config or Config(semantic=False))
    report = lint_snapshots(read.entries, snaps, linter, {str(path): read}, {}, str(tmp_path))
    return path, [d for _, _, ds in report.results for d in ds if d.code in F.CODES.values()]


def test_fetch_beside_filesystem_is_one_finding_on_the_entries(tmp_path):
    path, found = _scan(tmp_path, {"fetch": "mcp-server-fetch",
                                   "files": "modelcontextprotocol_server-filesystem",
                                   "clock": "mcp-server-time"})
    assert len(found) == 1
    (d,) = found
    flow = d.data["flow"]
    assert flow["servers"] == ["fetch", "files"] and d.code == "MCPT502"   # files also overwrite
    assert (flow["legs"]["untrusted"]["tool"], flow["legs"]["private"]["server"],
            flow["legs"]["sends"]["tool"]) == ("fetch", "files", "fetch")
    lines = path.read_text().splitlines()
    assert '"fetch"' in lines[d.range.start.line]
    (files,) = [r for r in d.related if r.file == str(path)]
    assert '"files"' in lines[files.range.start.line]


def test_one_server_holding_all_three(tmp_path):
    _, found = _scan(tmp_path, {"github": "modelcontextprotocol_server-github"})
    (d,) = found
    legs = d.data["flow"]["legs"]
    assert legs["untrusted"]["tool"] == "list_issues" and legs["sends"]["tools"] > 1
    assert "'list_issues'" in d.message and "more" in d.message


@pytest.mark.parametrize("servers", [
    ("mcp-server-time", "mcp-server-calculator", "modelcontextprotocol_server-sequential-thinking"),
    ("modelcontextprotocol_server-memory", "mcp-server-time", "mcp-server-calculator"),
    ("brave_brave-search-mcp-server", "arxiv-mcp-server", "mcp-server-time"),
])
def test_benign_sets_have_no_finding(tmp_path, servers):
    assert _scan(tmp_path, {f"s{i}": s for i, s in enumerate(servers)})[1] == []


def test_accepted_combination_is_not_reported_and_its_supersets_step_in(tmp_path):
    servers = {"fetch": "mcp-server-fetch", "files": "modelcontextprotocol_server-filesystem",
               "slack": "modelcontextprotocol_server-slack"}
    _, found = _scan(tmp_path, servers)
    assert sorted(d.data["flow"]["servers"] for d in found) == [["fetch", "files"], ["slack"]]
    config = config_from_table({"semantic": False, "mcp": {"accept-flows": [
        {"servers": ["slack"], "reason": "the bot only reads and writes its own channel"}]}})
    _, found = _scan(tmp_path, servers, config)
    got = sorted(d.data["flow"]["servers"] for d in found)
    assert ["slack"] not in got and ["files", "slack"] in got and ["fetch", "files"] in got


@pytest.mark.parametrize("table", [
    {"mcp": {"accept-flows": [{"servers": ["a"]}]}},
    {"mcp": {"accept-flows": [{"servers": [], "reason": "x"}]}},
    {"mcp": {"accept-flows": {"servers": ["a"], "reason": "x"}}},
    {"mcp": {"accept": []}},
])
def test_malformed_acceptance_is_a_configuration_error(table):
    with pytest.raises(ConfigError):
        config_from_table(table)


def test_servers_of_different_clients_are_not_one_agents_reach(tmp_path):
    """--discover reads several clients' files: a combination needs one client's servers."""
    cursor = tmp_path / ".cursor" / "mcp.json"
    cursor.parent.mkdir()
    cursor.write_text(json.dumps({"mcpServers": {"fetch": {"command": "uvx", "args": ["f"]}}}))
    claude = tmp_path / "claude_desktop_config.json"
    claude.write_text(json.dumps({"mcpServers": {"files": {"command": "npx", "args": ["-y", "x"]}}}))
    reads = {str(p): mcp_config.read_config(str(p)) for p in (cursor, claude)}
    entries = [e for r in reads.values() for e in r.entries]
    snaps = {"fetch": _snapshot("mcp-server-fetch"),
             "files": _snapshot("modelcontextprotocol_server-filesystem")}
    linter = Linter(config_of=lambda _p: Config(semantic=False))
    report = lint_snapshots(entries, snaps, linter, reads, {}, str(tmp_path))
    assert not [d for _, _, ds in report.results for d in ds if d.code in F.CODES.values()]
    claude.write_text(json.dumps({"mcpServers": {"files": {"command": "npx", "args": ["-y", "x"]},
                                                 "fetch": {"command": "uvx", "args": ["f"]}}}))
    read = mcp_config.read_config(str(claude))
    report = lint_snapshots(read.entries, snaps, linter, {str(claude): read}, {}, str(tmp_path))
    assert [d.data["flow"]["servers"] for _, _, ds in report.results for d in ds
            if d.code in F.CODES.values()] == [["files", "fetch"]]
