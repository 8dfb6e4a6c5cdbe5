"""ADP capability detail documents (§5)."""
from __future__ import annotations

from ...engine.findings import Finding
from ...engine.registry import rule

KINDS = ("adp-capability",)


@rule("AGDP208", spec="ADP 1.0 §5")
def parameter_without_example(ctx):
    """A parameter of a capability detail document has no `example`.

    ## What it does
    Checks every entry of `parameters` for an `example` (name, type,
    description and required are AGDP101's).

    ## Why is this bad?
    ADP §5: the detail document carries "everything an agent needs to call
    it", and lists parameters "with name, type, description, required,
    example". An example is what lets an agent format a value correctly
    (dates, identifiers).

    ## Example
    ```json
    {"name": "to", "type": "string", "description": "Recipient address", "required": true}
    ```

    ## Use instead
    ```json
    {"name": "to", "type": "string", "description": "Recipient address", "required": true,
     "example": "ada@example.com"}
    ```

    ## Fix safety
    No fix.
    """
    params = ctx.data.get("parameters") if isinstance(ctx.data, dict) else None
    for i, p in enumerate(params if isinstance(params, list) else []):
        if isinstance(p, dict) and "example" not in p:
            yield Finding(("parameters", i), f"parameter '{p.get('name', i)}' has no 'example' "
                          "(ADP §5)", part="key")
