"""AGTP401: the handler's binding kind (AGTP-API section 12)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import HANDLER_KINDS
from .._common import close_matches, type_name
from ._shared import ENDPOINT, handler_bindings


# The fields a binding of each kind cannot do without (section 12.1-12.3); a reference
# binding may name its function or recipe in the older `reference` key.
_COMPLETE = {"registered_function": ("function",), "composition": ("recipe",),
             "external_service": ("url", "method")}


def _has_fields(h: dict, kind: str) -> bool:
    return all(f in h or (f in ("function", "recipe") and "reference" in h) for f in _COMPLETE[kind])


@rule("AGTP401", spec="AGTP-API §6.3, §12")
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
    Unsafe: a guess. The fix offers the kind whose fields the handler already has
    (`function`, `recipe`, or `url` and `method`), the nearest spelling first; when the
    fields fit no kind, there is no fix (a new type would only reveal missing fields).
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
            fit = [k for k in HANDLER_KINDS if _has_fields(h, k)]
            sugg = [s for s in sugg if s in fit] or (fit if len(fit) == 1 else [])
            fixes = [Fix(f"Use '{s}'", False, [SetValue(base + ("type",), s)]) for s in sugg]
            shown = repr(t) if isinstance(t, str) else type_name(t)
            yield Finding(base + ("type",), f"handler type {shown} is not a binding kind; use "
                          "registered_function, composition or external_service (section 12)",
                          fixes=fixes)
