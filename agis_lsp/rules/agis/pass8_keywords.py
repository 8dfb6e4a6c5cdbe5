"""Pass 8 (schema completeness): AGIS812, keys that are not JSON Schema keywords."""
from __future__ import annotations

from ...engine.findings import Finding, Fix, RenameKey
from ...engine.registry import rule
from .._text import close_matches
from ._jsonschema import KEYWORDS, meta_validator
from ._pass8_schemas import place, schema_places

_OPENAPI = {"nullable": "use \"type: [T, 'null']\" instead",
            "example": "JSON Schema spells it 'examples' (a list)",
            "discriminator": "an OpenAPI keyword; JSON Schema ignores it",
            "readonly": "JSON Schema spells it 'readOnly'", "writeonly": "JSON Schema spells it 'writeOnly'"}


@rule("AGIS812", spec="AGIS §7")
def unknown_schema_keyword(ctx):
    """A schema uses a keyword that JSON Schema draft 2020-12 does not define (`propertes`, `nullable`).

    ## What it does
    Flags keys of input, output and shared schemas that are not draft 2020-12
    keywords (extension keys starting with `x-` are allowed), suggesting the
    keyword that was probably meant. OpenAPI-only keywords (`nullable`,
    `example`, `discriminator`) get a specific hint.

    ## Why is this bad?
    JSON Schema ignores unknown keywords, so a misspelt `propertes` or
    `minimun` silently drops the constraint the author wrote, and agents
    call the endpoint with values it then rejects.

    ## Example
    ```yaml
    input:
      type: object
      propertes:
        party_size: {type: integer, minimun: 1}
    ```

    ## Use instead
    ```yaml
    input:
      type: object
      properties:
        party_size: {type: integer, minimum: 1}
    ```

    ## Fix safety
    Renaming to the suggested keyword is unsafe: it adds a constraint that
    was not in force before, and the suggestion is a guess. No keyword is
    suggested when the value is not valid for it (`steps: object` is close to
    `items`, but `items` takes a schema, not the string "object"): the rename
    would leave an invalid schema (AGIS802) behind.
    """
    known = sorted(KEYWORDS)
    for path, value, label, _ep, nodes in schema_places(ctx):
        if not isinstance(value, dict):
            continue
        for rel, node in nodes:
            for key in node:
                if not isinstance(key, str) or key in KEYWORDS or key.startswith("x-"):
                    continue
                at = path + rel + (key,)
                special = _OPENAPI.get(key.lower())
                close = close_matches(key, known)
                guess = close[0] if close and close[0] not in node and key.lower() != "example" else None
                if guess is not None and not _fits(guess, node[key]):
                    guess = None    # `steps: object` is not an `items` schema: the rename leaves AGIS802
                fixes = [Fix(f"Rename to '{guess}'", False, [RenameKey(at, guess)])] if guess else []
                hint = f"; {special}" if special else f"; did you mean '{guess}'?" if guess else \
                    "; JSON Schema ignores it"
                yield Finding(at, f"'{key}' in {place(label, rel)} is not a JSON Schema keyword{hint} "
                              "(section 7)", part="key", fixes=fixes)


def _fits(keyword: str, value) -> bool:
    """Is ``value`` a valid value of ``keyword`` by the draft 2020-12 meta-schema?"""
    try:
        return not any(True for _ in meta_validator().iter_errors({keyword: value}))
    except Exception:   # a value the validator cannot read (recursion, huge numbers): no guess
        return False
