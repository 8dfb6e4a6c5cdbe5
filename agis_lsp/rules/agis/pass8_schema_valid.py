"""Pass 8 (schema completeness): AGIS802, schemas are valid JSON Schema draft 2020-12."""
from __future__ import annotations

import re

from ...document.preview import preview
from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ._jsonschema import (KEYWORDS, NONNEG_INT_KW, NUMBER_KW, SCHEMA_ARRAY_KW, SCHEMA_MAP_KW,
                          SIMPLE_TYPES, STRING_KW, meta_errors)
from ._pass8_schemas import place, schema_places
from ._semantic import type_name
from ._shorthand import TYPES

_TYPE_LIST = ", ".join(sorted(SIMPLE_TYPES))


def _required_paths(nodes) -> set:
    """Paths (relative to the schema) of every `required` keyword; AGIS804 owns them."""
    return {p + ("required",) for p, node in nodes if "required" in node}


@rule("AGIS802", spec="AGIS §7, §8.4 pass 8, §12")
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
    for path, value, label, ep, nodes in schema_places(ctx):
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
            yield Finding(path + rel, f"{place(label, _node_of(rel))}: {msg} (section 7)", fixes=fixes)

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
