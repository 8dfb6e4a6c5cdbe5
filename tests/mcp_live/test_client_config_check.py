"""MCP client configuration files as documents: `agis-lint check .vscode/mcp.json` (and the
other clients' files) as a process, exit status and findings; the value readers the MCPC
rules use (secrets, package pins, plain-HTTP hosts)."""
from __future__ import annotations

import json
import os
import subprocess

import pytest

from agis_lsp.formats.mcp_client_values import (npm_unpinned, py_unpinned, remote_plain_http,
                                                 secret_in, unpinned_package)

from .helpers import AGIS_LINT

TOKEN = "ghp_" + "Zq8xW2" * 6           # a GitHub-shaped token that must never be printed
BAD = {
    "inputs": [{"type": "promptString", "id": "tok", "description": "Token", "password": True}],
    "servers": {
        "github": {"command": "github-mcp-server", "env": {"GITHUB_TOKEN": TOKEN}},
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]},
        "docs": {"type": "http", "url": "http://mcp.example.com/mcp",
                 "headers": {"Authorization": "Bearer ${input:tok}"}},
        "fetch": {"command": "uvx", "arg": ["mcp-server-fetch==2025.4.7"]},
    },
}
GOOD = {
    "inputs": [{"type": "promptString", "id": "tok", "description": "Token", "password": True}],
    "servers": {
        "github": {"command": "github-mcp-server", "env": {"GITHUB_TOKEN": "${input:tok}"}},
        "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory@2025.11.25"]},
        "docs": {"type": "http", "url": "https://mcp.example.com/mcp",
                 "headers": {"Authorization": "Bearer ${input:tok}"}},
        "local": {"type": "http", "url": "http://localhost:8931/mcp"},
    },
}


def _check(cwd, *args) -> subprocess.CompletedProcess:
    return subprocess.run([AGIS_LINT, "check", "--no-semantic", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300,
                          env=dict(os.environ, AGIS_LINT_CACHE_DIR=os.path.join(cwd, ".cache")))


def _write(path, data) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)


def test_check_vscode_mcp_json_reports_each_mistake_on_its_token_and_exits_1(tmp_path):
    _write(str(tmp_path / ".vscode" / "mcp.json"), BAD)
    proc = _check(str(tmp_path), ".vscode/mcp.json", "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert TOKEN not in proc.stdout + proc.stderr
    diags = json.loads(proc.stdout)["diagnostics"]
    got = sorted((d["code"], d["severity"]) for d in diags)
    assert got == [("MCPC101", "error"), ("MCPC201", "warning"), ("MCPC202", "warning"),
                   ("MCPC301", "warning")], got
    text = (tmp_path / ".vscode" / "mcp.json").read_text()
    for d in diags:   # the range covers the token: the value (or the key, for MCPC301)
        line = text.splitlines()[d["range"]["start"]["line"]]
        token = line[d["range"]["start"]["character"]:d["range"]["end"]["character"]]
        want = {"MCPC101": json.dumps(TOKEN), "MCPC201": '"@modelcontextprotocol/server-memory"',
                "MCPC202": '"http://mcp.example.com/mcp"', "MCPC301": '"arg"'}[d["code"]]
        assert token == want, (d["code"], token)


def test_text_output_masks_the_secret(tmp_path):
    _write(str(tmp_path / ".mcp.json"), {"mcpServers": {"s": {"command": "srv", "env": {
        "OPENAI_API_KEY": "sk-proj-" + "A1b2C3d4" * 4}}}})
    proc = _check(str(tmp_path), ".mcp.json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "MCPC101" in proc.stdout and "an OpenAI-style API key" in proc.stdout
    assert "A1b2C3d4" not in proc.stdout + proc.stderr


def test_clean_configurations_exit_0(tmp_path):
    _write(str(tmp_path / ".vscode" / "mcp.json"), GOOD)
    _write(str(tmp_path / ".cursor" / "mcp.json"), {"mcpServers": {"fetch": {
        "command": "uvx", "args": ["mcp-server-fetch==2025.4.7"],
        "env": {"API_KEY": "${env:FETCH_KEY}"}}}})
    _write(str(tmp_path / "claude_desktop_config.json"), {
        "globalShortcut": "Ctrl+Space",
        "mcpServers": {"fs": {"command": "npx", "args": [
            "-y", "@modelcontextprotocol/server-filesystem@2025.11.25", "/home/me/notes"]}}})
    proc = _check(str(tmp_path), ".vscode/mcp.json", ".cursor/mcp.json",
                  "claude_desktop_config.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "3 file(s) checked" in proc.stderr
    proc = _check(str(tmp_path), ".")    # the walk finds them in their hidden folders
    assert proc.returncode == 0 and "3 file(s) checked" in proc.stderr, proc.stdout + proc.stderr


def test_walk_finds_a_bad_cursor_configuration(tmp_path):
    _write(str(tmp_path / ".cursor" / "mcp.json"), {"mcpServers": {"fetch": {
        "command": "uvx", "args": ["mcp-server-fetch"]}}})
    proc = _check(str(tmp_path), ".")      # a warning: below the default fail level
    assert proc.returncode == 0 and "MCPC201" in proc.stdout, proc.stdout + proc.stderr
    proc = _check(str(tmp_path), ".", "--fail-level", "warning")
    assert proc.returncode == 1 and "MCPC201" in proc.stdout, proc.stdout + proc.stderr


def test_duplicate_server_key_is_reported_once_by_the_document_layer(tmp_path):
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {\n  "fetch": {"command": "uvx", "args": ["a==1.0"]},\n'
                    '  "fetch": {"command": "uvx", "args": ["b==1.0"]}\n}}\n', encoding="utf-8")
    proc = _check(str(tmp_path), ".mcp.json", "--format", "json")
    diags = json.loads(proc.stdout)["diagnostics"]
    assert proc.returncode == 1
    assert [(d["code"], d["range"]["start"]["line"]) for d in diags] == [("AGIS002", 2)], diags


@pytest.mark.parametrize("key, value, kind", [
    ("GITHUB_TOKEN", TOKEN, "a GitHub token"),
    ("X", "xoxb-1234567890-abcdefghij", "a Slack token"),
    ("AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLF", "an AWS access key id"),
    ("Authorization", "Bearer 3f9c2a71d0e84b6c", "a literal Bearer credential"),
    ("DB_PASSWORD", "hunter2hunter2", "a literal value for 'DB_PASSWORD'"),
    ("API_KEY", "${input:key}", None),
    ("API_KEY", "${env:API_KEY}", None),
    ("API_KEY", "${API_KEY:-}", None),
    ("Authorization", "Bearer ${input:token}", None),
    ("API_KEY", "your-api-key-here", None),
    ("API_KEY", "<YOUR_KEY>", None),
    ("TOKEN_FILE", "/run/secrets/token", None),
    ("LOG_LEVEL", "debug-verbose-mode", None),
    ("SHORT_TOKEN", "abc", None),
    # found on public configurations (benchmarks/corpora/mcp_configs/held_out):
    ("STRIPE_API_KEY", "REMPLACEZ_PAR_VOTRE_CLE_STRIPE_TEST", None),      # French placeholder
    ("CONTEXT7_API_KEY", "ctx7sk-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
     "a literal value for 'CONTEXT7_API_KEY'"),                            # not an OpenAI key
])
def test_secret_in(key, value, kind):
    assert secret_in(key, value) == kind
    if kind:
        assert value not in kind


@pytest.mark.parametrize("command, args, want", [
    ("npx", ["-y", "@scope/pkg"], (1, "no version")),
    ("npx", ["-y", "pkg@latest"], (1, "the 'latest' tag")),
    ("npx", ["-y", "pkg@^1.2.0"], (1, "the range '^1.2.0'")),
    ("npx", ["-y", "@scope/pkg@1.2.3", "/data"], None),
    ("npx", ["-y", "-p", "pkg", "pkg-bin"], (2, "no version")),
    ("npx", ["./local/server.js"], None),
    ("npx", ["--unknown-option", "x", "pkg"], None),
    ("npx.cmd", ["-y", "pkg"], (1, "no version")),
    ("uvx", ["mcp-server-fetch"], (0, "no version")),
    ("uvx", ["mcp-server-fetch==2025.4.7"], None),
    ("uvx", ["mcp-server-fetch@2025.4.7"], None),
    ("uvx", ["--python", "3.12", "mcp-server-time"], (2, "no version")),
    ("uvx", ["--from", "git+https://github.com/x/y", "y"], None),
    ("uv", ["tool", "run", "pkg"], (2, "no version")),
    ("uv", ["run", "server.py"], None),
    ("pipx", ["run", "pkg"], (1, "no version")),
    ("pipx", ["run", "--spec", "pkg==1.0", "pkg"], None),
    ("docker", ["run", "-i", "--rm", "-e", "TOKEN", "mcp/github"], (5, "no tag")),
    ("docker", ["run", "-i", "--rm", "ghcr.io/x/y:latest"], (3, "the 'latest' tag")),
    ("docker", ["run", "-i", "--rm", "ghcr.io/x/y:v1.2.0"], None),
    ("docker", ["run", "-i", "localhost:5000/y@sha256:" + "a" * 64], None),
    ("docker", ["run", "--weird", "y"], None),
    ("node", ["server.js"], None),
    # found on public configurations (benchmarks/corpora/mcp_configs):
    ("npx", ["tsx", "server/src/mcp.ts"], None),          # the project's own devDependency
    ("npx", ["@scope/pkg", "/data"], None),                # no -y: perhaps installed locally
    ("npx", ["shadcn@latest", "mcp"], (0, "the 'latest' tag")),
    ("cmd", ["/c", "npx", "-y", "@modelcontextprotocol/server-github"], (3, "no version")),
    ("cmd", ["/c", "node", "server.js"], None),
    ("uvx", ["run", "wsb-analyst"], (0, "uvx run")),
])
def test_unpinned_package(command, args, want):
    found = unpinned_package(command, args)
    assert (found[0], found[3]) == want if want else found is None, found


def test_npx_without_yes_outside_a_project_is_reported():
    """claude_desktop_config.json belongs to no project: `npx NAME` fetches NAME."""
    found = unpinned_package("npx", ["@anthropic-ai/mcp-server-supabase", "https://x"], project=False)
    assert found is not None and (found[0], found[3]) == (0, "no version")


def test_version_readers():
    assert npm_unpinned("@a/b@1.2.3-beta.1") is None and npm_unpinned("@a/b") == "no version"
    assert py_unpinned("pkg[extra]==1.0.post1") is None and py_unpinned("pkg~=1.0") == "the range '~=1.0'"


@pytest.mark.parametrize("url, host", [
    ("http://mcp.example.com/mcp", "mcp.example.com"), ("http://10.0.0.5:8000/sse", "10.0.0.5"),
    ("https://mcp.example.com/mcp", None), ("http://localhost:3000/mcp", None),
    ("http://127.0.0.1:8000/mcp", None), ("http://[::1]:9000/mcp", None),
    ("http://api.localhost/mcp", None), ("http://0.0.0.0:8080/mcp", None),
    ("http://${env:HOST}/mcp", None),
])
def test_remote_plain_http(url, host):
    assert remote_plain_http(url) == host


def test_vscode_mcp_json_with_comments_and_trailing_commas(tmp_path):
    path = tmp_path / ".vscode" / "mcp.json"
    path.parent.mkdir()
    path.write_text('{\n  // servers of this project\n  "servers": {\n    /* fetch */ "fetch": '
                    '{"command": "uvx", "args": ["mcp-server-fetch"],},\n  },\n}\n', encoding="utf-8")
    proc = _check(str(tmp_path), ".vscode/mcp.json", "--format", "json")
    diags = json.loads(proc.stdout)["diagnostics"]
    assert [d["code"] for d in diags] == ["MCPC201"], diags
    start = diags[0]["range"]["start"]
    line = path.read_text().splitlines()[start["line"]]
    assert line[start["character"]:].startswith('"mcp-server-fetch"')
    plain = tmp_path / ".mcp.json"           # Claude Code's file is plain JSON
    plain.write_text('{"mcpServers": {} // no\n}\n', encoding="utf-8")
    proc = _check(str(tmp_path), ".mcp.json", "--format", "json")
    assert proc.returncode == 1 and [d["code"] for d in json.loads(proc.stdout)["diagnostics"]] == ["AGIS001"]


def test_mcp_scan_server_option_starts_only_the_named_server(tmp_path):
    from .helpers import entry, scan
    cfg = tmp_path / "claude_desktop_config.json"
    cfg.write_text(json.dumps({"mcpServers": {"notes": entry("clean"),
                                              "calculator": entry("poisoned")}}), encoding="utf-8")
    proc = scan(str(cfg), "--server", "notes", "--format", "json", cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    paths = {d["path"] for d in json.loads(proc.stdout)["diagnostics"]}
    assert not any(p.startswith("mcp://calculator") for p in paths), paths
    proc = scan(str(cfg), "--server", "nobody", cwd=str(tmp_path))
    assert proc.returncode == 2 and "no server named 'nobody'" in proc.stderr, proc.stderr


def test_a_server_list_where_the_client_reads_an_object_is_one_finding(tmp_path):
    """VS Code reads `servers` as an object: a list (seen in a public .vscode/mcp.json) is one
    finding on `servers`, not one per entry key."""
    _write(str(tmp_path / ".vscode" / "mcp.json"), {"servers": [
        {"name": "fs", "type": "stdio", "command": "npx", "args": ["-y", "@a/fs"]},
        {"name": "inst", "type": "stdio", "command": "npx", "args": ["-y", "@a/inst"]}]})
    proc = _check(str(tmp_path), ".vscode/mcp.json", "--format", "json")
    diags = json.loads(proc.stdout)["diagnostics"]
    assert [(d["code"], d["range"]["start"]["line"]) for d in diags] == [("MCPC301", 1)], diags
    assert "not a list" in diags[0]["message"]


def test_uvx_run_names_the_mistake(tmp_path):
    _write(str(tmp_path / ".mcp.json"), {"mcpServers": {"news": {"command": "uvx",
                                                                 "args": ["run", "news-mcp"]}}})
    proc = _check(str(tmp_path), ".mcp.json", "--format", "json")
    diags = json.loads(proc.stdout)["diagnostics"]
    assert [d["code"] for d in diags] == ["MCPC201"] and "package named 'run'" in diags[0]["message"]


def test_schema_and_comment_keys_are_not_reported(tmp_path):
    """`$schema` and `comment` keys are written on purpose (a public .cursor/mcp.json has both)."""
    _write(str(tmp_path / ".cursor" / "mcp.json"), {
        "$schema": "https://example.org/mcp.schema.json", "comment": "our servers",
        "mcpServers": {"docs": {"comment": "hosted", "url": "https://mcp.example.org/mcp",
                                "_note": "x", "enviroment": {}}}})
    proc = _check(str(tmp_path), ".cursor/mcp.json", "--format", "json")
    diags = json.loads(proc.stdout)["diagnostics"]
    assert [(d["code"], "enviroment" in d["message"]) for d in diags] == [("MCPC301", True)], diags
