"""AGTP414: `headers` and the transform and error maps are tables of strings (AGTP-API section 12.3)."""
from __future__ import annotations

from ....engine.findings import Finding
from ....engine.registry import rule
from .._common import type_name
from ._shared import ENDPOINT, OLD_KEYS, handler_bindings


@rule("AGTP414", spec="AGTP-API §12.3")
def invalid_handler_map(ctx):
    """`headers`, `input_transform`, `output_transform` or `error_map` is not a table of strings.

    ## What it does
    These four fields of an external service binding are tables whose values
    are strings (header values; field names; error names).

    ## Why is this bad?
    The server refuses a binding whose maps it cannot read.

    ## Example
    ```toml
    headers = ["Authorization: Bearer ${TOKEN}"]
    ```

    ## Use instead
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${TOKEN}"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        for key in ("headers", "input_transform", "output_transform", "error_map", *OLD_KEYS):
            if key not in h:
                continue
            v = h[key]
            if not isinstance(v, dict):
                yield Finding(base + (key,), f"{key} must be a table of strings, not {type_name(v)}")
                continue
            for k, item in v.items():
                if not isinstance(item, str):
                    yield Finding(base + (key, k), f"{key}.{k} must be a string, not "
                                  f"{type_name(item)}")
