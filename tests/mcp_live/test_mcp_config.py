"""The MCP client configuration readers (formats/mcp_config.py): one sample per client's
format, as each client documents it, and the documented locations per operating system."""
from __future__ import annotations

import pytest

from agis_lsp.formats.mcp_config import client_of, expand, locations, read_config, strip_jsonc

SAMPLES = {
    "claude-desktop": ("Claude/claude_desktop_config.json", """{
  "mcpServers": {
    "filesystem": {"command": "npx",
                   "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"]},
    "github": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
               "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x"}}
  }
}"""),
    "claude-code": ("home/.claude.json", """{
  "numStartups": 3,
  "mcpServers": {"sentry": {"type": "http", "url": "https://mcp.sentry.dev/mcp",
                            "headers": {"Authorization": "Bearer t"}}},
  "projects": {"/work/app": {"mcpServers": {"db": {"type": "stdio", "command": "uvx",
                                                    "args": ["mcp-server-sqlite"], "env": {}}}}}
}"""),
    "claude-code-project": (".mcp.json", """{"mcpServers": {
  "events": {"type": "sse", "url": "https://mcp.example.com/sse"}}}"""),
    "cursor": (".cursor/mcp.json", """{"mcpServers": {
  "notes": {"command": "python", "args": ["server.py"], "env": {"API_KEY": "k"}},
  "remote": {"url": "https://example.com/mcp", "headers": {"X-Key": "v"}}}}"""),
    "vscode": (".vscode/mcp.json", """{
  // VS Code allows comments
  "inputs": [{"type": "promptString", "id": "token", "description": "Token", "password": true}],
  "servers": {
    "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/"},
    "fetch": {"type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"],
              "env": {"TOKEN": "${input:token}"}},
  }
}"""),
    "vscode-settings": ("Code/User/settings.json", """{
  "editor.fontSize": 13,
  "mcp": {"servers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}
}"""),
    "windsurf": (".codeium/windsurf/mcp_config.json", """{"mcpServers": {
  "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
  "remote": {"serverUrl": "https://example.com/mcp"}}}"""),
    "zed": (".config/zed/settings.json", """{
  "theme": "One Dark",
  "context_servers": {
    "pg": {"command": "npx", "args": ["-y", "@zeddev/postgres-context-server"],
           "env": {"DATABASE_URL": "postgres://"}},
    "old": {"command": {"path": "uvx", "args": ["mcp-server-git"], "env": {}}, "settings": {}},
    "ext": {"source": "extension", "settings": {}}
  }
}"""),
    "gemini": (".gemini/settings.json", """{"mcpServers": {
  "py": {"command": "python", "args": ["-m", "my_server"], "cwd": "./srv", "timeout": 30000},
  "stream": {"httpUrl": "https://example.com/mcp", "headers": {"Authorization": "Bearer x"}},
  "legacy": {"url": "https://example.com/sse"}}}"""),
    "continue": (".continue/config.yaml", """name: my-assistant
version: 0.0.1
schema: v1
mcpServers:
  - name: SQLite
    command: npx
    args: ["-y", "mcp-sqlite", "/tmp/db.sqlite"]
  - name: remote
    type: streamable-http
    url: https://example.com/mcp
"""),
    "continue-block": (".continue/mcpServers/playwright.yaml", """name: Playwright
version: 0.0.1
schema: v1
mcpServers:
  - name: Browser search
    command: npx
    args: ["@playwright/mcp@latest"]
"""),
    "continue-json": (".continue/config.json", """{"experimental": {"modelContextProtocolServers": [
  {"transport": {"type": "stdio", "command": "uvx", "args": ["mcp-server-sqlite"]}}]}}"""),
}

EXPECTED = {   # client, then (name, transport, command or url, args) per server
    "claude-desktop": ("claude-desktop", [
        ("filesystem", "stdio", "npx", ["-y", "@modelcontextprotocol/server-filesystem",
                                         "/Users/me/Desktop"]),
        ("github", "stdio", "docker", ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"])]),
    "claude-code": ("claude-code", [("sentry", "http", "https://mcp.sentry.dev/mcp", []),
                                    ("db", "stdio", "uvx", ["mcp-server-sqlite"])]),
    "claude-code-project": ("claude-code", [("events", "sse", "https://mcp.example.com/sse", [])]),
    "cursor": ("cursor", [("notes", "stdio", "python", ["server.py"]),
                          ("remote", "http", "https://example.com/mcp", [])]),
    "vscode": ("vscode", [("github", "http", "https://api.githubcopilot.com/mcp/", []),
                          ("fetch", "stdio", "uvx", ["mcp-server-fetch"])]),
    "vscode-settings": ("vscode", [("time", "stdio", "uvx", ["mcp-server-time"])]),
    "windsurf": ("windsurf", [("fs", "stdio", "npx", ["-y", "@modelcontextprotocol/server-filesystem",
                                                       "/tmp"]),
                              ("remote", "http", "https://example.com/mcp", [])]),
    "zed": ("zed", [("pg", "stdio", "npx", ["-y", "@zeddev/postgres-context-server"]),
                    ("old", "stdio", "uvx", ["mcp-server-git"])]),
    "gemini": ("gemini", [("py", "stdio", "python", ["-m", "my_server"]),
                          ("stream", "http", "https://example.com/mcp", []),
                          ("legacy", "sse", "https://example.com/sse", [])]),
    "continue": ("continue", [("SQLite", "stdio", "npx", ["-y", "mcp-sqlite", "/tmp/db.sqlite"]),
                              ("remote", "http", "https://example.com/mcp", [])]),
    "continue-block": ("continue", [("Browser search", "stdio", "npx", ["@playwright/mcp@latest"])]),
    "continue-json": ("continue", []),   # entries without a name: reported as problems
}


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_each_clients_format_is_read(sample, tmp_path):
    rel, text = SAMPLES[sample]
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    client, servers = EXPECTED[sample]
    assert client_of(str(path)) == client
    read = read_config(str(path))
    got = [(e.name, e.transport, e.command or e.url, e.args) for e in read.entries]
    assert got == servers
    for e in read.entries:                  # each entry points at its place in the file
        assert e.source == str(path) and e.client == client
        rng = read.doc.range(e.entry_path, "key")
        line = text.splitlines()[rng.start.line]
        assert e.name in line or "- name" in line or e.name in text.splitlines()[rng.start.line + 1]


def test_env_headers_and_cwd_are_kept():
    read = read_config(".cursor/mcp.json", SAMPLES["cursor"][1])
    assert read.entries[0].env == {"API_KEY": "k"} and read.entries[1].headers == {"X-Key": "v"}
    assert read.entries[0].secrets() == ["k"] and read.entries[1].secrets() == ["v"]
    gem = read_config(".gemini/settings.json", SAMPLES["gemini"][1])
    assert gem.entries[0].cwd == "./srv"


def test_a_nameless_or_commandless_entry_is_a_problem_at_its_place():
    read = read_config(".continue/config.json", SAMPLES["continue-json"][1])
    assert read.problems == [(("experimental", "modelContextProtocolServers", 0),
                              "a server entry without a name")]
    read = read_config(".mcp.json", '{"mcpServers": {"x": {"args": ["a"]}}}')
    assert read.problems == [(("mcpServers", "x"), "server 'x' has neither a command nor a URL")]
    read = read_config(".mcp.json", '{"mcpServers": [')
    assert read.entries == [] and "cannot read" in read.problems[0][1]


def test_jsonc_keeps_positions():
    text = '{\n  // c\n  "a": [1, 2,], /* x\n y */ "b": 1,\n}'
    plain = strip_jsonc(text)
    assert len(plain) == len(text) and plain.index('"b"') == text.index('"b"')
    import json
    assert json.loads(plain) == {"a": [1, 2], "b": 1}
    assert strip_jsonc('{"u": "http://x//y", "s": "a,]"}') == '{"u": "http://x//y", "s": "a,]"}'


def test_variables_are_expanded_from_the_environment_only():
    read = read_config(".mcp.json", '{"mcpServers": {"x": {"command": "${HOME}/bin/s", '
                       '"args": ["${env:MODE}", "${MISSING:-dflt}", "${input:tok}"]}}}')
    e = expand(read.entries[0], {"HOME": "/h", "MODE": "fast"})
    assert e.command == "/h/bin/s" and e.args == ["fast", "dflt", "${input:tok}"]


@pytest.mark.parametrize("system,expected", [
    ("linux", "/home/u/.config/Claude/claude_desktop_config.json"),
    ("darwin", "/home/u/Library/Application Support/Claude/claude_desktop_config.json"),
    ("win32", "C:/AppData/Claude/claude_desktop_config.json"),
])
def test_documented_locations_per_system(system, expected):
    env = {"APPDATA": "C:/AppData"} if system == "win32" else {}
    found = locations(system, "/home/u", env, "/proj")
    paths = [p.replace("\\", "/") for _, p in found]
    assert expected in paths
    assert "/home/u/.claude.json" in paths and "/home/u/.cursor/mcp.json" in paths
    assert "/home/u/.codeium/windsurf/mcp_config.json" in paths
    assert "/home/u/.gemini/settings.json" in paths and "/home/u/.continue/config.yaml" in paths
    assert {"/proj/.mcp.json", "/proj/.cursor/mcp.json", "/proj/.vscode/mcp.json"} <= set(paths)
    assert {c for c, _ in found} == {"claude-desktop", "claude-code", "cursor", "vscode", "windsurf",
                                     "zed", "gemini", "continue"}
