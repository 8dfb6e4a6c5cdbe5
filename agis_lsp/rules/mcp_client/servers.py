"""What a configured server exposes: secrets written inline (MCPC101), packages run without a
pinned version (MCPC201), plain HTTP to another host (MCPC202)."""
from __future__ import annotations

import re

from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ...formats.mcp_client import CLIENT_DOCS, KIND, URL_KEYS, ClientConfigView
from ...formats.mcp_client_values import (RUN_TWICE, masked, remote_plain_http, secret_in,
                                          unpinned_package)

KINDS = (KIND,)
SPEC = CLIENT_DOCS


def servers(ctx):
    view = ctx.view
    return view.servers if isinstance(view, ClientConfigView) else []


def _advice(client: str, key: str) -> str:
    """How this client keeps the value out of the file (its documented substitution)."""
    var = re.sub(r"[^A-Za-z0-9]+", "_", key).strip("_").upper() or "NAME"
    if client == "vscode":
        return "reference it instead: `${input:…}` (an input with \"password\": true) or " \
            "`${env:" + var + "}`"
    if client in ("cursor", "windsurf"):
        return "reference it instead: `${env:" + var + "}`"
    if client == "claude-code":
        return "reference it instead: `${" + var + "}`"
    if client == "continue":
        return "reference it instead: `${{ secrets." + var + " }}`"
    return "keep it out of this file (let the server read it from its environment or a " \
        "secret store)"


@rule("MCPC101", spec=SPEC)
def secret_inline(ctx):
    """A server's `env` or `headers` holds a secret written into the file.

    ## What it does
    Reports an `env` or `headers` value that is a credential: a key of a
    documented format (`sk-…`, `ghp_…`, `xoxb-…`, `AKIA…`, `AIza…`, `glpat-…`,
    …), a `Bearer`/`Basic` credential, or a literal of 8+ characters under a
    name such as `API_KEY`, `TOKEN`, `SECRET`, `PASSWORD`, `Authorization`.
    References the client substitutes (`${input:id}`, `${env:NAME}`,
    `${NAME}`) and obvious placeholders (`your-key-here`, `<token>`) are fine.
    The message names the kind of secret and its length, never the value.

    ## Why is this bad?
    Client configuration files are shared: `.vscode/mcp.json`, `.cursor/mcp.json`
    and `.mcp.json` are meant to be committed, and the others are copied into
    issues and chats. A key in them is a leaked key. Every client documented
    here offers a way to keep the value out of the file.

    ## Example
    ```json
    {"servers": {"github": {"command": "github-mcp-server",
                             "env": {"GITHUB_TOKEN": "ghp_0123456789abcdefghijklmnopqrstuvwxyz"}}}}
    ```

    ## Use instead
    ```json
    {"inputs": [{"type": "promptString", "id": "github-token",
                 "description": "GitHub token", "password": true}],
     "servers": {"github": {"command": "github-mcp-server",
                             "env": {"GITHUB_TOKEN": "${input:github-token}"}}}}
    ```
    (VS Code; `${env:GITHUB_TOKEN}` in Cursor, `${GITHUB_TOKEN}` in Claude Code's `.mcp.json`.)

    ## Fix safety
    No fix: removing the value would lose it, and which reference fits (an
    input, an environment variable) is the user's choice. Revoke a key that was
    committed: taking it out of the file does not take it out of the history.
    """
    client = ctx.view.client if isinstance(ctx.view, ClientConfigView) else ""
    for name, path, entry in servers(ctx):
        for table in ("env", "headers"):
            values = entry.get(table)
            if not isinstance(values, dict):
                continue
            for key, value in values.items():
                what = secret_in(str(key), value)
                if what:
                    yield Finding(path + (table, key),
                                  f"{what} is written inline in {table} '{key}' of server "
                                  f"'{name or path[-1]}' ({masked(value)}): anyone who reads this "
                                  f"file has it; {_advice(client, str(key))}")


@rule("MCPC201", spec=SPEC)
def unpinned_server_package(ctx):
    """A server is started from a registry package without a pinned version.

    ## What it does
    Reads the `command` and `args` of each stdio server run by a package
    launcher, `npx`, `bunx`, `pnpm dlx`, `uvx` (`uv tool run`), `pipx run`,
    `docker run`/`podman run`, and reports the package argument when it
    names no exact version: `npx -y pkg`, `pkg@latest`, `pkg@^1`,
    `uvx pkg`, `pkg>=1`, `docker run image` or `image:latest`. Local paths,
    git and tarball URLs, and arguments it cannot read with certainty (an
    option it does not know before the package) are not reported.

    ## Why is this bad?
    The launcher fetches whatever version is newest at each start, so the
    server's code and its tool descriptions can change under the user
    without any change to this file (a "rug pull"): an update can add a
    poisoned description or a tool that exfiltrates data, and the client
    trusts it as before.

    ## Example
    ```json
    {"mcpServers": {"memory": {"command": "npx",
                               "args": ["-y", "@modelcontextprotocol/server-memory"]}}}
    ```

    ## Use instead
    ```json
    {"mcpServers": {"memory": {"command": "npx",
                               "args": ["-y", "@modelcontextprotocol/server-memory@2025.11.25"]}}}
    ```
    (`uvx mcp-server-fetch==2025.4.7`, `docker run -i --rm mcp/fetch@sha256:…`.)

    ## Fix safety
    No fix: the version to pin is the one the user has reviewed, which
    agis-lint cannot know offline (it never queries a registry).

    ## Decision
    A Docker tag other than `latest` counts as pinned, although tags can be
    moved: a digest is stronger, but reporting every tag would flag the
    common, reviewed form. An npm range (`^1.2.0`) is reported: it resolves to
    new versions as they are published. `npx NAME` with no version and no
    `-y`/`--yes`/`-p` is not reported: npx runs the project's own install of
    NAME first (`npx tsx server.ts` with `tsx` in devDependencies, pinned by
    the lock file), and the file alone cannot tell the two apart; with `-y`
    the author expects a download, and a tag (`@latest`) always resolves
    anew; in `claude_desktop_config.json`, which belongs to no project, it is
    reported. `cmd /c npx …` (Windows) is read as `npx …`. `uvx run NAME` is
    reported on `run` (uvx is `uv tool run`: it runs a package named `run`).
    Found on the public corpus benchmarks/corpora/mcp_configs (docs/mcp.md).
    """
    for name, path, entry in servers(ctx):
        command, args = entry.get("command"), entry.get("args")
        if not isinstance(command, str) or not isinstance(args, list):
            continue
        # Claude Desktop's file is the user's, outside any project: npx has no local install
        found = unpinned_package(command, args, project=ctx.view.client != "claude-desktop")
        if found is None:
            continue
        index, package, launcher, why = found
        if why == RUN_TWICE:
            yield Finding(path + ("args", index),
                          f"server '{name or path[-1]}' runs a package named 'run': uvx is "
                          "already `uv tool run`, so `uvx run NAME` installs and runs 'run', "
                          "not NAME; write `uvx NAME==VERSION`")
            continue
        yield Finding(path + ("args", index),
                      f"server '{name or path[-1]}' runs '{package}' with {launcher} and "
                      f"{why}: each start may fetch a different version, whose code and tool "
                      "descriptions can change without this file changing; pin the version "
                      "you reviewed")


@rule("MCPC202", spec=SPEC)
def plain_http_to_remote_server(ctx):
    """A remote server is reached over plain `http://`.

    ## What it does
    Reports a server `url` (`serverUrl`, `httpUrl`) with the `http://`
    scheme whose host is not this machine (`localhost`, `*.localhost`,
    `127.0.0.0/8`, `::1` and `0.0.0.0` are).

    ## Why is this bad?
    Everything the client and the server exchange, the headers with their
    tokens, the tool lists and every tool call's arguments and results,
    crosses the network unencrypted and unauthenticated: anyone on the path
    can read it or change the tool descriptions the model reads.

    ## Example
    ```json
    {"mcpServers": {"docs": {"type": "http", "url": "http://mcp.example.com/mcp"}}}
    ```

    ## Use instead
    ```json
    {"mcpServers": {"docs": {"type": "http", "url": "https://mcp.example.com/mcp"}}}
    ```

    ## Fix safety
    Unsafe: the fix changes the scheme to `https://`, which works only if
    the server serves TLS at the same address.
    """
    for name, path, entry in servers(ctx):
        for key in URL_KEYS:
            host = remote_plain_http(entry.get(key))
            if host is None:
                continue
            fixed = "https://" + entry[key][len("http://"):]
            yield Finding(path + (key,),
                          f"server '{name or path[-1]}' is reached over plain http:// at "
                          f"'{host}': its headers, tool descriptions and every call travel "
                          "unencrypted and can be read or changed on the way; use https://",
                          fixes=[Fix("Use https://", False, [SetValue(path + (key,), fixed)])])
