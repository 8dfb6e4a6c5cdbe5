"""MCP client configuration files as a document kind (``mcp-client-config``): the files in
which Claude Desktop, Claude Code, Cursor, VS Code, Windsurf and Continue list the MCP
servers they start, linted by ``rules/mcp_client/`` (``MCPCnnn``).

Each client documents its own format (read November 2026):

* VS Code, "MCP configuration reference" (code.visualstudio.com/docs/copilot/reference/
  mcp-configuration): ``.vscode/mcp.json`` holds ``servers`` and ``inputs``; a stdio
  server has ``type``, ``command``, ``args``, ``env``, ``envFile``; an HTTP/SSE server
  ``type``, ``url``, ``headers``; ``${input:id}`` and ``${env:NAME}`` are substituted.
* Claude Code, "Connect Claude Code to tools via MCP" (docs.claude.com/en/docs/claude-code/
  mcp): project ``.mcp.json`` and user ``~/.claude.json`` hold ``mcpServers``; entries have
  ``type`` (stdio, http, sse), ``command``, ``args``, ``env``, ``url``, ``headers``, and
  ``${VAR}``/``${VAR:-default}`` are expanded.
* Claude Desktop, "Connect to local MCP servers" (modelcontextprotocol.io/docs/develop/
  connect-local-servers): ``claude_desktop_config.json`` ``mcpServers`` with ``command``,
  ``args``, ``env``.
* Cursor, "Model Context Protocol" (cursor.com/docs/context/mcp): ``.cursor/mcp.json``
  ``mcpServers`` with ``type``, ``command``, ``args``, ``env``, ``envFile``, ``url``,
  ``headers``, ``auth``; ``${env:NAME}`` is substituted.
* Windsurf, "Model Context Protocol" (docs.windsurf.com/windsurf/cascade/mcp):
  ``~/.codeium/windsurf/mcp_config.json`` ``mcpServers`` with ``command``, ``args``,
  ``env``, ``serverUrl``, ``headers``.
* Continue, "MCP servers" (docs.continue.dev/customize/deep-dives/mcp):
  ``.continue/config.yaml`` and ``.continue/mcpServers/*.yaml`` with a list ``mcpServers``
  of entries with ``name``, ``type``, ``command``, ``args``, ``env``, ``cwd``, ``url``.

How a file is read (which client, where its servers are) is ``formats/mcp_config.py``, the
reader ``agis-lint mcp scan`` uses: one reading, so the linter and the scan agree about which
entries are servers.
"""
from __future__ import annotations

from functools import cached_property

from . import _common as c
from .mcp_config import client_of, server_tables
from .registry import FormatKind, Symbol

KIND = "mcp-client-config"
SPEC = "each MCP client's documented configuration format (formats/mcp_client.py)"
# Where each client documents its format (the rules cite them).
CLIENT_DOCS = ("VS Code code.visualstudio.com/docs/copilot/reference/mcp-configuration; "
               "Claude Code docs.claude.com/en/docs/claude-code/mcp; Claude Desktop "
               "modelcontextprotocol.io/docs/develop/connect-local-servers; Cursor "
               "cursor.com/docs/context/mcp; Windsurf docs.windsurf.com/windsurf/cascade/mcp; "
               "Continue docs.continue.dev/customize/deep-dives/mcp")

# File name -> client. Only names no other program uses for something else: a VS Code or
# Zed ``settings.json`` and Gemini's ``settings.json`` hold the servers among many other
# settings (and comments), so they are read by ``mcp scan`` but not linted as this kind.
FILE_GLOBS = {
    "*/.vscode/mcp.json": "vscode",
    "*/.cursor/mcp.json": "cursor",
    ".mcp.json": "claude-code",
    ".claude.json": "claude-code",
    "claude_desktop_config.json": "claude-desktop",
    "*/.codeium/windsurf/mcp_config.json": "windsurf",
    "*/.continue/config.yaml": "continue",
    "*/.continue/mcpServers/*.yaml": "continue",
}

_STDIO = {"type", "command", "args", "env"}
_REMOTE = {"url", "headers"}
# Keys each client documents for one server entry. Keys other clients write and this client
# ignores harmlessly would still be reported by MCPC004, so the sets are the union of what
# the client documents (stdio and remote) plus ``disabled`` where the client honours it.
ENTRY_KEYS = {
    "vscode": _STDIO | _REMOTE | {"envFile", "cwd", "dev", "gallery", "version"},
    "claude-code": _STDIO | _REMOTE | {"headersHelper", "oauth", "cwd"},
    "claude-desktop": _STDIO | _REMOTE | {"cwd"},
    "cursor": _STDIO | _REMOTE | {"envFile", "auth", "cwd"},
    "windsurf": _STDIO | _REMOTE | {"serverUrl", "disabled", "disabledTools", "cwd"},
    "continue": _STDIO | _REMOTE | {"name", "cwd", "requestOptions", "connectionTimeout",
                                    "apiKey", "transport"},
}
# Top-level keys of the files that hold nothing but MCP servers (other files, such as
# claude_desktop_config.json and ~/.claude.json, keep the client's other settings beside them).
TOP_KEYS = {
    ("vscode", "mcp.json"): {"servers", "inputs"},
    ("cursor", "mcp.json"): {"mcpServers"},
    ("claude-code", ".mcp.json"): {"mcpServers"},
    ("windsurf", "mcp_config.json"): {"mcpServers"},
}
INPUT_KEYS = {"type", "id", "description", "password", "options", "default"}
URL_KEYS = ("url", "serverUrl", "httpUrl")

_SERVER = c.obj({
    "type": c.enum(["stdio", "http", "sse"], "The transport: `stdio` (start `command`), `http` "
                   "(Streamable HTTP at `url`) or `sse` (the older HTTP+SSE transport)."),
    "command": c.string("The program that starts the server (stdio)."),
    "args": c.array({"type": "string"}, "Its arguments. Pin the package version "
                    "(`pkg@1.2.3`, `pkg==1.2.3`, `image@sha256:…`)."),
    "env": {"type": "object", "description": "Environment variables for the server. Write "
            "secrets as references (`${input:id}`, `${env:NAME}`, `${NAME}`), never inline.",
            "additionalProperties": {"type": "string"}},
    "url": c.string("The server's URL (http/sse); `https://` unless the host is this machine."),
    "headers": {"type": "object", "description": "HTTP headers; secrets as references.",
                "additionalProperties": {"type": "string"}},
}, "One MCP server the client starts or connects to.")
_SERVERS = {"type": "object", "description": "The MCP servers, by name.",
            "additionalProperties": _SERVER}
SCHEMA = c.obj({
    "mcpServers": _SERVERS,
    "servers": {**_SERVERS, "description": "The MCP servers, by name (VS Code)."},
    "inputs": c.array(c.obj({
        "type": c.enum(["promptString", "pickString"], "How VS Code asks for the value."),
        "id": c.string("Referenced as `${input:id}`."),
        "description": c.string("The prompt shown to the user."),
        "password": c.boolean("Hide the typed value (use it for keys and tokens)."),
    }, "One value VS Code asks for when it starts a server."),
        "Values VS Code asks the user for (VS Code `mcp.json`)."),
}, "An MCP client configuration file.")


def client_for(path: str | None, data) -> str:
    """The client whose format the file is: by its name, else by its content."""
    by_name = client_of(path or "")
    if by_name in ENTRY_KEYS:
        return by_name
    if isinstance(data, dict) and "servers" in data and "mcpServers" not in data:
        return "vscode"
    if isinstance(data, dict) and isinstance(data.get("mcpServers"), list):
        return "continue"
    return "claude-code"


def _looks_like_servers(table) -> bool:
    entries = list(table.values()) if isinstance(table, dict) else table \
        if isinstance(table, list) else None
    if entries is None:
        return False
    return all(isinstance(e, dict) and (_STDIO | _REMOTE | {"serverUrl"}) & set(e)
               for e in entries[:8])


def detect(data) -> bool:
    """A mapping whose ``mcpServers`` (or VS Code ``servers`` beside ``inputs``, or a
    ``servers`` table of command/url entries) holds server entries."""
    if not isinstance(data, dict):
        return False
    if "mcpServers" in data and isinstance(data["mcpServers"], (dict, list)):
        return _looks_like_servers(data["mcpServers"])
    servers = data.get("servers")
    return isinstance(servers, dict) and set(data) <= {"servers", "inputs"} and \
        (("inputs" in data and isinstance(data["inputs"], list)) or
         (bool(servers) and _looks_like_servers(servers)))


class ClientConfigView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = doc.data

    @cached_property
    def client(self) -> str:
        return client_for(self.doc.path, self.data)

    @cached_property
    def base_name(self) -> str:
        return (self.doc.path or "").replace("\\", "/").rsplit("/", 1)[-1]

    @cached_property
    def tables(self) -> list:
        """(document path, servers) of each server table: a mapping or a list."""
        return server_tables(self.client, self.data) if isinstance(self.data, dict) else []

    @cached_property
    def misshapen(self) -> list:
        """(document path, table) of each server table written as a list where the client
        reads a mapping name -> entry (only Continue reads a list): the client starts none
        of its servers."""
        return [(base, table) for base, table in self.tables
                if isinstance(table, list) and self.client != "continue"]

    @cached_property
    def servers(self) -> list:
        """(name or None, document path, entry mapping) of every server entry the client
        reads (not those of a misshapen table)."""
        out = []
        for base, table in self.tables:
            if (base, table) in self.misshapen:
                continue
            if isinstance(table, dict):
                out += [(str(k), base + (k,), v) for k, v in table.items() if isinstance(v, dict)]
            elif isinstance(table, list):
                out += [(v.get("name") if isinstance(v.get("name"), str) else None, base + (i,), v)
                        for i, v in enumerate(table) if isinstance(v, dict)]
        return out

    @cached_property
    def top_keys(self) -> set | None:
        """The keys this file may hold at the top level (None: the file holds other settings)."""
        return TOP_KEYS.get((self.client, self.base_name))


def outline(view: ClientConfigView) -> list:
    out = []
    for name, path, entry in view.servers:
        detail = entry.get("command") or next((entry[k] for k in URL_KEYS
                                               if isinstance(entry.get(k), str)), "")
        out.append(Symbol(name or f"server {path[-1]}", "object", path, (),
                          detail if isinstance(detail, str) else ""))
    return out


FORMAT = FormatKind(
    name=KIND, title="MCP client configuration", spec=SPEC, file_globs=tuple(FILE_GLOBS),
    detect=detect, view=ClientConfigView, schema=SCHEMA, outline=outline,
    sniff=(b'"mcpServers"',))
