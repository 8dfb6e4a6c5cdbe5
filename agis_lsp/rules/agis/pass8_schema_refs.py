"""Pass 8 (schema completeness): AGIS803, `$ref`s that lead nowhere."""
from __future__ import annotations

from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ._jsonschema import missing_ref_hint, resolve_ref
from ._pass8_schemas import place, schema_places


@rule("AGIS803", spec="AGIS §7, §8.1")
def unresolved_schema_ref(ctx):
    """A `$ref` in a schema points at nothing (`#/schemas/restaurnt`).

    ## What it does
    Resolves every `$ref` in each endpoint's `input` and `output` and in the
    shared `schemas`: `#/schemas/NAME...` against the document's top-level
    `schemas`, other `#/...` pointers within the schema first and then the
    whole document, and `#name` against `$anchor`s. References to other
    files or URLs are not followed.

    ## Why is this bad?
    Section 8.1 provides `schemas` for definitions shared by endpoints; a
    reference that resolves to nothing leaves the contract undefined, and
    section 12 requires runtimes to validate schemas before use, so the
    endpoint cannot be called.

    ## Example
    ```yaml
    output:
      type: array
      items: {$ref: "#/schemas/restaurnt"}
    schemas:
      restaurant: {type: object}
    ```

    ## Use instead
    ```yaml
    output:
      type: array
      items: {$ref: "#/schemas/restaurant"}
    ```

    ## Fix safety
    Unsafe: replacing the reference with the closest existing schema name
    (or adding the missing `/schemas/` or `/`) is a guess.

    ## Decision
    The draft does not say how endpoint schemas reference `schemas`; we read
    `#/schemas/NAME` as a JSON pointer into the AGIS document, which is what
    the `$ref` would mean if the document were one JSON resource.
    """
    for path, value, label, ep, nodes in schema_places(ctx):
        if not isinstance(value, dict):
            continue
        for rel, node in nodes:
            ref = node.get("$ref")
            if not isinstance(ref, str):
                continue
            hit = resolve_ref(ref, ctx.data, value, path)
            if hit is not None:
                continue
            why, fixed = missing_ref_hint(ref, ctx.data)
            at = path + rel + ("$ref",)
            fixes = [Fix(f"Use '{fixed}'", False, [SetValue(at, fixed)])] if fixed else []
            hint = f"; did you mean '{fixed}'?" if fixed else ""
            yield Finding(at, f"$ref '{ref}' in {place(label, rel)} does not resolve: {why}{hint} (section 7)",
                          fixes=fixes)
