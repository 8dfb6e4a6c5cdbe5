"""AGTP408, AGTP409: the upstream error mapping of an external service (AGTP-API section 12.3)."""
from __future__ import annotations

import re

from ....engine.findings import Finding
from ....engine.registry import rule
from ....formats.agtp.vocabulary import UPSTREAM_ERRORS
from ._shared import ENDPOINT, declare_errors_fix, handler_bindings

_STATUS = re.compile(r"^[1-5][0-9][0-9]$")


@rule("AGTP408", spec="AGTP-API §12.3")
def invalid_error_map(ctx):
    """An `error_map` key is not an HTTP status, or a value is not a declared error.

    ## What it does
    Keys of `error_map` are upstream HTTP status codes written as strings
    (`"404"`); values are error names that MUST appear in the endpoint's
    errors.

    ## Why is this bad?
    Section 12.3: every value in error_map MUST appear in the endpoint's
    errors; registration fails otherwise. A key that is not a status code can
    never match an upstream response.

    ## Example
    ```toml
    [endpoint.handler.error_map]
    "409" = "room_unavailable"    # not in errors
    "4xx" = "bad_request"
    ```

    ## Use instead
    ```toml
    [endpoint.handler.error_map]
    "409" = "room_unavailable"
    ```
    with `room_unavailable` in the endpoint's errors.

    ## Fix safety
    Declaring the mapped error in the endpoint's errors is safe: the handler
    already returns it.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        em = h.get("error_map")
        if not isinstance(em, dict):
            continue
        declared = ep.error_names
        for k, v in em.items():
            path = base + ("error_map", k)
            if not _STATUS.match(str(k)):
                yield Finding(path, f"error_map key '{k}' is not an HTTP status code (100-599)",
                              part="key")
            if not isinstance(v, str) or not v:
                yield Finding(path, f"error_map value for '{k}' must be an error name string")
            elif v not in declared:
                yield Finding(path, f"error_map maps {k} to '{v}', which is not in the endpoint's "
                              "errors: the server refuses this endpoint (section 12.3)",
                              fixes=declare_errors_fix(ep, [v], f"Declare '{v}' in errors"))


@rule("AGTP409", spec="AGTP-API §12.3")
def missing_upstream_errors(ctx):
    """An external service endpoint does not declare the five upstream failure errors.

    ## What it does
    Checks that `upstream_timeout`, `upstream_connection_error`,
    `upstream_malformed_response`, `upstream_authentication_failed` and
    `upstream_error` are all in the errors of every `external_service`
    endpoint.

    ## Why is this bad?
    Section 12.3 (table 2) makes them mandatory so that transport failures
    reach agents as named errors rather than opaque server errors.

    ## Example
    ```toml
    errors = ["room_unavailable"]
    ```

    ## Use instead
    ```toml
    errors = ["room_unavailable", "upstream_timeout", "upstream_connection_error",
              "upstream_malformed_response", "upstream_authentication_failed",
              "upstream_error"]
    ```

    ## Fix safety
    Safe: the server returns these errors for upstream failures; the fix only
    declares them.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        missing = [e for e in UPSTREAM_ERRORS if e not in ep.error_names]
        if not missing:
            continue
        where = ep.errors_path if ep.errors is not None else ep.base
        yield Finding(where, f"an external_service endpoint must declare {', '.join(missing)} in "
                      "its errors (section 12.3)", part="value" if ep.errors is not None else "key",
                      fixes=declare_errors_fix(ep, missing, "Declare the upstream errors"))
