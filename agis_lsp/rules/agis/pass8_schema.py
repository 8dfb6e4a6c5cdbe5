"""Pass 8 (schema completeness): input and output are valid JSON Schema (draft 2020-12),
their `$ref`s resolve, `required` is a list of the declared properties."""
from __future__ import annotations

import re

from ...document.preview import preview
from ...engine.model import AddKey, Append, Finding, Fix, Remove, RenameKey, SetValue
from ...engine.registry import rule
from .._text import close_matches
from ._jsonschema import (KEYWORDS, NONNEG_INT_KW, NUMBER_KW, SCHEMA_ARRAY_KW, SCHEMA_MAP_KW,
                          SIMPLE_TYPES, STRING_KW, json_schema_places, meta_errors, missing_ref_hint,
                          resolve_ref)
from ._semantic import type_name
from ._shorthand import TYPES

_TYPE_LIST = ", ".join(sorted(SIMPLE_TYPES))


def _places(ctx):
    """Schema places that are JSON Schema (not the draft's shorthand, which AGIS808 reports),
    with their subschema nodes."""
    return json_schema_places(ctx)


def _rel(path: tuple) -> str:
    from ...document import format_path
    return format_path(path) if path else ""


def _at(label: str, rel: tuple) -> str:
    return f"{label} at {_rel(rel)}" if rel else label


def _required_paths(nodes) -> set:
    """Paths (relative to the schema) of every `required` keyword; AGIS804 owns them."""
    return {p + ("required",) for p, node in nodes if "required" in node}


@rule("AGIS802", "invalid-json-schema", pass_no=8, spec="AGIS §7, §8.4 pass 8, §12")
def invalid_json_schema(ctx):
    """`input`, `output` or a shared schema is not valid JSON Schema (draft 2020-12).

    ## What it does
    Validates each endpoint's `input` and `output` and every entry of the
    top-level `schemas` against the JSON Schema draft 2020-12 meta-schema,
    including that every `pattern` is a valid regular expression. Each
    problem is reported where it is, e.g. `type: int` in one property. A
    malformed `required` is AGIS804's.

    ## Why is this bad?
    Section 7 makes JSON Schema the data contract; pass 8 requires "JSON
    Schema validation of referenced schema objects", and section 12 says
    agent runtimes MUST validate these blocks before using them to build
    calls, so an invalid one makes the endpoint unusable.

    ## Example
    ```yaml
    input:
      type: object
      properties:
        party_size: {type: int, minimum: "1"}
    ```

    ## Use instead
    ```yaml
    input:
      type: object
      properties:
        party_size: {type: integer, minimum: 1}
    ```

    ## Fix safety
    Replacing a type alias that JSON Schema does not know (`int`, `str`,
    `float`, `bool`, `dict`, `list`, or a capitalised type) with its JSON
    Schema name is safe: the invalid schema has no other reading. Other
    problems have no fix.

    ## Decision
    AGIS asks for "a JSON Schema object", so a boolean schema (`true`) at the
    top of `input` or `output` is reported too (write `{}` for "anything").
    Unknown keywords are valid JSON Schema and are AGIS812's. A schema of more
    than 50,000 values (a 100,000-item `type` list) is reported once and not
    validated: the meta-schema check is linear but slow (about 30 s for
    100,000 items), and no real contract is that large.
    """
    for path, value, label, ep, nodes in _places(ctx):
        if ep is not None and isinstance(value, bool):
            fixes = [Fix("Write {}", True, [SetValue(path, {})])] if value else []
            yield Finding(path, f"{label} must be a JSON Schema object (a mapping), not the boolean schema "
                          f"{str(value).lower()}" + ("; write {} to accept anything" if value else "")
                          + " (section 7)", fixes=fixes)
            continue
        if not isinstance(value, (dict, bool)):
            yield Finding(path, f"{label} must be a JSON Schema object (a mapping), not {type_name(value)} "
                          "(section 7)")
            continue
        if _size_over(value, MAX_VALIDATED_VALUES):
            yield Finding(path, f"{label} holds more than {MAX_VALIDATED_VALUES:,} values; agis-lint does not "
                          "validate a schema this large against the meta-schema (section 7)")
            continue
        owned = _required_paths(nodes)
        reported: set = set()
        for rel, err in meta_errors(value):
            if rel in reported or any(rel[:len(r)] == r for r in owned):
                continue
            reported.add(rel)
            msg, fixes = _explain(err, rel, path)
            yield Finding(path + rel, f"{_at(label, _node_of(rel))}: {msg} (section 7)", fixes=fixes)


MAX_VALIDATED_VALUES = 50_000


def _size_over(value, limit: int) -> bool:
    """More than ``limit`` values (containers, items, keys) in ``value``? Iterative, stops at the limit."""
    stack, seen, count = [value], set(), 0
    while stack:
        v = stack.pop()
        count += 1
        if count > limit:
            return True
        if isinstance(v, (dict, list)) and id(v) not in seen:
            seen.add(id(v))
            stack.extend(v.values() if isinstance(v, dict) else v)
    return False


def _node_of(rel: tuple) -> tuple:
    """The schema that holds the failing keyword: `properties.a.type` -> `properties.a`."""
    rel = rel[:-1] if rel and isinstance(rel[-1], int) else rel
    if len(rel) >= 2 and rel[-2] in SCHEMA_MAP_KW:
        return rel  # `properties.type`: a property named like a keyword
    return rel[:-1] if rel and isinstance(rel[-1], str) and rel[-1] in KEYWORDS else rel


def _explain(err, rel: tuple, base: tuple):
    """A message (and fixes) for one meta-schema error at ``rel`` inside the schema."""
    inst = err.instance
    shown = preview(inst) if isinstance(inst, str) else type_name(inst)
    if not rel:
        return f"a schema must be a mapping or true/false, not {shown}", []
    kw = rel[-1] if isinstance(rel[-1], str) else None
    parent_kw = rel[-2] if len(rel) > 1 and isinstance(rel[-2], str) else None
    if kw == "type" and parent_kw not in SCHEMA_MAP_KW:
        return _explain_type(inst, base + rel)
    if kw == "items" and isinstance(inst, list):
        return "'items' must be one schema; for a list of schemas use 'prefixItems'", []
    if err.validator == "type" and err.validator_value == ["object", "boolean"]:
        return f"a schema must be a mapping or true/false, not {shown}", []
    if kw in SCHEMA_ARRAY_KW:
        if isinstance(inst, list):
            return f"'{kw}' must list at least one schema", []
        return f"'{kw}' must be a list of schemas, not {shown}", []
    if kw in SCHEMA_MAP_KW and err.validator == "type":
        return f"'{kw}' must be a mapping of names to schemas, not {shown}", []
    if err.validator == "format" and err.validator_value == "regex":
        try:
            re.compile(inst)
            why = ""
        except (re.error, TypeError, RecursionError, OverflowError) as exc:
            why = f" ({exc})"
        return f"{preview(inst)} is not a valid regular expression{why}", []
    if kw in NUMBER_KW:
        return f"'{kw}' must be a number, not {shown}", []
    if kw in NONNEG_INT_KW:
        return f"'{kw}' must be a non-negative integer, not {inst if _plain_number(inst) else shown}", []
    if kw == "multipleOf":
        return f"'multipleOf' must be a number greater than 0, not {inst if _plain_number(inst) else shown}", []
    if kw in STRING_KW:
        return f"'{kw}' must be a string, not {shown}", []
    if kw in ("enum", "examples"):
        return f"'{kw}' must be a list, not {shown}", []
    return err.message, []


def _plain_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _explain_type(inst, at: tuple):
    fixes = []
    if isinstance(inst, str):
        alias = TYPES.get(inst.strip().lower())
        if alias:
            fixes.append(Fix(f"Write type: {alias}", True, [SetValue(at, alias)]))
        use = f"; use '{alias}'" if alias else ""
        return f"type {preview(inst)} is not a JSON Schema type (one of {_TYPE_LIST}){use}", fixes
    if isinstance(inst, list):
        if not inst:
            return "'type' must not be an empty list", []
        bad = [t for t in inst if not (isinstance(t, str) and t in SIMPLE_TYPES)]
        if not bad:
            return "'type' lists a type more than once", \
                [Fix("Remove the repeated types", True, [SetValue(at, list(dict.fromkeys(inst)))])]
        fixed = [TYPES.get(t.strip().lower(), t) if isinstance(t, str) else t for t in inst]
        if all(isinstance(t, str) and t in SIMPLE_TYPES for t in fixed) and len(set(fixed)) == len(fixed):
            fixes.append(Fix(f"Write type: [{', '.join(fixed)}]", True, [SetValue(at, fixed)]))
        names = ", ".join(repr(t) if isinstance(t, str) else type_name(t) for t in bad)
        return f"type list contains {names}, not JSON Schema types (one of {_TYPE_LIST})", fixes
    return f"'type' must be a type name or a list of them, not {type_name(inst)}", []


@rule("AGIS803", "unresolved-schema-ref", pass_no=8, spec="AGIS §7, §8.1")
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
    for path, value, label, ep, nodes in _places(ctx):
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
            yield Finding(at, f"$ref '{ref}' in {_at(label, rel)} does not resolve: {why}{hint} (section 7)",
                          fixes=fixes)


@rule("AGIS804", "required-not-array", pass_no=8, spec="AGIS §7")
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
    for path, value, label, _ep, nodes in _places(ctx):
        if not isinstance(value, dict):
            continue
        by_path = dict(nodes)
        for rel, node in nodes:
            if "required" not in node:
                continue
            req = node["required"]
            at = path + rel + ("required",)
            where = _at(label, rel)
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
                    msg = (f"'required: true' on property '{prop}' is not JSON Schema (draft 2020-12); list "
                           f"'{prop}' in the 'required' array of {_at(label, parent_rel)} instead (section 7)")
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


@rule("AGIS811", "required-unknown-property", pass_no=8, spec="AGIS §7")
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
    for path, value, label, _ep, nodes in _places(ctx):
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
                yield Finding(at, f"{_at(label, rel)} requires '{item}', which is not among its properties"
                              f"{hint} (section 7)", fixes=fixes)


_OPENAPI = {"nullable": "use \"type: [T, 'null']\" instead",
            "example": "JSON Schema spells it 'examples' (a list)",
            "discriminator": "an OpenAPI keyword; JSON Schema ignores it",
            "readonly": "JSON Schema spells it 'readOnly'", "writeonly": "JSON Schema spells it 'writeOnly'"}


@rule("AGIS812", "unknown-schema-keyword", pass_no=8, spec="AGIS §7")
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
    was not in force before, and the suggestion is a guess.
    """
    known = sorted(KEYWORDS)
    for path, value, label, _ep, nodes in _places(ctx):
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
                fixes = [Fix(f"Rename to '{guess}'", False, [RenameKey(at, guess)])] if guess else []
                hint = f"; {special}" if special else f"; did you mean '{guess}'?" if guess else \
                    "; JSON Schema ignores it"
                yield Finding(at, f"'{key}' in {_at(label, rel)} is not a JSON Schema keyword{hint} "
                              "(section 7)", part="key", fixes=fixes)
