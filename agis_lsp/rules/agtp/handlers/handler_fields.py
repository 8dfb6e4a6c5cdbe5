"""AGTP412, AGTP413: handler keys unknown for the binding kind, or an older spelling (AGTP-API section 12)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, Remove, RenameKey
from ....engine.registry import rule
from ....formats.agtp.vocabulary import KIND_KEYS
from .._common import close_matches
from ._shared import ENDPOINT, OLD_KEYS, handler_bindings

REFERENCE_TARGET = {"registered_function": "function", "composition": "recipe",
                    "external_service": "url"}


@rule("AGTP412", spec="AGTP-API §12")
def unknown_handler_field(ctx):
    """The handler has a field its binding kind does not use.

    ## What it does
    Each binding kind reads its own fields: `function` for
    registered_function, `recipe` for composition, and `url`, `method`,
    `headers`, `input_transform`, `output_transform`, `error_map` and
    `timeout_seconds` for external_service. Other keys (including the older
    `reference`, `input_map` and `output_map`, see AGTP413) are reported.

    ## Why is this bad?
    The server ignores them: a `url` on a registered function, or a misspelt
    `timeout_second`, has no effect.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    url = "https://example.com"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Renaming a misspelt key is unsafe (the server starts reading it).
    """
    for ep, h, base in handler_bindings(ctx):
        known = KIND_KEYS.get(ep.handler_type)
        if known is None:
            continue
        for key in h:
            if key in known or key == "reference" or key in OLD_KEYS:
                continue
            other = [k for k, keys in KIND_KEYS.items() if key in keys]
            sugg = close_matches(key, known, 1)
            fixes = [Fix(f"Rename to {sugg[0]}", False, [RenameKey(base + (key,), sugg[0])])] \
                if sugg and sugg[0] not in h else []
            if other:
                msg = (f"'{key}' belongs to {other[0]} bindings and is ignored by a "
                       f"{ep.handler_type} handler")
                fixes = [Fix(f"Remove {key}", False, [Remove(base + (key,))])]
            else:
                msg = f"unknown handler field '{key}' is ignored by the server" + (
                    f"; did you mean '{sugg[0]}'?" if sugg else "")
            yield Finding(base + (key,), msg, part="key", fixes=fixes)


@rule("AGTP413", spec="AGTP-API §12")
def legacy_handler_key(ctx):
    """The handler uses an older key name: `reference`, `input_map` or `output_map`.

    ## What it does
    Reports the generic `reference` (now `function`, `recipe` or `url`
    depending on the binding kind) and `input_map` / `output_map` (now
    `input_transform` / `output_transform`), which the reference server
    still reads with a deprecation warning.

    ## Why is this bad?
    Section 12 names the fields `function`, `recipe`, `url`,
    `input_transform` and `output_transform`; the older names will stop
    working.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    reference = "rooms.handlers.book_room"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Safe: the new key carries the value the server already reads; when both
    names are present the server reads the new one and the old one is removed.
    """
    for ep, h, base in handler_bindings(ctx):
        renames = dict(OLD_KEYS)
        target = REFERENCE_TARGET.get(ep.handler_type)
        if target:
            renames["reference"] = target
        for old, new in renames.items():
            if old not in h:
                continue
            if new in h:
                yield Finding(base + (old,), f"'{old}' is the older name of '{new}', which is also "
                              f"given; the server reads '{new}', remove '{old}'", part="key",
                              fixes=[Fix(f"Remove {old}", True, [Remove(base + (old,))])])
            else:
                yield Finding(base + (old,), f"handler '{old}' is the older name of '{new}'",
                              part="key", fixes=[Fix(f"Rename to {new}", True,
                                                     [RenameKey(base + (old,), new)])])
