"""Pass 8 (schema completeness): every endpoint has input, output and errors."""
from __future__ import annotations


from ...engine.findings import Finding, Fix, RenameKey
from ...engine.registry import rule
from .._text import close_matches
from ._semantic import anchor, is_mapping, name

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


@rule("AGIS801", spec="AGIS §7, §8.4 pass 8", visits="endpoint")
def missing_schema_block(ctx, ep):
    """An endpoint lacks its `input`, `output` or `errors` block.

    ## What it does
    Checks that every endpoint declares `input`, `output` and `errors` with a
    value (an empty `input:` counts as missing, reported on its key). The
    blocks an endpoint lacks are reported together, in one finding that lists
    them (one unfinished endpoint is one mistake). When the endpoint has a key
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
    if not is_mapping(ctx, ep):
        return
    body = ep.body
    absent = []
    for block in BLOCKS:
        if body.get(block) is not None:
            continue
        if block in body:
            yield Finding(ep.field_path(block), f"{block} of {name(ep)} is empty; give {_WHAT[block]} "
                          "(section 7)", part="key")
        else:
            absent.append(block)
    if absent:
        yield _missing(ep, body, absent)


def _missing(ep, body: dict, absent: list) -> Finding:
    """One finding for all the blocks an endpoint lacks (one mistake: an unfinished endpoint)."""
    fixes, hints = [], []
    for block in absent:
        guess = _look_alike(body, block)
        if guess:
            hints.append(f"is '{guess}' meant to be '{block}'?")
            fixes.append(Fix(f"Rename '{guess}' to '{block}'", False,
                             [RenameKey(ep.field_path(guess), block)]))
    what = absent[0] if len(absent) == 1 else ", ".join(absent[:-1]) + f" or {absent[-1]}"
    give = "; ".join(f"{block}: {_WHAT[block]}" for block in absent) if len(absent) > 1 \
        else _WHAT[absent[0]]
    hint = f"; {' '.join(hints)}" if hints else ""
    loc, part = anchor(ep)
    return Finding(loc, f"endpoint {name(ep)} has no {what}; give {give}{hint} (section 7)",
                   part=part, fixes=fixes, data={"missing": list(absent)})


def _look_alike(body: dict, block: str) -> str | None:
    for key in body:
        if not isinstance(key, str) or key in _KNOWN:
            continue
        norm = key.lower().replace("-", "_")
        if _SYNONYMS.get(norm) == block or close_matches(norm, [block]):
            return key
    return None
