"""Pass 8 (schema completeness): input parameter names are snake_case."""
from __future__ import annotations

import re

from ...document.suppressions import declares_wire_names
from ...engine.findings import Finding, Fix, Related, RenameKey, SetValue
from ...engine.incremental_facts import endpoint_fact
from ...engine.registry import rule
from ._jsonschema import deref, input_schema
from ._paths import snake
from ._semantic import name

SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")


# A naming style used this many times in one document is the API's convention, not a slip:
# one finding for the document (the author cannot follow section 7 without renaming the API).
AGGREGATE_AT = 5
# an upper-case run is an acronym inside a name ('ResourceARN', 'WebACLId', 'awsAccountID')
_STYLES = (("camelCase", re.compile(r"^[a-z][a-z0-9]*(?:[A-Z]+[a-z0-9]*)+$")),
           ("PascalCase", re.compile(r"^(?:[A-Z]+[a-z0-9]+)+[A-Z]*$|^(?:[A-Z]+[a-z0-9]+)*[A-Z]+[a-z0-9]+$")),
           ("kebab-case", re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")),
           ("UPPER_CASE", re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")))


def style_of(key: str) -> str:
    for label, rx in _STYLES:
        if rx.match(key):
            return label
    return "non-snake_case"


@rule("AGIS809", spec="AGIS §7")
def parameter_name_not_snake_case(ctx):
    """An input parameter name is not snake_case (`partySize`, `Party-Size`); an API-wide style is one finding.

    ## What it does
    Checks the property names of each endpoint's input schema (following a
    `$ref` into `schemas`, and into the branches of a top-level `allOf`).
    A shared schema used by several endpoints is reported once, where it is
    defined. When one naming style is the document's convention (5 names or
    more, or the document says `# agis-lint: wire-names`), the style is
    reported once, on its first name, with every other place as related
    information: "this API uses camelCase parameter names (N of them)". The
    document's other non-snake_case names (an acronym style, dotted form
    names) join that one finding: it is one decision about the document.

    ## Why is this bad?
    Section 7: parameter names SHOULD use snake_case. One convention across
    services lets agents map phrases to parameters (section 5.2's
    `parameter_hints` are keyed by these names) without guessing spellings.
    A SHOULD that cannot be followed without breaking an existing API (its wire
    names, e.g. a document converted from OpenAPI) is one decision for the
    document, so it is one finding, not one per parameter.

    ## Example
    ```yaml
    input:
      type: object
      required: [partySize]
      properties:
        partySize: {type: integer}
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
    Unsafe: renaming a parameter changes the API. The fix renames the
    property, its entries in `required` and, for an endpoint's own input, its
    key in `semantic.parameter_hints`. The document-wide finding has no fix:
    renaming an API's wire names is a new API.

    The rule reads the whole document (the count is the document's), so it is not
    re-run endpoint by endpoint (`per_endpoint` is off); what each endpoint contributes
    (its non-snake_case names) is a per-endpoint fact the server keeps between versions
    (`engine.incremental_facts`), so a keystroke inside an endpoint reads that endpoint's
    input schema alone.
    """
    found = list(_non_snake(ctx))
    wire = declares_wire_names(ctx.doc.text, ctx.doc.syntax)
    groups: dict = {}
    for f in found:
        groups.setdefault(style_of(f[1]), []).append(f)
    if not wire and all(len(items) < AGGREGATE_AT for items in groups.values()):
        for at, key, new, fixes, where in found:
            use = f"; use '{new}'" if new and SNAKE.match(new) else ""
            yield Finding(at, f"parameter '{key}' in {where} is not snake_case{use} (section 7)",
                          part="key", fixes=fixes)
        return
    if found:
        yield _api_wide(found, groups, wire)


def _api_wide(found: list, groups: dict, wire: bool) -> Finding:
    """One finding for the document: its main naming style (and any other non-snake_case names),
    on the first name of that style, every other place as related information."""
    label, items = max(groups.items(), key=lambda kv: (len(kv[1]), kv[0] != "non-snake_case"))
    at, key = items[0][0], items[0][1]
    names = sorted({i[1] for i in items})
    shown = ", ".join(f"'{n}'" for n in names[:3]) + (", ..." if len(names) > 3 else "")
    others = [f"{len(v)} {k} name{'s' if len(v) > 1 else ''}"
              for k, v in sorted(groups.items(), key=lambda kv: -len(kv[1])) if k != label]
    more = f", and {' and '.join(others)}" if others else ""
    why = ("they are the wire names of an existing API (# agis-lint: wire-names), so renaming them "
           "changes the API" if wire else "renaming them changes the API")
    return Finding(at, f"this API uses {label} parameter names ({len(items)} of them: {shown}){more}; "
                       f"section 7 asks for snake_case, and {why}",
                   part="key",
                   related=[Related(i[0], f"'{i[1]}' in {i[4]}", "key") for i in found if i[0] != at])


def _non_snake(ctx):
    """(path, name, snake_case name, fixes, where) for every input parameter name not in
    snake_case, endpoint by endpoint; a shared schema's names once, for the first endpoint
    that uses it."""
    seen: set = set()
    for names in non_snake_names(ctx):
        for found in names:
            if found[0] not in seen:
                seen.add(found[0])
                yield found


@endpoint_fact("agis.non-snake-parameter-names")
def non_snake_names(ctx, ep) -> tuple:
    """(path, name, snake_case name, fixes, where) for each input parameter name of one
    endpoint not in snake_case, its input's shared schemas' names included."""
    schema, path = input_schema(ctx, ep)
    if not isinstance(schema, dict):
        return ()
    out, seen = [], set()
    own = path == ep.field_path("input")
    branches = [(schema, path)]
    if isinstance(schema.get("allOf"), list):
        branches += [deref(ctx, sub, path + ("allOf", i)) for i, sub in enumerate(schema["allOf"])]
    for node, node_path in branches:
        props = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(props, dict):
            continue
        for key in props:
            if not isinstance(key, str) or SNAKE.match(key):
                continue
            at = tuple(node_path) + ("properties", key)
            if at in seen:
                continue
            seen.add(at)
            new = snake(key)
            fixes = []
            if new and SNAKE.match(new) and new not in props:
                ops = [RenameKey(at, new)]
                req = node.get("required")
                if isinstance(req, list):
                    ops += [SetValue(tuple(node_path) + ("required", i), new)
                            for i, r in enumerate(req) if r == key]
                hints = (ep.body.get("semantic") or {}).get("parameter_hints") \
                    if isinstance(ep.body.get("semantic"), dict) else None
                if own and isinstance(hints, dict) and key in hints and new not in hints:
                    ops.append(RenameKey(ep.field_path("semantic", "parameter_hints", key), new))
                fixes.append(Fix(f"Rename to '{new}'", False, ops))
            where = f"input of {name(ep)}" if own else f"input schema {_describe(node_path)} " \
                f"(used by {name(ep)})"
            out.append((at, key, new, fixes, where))
    return tuple(out)


def _describe(path) -> str:
    from ...document import format_path
    return format_path(tuple(path))
