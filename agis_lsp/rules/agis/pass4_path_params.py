"""Pass 4 (path syntax): every `{param}` of a path is an input property (section 4.4(d)(f))."""
from __future__ import annotations

from ...engine.findings import AddKey, Append, Finding, Fix
from ...engine.registry import rule
from ._jsonschema import input_parameters, input_schema
from ._paths import path_info


@rule("AGIS409", spec="AGIS §4.4(d)(f), §7", visits="endpoint")
def undeclared_path_parameter(ctx, ep):
    """A path parameter (`/reservation/{id}`) is not a property of the endpoint's input.

    ## What it does
    Compares every `{name}` of the path with the names the endpoint's input
    declares: the `properties` of its JSON Schema (following a `$ref` into
    `schemas` and the branches of a top-level `allOf`) or the names of the
    draft's shorthand (`required:` / `optional:` lists). Reported only when
    the input can be read; an endpoint without an input, or whose properties
    cannot be enumerated, is left to the rules of pass 8.

    ## Why is this bad?
    Section 4.4(d) makes `{id}` a parameter and 4.4(f) says "variable inputs
    are defined in the JSON Schema input block": a parameter that no input
    property declares has no type, no description and no validation, and an
    agent building the call does not know it must supply it. AGTP-API section
    5.3 makes the same mistake fail registration (AGTP206).

    ## Example
    ```yaml
    - method: CANCEL
      path: /reservation/{reservation_id}
      input:
        type: object
        properties:
          reason: {type: string}
    ```

    ## Use instead
    ```yaml
    - method: CANCEL
      path: /reservation/{reservation_id}
      input:
        type: object
        required: [reservation_id]
        properties:
          reservation_id: {type: string}
          reason: {type: string}
    ```

    ## Fix safety
    Unsafe: the fix declares a required string property, a guess at its type.
    Offered only for an endpoint's own input schema with a `properties` block.
    """
    info = path_info(ep)
    if info is None:
        return
    params = [s.text[1:-1] for s in info.segments if s.kind == "param"]
    if not params:
        return
    declared = input_parameters(ctx, ep)
    if declared is None:
        return
    loc, part = ep.path_loc
    for name in dict.fromkeys(params):
        if name in declared:
            continue
        yield Finding(loc, f"path parameter '{{{name}}}' of '{ep.path}' is not a property of the endpoint's "
                      "input; declare it in the input schema (sections 4.4(d), 4.4(f))", part=part,
                      fixes=_declare(ctx, ep, name))


def _declare(ctx, ep, name: str) -> list:
    schema, path = input_schema(ctx, ep)
    if path != ep.field_path("input") or not isinstance(schema, dict) \
            or not isinstance(schema.get("properties"), dict):
        return []
    ops = [AddKey(path + ("properties",), name, {"type": "string"})]
    required = schema.get("required")
    if isinstance(required, list):
        ops.append(Append(path + ("required",), name))
    elif required is None:
        ops.append(AddKey(path, "required", [name]))
    else:
        return []
    return [Fix(f"Declare '{name}' as a required string property of the input", False, ops)]
