"""AGTP410, AGTP411: the upstream timeout of an external service (AGTP-API section 12.3)."""
from __future__ import annotations

from ....engine.findings import AddKey, Finding, Fix, SetValue
from ....engine.registry import rule
from .._common import type_name
from ._shared import ENDPOINT, handler_bindings

DEFAULT_TIMEOUT = 30


@rule("AGTP410", spec="AGTP-API §12.3")
def invalid_upstream_timeout(ctx):
    """`timeout_seconds` is not a positive number.

    ## What it does
    Checks that `timeout_seconds` of an external service binding is a number
    greater than zero.

    ## Why is this bad?
    Section 12.3: the upstream timeout is a positive number; zero, negative or
    non-numeric values are refused.

    ## Example
    ```toml
    timeout_seconds = "30"
    ```

    ## Use instead
    ```toml
    timeout_seconds = 30
    ```

    ## Fix safety
    A positive number written as a string is converted safely.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        if "timeout_seconds" not in h:
            continue
        v = h["timeout_seconds"]
        path = base + ("timeout_seconds",)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            fixes = []
            if isinstance(v, str):
                try:
                    num = float(v)
                    num = int(num) if num.is_integer() else num
                    if 0 < num < float("inf"):      # "1e400" reads as inf: no number to write
                        fixes.append(Fix(f"Write it as the number {num}", True, [SetValue(path, num)]))
                except ValueError:
                    pass
            yield Finding(path, f"timeout_seconds must be a positive number, not {type_name(v)}",
                          fixes=fixes)
        elif v <= 0:
            yield Finding(path, f"timeout_seconds is {v}; it must be a positive number of seconds")


@rule("AGTP411", spec="AGTP-API §12.3")
def missing_upstream_timeout(ctx):
    """An external service binding relies on the default timeout.

    ## What it does
    Reports `external_service` handlers without `timeout_seconds`.

    ## Why is this bad?
    Section 12.3: servers SHOULD set it explicitly; production deployments
    SHOULD NOT rely on the 30-second default, so that the upstream dependency
    posture can be inspected.

    ## Example
    ```toml
    [endpoint.handler]
    type = "external_service"
    url = "https://internal.acme.tld/booking"
    method = "POST"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "external_service"
    url = "https://internal.acme.tld/booking"
    method = "POST"
    timeout_seconds = 30
    ```

    ## Fix safety
    Safe: the fix writes the default (30 seconds) the server already applies.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        if "timeout_seconds" not in h:
            yield Finding(base, f"the external_service handler sets no timeout_seconds and relies on "
                          f"the {DEFAULT_TIMEOUT}-second default; set it explicitly (section 12.3)",
                          part="key", fixes=[Fix(f"Add timeout_seconds = {DEFAULT_TIMEOUT}", True,
                                                 [AddKey(base, "timeout_seconds", DEFAULT_TIMEOUT)])])
