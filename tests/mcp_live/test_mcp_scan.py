"""`agis-lint mcp scan` against real MCP servers (written with the SDK in servers/), started as
processes from a client configuration, over stdio and Streamable HTTP."""
from __future__ import annotations

import json
import os
import sys

import pytest

from .helpers import (SERVER, diagnostics, entry, http_server, processes_with, scan, signals, stop,
                      user_pins)

pytestmark = pytest.mark.slow
SECRET = "s3cr3t-token-value-4711"


@pytest.fixture(scope="module")
def config_scan(tmp_path_factory):
    """One scan of five servers from a Claude Desktop configuration (servers start once)."""
    d = tmp_path_factory.mktemp("scan")
    marker = f"marker-{os.getpid()}-{id(d)}"
    calls = d / "calls.log"
    cfg = d / "claude_desktop_config.json"
    cfg.write_text(json.dumps({"mcpServers": {
        "notes": entry("clean", marker, env={"API_TOKEN": SECRET, "CALL_LOG": str(calls)}),
        "calculator": entry("poisoned", marker),
        "other-notes": entry("shadow", marker),
        "files": entry("mentions", marker),
        "silent": entry("silent", marker),
    }}, indent=2), encoding="utf-8")
    proc = scan(str(cfg), "--format", "json", cwd=str(d))    # the silent one holds it START s
    return d, cfg, proc, marker, calls


def _by(diags, code):
    return [x for x in diags if x["code"] == code]


def test_exit_status_and_every_server_scanned(config_scan):
    _, cfg, proc, _, _ = config_scan
    assert proc.returncode == 1, proc.stderr
    paths = {x["path"] for x in diagnostics(proc)}
    assert "mcp://calculator/tools/add_numbers" in paths


def test_poisoned_descriptions_and_instructions_are_found(config_scan):
    diags = diagnostics(config_scan[2])
    poisoned = signals(diags, "mcp://calculator/tools/add_numbers")
    assert {"AGSC102", "AGSC301"} <= poisoned
    assert any(x["path"] == "mcp://calculator/instructions" and x["code"] == "AGSC103" for x in diags)
    clean = [x["code"] for x in diags if x["path"].startswith("mcp://notes/")]
    assert clean == ["MCPT301"]          # the clean server: only the tool another one shadows


def test_shadowing_names_the_tool_and_both_servers(config_scan):
    shadow = _by(diagnostics(config_scan[2]), "MCPT301")
    assert {x["path"] for x in shadow} == {"mcp://notes/tools/list_notes",
                                           "mcp://other-notes/tools/list_notes"}
    msg = next(x["message"] for x in shadow if x["path"].startswith("mcp://other-notes"))
    assert "'list_notes'" in msg and "'other-notes'" in msg and "'notes'" in msg


def test_another_servers_tool_and_a_missing_tool_are_reported(config_scan):
    diags = diagnostics(config_scan[2])
    cross = _by(diags, "MCPT302")
    assert [x["path"] for x in cross] == ["mcp://other-notes/tools/archive_note"]
    assert "'create_note'" in cross[0]["message"] and "'notes'" in cross[0]["message"]
    missing = _by(diags, "MCPT303")
    assert [x["path"] for x in missing] == ["mcp://files/instructions"]
    assert "'delete_everything'" in missing[0]["message"]


def test_a_silent_server_is_a_diagnostic_on_its_configuration_entry(config_scan):
    _, cfg, proc, _, _ = config_scan
    failed = _by(diagnostics(proc), "MCPT304")
    assert len(failed) == 1 and failed[0]["path"] == str(cfg)
    line = cfg.read_text().splitlines()[failed[0]["range"]["start"]["line"]]
    assert '"silent"' in line and "time limit" in failed[0]["message"]


def test_config_position_is_related_information(config_scan):
    _, cfg, proc, _, _ = config_scan
    d = next(x for x in diagnostics(proc) if x["path"] == "mcp://calculator/tools/add_numbers")
    rel = [r for r in d["related"] if r["path"] == str(cfg)]
    assert rel and '"calculator"' in cfg.read_text().splitlines()[rel[0]["range"]["start"]["line"]]


def test_secrets_never_printed_no_tool_called_no_process_left(config_scan):
    _, _, proc, marker, calls = config_scan
    assert SECRET not in proc.stdout and SECRET not in proc.stderr
    assert not calls.exists()                    # tools/call was never sent
    assert processes_with(marker) == []          # every server's process group is gone


def test_pins_written_in_the_users_state_file(config_scan):
    d, cfg, proc = config_scan[:3]
    state_file = d / ".state" / "agis-lint" / "mcp-pins.json"
    pins = {"servers": user_pins(str(d / ".state"), str(cfg))}
    notes = pins["servers"]["notes"]
    assert set(notes["definitions"]) >= {"tools/list_notes", "tools/create_note",
                                         "prompts/summarize_notes", "resources/notes://index",
                                         "instructions"}
    assert notes["identity"]["serverInfo"] == {"name": "notes", "version": "1.0.0"}
    assert SECRET not in state_file.read_text()
    assert "silent" not in pins["servers"]
    assert not (d / "mcp-pins.json").exists()          # nothing left beside the configuration
    notes = json.loads(proc.stdout)["notes"]
    assert f"pinned 2 tools, 1 prompt, 1 resource and the instructions of server 'notes' as a new " \
           f"baseline in {state_file}" in notes, notes


def test_a_changed_description_is_reported_then_accepted(tmp_path):
    state = tmp_path / "rug.count"
    cfg = tmp_path / ".mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {"weather": entry("rug", env={"RUG_STATE": str(state)})}}))
    first = scan(str(cfg), "--format", "json", cwd=str(tmp_path))
    assert first.returncode == 0, first.stdout + first.stderr
    second = scan(str(cfg), "--format", "json", cwd=str(tmp_path))
    assert second.returncode == 1
    diags = diagnostics(second)
    changed = _by(diags, "MCPT401")
    assert [x["path"] for x in changed] == ["mcp://weather/tools/get_forecast"]
    assert "was: " in changed[0]["message"] and "collector.example.net" in changed[0]["message"]
    assert '"description":"Gets the weather forecast for a city."' in changed[0]["message"]
    assert changed[0]["related"][0]["message"].startswith("pinned text: {")
    # the new text is linted again: it sends the conversation elsewhere
    assert any(x["code"].startswith("AGSC") for x in diags
               if x["path"] == "mcp://weather/tools/get_forecast")
    accepted = scan(str(cfg), "--update-pins", "--format", "json", cwd=str(tmp_path))
    assert _by(diagnostics(accepted), "MCPT401")      # reported once more, then accepted
    third = scan(str(cfg), "--format", "json", "--select", "MCPT", cwd=str(tmp_path))
    assert third.returncode == 0 and diagnostics(third) == []


def test_discover_reads_the_users_and_the_projects_configuration(tmp_path):
    home, project = tmp_path / "home", tmp_path / "project"
    (home / ".cursor").mkdir(parents=True)
    (project / ".vscode").mkdir(parents=True)
    (home / ".cursor" / "mcp.json").write_text(json.dumps({"mcpServers": {
        "calculator": entry("poisoned")}}))
    (project / ".vscode" / "mcp.json").write_text(json.dumps({"servers": {
        "calculator-again": {"type": "stdio", **entry("poisoned")}}}))
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               AGIS_LINT_CACHE_DIR=str(tmp_path / "cache"))
    import subprocess
    from .helpers import AGIS_LINT, START
    proc = subprocess.run([AGIS_LINT, "mcp", "scan", "--discover", "--no-semantic", "--timeout",
                           START, "--format", "json"], capture_output=True, text=True,
                          cwd=str(project), env=env, timeout=600)
    assert proc.returncode == 1, proc.stderr
    assert {x["path"] for x in diagnostics(proc)} == {"mcp://calculator/tools/add_numbers",
                                                     "mcp://calculator/instructions"}
    notes = json.loads(proc.stdout)["notes"]     # the same server in two files: started once
    assert any("is the same as 'calculator'" in n for n in notes), notes


def test_streamable_http_server(tmp_path):
    proc, url = http_server("poisoned")
    try:
        out = scan("--url", url, "--name", "calc", "--header", f"Authorization: Bearer {SECRET}",
                   "--format", "json", cwd=str(tmp_path))
    finally:
        stop(proc)
    assert out.returncode == 1, out.stderr
    codes = signals(diagnostics(out), "mcp://calc/tools/add_numbers")
    assert {"AGSC102", "AGSC301"} <= codes
    assert SECRET not in out.stdout + out.stderr
    assert "calc" in user_pins(str(tmp_path / ".state"))     # --url: pins under "(command line)"
    assert not (tmp_path / "mcp-pins.json").exists()


def test_http_server_that_never_answers(tmp_path):
    proc, url = http_server("silent")
    try:
        out = scan("--url", url, "--name", "mute", "--timeout", "10", "--request-timeout", "5",
                   "--format", "json", cwd=str(tmp_path))
    finally:
        stop(proc)
    assert out.returncode == 1, out.stderr
    assert [x["code"] for x in diagnostics(out)] == ["MCPT304"]
    assert diagnostics(out)[0]["path"] == "mcp://mute"


@pytest.mark.parametrize("fmt", ["text", "sarif", "github"])
def test_every_output_format(tmp_path, fmt):
    out = scan("--command", f"{sys.executable} {SERVER} poisoned",
               "--name", "calc", "--env", f"TOKEN={SECRET}", "--format", fmt, cwd=str(tmp_path))
    assert out.returncode == 1, out.stderr
    assert SECRET not in out.stdout + out.stderr
    if fmt == "text":
        assert "mcp://calc/tools/add_numbers: error AGSC102" in out.stdout
    elif fmt == "sarif":
        run = json.loads(out.stdout)["runs"][0]
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
        assert "mcp://calc/tools/add_numbers" in uris
    else:
        assert "::error file=mcp%3A//calc/tools/add_numbers" in out.stdout


def test_usage_errors_exit_2(tmp_path):
    assert scan(cwd=str(tmp_path)).returncode == 2
    assert scan(str(tmp_path / "missing.json"), cwd=str(tmp_path)).returncode == 2
    assert scan("--command", "x", "--env", "NOEQUALS", cwd=str(tmp_path)).returncode == 2
    bad = tmp_path / ".mcp.json"
    bad.write_text("{ not json")
    assert scan(str(bad), cwd=str(tmp_path)).returncode == 2
