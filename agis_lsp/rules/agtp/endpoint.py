"""AGTP30x: the endpoint primitive of AGTP-API section 6 (fields, types, shapes)."""
from __future__ import annotations

from ...document.preview import preview
from ...engine.findings import AddKey, Finding, Fix, RenameKey
from ...engine.registry import rule
from ...formats.agtp.vocabulary import DEPRECATED_KEYS, ENDPOINT_KEYS, FIELD_KEYS
from ._common import close_matches, lexically_valid, type_name

ENDPOINTS = ("agtp-endpoint", "agtp-manifest")



def _where(ep) -> str:
    return "the endpoint" if ep.source == "toml" else f"endpoints[{ep.index}]"


@rule("AGTP301", spec="AGTP-API §6.2", visits="endpoint")
def missing_endpoint_field(ctx, ep):
    """A field every endpoint must carry is missing.

    ## What it does
    Checks the required fields of section 6.2: `method`, `path`,
    `description`, `semantic`, `errors`, `handler`, and the input and output
    contract. The contract is either `input_schema` and `output_schema` (the
    draft's shape) or the reference server's `[[endpoint.input.required]]`,
    `[[endpoint.input.optional]]` and `[[endpoint.output]]` lists, where an
    absent list means "no fields". Fields may sit at the top level of the file
    or inside an `[endpoint]` table.

    ## Why is this bad?
    The server refuses to register an endpoint without them (section 13.2),
    and agents cannot reason about an endpoint whose contract is incomplete.

    ## Example
    ```toml
    [endpoint]
    method = "BOOK"
    path = "/rooms"
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "BOOK"
    path = "/rooms"
    description = "Books a room for the named guest."
    errors = ["room_unavailable"]
    # plus [endpoint.semantic], the inputs/outputs and [endpoint.handler]
    ```

    ## Fix safety
    A missing `errors` gets `errors = []`, which is safe: an absent list is
    read as empty by the reference server, and the list may be empty (6.3).
    Other fields have no fix.
    """
    body = ep.body
    if not body:
        yield Finding(ep.base, f"{_where(ep)} is empty; an endpoint declares method, path, "
                      "description, semantic, input and output, errors and handler "
                      "(section 6.2)", part="key")
        return
    missing = [k for k in ("method", "path", "description", "semantic", "errors", "handler")
               if k not in body]
    shape = ep.shape
    if shape in ("spec", "mixed", "none") and not ("input" in body or "output" in body):
        missing += [k for k in ("input_schema", "output_schema") if k not in body]
    for key in missing:
        fixes = []
        if key == "errors":
            fixes.append(Fix("Add errors = []", True, [AddKey(ep.base, "errors", [])]))
        extra = ""
        if key in ("input_schema", "output_schema") and shape == "none":
            extra = (" (or declare the fields as [[endpoint.input.required]] / "
                     "[[endpoint.output]] lists)" if ep.source == "toml" else "")
        yield Finding(ep.base, f"{_where(ep)} is missing required field '{key}' "
                      f"(section 6.2){extra}", part="key", fixes=fixes)


def _check_str_list(value, path, what):
    if not isinstance(value, list):
        return [Finding(path, f"{what} must be an array of strings, not {type_name(value)}")]
    return [Finding(path + (i,), f"{what}[{i}] must be a string, not {type_name(v)}")
            for i, v in enumerate(value) if not isinstance(v, str) or not v]


@rule("AGTP302", spec="AGTP-API §6.3, §6.4", visits="endpoint")
def invalid_endpoint_field(ctx, ep):
    """An endpoint field has the wrong type or shape.

    ## What it does
    Checks the types of section 6.3: `method`, `path`, `description` and
    `namespace` are strings (`description` not empty); `semantic` and
    `handler` are tables; `errors` is an array of strings (or, in the
    reference server's shape, an `[endpoint.errors]` table with `list`);
    `required_scopes` is an array of strings; `input_schema` and
    `output_schema` are tables; `input` is a table of `required` /
    `optional` arrays of tables and `output` an array of tables; and the
    `deprecated` block of section 6.4 has a string `deprecated_in`, an optional
    string `removed_in` and an optional `successor` table with a `method`
    and/or a `path`.

    ## Why is this bad?
    The server cannot build the endpoint from ill-typed fields and refuses it.

    ## Example
    ```toml
    [endpoint]
    errors = "room_unavailable"
    ```

    ## Use instead
    ```toml
    [endpoint]
    errors = ["room_unavailable"]
    ```

    ## Fix safety
    No fix.
    """
    b = ep.body
    for key in ("method", "path", "description", "namespace"):
        if key in b and not isinstance(b[key], str):
            yield Finding(ep.p(key), f"{key} must be a string, not {type_name(b[key])}")
    if isinstance(b.get("description"), str) and not b["description"].strip():
        yield Finding(ep.p("description"), "description is empty; describe what the endpoint "
                      "does in one sentence (section 6.3)")
    for key in ("semantic", "handler", "input_schema", "output_schema"):
        if key in b and not isinstance(b[key], dict):
            yield Finding(ep.p(key), f"{key} must be a table, not {type_name(b[key])}")
    if "errors" in b:
        raw = b["errors"]
        if isinstance(raw, dict):
            if "list" not in raw:
                yield Finding(ep.p("errors"), "the errors table must have a 'list' array of "
                              "error names", part="key")
            else:
                yield from _check_str_list(raw["list"], ep.p("errors", "list"), "errors.list")
        else:
            yield from _check_str_list(raw, ep.p("errors"), "errors")
    if "required_scopes" in b:
        yield from _check_str_list(b["required_scopes"], ep.p("required_scopes"), "required_scopes")
    if "input" in b:
        block = b["input"]
        if not isinstance(block, dict):
            yield Finding(ep.p("input"), f"input must be a table with 'required' and "
                          f"'optional' arrays of tables, not {type_name(block)}")
        else:
            for k in ("required", "optional"):
                if k in block and not (isinstance(block[k], list) and
                                       all(isinstance(x, dict) for x in block[k])):
                    yield Finding(ep.p("input", k), f"input.{k} must be an array of tables "
                                  f"([[endpoint.input.{k}]])")
    if "output" in b and not (isinstance(b["output"], list) and
                              all(isinstance(x, dict) for x in b["output"])):
        yield Finding(ep.p("output"), "output must be an array of tables ([[endpoint.output]])")
    if "deprecated" in b:
        yield from _deprecated(ep, b["deprecated"])


def _deprecated(ep, d):
    path = ep.p("deprecated")
    if not isinstance(d, dict):
        yield Finding(path, f"deprecated must be a table, not {type_name(d)}")
        return
    if "deprecated_in" not in d:
        yield Finding(path, "the deprecated block needs 'deprecated_in' (section 6.4)", part="key")
    for key in ("deprecated_in", "removed_in"):
        if key in d and not isinstance(d[key], str):
            yield Finding(path + (key,), f"deprecated.{key} must be a version string, not "
                          f"{type_name(d[key])}")
    if "successor" in d:
        s = d["successor"]
        if not isinstance(s, dict):
            yield Finding(path + ("successor",), "deprecated.successor must be a table with a "
                          "method and/or a path (section 6.4)")
        elif "method" not in s and "path" not in s:
            yield Finding(path + ("successor",), "deprecated.successor names neither a method nor "
                          "a path (section 6.4)")
        else:
            m = s.get("method")
            if "method" in s and not lexically_valid(m):
                yield Finding(path + ("successor", "method"), f"deprecated.successor.method "
                              f"{preview(m)} is not a valid method name (section 3.2)")
            p = s.get("path")
            if "path" in s and not (isinstance(p, str) and p.startswith("/")):
                yield Finding(path + ("successor", "path"), f"deprecated.successor.path {preview(p)} "
                              "must be a path beginning with '/'")


def _unknown(path_of, table, known, what):
    for key in table:
        if key in known:
            continue
        sugg = close_matches(key, known, 1)
        fixes = [Fix(f"Rename to {sugg[0]}", False, [RenameKey(path_of + (key,), sugg[0])])] \
            if sugg and sugg[0] not in table else []
        hint = f"; did you mean '{sugg[0]}'?" if sugg else ""
        yield Finding(path_of + (key,), f"unknown key '{key}' in {what} is ignored by the "
                      f"server{hint}", part="key", fixes=fixes)


@rule("AGTP303", spec="AGTP-API §6")
def unknown_endpoint_field(ctx):
    """A field the endpoint primitive does not define.

    ## What it does
    Reports unknown keys of the endpoint, of its `input` table, of field
    declarations (`name`, `type`, `description`, `format`, `enum`,
    `schema`), of the `deprecated` block, and top-level keys written next to
    an `[endpoint]` table, with the closest known name.

    ## Why is this bad?
    The server ignores unknown fields, so a misspelt field silently loses its
    meaning (`descripton` leaves the endpoint without a description).

    ## Example
    ```toml
    [endpoint]
    descripton = "Books a room."
    ```

    ## Use instead
    ```toml
    [endpoint]
    description = "Books a room."
    ```

    ## Fix safety
    Unsafe: after the rename the server reads a value it ignored before.
    """
    for ep in ctx.view.endpoints:
        yield from _unknown(ep.base, ep.body, ENDPOINT_KEYS, "the endpoint")
        block = ep.body.get("input")
        if isinstance(block, dict):
            yield from _unknown(ep.p("input"), block, ("required", "optional"), "the input table")
        for p in ep.inputs + ep.outputs:
            if p.part == "value":
                item = ctx.doc.get(p.path)
                if isinstance(item, dict):
                    yield from _unknown(p.path, item, FIELD_KEYS, f"the declaration of field '{p.name}'")
        dep = ep.deprecated
        if dep is not None:
            yield from _unknown(ep.p("deprecated"), dep, DEPRECATED_KEYS, "the deprecated block")
            if isinstance(dep.get("successor"), dict):
                yield from _unknown(ep.p("deprecated", "successor"), dep["successor"],
                                    ("method", "path"), "deprecated.successor")
    if ctx.kind == "agtp-endpoint":
        for key in getattr(ctx.view, "stray_keys", ()):
            yield Finding((key,), f"top-level '{key}' is outside the [endpoint] table and is ignored "
                          "by the server; move it into [endpoint]", part="key")


@rule("AGTP304", spec="AGTP-API §6.1", visits="endpoint")
def mixed_schema_shapes(ctx, ep):
    """The endpoint declares its contract in both shapes at once.

    ## What it does
    Reports an endpoint that has `input_schema` / `output_schema` (the draft's
    JSON Schema shape) and also `input` / `output` field lists (the reference
    server's shape).

    ## Why is this bad?
    The two shapes are alternatives; which one a server reads is not specified,
    so the contract agents see may not be the one you reviewed.

    ## Example
    ```toml
    [endpoint.input_schema]
    type = "object"

    [[endpoint.input.required]]
    name = "guest_id"
    ```

    ## Use instead
    Use one of the two shapes.

    ## Fix safety
    No fix.
    """
    if ep.shape != "mixed":
        return
    for spec_key, ref_key in (("input_schema", "input"), ("output_schema", "output")):
        if spec_key in ep.body and ref_key in ep.body:
            yield Finding(ep.p(ref_key), f"the endpoint declares both {spec_key} and "
                          f"{ref_key} lists; use one shape for the contract", part="key")
    if not any(a in ep.body and b in ep.body for a, b in
               (("input_schema", "input"), ("output_schema", "output"))):
        yield Finding(ep.base, "the endpoint mixes input_schema/output_schema with "
                      "input/output field lists; use one shape for the contract", part="key")
