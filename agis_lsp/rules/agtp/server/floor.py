"""AGTP510: the floor methods cannot be disallowed (AGTP-API sections 3.1, 9.2)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, Remove
from ....engine.registry import rule
from ._shared import SERVERISH, method_list


@rule("AGTP510", spec="AGTP-API §3.1, §9.2")
def floor_method_disallowed(ctx):
    """`disallow` names a floor (embedded) method.

    ## What it does
    Reports `disallow` entries that are among the catalog's embedded floor
    verbs (QUERY, DISCOVER, DESCRIBE, ... 18 in catalog 1.0.0).

    ## Why is this bad?
    Every AGTP server MUST support the floor verbs (section 3.1); the
    reference server lets them bypass the policy gate so a misconfigured
    `disallow` cannot take a server off-protocol. The entry has no effect.

    ## Example
    ```toml
    disallow = ["DISCOVER"]
    ```

    ## Use instead
    ```toml
    disallow = []
    ```

    ## Fix safety
    Safe: the entry has no effect, so removing it changes nothing.
    """
    pol = ctx.view.policies
    floor = ctx.catalog.embedded
    for i, v in enumerate(method_list(pol, "disallow")):
        if isinstance(v, str) and v.strip().upper() in floor:
            path = pol.methods_path + ("disallow", i)
            yield Finding(path, f"'{v}' is a floor method every server must support; disallowing "
                          "it has no effect", fixes=[Fix(f"Remove {v}", True, [Remove(path)])])
