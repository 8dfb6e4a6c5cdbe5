"""Pass 8 (schema completeness): input parameter names are snake_case."""
from __future__ import annotations

import re

from ...engine.model import Finding, Fix, RenameKey, SetValue
from ...engine.registry import rule
from ._jsonschema import deref, input_schema
from ._paths import snake
from ._semantic import endpoints, name

SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")


@rule("AGIS809", "parameter-name-not-snake-case", per_endpoint=True, pass_no=8, spec="AGIS §7")
def parameter_name_not_snake_case(ctx):
    """An input parameter name is not snake_case (`partySize`, `Party-Size`).

    ## What it does
    Checks the property names of each endpoint's input schema (following a
    `$ref` into `schemas`, and into the branches of a top-level `allOf`).
    A shared schema used by several endpoints is reported once, where it is
    defined.

    ## Why is this bad?
    Section 7: parameter names SHOULD use snake_case. One convention across
    services lets agents map phrases to parameters (section 5.2's
    `parameter_hints` are keyed by these names) without guessing spellings.

    ## Example
    ```yaml
    input:
      type: object
      required: [partySize]
      properties:
        partySize: {type: integer}
    ```

    ## Use instead
    ```yaml
    input:
      type: object
      required: [party_size]
      properties:
        party_size: {type: integer}
    ```

    ## Fix safety
    Unsafe: renaming a parameter changes the API. The fix renames the
    property, its entries in `required` and, for an endpoint's own input, its
    key in `semantic.parameter_hints`.
    """
    seen: set = set()
    focus = ctx.focus    # re-checking some endpoints: the shared schemas' findings are kept as they
    for ep in endpoints(ctx):   # were (they follow from the frame and every endpoint's references)
        schema, path = input_schema(ctx, ep)
        if not isinstance(schema, dict):
            continue
        own = path == ep.field_path("input")
        branches = [(schema, path)]
        if isinstance(schema.get("allOf"), list):
            branches += [deref(ctx, sub, path + ("allOf", i)) for i, sub in enumerate(schema["allOf"])]
        for node, node_path in branches:
            if focus is not None and tuple(node_path)[:1] != ("endpoints",):
                continue
            props = node.get("properties") if isinstance(node, dict) else None
            if not isinstance(props, dict):
                continue
            for key in props:
                if not isinstance(key, str) or SNAKE.match(key):
                    continue
                at = tuple(node_path) + ("properties", key)
                if at in seen:
                    continue
                seen.add(at)
                new = snake(key)
                fixes = []
                if new and SNAKE.match(new) and new not in props:
                    ops = [RenameKey(at, new)]
                    req = node.get("required")
                    if isinstance(req, list):
                        ops += [SetValue(tuple(node_path) + ("required", i), new)
                                for i, r in enumerate(req) if r == key]
                    hints = (ep.body.get("semantic") or {}).get("parameter_hints") \
                        if isinstance(ep.body.get("semantic"), dict) else None
                    if own and isinstance(hints, dict) and key in hints and new not in hints:
                        ops.append(RenameKey(ep.field_path("semantic", "parameter_hints", key), new))
                    fixes.append(Fix(f"Rename to '{new}'", False, ops))
                where = f"input of {name(ep)}" if own else f"input schema {_describe(node_path)} " \
                    f"(used by {name(ep)})"
                use = f"; use '{new}'" if new and SNAKE.match(new) else ""
                yield Finding(at, f"parameter '{key}' in {where} is not snake_case{use} (section 7)",
                              part="key", fixes=fixes)


def _describe(path) -> str:
    from ...document import format_path
    return format_path(tuple(path))
