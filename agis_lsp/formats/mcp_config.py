"""MCP client configuration files: where each client keeps its servers and how it writes them.

:func:`read_config` reads one file (its client from its name, or given) into
:class:`ServerEntry` values, each with the document path of its entry so a diagnostic can
point at the configuration; :func:`locations` lists each client's documented files for an
operating system (``agis-lint mcp scan --discover``). Formats (as documented by each client,
November 2026):

=============== ============================================== ===================================
client          file                                           servers
=============== ============================================== ===================================
claude-desktop  claude_desktop_config.json                     ``mcpServers``
claude-code     ``~/.claude.json``; project ``.mcp.json``      ``mcpServers``, ``projects.*.mcpServers``
cursor          ``~/.cursor/mcp.json``, ``.cursor/mcp.json``   ``mcpServers``
vscode          ``.vscode/mcp.json``, user ``mcp.json``        ``servers`` (+ ``inputs``)
vscode          user ``settings.json``                         ``mcp.servers``
windsurf        ``~/.codeium/windsurf/mcp_config.json``        ``mcpServers`` (``serverUrl``)
zed             ``settings.json`` (Zed)                        ``context_servers``
gemini          ``~/.gemini/settings.json``, ``.gemini/…``     ``mcpServers`` (``httpUrl``, ``url`` = SSE)
continue        ``~/.continue/config.yaml`` / ``config.json``, ``mcpServers`` (list);
                ``.continue/mcpServers/*.yaml``                ``experimental.modelContextProtocolServers``
=============== ============================================== ===================================
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..document import parse_text
from ..document.size import DEFAULT_MAX_FILE_SIZE
from ..files.reading import read_bytes
from ..document.jsonc import strip_jsonc  # noqa: F401 - read_config and callers use it here

CLIENTS = ("claude-desktop", "claude-code", "cursor", "vscode", "windsurf", "zed", "gemini",
           "continue")
TRANSPORTS = {"stdio": "stdio", "http": "http", "streamable-http": "http", "streamableHttp": "http",
              "streamable_http": "http", "sse": "sse"}


@dataclass
class ServerEntry:
    """One configured (or named) server: how to reach it and where it was written."""
    name: str
    transport: str                       # "stdio" | "http" | "sse"
    command: str | None = None
    args: list = field(default_factory=list)
    env: dict = field(default_factory=dict)
    url: str | None = None
    headers: dict = field(default_factory=dict)
    cwd: str | None = None
    source: str | None = None            # the configuration file, if any
    entry_path: tuple = ()               # the entry's document path in that file
    client: str | None = None            # which client's format the file is

    def secrets(self) -> list[str]:
        """Values never to print: environment and header values."""
        return [str(v) for v in (*self.env.values(), *self.headers.values()) if str(v)]


@dataclass
class ConfigRead:
    entries: list
    problems: list = field(default_factory=list)   # (document path, message)
    doc: object = None                             # the positioned document (None: unreadable)


# -- which client wrote a file ---------------------------------------------------------------
def client_of(path: str) -> str | None:
    p = path.replace("\\", "/")
    base = p.rsplit("/", 1)[-1]
    parent = p.rsplit("/", 2)[-2] if p.count("/") else ""
    if base == "claude_desktop_config.json":
        return "claude-desktop"
    if base in (".claude.json", ".mcp.json"):
        return "claude-code"
    if base == "mcp_config.json" and "windsurf" in p:
        return "windsurf"
    if base == "mcp.json" and parent == ".cursor":
        return "cursor"
    if base in ("mcp.json", "settings.json") and (parent in (".vscode", "User") or "/Code" in p):
        return "vscode"
    if base == "settings.json" and (parent in (".zed", "zed", "Zed")):
        return "zed"
    if base == "settings.json" and parent == ".gemini":
        return "gemini"
    if "/.continue/" in p or parent == "mcpServers" or base.startswith("config.") and \
            parent == ".continue":
        return "continue"
    return None


# -- reading ---------------------------------------------------------------------------------
def read_config(path: str, text: str | None = None, client: str | None = None) -> ConfigRead:
    """The servers of one configuration file; ``problems`` say what could not be read."""
    client = client or client_of(path) or "claude-code"
    if text is None:
        try:    # bounded; a FIFO, a device or a symlink loop is refused, never waited on
            text = read_bytes(path, DEFAULT_MAX_FILE_SIZE, "configuration file").decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            return ConfigRead([], [((), f"cannot read the file: {exc.strerror or exc}")])
    is_yaml = path.endswith((".yaml", ".yml"))
    doc = parse_text(text if is_yaml else strip_jsonc(text), path, "yaml" if is_yaml else "json")
    if not doc.parsed or not isinstance(doc.data, dict):
        why = doc.problems[0].message if doc.problems else "not a mapping at the top level"
        return ConfigRead([], [((), f"cannot read the file as {client} configuration: {why}")], doc)
    read = ConfigRead([], [], doc)
    for base, servers in _server_tables(client, doc.data):
        _read_table(read, servers, base, client, path)
    return read


def _server_tables(client: str, data: dict):
    """(document path, the servers there): a mapping name -> entry, or a list of entries."""
    def at(*keys):
        obj = data
        for k in keys:
            obj = obj.get(k) if isinstance(obj, dict) else None
        return (keys, obj) if obj is not None else None

    found = []
    if client == "vscode":
        found += [at("servers"), at("mcp", "servers")]
    elif client == "zed":
        found.append(at("context_servers"))
    elif client == "continue":
        found += [at("mcpServers"), at("experimental", "modelContextProtocolServers")]
    else:
        found.append(at("mcpServers"))
    if client == "claude-code" and isinstance(data.get("projects"), dict):
        found += [at("projects", project, "mcpServers") for project in data["projects"]]
    return [f for f in found if f is not None]


server_tables = _server_tables   # the document kind (formats/mcp_client.py) reads the same tables


def _read_table(read: ConfigRead, servers, base: tuple, client: str, path: str) -> None:
    if isinstance(servers, dict):
        items = [(str(k), base + (k,), v) for k, v in servers.items()]
    elif isinstance(servers, list):
        items = [(None, base + (i,), v) for i, v in enumerate(servers)]
    else:
        read.problems.append((base, "the servers should be a mapping of names to servers"))
        return
    for name, epath, value in items:
        if not isinstance(value, dict):
            read.problems.append((epath, "a server entry should be a mapping"))
            continue
        entry, problem = _entry(name, value, client)
        if problem:
            read.problems.append((epath, problem))
        if entry is not None:
            entry.source, entry.entry_path, entry.client = path, epath, client
            read.entries.append(entry)


def _strings(value) -> list:
    return [str(v) for v in value] if isinstance(value, list) else []


def _mapping(value) -> dict:
    return {str(k): "" if v is None else str(v) for k, v in value.items()} \
        if isinstance(value, dict) else {}


def _entry(name, value: dict, client: str):
    if client == "continue" and isinstance(value.get("transport"), dict):   # config.json
        value = {**value["transport"], **{k: v for k, v in value.items() if k != "transport"}}
    if client == "zed" and isinstance(value.get("command"), dict):         # older Zed form
        value = {**value, **value["command"]}
        value["command"] = value.get("path")
    name = name or (value.get("name") if isinstance(value.get("name"), str) else None)
    if not name:
        return None, "a server entry without a name"
    if value.get("disabled") is True or value.get("enabled") is False:
        return None, None
    url = next((value[k] for k in ("url", "serverUrl", "httpUrl") if isinstance(value.get(k), str)),
               None)
    kind = value.get("type") if isinstance(value.get("type"), str) else None
    command = value.get("command") if isinstance(value.get("command"), str) else None
    if kind in TRANSPORTS:
        transport = TRANSPORTS[kind]
    elif command:
        transport = "stdio"
    elif url:
        transport = "sse" if client == "gemini" and "url" in value else "http"
    else:
        if client == "zed" and value.get("source") == "extension":
            return None, None   # provided by a Zed extension: nothing to start from here
        return None, f"server '{name}' has neither a command nor a URL"
    if transport == "stdio" and not command:
        return None, f"server '{name}' is a stdio server without a command"
    if transport != "stdio" and not url:
        return None, f"server '{name}' is a {transport} server without a URL"
    headers = value.get("headers")
    if not isinstance(headers, dict) and isinstance(value.get("requestInit"), dict):
        headers = value["requestInit"].get("headers")
    entry = ServerEntry(name, transport, command=command, args=_strings(value.get("args")),
                        env=_mapping(value.get("env")), url=url, headers=_mapping(headers),
                        cwd=value.get("cwd") if isinstance(value.get("cwd"), str) else None)
    return entry, None


# -- variables -------------------------------------------------------------------------------
_VAR = re.compile(r"\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


def expand(entry: ServerEntry, environ: dict) -> ServerEntry:
    """``${NAME}``, ``${NAME:-default}`` (Claude Code) and ``${env:NAME}`` (VS Code, Cursor)
    replaced from ``environ``; other variables (``${input:…}``, ``${workspaceFolder}``) stay."""
    def sub(text):
        if not isinstance(text, str):
            return text
        return _VAR.sub(lambda m: environ.get(m.group(1), m.group(2) if m.group(2) is not None
                                              else m.group(0)), text)
    return ServerEntry(entry.name, entry.transport, sub(entry.command),
                       [sub(a) for a in entry.args], {k: sub(v) for k, v in entry.env.items()},
                       sub(entry.url), {k: sub(v) for k, v in entry.headers.items()},
                       sub(entry.cwd), entry.source, entry.entry_path, entry.client)


# -- where the clients keep them -------------------------------------------------------------
def locations(system: str, home: str, environ: dict, cwd: str) -> list[tuple[str, str]]:
    """(client, file) for each documented configuration file on ``system`` ("linux",
    "darwin", "win32"), user files first, then the project files under ``cwd``."""
    j = os.path.join
    if system == "win32":
        appdata = environ.get("APPDATA") or j(home, "AppData", "Roaming")
        claude_desktop = j(appdata, "Claude", "claude_desktop_config.json")
        code_user = j(appdata, "Code", "User")
        zed = j(appdata, "Zed", "settings.json")
    elif system == "darwin":
        support = j(home, "Library", "Application Support")
        claude_desktop = j(support, "Claude", "claude_desktop_config.json")
        code_user = j(support, "Code", "User")
        zed = j(home, ".config", "zed", "settings.json")
    else:
        config = environ.get("XDG_CONFIG_HOME") or j(home, ".config")
        claude_desktop = j(config, "Claude", "claude_desktop_config.json")
        code_user = j(config, "Code", "User")
        zed = j(config, "zed", "settings.json")
    user = [("claude-desktop", claude_desktop), ("claude-code", j(home, ".claude.json")),
            ("cursor", j(home, ".cursor", "mcp.json")), ("vscode", j(code_user, "mcp.json")),
            ("vscode", j(code_user, "settings.json")),
            ("windsurf", j(home, ".codeium", "windsurf", "mcp_config.json")), ("zed", zed),
            ("gemini", j(home, ".gemini", "settings.json")),
            ("continue", j(home, ".continue", "config.yaml")),
            ("continue", j(home, ".continue", "config.json"))]
    project = [("claude-code", j(cwd, ".mcp.json")), ("cursor", j(cwd, ".cursor", "mcp.json")),
               ("vscode", j(cwd, ".vscode", "mcp.json")), ("zed", j(cwd, ".zed", "settings.json")),
               ("gemini", j(cwd, ".gemini", "settings.json"))]
    blocks = j(cwd, ".continue", "mcpServers")
    if os.path.isdir(blocks):
        project += [("continue", j(blocks, f)) for f in sorted(os.listdir(blocks))
                    if f.endswith((".yaml", ".yml", ".json"))]
    return user + project
