"""AGTP415: credential-bearing headers written literally (AGTP-API section 12.3)."""
from __future__ import annotations

import re

from ....engine.findings import Finding
from ....engine.registry import rule
from ._shared import ENDPOINT, external_headers, handler_bindings

_SECRET_HEADER = re.compile(r"(authorization|api[-_]?key|token|secret|password|credential)", re.I)


@rule("AGTP415", spec="AGTP-API §12.3")
def literal_credential_in_header(ctx):
    """A credential-bearing header is written literally instead of with a `${VAR}` placeholder.

    ## What it does
    Reports headers whose name suggests a credential (`Authorization`, `*-Api-Key`,
    `*Token*`, `*Secret*`, `*Password*`) and whose value contains no
    `${VAR}` placeholder. The value itself is never printed.

    ## Why is this bad?
    Endpoint files are committed, reviewed and published in diffs; a secret
    written in them leaks. Section 12.3 provides `${VAR}` placeholders
    resolved from the environment at start-up for exactly this.

    ## Example
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer sk_live_..."
    ```

    ## Use instead
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${BOOKING_API_TOKEN}"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        for path, name, value in external_headers(h, base):
            if _SECRET_HEADER.search(str(name)) and "${" not in value and value.strip():
                yield Finding(path, f"header {name} carries a credential written "
                              "literally in the file; reference an environment variable with "
                              "${VAR} instead")
