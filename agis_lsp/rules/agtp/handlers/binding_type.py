"""AGTP401: the handler's binding kind (AGTP-API section 12)."""
from __future__ import annotations

from ....engine.model import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp_kinds import HANDLER_KINDS
from .._common import close_matches, type_name
from ._shared import ENDPOINT, handler_bindings


@rule("AGTP401", "invalid-handler-type", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §6.3, §12")
def invalid_handler_type(ctx):
    """The handler has no `type`, or a type other than the three binding kinds.

    ## What it does
    `handler.type` must be `registered_function`, `composition` or
    `external_service` (section 12).

    ## Why is this bad?
    The server does not know how to realise the endpoint and refuses it.

    ## Example
    ```toml
    [endpoint.handler]
    type = "function"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Unsafe: the suggested kind is a guess by edit distance.
    """
    for ep, h, base in handler_bindings(ctx):
        t = h.get("type")
        if "type" not in h:
            yield Finding(base, "the handler has no 'type' (registered_function, composition or "
                          "external_service)", part="key")
        elif t not in HANDLER_KINDS:
            sugg = close_matches(t, HANDLER_KINDS, 1) if isinstance(t, str) else []
            if isinstance(t, str) and "function" in t.lower() and not sugg:
                sugg = ["registered_function"]
            fixes = [Fix(f"Use '{s}'", False, [SetValue(base + ("type",), s)]) for s in sugg]
            shown = repr(t) if isinstance(t, str) else type_name(t)
            yield Finding(base + ("type",), f"handler type {shown} is not a binding kind; use "
                          "registered_function, composition or external_service (section 12)",
                          fixes=fixes)
