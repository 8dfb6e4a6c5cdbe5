"""Where `agis-lint mcp scan` keeps its pins: the user's state file, keyed by configuration file and
server (a scan from any directory compares with the same baseline), or the file `--pins` names;
and a server that offers nothing (MCPT305). Real SDK servers (servers/fixture_server.py) as
processes."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from agis_lsp.cli import mcp_pins
from agis_lsp.formats.mcp_config import ServerEntry

from .helpers import AGIS_LINT, START, diagnostics, entry, scan, user_pins


def _discover(home, cwd) -> subprocess.CompletedProcess:
    """`mcp scan --discover` as the user whose home is `home`, run in `cwd` (no XDG_STATE_HOME:
    the default ~/.local/state)."""
    env = {k: v for k, v in os.environ.items() if k != "XDG_STATE_HOME"}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               AGIS_LINT_CACHE_DIR=str(home / ".cache"))
    return subprocess.run([AGIS_LINT, "mcp", "scan", "--discover", "--no-semantic", "--timeout", START,
                           "--request-timeout", "60", "--format", "json"], capture_output=True,
                          text=True, cwd=str(cwd), env=env, timeout=600)


@pytest.mark.slow
def test_a_rug_pull_is_seen_across_runs_from_different_directories(tmp_path):
    home, first_dir, second_dir = tmp_path / "home", tmp_path / "repo-a", tmp_path / "repo-b"
    for d in (home / ".cursor", first_dir, second_dir):
        d.mkdir(parents=True)
    cfg = home / ".cursor" / "mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {"weather": entry(
        "rug", env={"RUG_STATE": str(tmp_path / "rug.count")})}}))
    first = _discover(home, first_dir)
    assert first.returncode == 0, first.stdout + first.stderr
    state_file = home / ".local" / "state" / "agis-lint" / "mcp-pins.json"
    assert f"pinned 1 tool of server 'weather' as a new baseline in {state_file}" in \
        json.loads(first.stdout)["notes"], first.stdout
    second = _discover(home, second_dir)          # elsewhere: the same baseline, the change is seen
    assert second.returncode == 1, second.stdout + second.stderr
    changed = [x for x in diagnostics(second) if x["code"] == "MCPT401"]
    assert [x["path"] for x in changed] == ["mcp://weather/tools/get_forecast"], diagnostics(second)
    assert not any("new baseline" in n for n in json.loads(second.stdout).get("notes", []))
    assert list(user_pins(str(home / ".local" / "state"), str(cfg))) == ["weather"]
    assert not [p for d in (first_dir, second_dir) for p in d.iterdir()]    # no file left in either


@pytest.mark.slow
def test_pins_option_keeps_one_explicit_file_keyed_by_server(tmp_path):
    cfg = tmp_path / "project" / ".mcp.json"
    cfg.parent.mkdir()
    cfg.write_text(json.dumps({"mcpServers": {"weather": entry(
        "rug", env={"RUG_STATE": str(tmp_path / "rug.count")})}}))
    pins = tmp_path / "ci" / "mcp-pins.json"       # its directory does not exist yet
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    first = scan(str(cfg), "--pins", str(pins), "--format", "json", cwd=str(cfg.parent))
    assert first.returncode == 0, first.stdout + first.stderr
    data = json.loads(pins.read_text())
    assert list(data["servers"]) == ["weather"] and "configs" not in data
    assert "tools/get_forecast" in data["servers"]["weather"]["definitions"]
    assert not (cfg.parent / ".state").exists()       # the user's state file is not touched
    second = scan(str(cfg), "--pins", str(pins), "--format", "json", cwd=str(elsewhere))
    assert second.returncode == 1
    assert [x["code"] for x in diagnostics(second) if x["code"].startswith("MCPT")] == ["MCPT401"]


@pytest.mark.slow
def test_a_server_that_offers_nothing_is_a_finding(tmp_path):
    cfg = tmp_path / ".vscode" / "mcp.json"
    cfg.parent.mkdir()
    cfg.write_text(json.dumps({"servers": {"nothing": {"type": "stdio", **entry("empty")}}}))
    out = scan(str(cfg), "--format", "json", cwd=str(tmp_path))
    assert out.returncode == 0, out.stdout + out.stderr      # a warning: below the default fail level
    [finding] = diagnostics(out)
    assert finding["code"] == "MCPT305" and finding["severity"] == "warning", finding
    assert finding["path"] == "mcp://nothing"
    assert "lists no tools, prompts or resources" in finding["message"]
    assert any("pinned 0 tools of server 'nothing' as a new baseline" in n
               for n in json.loads(out.stdout)["notes"]), out.stdout
    text = scan(str(cfg), "--format", "text", cwd=str(tmp_path))
    assert "warning MCPT305 server 'nothing' lists no tools" in text.stdout, text.stdout


def test_state_directory_per_platform():
    home = "/home/u"
    assert mcp_pins.state_dir("linux", {}, home) == "/home/u/.local/state/agis-lint"
    assert mcp_pins.state_dir("linux", {"XDG_STATE_HOME": "/s"}, home) == "/s/agis-lint"
    assert mcp_pins.state_dir("linux", {"XDG_STATE_HOME": "rel"}, home) == "/home/u/.local/state/agis-lint"
    assert mcp_pins.state_dir("darwin", {"XDG_STATE_HOME": "/s"}, home) == \
        "/home/u/Library/Application Support/agis-lint"
    assert mcp_pins.state_dir("win32", {"LOCALAPPDATA": "C:/Users/u/AppData/Local"}, home) == \
        os.path.join("C:/Users/u/AppData/Local", "agis-lint")


def test_two_scans_writing_the_state_file_keep_both_baselines(tmp_path):
    """Each scan writes only the records it changed, into the file as it is at that moment, through
    a temporary file renamed over it: a scan that finished in between keeps its baseline."""
    path = str(tmp_path / "state" / "mcp-pins.json")
    a = ServerEntry("a", "stdio", "cmd-a", source=str(tmp_path / "one.json"))
    b = ServerEntry("b", "stdio", "cmd-b", source=str(tmp_path / "two.json"))
    first, second = mcp_pins.PinStore(path, True), mcp_pins.PinStore(path, True)
    first.put(a, {"identity": {}, "definitions": {}})
    second.put(b, {"identity": {}, "definitions": {"tools/x": {"sha256": "0", "text": "{}"}}})
    first.save()
    second.save()
    again = mcp_pins.PinStore(path, True)
    assert again.get(a) == {"identity": {}, "definitions": {}}
    assert again.get(b)["definitions"] == {"tools/x": {"sha256": "0", "text": "{}"}}
    assert os.listdir(tmp_path / "state") == ["mcp-pins.json"]     # no temporary file left
