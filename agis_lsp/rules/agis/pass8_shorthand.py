"""Pass 8 (schema completeness): the draft's shorthand contracts, rewritten as JSON Schema."""
from __future__ import annotations

from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ._jsonschema import schema_places
from ._shorthand import Unreadable, shorthand_kind, translate_input, translate_property_map


@rule("AGIS808", spec="AGIS §7, appendix A, appendix C(c)")
def shorthand_schema(ctx):
    """`input`/`output` uses the draft's shorthand instead of JSON Schema (`required: [party_size (integer)]`).

    ## What it does
    Recognises the illustrative notation of the draft's examples:

    * an `input` of the form `{required: [...], optional: [...]}` whose items
      are names with an optional descriptor, e.g.
      `party_size (integer, minimum: 1, maximum: 20)`;
    * fields written without `properties`: `output: {reservation_id, status}`
      (a YAML flow mapping of names), `output: {status: string}`, or a list
      of descriptors `output: [reservation_id (string), status]`.

    The fix rewrites the block as the JSON Schema it stands for.

    ## Why is this bad?
    Section 7 requires input and output to be JSON Schema objects and
    defines required parameters by the JSON Schema `required` array. The
    shorthand is not JSON Schema: `optional` and `party_size (integer)` mean
    nothing to a validator, so runtimes see no parameters, and the MCP
    bridge (appendix C(c)) emits an empty `inputSchema`.

    ## Example
    ```yaml
    input:
      required: [restaurant_id (int), party_size (integer, minimum: 1), datetime (ISO8601)]
      optional: [preferences (string), cuisine]
    ```

    ## Use instead
    ```yaml
    input:
      type: object
      properties:
        restaurant_id: {type: integer}
        party_size: {type: integer, minimum: 1}
        datetime: {type: string, format: date-time}
        preferences: {type: string}
        cuisine: {}
      required: [restaurant_id, party_size, datetime]
    ```

    ## Fix safety
    Safe for the `{required, optional}` input and for output fields: the
    rewrite states in JSON Schema exactly what the shorthand says. Type words
    map to JSON Schema types (`int` -> integer, `float` -> number, `str` ->
    string, `bool` -> boolean, `ISO8601`/`datetime` -> string with format
    date-time, `date`/`uuid`/`email`/`uri` -> string with that format);
    `keyword: value` pairs become constraints (`minimum`, `maximum`,
    `minLength`, `enum`, `format`, `pattern`, ...); other words in the
    parentheses are kept as the property's `description`. For an input
    written as a plain field map the fix is unsafe, since the shorthand does
    not say which parameters are required (the rewrite makes them all
    optional). No fix when an item cannot be read or a name repeats, or when
    the block holds a YAML anchor or alias (the rewrite would expand it).
    Comments inside the block are kept: each goes beside the property its
    item became (`- party_size (integer)  # seats` -> `party_size:  # seats`),
    one whose item left no word in the rewrite goes above the block.

    ## Decision
    A bare name (`cuisine`) becomes `{}` (any value), not `{"type": "string"}`:
    the shorthand gives no type, and a string type would be a guess that
    rejects valid calls. Output fields are not made `required`: the draft's
    output shorthand does not say which fields are always present.
    """
    for path, value, label, ep in schema_places(ctx):
        block = path[-1] if ep is not None else None
        kind = shorthand_kind(block, value)
        if kind is None:
            continue
        try:
            schema = translate_input(value) if kind == "input" else translate_property_map(value)
            problem = None
        except Unreadable as exc:
            schema, problem = None, str(exc)
        safe = not (kind == "map" and block == "input")
        fixes = [Fix(f"Rewrite {label.split(' of ')[0]} as JSON Schema", safe, [SetValue(path, schema)])] \
            if schema is not None else []
        if kind == "input":
            what = "uses the draft's {required, optional} shorthand"
            advice = "write a JSON Schema object with 'properties' and a 'required' array"
        else:
            what = "lists its fields without 'properties'"
            advice = "write a JSON Schema object with type: object and 'properties'"
        if problem:
            advice += f" (cannot rewrite it automatically: {problem})"
        yield Finding(path, f"{label} {what}, which is not JSON Schema; {advice} (section 7)", fixes=fixes)
