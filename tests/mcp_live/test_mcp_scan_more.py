"""`agis-lint mcp scan` against real SDK servers (servers/fixture_server.py) for what
test_mcp_scan.py leaves out: the SSE fallback of --url, pages of tools/prompts/resources,
the bound on servers run at once, --header reaching the server, and --update-pins."""
from __future__ import annotations

import json
import sys

import pytest

from .helpers import SERVER, diagnostics, entry, http_server, scan, signals, stop, user_pins

pytestmark = pytest.mark.slow


def test_url_falls_back_to_sse_for_a_server_that_serves_only_sse(tmp_path):
    proc, url = http_server("poisoned", transport="sse")
    try:
        out = scan("--url", url, "--name", "calc", "--format", "json", cwd=str(tmp_path))
    finally:
        stop(proc)
    assert out.returncode == 1, out.stdout + out.stderr
    codes = signals(diagnostics(out), "mcp://calc/tools/add_numbers")
    assert {"AGSC102", "AGSC301"} <= codes            # read, not MCPT304 (cannot connect)
    assert "MCPT304" not in {x["code"] for x in diagnostics(out)}


def test_every_page_of_tools_prompts_and_resources_is_read_and_linted(tmp_path):
    out = scan("--command", f"{sys.executable} {SERVER} paged", "--name", "library",
               "--format", "json", cwd=str(tmp_path))
    assert out.returncode == 1, out.stdout + out.stderr
    # send_report is alone on the third page of tools/list
    assert {"AGSC301"} <= signals(diagnostics(out), "mcp://library/tools/send_report")
    pinned = set(user_pins(str(tmp_path / ".state"))["library"]["definitions"])
    assert {f"tools/list_{n}" for n in ("books", "authors", "loans", "members")} <= pinned
    assert "tools/send_report" in pinned
    assert {f"prompts/summarize_{n}" for n in ("books", "authors", "loans")} <= pinned
    assert {f"resources/library://{n}" for n in ("books", "authors", "loans")} <= pinned


def _most_at_once(log: str, end: float) -> int:
    """The largest number of server processes alive at one moment, from start/stop lines
    (a process with no stop line counts as alive until the scan ended)."""
    spans: dict = {}
    for line in log.splitlines():
        event, pid, t = line.split()
        spans.setdefault(pid, [None, end])[0 if event == "start" else 1] = float(t)
    events = sorted([(s, 1) for s, _ in spans.values()] + [(e, -1) for _, e in spans.values()],
                    key=lambda x: (x[0], x[1]))
    most = now = 0
    for _, step in events:
        now += step
        most = max(most, now)
    return most


@pytest.mark.parametrize("jobs", [1, 2])
def test_no_more_than_jobs_servers_run_at_once(tmp_path, jobs):
    import time
    times = tmp_path / "times.log"
    cfg = tmp_path / ".mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {
        f"timer{i}": entry("timed", str(i), env={"TIMES_LOG": str(times)}) for i in range(4)}}))
    out = scan(str(cfg), "--jobs", str(jobs), "--format", "json", cwd=str(tmp_path))
    end = time.time()
    assert out.returncode == 0, out.stdout + out.stderr
    log = times.read_text()
    assert log.count("start") == 4, log                 # every server was started
    assert _most_at_once(log, end) <= jobs, log


def test_header_reaches_the_server(tmp_path):
    need = "X-Scan-Key: k3y-4711-abcdef"
    proc, url = http_server("poisoned", env={"REQUIRE_HEADER": need})
    try:
        with_header = scan("--url", url, "--name", "calc", "--header", need, "--format", "json",
                           cwd=str(tmp_path))
        without = scan("--url", url, "--name", "calc", "--timeout", "20", "--request-timeout",
                       "10", "--format", "json", cwd=str(tmp_path / ".."))
    finally:
        stop(proc)
    assert with_header.returncode == 1, with_header.stdout + with_header.stderr
    assert "AGSC301" in signals(diagnostics(with_header))
    assert "k3y-4711-abcdef" not in with_header.stdout + with_header.stderr
    assert without.returncode == 1
    assert [x["code"] for x in diagnostics(without)] == ["MCPT304"]   # refused: 401


def test_update_pins_accepts_a_change_and_exits_0_when_nothing_else_is_wrong(tmp_path):
    state = tmp_path / "rug.count"
    cfg = tmp_path / ".mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {"weather": entry(
        "rug", env={"RUG_STATE": str(state), "RUG_BENIGN": "1"})}}))
    assert scan(str(cfg), "--format", "json", cwd=str(tmp_path)).returncode == 0
    changed = scan(str(cfg), "--format", "json", cwd=str(tmp_path))
    assert changed.returncode == 1
    failing = [x["code"] for x in diagnostics(changed) if x["severity"] in ("error", "warning")]
    assert failing == ["MCPT401"], diagnostics(changed)   # the new text itself is harmless
    accepted = scan(str(cfg), "--update-pins", "--format", "json", cwd=str(tmp_path))
    assert "MCPT401" in [x["code"] for x in diagnostics(accepted)]    # still shown
    assert accepted.returncode == 0, accepted.stdout                   # but accepted
    after = scan(str(cfg), "--format", "json", cwd=str(tmp_path))
    assert after.returncode == 0
    assert not [x for x in diagnostics(after) if x["code"].startswith("MCPT")]


def test_update_pins_still_fails_on_other_findings(tmp_path):
    """Accepting the pins does not accept a poisoned description: the run still exits 1."""
    state = tmp_path / "rug.count"
    cfg = tmp_path / ".mcp.json"
    cfg.write_text(json.dumps({"mcpServers": {"weather": entry("rug", env={"RUG_STATE": str(state)})}}))
    assert scan(str(cfg), "--format", "json", cwd=str(tmp_path)).returncode == 0
    accepted = scan(str(cfg), "--update-pins", "--format", "json", cwd=str(tmp_path))
    codes = {x["code"] for x in diagnostics(accepted)}
    assert "MCPT401" in codes and any(c.startswith("AGSC") for c in codes)
    assert accepted.returncode == 1
