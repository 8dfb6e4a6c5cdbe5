"""AGTP404: registered-function handlers, checked without importing anything (AGTP-API section 12.2)."""
from __future__ import annotations

import keyword

from ....engine.findings import Finding
from ....engine.registry import rule
from .._common import type_name
from ._shared import ENDPOINT, handler_bindings, reference_value


def valid_dotted_path(value: str) -> str | None:
    """Why ``value`` is not an importable-looking dotted path (None when it is one)."""
    if not value or value != value.strip():
        return "it is empty or has surrounding spaces"
    if ":" in value:
        return "':' is not part of the dotted form; write module.function"
    parts = value.split(".")
    if len(parts) < 2:
        return "it names no module: write module.function"
    for p in parts:
        if not p.isidentifier():
            return f"'{p}' is not a Python identifier"
        if keyword.iskeyword(p):
            return f"'{p}' is a Python keyword"
    return None


@rule("AGTP404", spec="AGTP-API §12.2")
def invalid_function_path(ctx):
    """A registered function is not a syntactically valid dotted path.

    ## What it does
    Checks that a `registered_function` handler has `function` and that it is
    a dotted path of Python identifiers with at least a module and an
    attribute (`rooms.handlers.book_room`). The module is never imported:
    linting never runs deployment code.

    ## Why is this bad?
    The server imports the module at registration time (section 12.2); a
    malformed path can never resolve and the endpoint is refused.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms/handlers:book_room"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in handler_bindings(ctx, "registered_function"):
        key, value = reference_value(h, "function")
        if key is None:
            yield Finding(base, "a registered_function handler needs 'function', the dotted path "
                          "of the handler (section 12.2)", part="key")
            continue
        if not isinstance(value, str):
            yield Finding(base + (key,), f"handler function must be a dotted path string, not "
                          f"{type_name(value)}")
            continue
        why = valid_dotted_path(value)
        if why:
            yield Finding(base + (key,), f"handler function '{value}' is not a valid dotted path "
                          f"({why}; section 12.2)")
