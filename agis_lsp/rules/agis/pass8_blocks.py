"""Pass 8 (schema completeness): every endpoint has input, output and errors."""
from __future__ import annotations


from ...engine.model import Finding, Fix, RenameKey
from ...engine.registry import rule
from .._text import close_matches
from ._semantic import anchor, endpoints, name

BLOCKS = ("input", "output", "errors")
_WHAT = {
    "input": "a JSON Schema of its parameters (an endpoint without any: {type: object})",
    "output": "a JSON Schema of a successful response",
    "errors": "a list of its named error conditions",
}
_SYNONYMS = {"parameters": "input", "params": "input", "request": "input", "arguments": "input",
             "args": "input", "response": "output", "responses": "output", "result": "output",
             "returns": "output", "error": "errors", "failures": "errors"}
_KNOWN = ("method", "path", "semantic", "input", "output", "errors", "deprecated", "proposed")


@rule("AGIS801", "missing-schema-block", pass_no=8, spec="AGIS §7, §8.4 pass 8")
def missing_schema_block(ctx):
    """An endpoint lacks its `input`, `output` or `errors` block.

    ## What it does
    Checks that every endpoint declares `input`, `output` and `errors` with a
    value (an empty `input:` counts as missing). When the endpoint has a key
    that looks like the missing block (`inputs`, `response`, `parameters`),
    the message names it.

    ## Why is this bad?
    Section 7: every AGIS endpoint MUST include the input and output JSON
    Schema blocks and the errors array; pass 8 of section 8.4 verifies they
    are there. Without them an agent cannot build a call or read its result,
    and the MCP bridge cannot produce an `inputSchema` (appendix C(c)).

    ## Example
    ```yaml
    - method: FIND
      path: /restaurants
      semantic: {...}
      input:
        type: object
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /restaurants
      semantic: {...}
      input:
        type: object
      output:
        type: object
        properties:
          restaurants: {type: array}
      errors:
        - name: invalid_location
          description: "The location could not be resolved"
    ```

    ## Fix safety
    Renaming a misspelt key (`inputs` to `input`) is unsafe: the key may mean
    something else. Missing blocks have no fix: only the author knows the
    contract.
    """
    for ep in endpoints(ctx):
        body = ep.body
        for block in BLOCKS:
            if body.get(block) is not None:
                continue
            present = block in body
            if present:
                yield Finding(ep.field_path(block), f"{block} of {name(ep)} is empty; give {_WHAT[block]} "
                              "(section 7)", part="key")
                continue
            guess = _look_alike(body, block)
            fixes, hint = [], ""
            if guess:
                hint = f"; is '{guess}' meant to be '{block}'?"
                fixes.append(Fix(f"Rename '{guess}' to '{block}'", False,
                                 [RenameKey(ep.field_path(guess), block)]))
            loc, part = anchor(ep)
            yield Finding(loc, f"endpoint {name(ep)} has no {block}; give {_WHAT[block]}{hint} "
                          "(section 7)", part=part, fixes=fixes)


def _look_alike(body: dict, block: str) -> str | None:
    for key in body:
        if not isinstance(key, str) or key in _KNOWN:
            continue
        norm = key.lower().replace("-", "_")
        if _SYNONYMS.get(norm) == block or close_matches(norm, [block]):
            return key
    return None
