"""AGTP501, AGTP502: the `[server]` identity block (AGTP-API section 8.3)."""
from __future__ import annotations

from ....engine.findings import Finding
from ....engine.registry import rule
from .._common import type_name
from ._shared import SERVERISH


def _server(ctx):
    data = ctx.data if isinstance(ctx.data, dict) else {}
    return data.get("server")


@rule("AGTP501", spec="AGTP-API §8.3")
def missing_server_field(ctx):
    """The server block or one of its required fields is missing.

    ## What it does
    `agtp-server.toml` (and a manifest) needs a `[server]` table with
    `server_id`, `operator` and `contact` (section 8.3; `domain` is
    optional).

    ## Why is this bad?
    The manifest the server publishes is built from this block; agents and
    operators identify and contact the server through it.

    ## Example
    ```toml
    [server]
    server_id = "agents.acme.com"
    ```

    ## Use instead
    ```toml
    [server]
    server_id = "agents.acme.com"
    operator = "Acme Retail"
    contact = "ops@acme.com"
    ```

    ## Fix safety
    No fix.
    """
    s = _server(ctx)
    if s is None:
        if isinstance(ctx.data, dict):
            yield Finding((), "the [server] table is missing; it declares server_id, operator and "
                          "contact (section 8.3)" if ctx.kind == "agtp-server" else
                          "the manifest is missing its server block (section 8.3)", part="key")
        return
    if not isinstance(s, dict):
        return
    for key in ("server_id", "operator", "contact"):
        if key not in s:
            yield Finding(("server",), f"the server block is missing '{key}' (section 8.3)",
                          part="key")


@rule("AGTP502", spec="AGTP-API §8.3")
def invalid_server_field(ctx):
    """A server block field has the wrong type.

    ## What it does
    `server_id`, `operator` and `contact` are non-empty strings; `domain` a
    string (or null in a manifest); `supported_features` an array of strings;
    `issued` and `updated` timestamps. `server` itself is a table.

    ## Why is this bad?
    The server cannot build its manifest from ill-typed identity fields.

    ## Example
    ```toml
    [server]
    server_id = 42
    ```

    ## Use instead
    ```toml
    [server]
    server_id = "agents.acme.com"
    ```

    ## Fix safety
    No fix.
    """
    s = _server(ctx)
    if s is None:
        return
    if not isinstance(s, dict):
        yield Finding(("server",), f"server must be a table, not {type_name(s)}")
        return
    for key in ("server_id", "operator", "contact"):
        if key in s and (not isinstance(s[key], str) or not s[key].strip()):
            yield Finding(("server", key), f"server.{key} must be a non-empty string"
                          + ("" if isinstance(s[key], str) else f", not {type_name(s[key])}"))
    if "domain" in s and not (isinstance(s["domain"], str) or s["domain"] is None):
        yield Finding(("server", "domain"), f"server.domain must be a string, not {type_name(s['domain'])}")
    if "supported_features" in s:
        v = s["supported_features"]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            yield Finding(("server", "supported_features"), "server.supported_features must be an "
                          "array of strings")
    for key in ("issued", "updated"):
        if key in s and isinstance(s[key], (bool, int, float, list, dict)):
            yield Finding(("server", key), f"server.{key} must be an ISO 8601 timestamp, not "
                          f"{type_name(s[key])}")
