"""The keys of a client configuration: keys the client does not know (MCPC301) and a server
name used twice (MCPC302)."""
from __future__ import annotations

import difflib
import re

from ...engine.findings import Finding, Fix, Related, RenameKey
from ...engine.registry import rule
from ...formats.mcp_client import CLIENT_DOCS, ENTRY_KEYS, INPUT_KEYS, KIND, ClientConfigView

KINDS = (KIND,)
SPEC = CLIENT_DOCS
CLIENT_TITLES = {"vscode": "VS Code", "claude-code": "Claude Code", "claude-desktop": "Claude Desktop",
                 "cursor": "Cursor", "windsurf": "Windsurf", "continue": "Continue"}

# Another client's name for a key this client spells differently.
ALIASES = {"mcpServers": "servers", "servers": "mcpServers", "environment": "env",
           "enviroment": "env", "arguments": "args", "serverUrl": "url", "httpUrl": "url"}


# Keys people write on purpose for tools and readers, not for the client: a JSON Schema
# association and comments (JSON has none). Seen on public configurations (docs/mcp.md).
ANNOTATION = re.compile(r"^(?:\$schema|\$comment|_.*|//.*|#.*|comments?)$")


def _unknown(keys, known: set, base: tuple, where: str, client: str):
    for key in keys:
        if not isinstance(key, str) or key in known or ANNOTATION.match(key):
            continue
        close = [ALIASES[key]] if ALIASES.get(key) in known else \
            difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
        fixes, hint = [], ""
        if close and close[0] not in keys:
            hint = f"; did you mean '{close[0]}'?"
            fixes = [Fix(f"Rename to '{close[0]}'", False, [RenameKey(base + (key,), close[0])],
                         preferred=True)]
        yield Finding(base + (key,), f"'{key}' is not a key {CLIENT_TITLES.get(client, client)} "
                      f"reads in {where}: the client ignores it{hint}", part="key", fixes=fixes)


@rule("MCPC301", spec=SPEC)
def unknown_client_config_key(ctx):
    """A key the client does not read, in a server entry, a VS Code input or at the top.

    ## What it does
    Checks the keys of each server entry against the keys its client
    documents (`type`, `command`, `args`, `env`, `url`, `headers`, and each
    client's own: VS Code `envFile`, `dev`; Cursor `envFile`, `auth`;
    Windsurf `serverUrl`, `disabled`, `disabledTools`; Continue `name`,
    `cwd`…), the keys of VS Code `inputs`, and the top-level keys of files
    that hold only servers (`.vscode/mcp.json`: `servers`, `inputs`;
    `.cursor/mcp.json`, `.mcp.json`, Windsurf's `mcp_config.json`:
    `mcpServers`). When a known key is close, it suggests it. `$schema`,
    `$comment`, `comment`, and keys that start with `_`, `//` or `#` are
    annotations written on purpose and are not reported. A server table
    written as a list where the client reads an object keyed by name (every
    client but Continue) is reported once, on its key, and its entries are
    not checked further (the client reads none of them).

    ## Why is this bad?
    Clients ignore keys they do not know, silently: a misspelt `env` starts
    the server without its variables, a misspelt `args` without its
    arguments, and `mcpServers` in `.vscode/mcp.json` (VS Code reads
    `servers`) starts no server at all.

    ## Example
    ```json
    {"servers": {"fetch": {"command": "uvx", "arg": ["mcp-server-fetch==2025.4.7"]}}}
    ```

    ## Use instead
    ```json
    {"servers": {"fetch": {"command": "uvx", "args": ["mcp-server-fetch==2025.4.7"]}}}
    ```

    ## Fix safety
    Unsafe: renaming to the close known key changes what the client does
    (it then reads the value); offered only when that key is not there yet.

    ## Decision
    `claude_desktop_config.json` and `~/.claude.json` keep the application's
    other settings beside `mcpServers`; their top-level keys are not checked.
    """
    view = ctx.view
    if not isinstance(view, ClientConfigView) or not isinstance(view.data, dict):
        return
    client = view.client
    if view.top_keys is not None:
        yield from _unknown(list(view.data), view.top_keys, (), "this file", client)
    for base, _ in view.misshapen:
        yield Finding(base, f"{CLIENT_TITLES.get(client, client)} reads '{base[-1]}' as an "
                      "object keyed by server name, not a list: it starts none of these "
                      "servers; write {\"NAME\": {\"command\": …}}", part="key")
    known = ENTRY_KEYS.get(client, set())
    for name, path, entry in view.servers:
        yield from _unknown(list(entry), known, path, f"server '{name or path[-1]}'", client)
    if client == "vscode" and isinstance(view.data.get("inputs"), list):
        for i, item in enumerate(view.data["inputs"]):
            if isinstance(item, dict):
                yield from _unknown(list(item), INPUT_KEYS, ("inputs", i), "an input", client)


@rule("MCPC302", spec=SPEC)
def duplicate_server_name(ctx):
    """Two servers in one list have the same `name`.

    ## What it does
    In a configuration that lists servers as a sequence with a `name` each
    (Continue's `mcpServers`), reports every server whose name an earlier
    entry already has. A name written twice as a mapping key (`mcpServers`,
    `servers`) is a duplicate key, reported once by AGIS002 on the second key.

    ## Why is this bad?
    The client keys its servers by name: one of the two is dropped or
    replaces the other, and which one the model talks to depends on the
    client, not on this file.

    ## Example
    ```yaml
    mcpServers:
      - name: fetch
        command: uvx
        args: ["mcp-server-fetch==2025.4.7"]
      - name: fetch
        command: npx
        args: ["-y", "@example/fetch@1.0.0"]
    ```

    ## Use instead
    Give each server its own name (`fetch`, `fetch-node`), or remove one.

    ## Fix safety
    No fix: which server to keep, or what to call it, is the user's choice.
    """
    view = ctx.view
    if not isinstance(view, ClientConfigView):
        return
    for base, table in view.tables:
        if not isinstance(table, list):
            continue
        first: dict = {}
        for i, item in enumerate(table):
            name = item.get("name") if isinstance(item, dict) else None
            if not isinstance(name, str):
                continue
            if name in first:
                yield Finding(base + (i, "name"), f"server name '{name}' is used twice: the "
                              "client keeps one of the two servers",
                              related=[Related(base + (first[name], "name"),
                                               "first server of this name")])
            else:
                first[name] = i
