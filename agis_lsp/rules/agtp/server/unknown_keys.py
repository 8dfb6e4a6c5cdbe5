"""AGTP504: keys the server configuration does not define (AGTP-API sections 8.3, 8.7, 9.2)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, RenameKey
from ....engine.registry import rule
from ....formats.agtp.vocabulary import METHOD_POLICY_KEYS, POLICY_KEYS, REDIRECT_KEYS, SERVER_KEYS
from .._common import close_matches
from ._shared import SERVERISH


def _unknown(path, table, known, what):
    for key in table:
        if key in known:
            continue
        sugg = close_matches(key, known, 1)
        fixes = [Fix(f"Rename to {sugg[0]}", False, [RenameKey(path + (key,), sugg[0])])] \
            if sugg and sugg[0] not in table else []
        extra = f"; did you mean '{sugg[0]}'?" if sugg else ""
        if key == "legacy_verbs":
            extra = "; legacy opt-in is written legacy = \"*\" | \"NONE\" | [verbs] (section 9.2)"
        yield Finding(path + (key,), f"unknown {what} key '{key}' is ignored by the server{extra}",
                      part="key", fixes=fixes)


@rule("AGTP504", spec="AGTP-API §8.3, §8.7, §9.2")
def unknown_config_key(ctx):
    """A key of `[server]`, `[policies]`, `[policies.methods]` or a redirect is unknown.

    ## What it does
    Reports keys these tables do not define, with the closest known name.
    Other top-level tables of `agtp-server.toml` (server settings outside
    AGTP-API's scope) are not checked.

    ## Why is this bad?
    The server ignores unknown keys: a misspelt `synthesis_enable` leaves the
    default in force without a word.

    ## Example
    ```toml
    [policies]
    synthesis_enable = false
    ```

    ## Use instead
    ```toml
    [policies]
    synthesis_enabled = false
    ```

    ## Fix safety
    Unsafe: after the rename the server reads a value it ignored before.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    s = data.get("server")
    if isinstance(s, dict) and ctx.kind == "agtp-server":
        yield from _unknown(("server",), s, SERVER_KEYS, "server")
    pol = data.get("policies")
    if isinstance(pol, dict):
        yield from _unknown(("policies",), pol, POLICY_KEYS, "policies")
        m = pol.get("methods")
        if isinstance(m, dict):
            yield from _unknown(("policies", "methods"), m, METHOD_POLICY_KEYS, "policies.methods")
            reds = m.get("redirects")
            for i, r in enumerate(reds if isinstance(reds, list) else []):
                if isinstance(r, dict):
                    yield from _unknown(("policies", "methods", "redirects", i), r, REDIRECT_KEYS,
                                        "redirect")
