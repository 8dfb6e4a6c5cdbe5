"""AGTP32x: input and output contracts (JSON Schema 2020-12 or the reference field lists)."""
from __future__ import annotations

from functools import lru_cache

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: jsonschema costs ~90 ms to import
    from jsonschema import Draft202012Validator

from ...document.preview import preview
from ...engine.findings import AddKey, Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats.agtp.vocabulary import FIELD_TYPES
from ..agis._jsonschema import fast_valid
from ._common import close_matches, type_name

ENDPOINTS = ("agtp-endpoint", "agtp-manifest")
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
TYPE_SYNONYMS = {"str": "string", "text": "string", "int": "integer", "float": "number",
                 "double": "number", "decimal": "number", "bool": "boolean", "dict": "object",
                 "map": "object", "list": "array"}


@lru_cache(maxsize=1)
def _meta() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


@rule("AGTP320", spec="AGTP-API §6.3, §13.3", visits="endpoint")
def input_schema_not_strict(ctx, ep):
    """`input_schema` is not an object schema with `additionalProperties: false`.

    ## What it does
    Checks that `input_schema` declares `"type": "object"` and sets
    `"additionalProperties": false` (sections 6.3 and 13.3). Endpoints in the
    reference server's shape (`[[endpoint.input.required]]`) get a strict
    schema built by the server and are not checked.

    ## Why is this bad?
    Input validation is strict by protocol: fields not declared in the schema
    fail with 422. A schema that says otherwise misleads agents reading the
    manifest about what they may send.

    ## Example
    ```toml
    [endpoint.input_schema]
    type = "object"
    properties = { guest_id = { type = "string" } }
    ```

    ## Use instead
    ```toml
    [endpoint.input_schema]
    type = "object"
    properties = { guest_id = { type = "string" } }
    additionalProperties = false
    ```

    ## Fix safety
    Safe: section 13.3 makes servers validate inputs with
    `additionalProperties: false` whatever the schema says, so the fix states
    the behaviour the server already has. Adding a missing `type = "object"` is
    safe for the same reason.
    """
    s = ep.input_schema
    if s is None:
        return
    base = ep.p("input_schema")
    t = s.get("type")
    if t != "object":
        fixes = []
        if "type" not in s:
            fixes.append(Fix('Add type = "object"', True, [AddKey(base, "type", "object")]))
        yield Finding(base + (("type",) if "type" in s else ()),
                      "input_schema must declare type \"object\" (section 6.3)"
                      + (f", not {preview(t)}" if "type" in s else ""),
                      part="value" if "type" in s else "key", fixes=fixes)
    ap = s.get("additionalProperties", None)
    if ap is not False:
        if "additionalProperties" in s:
            fixes = [Fix("Set additionalProperties = false", True,
                         [SetValue(base + ("additionalProperties",), False)])]
            yield Finding(base + ("additionalProperties",), "input_schema must set "
                          "additionalProperties to false: inputs are validated strictly, "
                          "undeclared fields fail with 422 (section 13.3)", fixes=fixes)
        else:
            yield Finding(base, "input_schema must set additionalProperties = false: inputs are "
                          "validated strictly, undeclared fields fail with 422 (section 13.3)",
                          part="key", fixes=[Fix("Add additionalProperties = false", True,
                                                 [AddKey(base, "additionalProperties", False)])])


@rule("AGTP321", spec="AGTP-API §6.3, §13.3", visits="endpoint")
def output_schema_not_open(ctx, ep):
    """`output_schema` does not set `additionalProperties: true`.

    ## What it does
    Reports an `output_schema` whose `additionalProperties` is absent or not
    `true`.

    ## Why is this bad?
    Section 6.3 recommends (SHOULD) `additionalProperties: true` so handlers
    can return forward-compatible fields without a contract change. Strict
    output validation is a legitimate deployment choice, hence the low default
    severity.

    ## Example
    ```toml
    [endpoint.output_schema]
    type = "object"
    properties = { reservation_id = { type = "string" } }
    ```

    ## Use instead
    ```toml
    [endpoint.output_schema]
    type = "object"
    properties = { reservation_id = { type = "string" } }
    additionalProperties = true
    ```

    ## Fix safety
    Adding the missing key is safe (JSON Schema already admits additional
    properties when the keyword is absent). Changing an explicit `false` is
    unsafe: it undoes a deliberate choice.
    """
    s = ep.output_schema
    if s is None or s.get("additionalProperties") is True:
        return
    base = ep.p("output_schema")
    if "additionalProperties" in s:
        yield Finding(base + ("additionalProperties",), "output_schema should set "
                      "additionalProperties to true so handlers can add fields without a "
                      "contract change (section 13.3)",
                      fixes=[Fix("Set additionalProperties = true", False,
                                 [SetValue(base + ("additionalProperties",), True)])])
    else:
        yield Finding(base, "output_schema should set additionalProperties = true so handlers "
                      "can add fields without a contract change (section 13.3)", part="key",
                      fixes=[Fix("Add additionalProperties = true", True,
                                 [AddKey(base, "additionalProperties", True)])])


def _schema_errors(schema, base):
    # the common, valid schema spares jsonschema (~2 ms an endpoint file): fast_valid answers
    # True only for a schema valid even with the regex format checked, so valid here too
    if fast_valid(schema):
        return
    for err in sorted(_meta().iter_errors(schema), key=lambda e: list(map(str, e.absolute_path))):
        path = base + tuple(err.absolute_path)
        yield Finding(path, f"not a valid JSON Schema (draft 2020-12): {err.message}")


@rule("AGTP322", spec="AGTP-API §6.3, §13.2", visits="endpoint")
def invalid_json_schema(ctx, ep):
    """An input or output schema is not a valid JSON Schema 2020-12 document.

    ## What it does
    Validates `input_schema`, `output_schema` and the `schema` tables of
    reference-shape field declarations against the draft 2020-12
    meta-schema; reports a `$schema` naming another draft, and `required`
    names that an `additionalProperties: false` schema does not declare (no
    input could ever satisfy them).

    ## Why is this bad?
    Section 13.2: the server checks at start-up that schemas are syntactically
    valid and refuses the endpoint otherwise; agents cannot validate against a
    broken schema.

    ## Example
    ```toml
    [endpoint.input_schema]
    type = "obj"
    required = "guest_id"
    ```

    ## Use instead
    ```toml
    [endpoint.input_schema]
    type = "object"
    required = ["guest_id"]
    ```

    ## Fix safety
    No fix.
    """
    for key in ("input_schema", "output_schema"):
        s = ep.body.get(key)
        if not isinstance(s, dict):
            continue
        base = ep.p(key)
        yield from _schema_errors(s, base)
        ds = s.get("$schema")
        if isinstance(ds, str) and ds.rstrip("#") != DRAFT_2020_12:
            yield Finding(base + ("$schema",), f"{key}.$schema names {preview(ds)}; AGTP-API schemas "
                          f"are JSON Schema draft 2020-12 ({DRAFT_2020_12})")
        props = s.get("properties")
        req = s.get("required")
        if s.get("additionalProperties") is False and isinstance(props, dict) and \
                isinstance(req, list):
            for i, name in enumerate(req):
                if isinstance(name, str) and name not in props:
                    yield Finding(base + ("required", i), f"{key} requires '{name}' but does "
                                  "not declare it in properties, and additionalProperties is "
                                  "false: no input can satisfy it")
    for p in ep.inputs + ep.outputs:
        if p.part != "value":
            continue
        item = ctx.doc.get(p.path)
        if isinstance(item, dict) and isinstance(item.get("schema"), dict):
            yield from _schema_errors(item["schema"], p.path + ("schema",))


def _field_items(ep):
    block = ep.body.get("input")
    if isinstance(block, dict):
        for k in ("required", "optional"):
            for i, item in enumerate(block.get(k) if isinstance(block.get(k), list) else []):
                yield ep.p("input", k, i), item
    out = ep.body.get("output")
    for i, item in enumerate(out if isinstance(out, list) else []):
        yield ep.p("output", i), item


def _enum_matches(value, t) -> bool:
    return {"string": lambda v: isinstance(v, str),
            "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
            "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
            "boolean": lambda v: isinstance(v, bool)}.get(t, lambda v: True)(value)


@rule("AGTP323", spec="AGTP-API §6.1 (reference server shape)", visits="endpoint")
def invalid_field_declaration(ctx, ep):
    """A `[[endpoint.input.*]]` or `[[endpoint.output]]` entry is malformed.

    ## What it does
    In the reference server's shape each field is a table with `name`, `type`
    (one of string, integer, number, boolean, object, array) and
    `description`, and optionally `format` (a string), `enum` (a non-empty
    array of values of the field's type) and `schema` (a JSON Schema table for
    nested shapes).

    ## Why is this bad?
    The server builds the endpoint's JSON Schema from these entries; a missing
    name or an unknown type makes registration fail, and an `enum` of the
    wrong type rejects every input.

    ## Example
    ```toml
    [[endpoint.input.required]]
    name = "nights"
    type = "int"
    ```

    ## Use instead
    ```toml
    [[endpoint.input.required]]
    name = "nights"
    type = "integer"
    description = "Number of nights to book."
    ```

    ## Fix safety
    Replacing a common synonym (`int`, `str`, `bool`, `float`, `dict`,
    `list`) by its JSON Schema type name is safe; other suggestions are
    unsafe.
    """
    for path, item in _field_items(ep):
        if not isinstance(item, dict):
            continue
        name = item.get("name")
        label = f"field '{name}'" if isinstance(name, str) and name.strip() else "the field"
        if not isinstance(name, str) or not name.strip():
            yield Finding(path, "a field declaration needs a non-empty string 'name'",
                          part="key" if "name" not in item else "value")
        elif "name" in item and (" " in name or "{" in name):
            yield Finding(path + ("name",), f"field name {preview(name)} contains spaces or braces")
        t = item.get("type")
        if "type" not in item and "schema" not in item:
            yield Finding(path, f"{label} needs a 'type' ({', '.join(FIELD_TYPES)})",
                          part="key")
        elif "type" in item and t not in FIELD_TYPES:
            fixes = []
            if isinstance(t, str) and t.lower() in TYPE_SYNONYMS:
                good = TYPE_SYNONYMS[t.lower()]
                fixes.append(Fix(f"Use '{good}'", True, [SetValue(path + ("type",), good)]))
            elif isinstance(t, str) and t.lower() in FIELD_TYPES:
                fixes.append(Fix(f"Use '{t.lower()}'", True, [SetValue(path + ("type",), t.lower())]))
            elif isinstance(t, str):
                fixes += [Fix(f"Use '{s}'", False, [SetValue(path + ("type",), s)])
                          for s in close_matches(t, FIELD_TYPES, 1)]
            shown = repr(t) if isinstance(t, str) else type_name(t)
            yield Finding(path + ("type",), f"field type {shown} must be one of "
                          f"{', '.join(FIELD_TYPES)}", fixes=fixes)
        if "description" not in item:
            yield Finding(path, f"{label} has no description; agents read it to fill the "
                          "field", part="key")
        elif not isinstance(item["description"], str):
            yield Finding(path + ("description",), "a field description must be a string")
        if "format" in item and not isinstance(item["format"], str):
            yield Finding(path + ("format",), "format must be a string (e.g. \"uuid\", \"date\")")
        if "enum" in item:
            e = item["enum"]
            if not isinstance(e, list) or not e:
                yield Finding(path + ("enum",), "enum must be a non-empty array of values")
            elif t in FIELD_TYPES:
                for i, v in enumerate(e):
                    if not _enum_matches(v, t):
                        yield Finding(path + ("enum", i), f"enum value {preview(v)} is not of the "
                                      f"field's type {t}")
        if "schema" in item and not isinstance(item["schema"], dict):
            yield Finding(path + ("schema",), "schema must be a JSON Schema table")


@rule("AGTP324", spec="AGTP-API §6.1", visits="endpoint")
def duplicate_field_name(ctx, ep):
    """Two input fields (or two output fields) have the same name.

    ## What it does
    Reports a field name declared twice among the inputs (required and
    optional together) or among the outputs.

    ## Why is this bad?
    A JSON Schema object has one property per name: the second declaration
    silently replaces the first, or the server refuses the endpoint.

    ## Example
    ```toml
    [[endpoint.input.required]]
    name = "guest_id"
    [[endpoint.input.optional]]
    name = "guest_id"
    ```

    ## Use instead
    Declare each field once.

    ## Fix safety
    No fix.
    """
    for what, params in (("input", ep.inputs), ("output", ep.outputs)):
        seen: dict = {}
        for p in params:
            if p.name in seen:
                first = seen[p.name]
                yield Finding(p.path, f"{what} field '{p.name}' is declared twice",
                              part=p.part, related=[Related(first.path, "first declared here",
                                                            part=first.part)])
            seen.setdefault(p.name, p)
