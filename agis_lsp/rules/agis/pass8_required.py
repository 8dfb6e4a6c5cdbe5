"""Pass 8 (schema completeness): AGIS804 and AGIS811, a schema's `required` list."""
from __future__ import annotations

from ...document.preview import preview
from ...engine.findings import AddKey, Append, Finding, Fix, Remove, SetValue
from ...engine.registry import rule
from .._text import close_matches
from ._pass8_schemas import place, schema_places
from ._semantic import type_name


@rule("AGIS804", spec="AGIS §7")
def required_not_array(ctx):
    """`required` is not a list of property names (`required: true` on a property, a string, ...).

    ## What it does
    Checks every `required` keyword in input, output and shared schemas: it
    must be a list of distinct strings. The draft-3/OpenAPI habit of writing
    `required: true` inside a property is recognised and moved to the
    parent's list.

    ## Why is this bad?
    Section 7: input MUST distinguish required from optional parameters
    "using the JSON Schema required array". In draft 2020-12 a boolean
    `required` makes the whole schema invalid, so runtimes reject it, and
    agents cannot tell which parameters they must supply.

    ## Example
    ```yaml
    input:
      type: object
      properties:
        party_size: {type: integer, required: true}
        preferences: {type: string, required: false}
    ```

    ## Use instead
    ```yaml
    input:
      type: object
      required: [party_size]
      properties:
        party_size: {type: integer}
        preferences: {type: string}
    ```

    ## Fix safety
    Safe: moving `required: true` to the parent's list, dropping
    `required: false`, wrapping a single name in a list and dropping repeated
    names all keep the meaning the author wrote. Lists with non-string
    entries have no fix.
    """
    for path, value, label, _ep, nodes in schema_places(ctx):
        if not isinstance(value, dict):
            continue
        by_path = dict(nodes)
        for rel, node in nodes:
            if "required" not in node:
                continue
            req = node["required"]
            at = path + rel + ("required",)
            where = place(label, rel)
            if isinstance(req, list):
                strings = [x for x in req if isinstance(x, str)]
                if len(strings) != len(req):
                    bad = next(x for x in req if not isinstance(x, str))
                    yield Finding(at, f"'required' of {where} must list property names (strings), "
                                  f"not {type_name(bad)} (section 7)")
                elif len(set(req)) != len(req):
                    twice = sorted({x for x in req if req.count(x) > 1})
                    dedup = list(dict.fromkeys(req))
                    yield Finding(at, f"'required' of {where} lists {', '.join(repr(t) for t in twice)} "
                                  "more than once (section 7)",
                                  fixes=[Fix("Remove the repeated names", True, [SetValue(at, dedup)])])
                continue
            if isinstance(req, str):
                yield Finding(at, f"'required' of {where} must be a list of property names, not the string "
                              f"{preview(req)}; write [{req}] (section 7)",
                              fixes=[Fix(f"Write [{req}]", True, [SetValue(at, [req])])])
                continue
            parent = _property_parent(rel)
            if isinstance(req, bool) and parent is not None:
                parent_rel, prop = parent
                parent_node = by_path.get(parent_rel)
                fixes = _move_required(path, parent_rel, parent_node, rel, prop, req)
                if req:
                    msg = (f"'required: true' on property '{prop}' is not JSON Schema (draft 2020-12); "
                           f"list '{prop}' in the 'required' array of {place(label, parent_rel)} instead "
                           "(section 7)")
                else:
                    msg = (f"'required: false' on property '{prop}' is not JSON Schema (draft 2020-12); "
                           "properties are optional unless listed in 'required'; remove it (section 7)")
                yield Finding(at, msg, fixes=fixes)
                continue
            yield Finding(at, f"'required' of {where} must be a list of property names, not "
                          f"{type_name(req)} (section 7)")


def _property_parent(rel: tuple):
    """(parent schema path, property name) when ``rel`` is ``parent + ('properties', name)``."""
    if len(rel) >= 2 and rel[-2] == "properties" and isinstance(rel[-1], str):
        return rel[:-2], rel[-1]
    return None


def _move_required(base, parent_rel, parent_node, rel, prop, value: bool):
    remove = Remove(base + rel + ("required",))
    if not value:
        return [Fix("Remove 'required: false'", True, [remove])]
    if not isinstance(parent_node, dict):
        return []
    existing = parent_node.get("required")
    if isinstance(existing, list):
        if prop in existing:
            return [Fix("Remove 'required: true' (already listed)", True, [remove])]
        return [Fix(f"Move '{prop}' to the parent's 'required' list", True,
                    [remove, Append(base + parent_rel + ("required",), prop)])]
    if "required" in parent_node:
        return []
    return [Fix(f"Move '{prop}' to a 'required' list", True,
                [remove, AddKey(base + parent_rel, "required", [prop])])]


@rule("AGIS811", spec="AGIS §7")
def required_unknown_property(ctx):
    """`required` names a property the schema does not declare (often a misspelling).

    ## What it does
    For each schema with both `properties` and a `required` list, reports
    required names missing from `properties`. Schemas that can declare
    properties elsewhere (`patternProperties`, `allOf`/`anyOf`/`oneOf`,
    `$ref`, `if`, `dependentSchemas`) are skipped.

    ## Why is this bad?
    Section 7 uses `required` to say which declared parameters an agent must
    supply. A required name with no declaration has no type for the agent to
    fill, and with `additionalProperties: false` no call can ever be valid.

    ## Example
    ```yaml
    input:
      type: object
      required: [party_sise]
      properties:
        party_size: {type: integer}
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
    Unsafe: replacing the name with the closest declared property is a guess.
    """
    skip = {"patternProperties", "allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas", "$dynamicRef"}
    for path, value, label, _ep, nodes in schema_places(ctx):
        if not isinstance(value, dict):
            continue
        for rel, node in nodes:
            props, req = node.get("properties"), node.get("required")
            if not isinstance(props, dict) or not isinstance(req, list) or skip & set(node):
                continue
            declared = [k for k in props if isinstance(k, str)]
            for i, item in enumerate(req):
                if not isinstance(item, str) or item in props:
                    continue
                close = close_matches(item, [d for d in declared if d not in req])
                at = path + rel + ("required", i)
                fixes = [Fix(f"Require '{close[0]}' instead", False, [SetValue(at, close[0])])] if close else []
                hint = f"; did you mean '{close[0]}'?" if close else "; declare it in 'properties'"
                yield Finding(at, f"{place(label, rel)} requires '{item}', which is not among its properties"
                              f"{hint} (section 7)", fixes=fixes)
