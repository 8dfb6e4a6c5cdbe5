"""Pass 8 (schema completeness): the errors array - shape, specific snake_case names,
descriptions."""
from __future__ import annotations

import re

from ...engine.findings import Finding, Fix, MappingAsList, Related, SetValue
from ...engine.registry import rule
from ._paths import snake
from ._semantic import endpoints, is_mapping, name, type_name

SNAKE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
_GENERIC = re.compile(
    r"^(?:an?_)?(?:generic_|general_|unknown_|other_|misc_|unspecified_|default_|some_)?"
    r"(?:error|err|errors|failure|failed|fail|exception|problem|issue)(?:_\d+|\d+)?$"
    r"|^(?:unknown|other|invalid|bad_request|something_went_wrong|error_occurred|an_error_occurred"
    r"|not_ok|nok|ko)$")


def iter_errors(ctx):
    """(endpoint, index, item path, name path or None, name) for each entry of a list `errors`."""
    for ep in endpoints(ctx):
        errors = ep.body.get("errors")
        if not isinstance(errors, list):
            continue
        for i, item in enumerate(errors):
            at = ep.field_path("errors", i)
            if isinstance(item, str):
                yield ep, i, at, at, item
            elif isinstance(item, dict) and isinstance(item.get("name"), str):
                yield ep, i, at, at + ("name",), item["name"]




@rule("AGIS810", spec="AGIS §7", visits="endpoint")
def invalid_errors_block(ctx, ep):
    """`errors` is not a list of named error conditions, or names one twice.

    ## What it does
    Checks that `errors` is a list whose entries are either a name (a string)
    or a mapping with a string `name` (and optionally `description`), and
    that no name appears twice in one endpoint. A mapping of names to
    descriptions (`errors: {no_results: "..."}`) is recognised and
    rewritten as a list.

    ## Why is this bad?
    Section 7 defines errors as "an array of named error conditions"; each
    MUST be named. Agents read the names to decide how to recover, so an
    unnamed or repeated condition cannot be told apart.

    ## Example
    ```yaml
    errors:
      no_results: "No restaurant matches the criteria"
      invalid_location: "The location could not be resolved"
    ```

    ## Use instead
    ```yaml
    errors:
      - name: no_results
        description: "No restaurant matches the criteria"
      - name: invalid_location
        description: "The location could not be resolved"
    ```

    ## Fix safety
    Rewriting a mapping of names to descriptions (or to nothing) as a list
    is safe: the same names and descriptions. In a YAML block mapping each
    entry is edited in place (`no_results: "..."` becomes `- name: no_results`
    and `description: "..."` below it), so quoting and every comment stay as
    written; a flow mapping, a JSON object or a description on several lines
    is rewritten whole, its comments carried beside their names. No fix is offered when the block holds a YAML anchor or alias
    (the rewrite would expand it). Other problems have no fix.
    """
    if not is_mapping(ctx, ep):
        return
    if "errors" not in ep.body or ep.body["errors"] is None:
        return
    errors = ep.body["errors"]
    path = ep.field_path("errors")
    if isinstance(errors, dict):
        fixes = []
        if errors and all(isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in errors.items()):
            items = [{"name": k, "description": v} if v else k for k, v in errors.items()]
            fixes.append(Fix("Rewrite as a list of named errors", True,
                             [MappingAsList(path, items, "name", "description")]))
        yield Finding(path, f"errors of {name(ep)} must be a list of named error conditions, not a "
                      "mapping; write '- name: ...' entries with a description (section 7)", fixes=fixes)
        return
    if isinstance(errors, str):
        yield Finding(path, f"errors of {name(ep)} must be a list of named error conditions, not a "
                      f"string; write [{errors}] (section 7)",
                      fixes=[Fix(f"Write [{errors}]", True, [SetValue(path, [errors])])]
                      if SNAKE.match(errors) else [])
        return
    if not isinstance(errors, list):
        yield Finding(path, f"errors of {name(ep)} must be a list of named error conditions, not "
                      f"{type_name(errors)} (section 7)")
        return
    first: dict = {}
    for i, item in enumerate(errors):
        at = path + (i,)
        if isinstance(item, str):
            n, where = item, at
        elif isinstance(item, dict):
            if "name" not in item or item["name"] is None:
                other = next((k for k in ("code", "error", "id", "type") if isinstance(item.get(k), str)),
                             None)
                hint = f"; is '{other}' its name?" if other else ""
                yield Finding(at, f"error {i + 1} of {name(ep)} has no 'name'{hint} (section 7)")
                continue
            if not isinstance(item["name"], str):
                yield Finding(at + ("name",), f"error name of {name(ep)} must be a string, not "
                              f"{type_name(item['name'])} (section 7)")
                continue
            if "description" in item and item["description"] is not None \
                    and not isinstance(item["description"], str):
                yield Finding(at + ("description",), f"description of error '{item['name']}' of "
                              f"{name(ep)} must be a string, not {type_name(item['description'])} "
                              "(section 7)")
            n, where = item["name"], at + ("name",)
        else:
            yield Finding(at, f"error {i + 1} of {name(ep)} must be a name or a mapping with 'name' "
                          f"and 'description', not {type_name(item)} (section 7)")
            continue
        if not n.strip():
            yield Finding(where, f"error {i + 1} of {name(ep)} has an empty name (section 7)")
            continue
        if n in first:
            yield Finding(where, f"error '{n}' is listed twice in {name(ep)}; remove one (section 7)",
                          related=[Related(first[n], f"'{n}' is first listed here")])
        else:
            first[n] = where


@rule("AGIS805", spec="AGIS §7")
def generic_error_name(ctx):
    """An error name says nothing about the condition (`error`, `failure`, `unknown_error`).

    ## What it does
    Reports error names that are generic: `error`, `failure`, `fail`,
    `failed`, `exception`, `problem`, `issue` (optionally prefixed with
    `generic_`, `unknown_`, `other_`, ... or numbered), and `unknown`,
    `other`, `invalid`, `bad_request`, `something_went_wrong`.

    ## Why is this bad?
    Section 7: generic error names such as "error" and "failure" are NOT
    RECOMMENDED, and specific descriptive names ("reservation_unavailable",
    "invalid_datetime") are REQUIRED for conformance. An agent can recover
    from `reservation_unavailable` (try another time); it cannot from
    `error`.

    ## Example
    ```yaml
    errors:
      - name: error
        description: "Something went wrong"
    ```

    ## Use instead
    ```yaml
    errors:
      - name: reservation_unavailable
        description: "No table is free for the requested party size and time"
    ```

    ## Fix safety
    No fix: only the author knows the condition.

    ## Decision
    `internal_error`, `server_error` and `timeout` are not reported: they
    tell the agent the fault is on the service's side (retrying may help),
    which is specific enough to act on.
    """
    for ep, _i, _at, where, n in iter_errors(ctx):
        if n.strip() and _GENERIC.match(snake(n)):
            yield Finding(where, f"error name '{n}' of {name(ep)} is generic; name the condition, e.g. "
                          "'reservation_unavailable' or 'invalid_datetime' (section 7)")


@rule("AGIS806", spec="AGIS §7", superseded_by=("AGIS805",))
def error_name_not_snake_case(ctx):
    """An error name is not snake_case (`ReservationUnavailable`, `invalid-datetime`).

    ## What it does
    Checks every error name against lowercase words joined by underscores.

    ## Why is this bad?
    Section 7's examples ("reservation_unavailable", "invalid_datetime",
    "restaurant_not_found") and section 9's canonical rules use snake_case;
    agents and the MCP bridge match error names as identifiers, so one
    convention avoids `NotFound` / `not-found` / `not_found` drift.

    ## Example
    ```yaml
    errors:
      - name: RestaurantNotFound
    ```

    ## Use instead
    ```yaml
    errors:
      - name: restaurant_not_found
    ```

    ## Fix safety
    Unsafe: renaming an error changes what clients match on. There is no fix
    when the endpoint already lists the snake_case name (`NoResults` next to
    `no_results`): the rename would list the condition twice (AGIS810); the
    message points at the other entry instead.

    ## Decision
    A generic name (`Error`, `Failure`) is AGIS805's mistake: it must be
    renamed to a specific name anyway, so its case is not reported on its own
    (it appears in AGIS805's related information), and no fix renames it to
    another generic name.
    """
    entries = list(iter_errors(ctx))
    listed = {}   # (endpoint, name) -> where the name is first listed
    for ep, _i, _at, where, n in entries:
        listed.setdefault((id(ep), n), where)
    for ep, _i, _at, where, n in entries:
        if not n.strip() or SNAKE.match(n):
            continue
        new = snake(n)
        fixes, related = [], []
        if new and SNAKE.match(new):
            taken = listed.get((id(ep), new))
            if taken is None:
                fixes.append(Fix(f"Rename to '{new}'", False, [SetValue(where, new)]))
                use = f"; use '{new}'"
            else:
                related.append(Related(taken, f"'{new}' is listed here"))
                use = f"; '{new}' is already listed, so remove this entry or give it another name"
        else:
            use = "; use lowercase words joined by underscores"
        yield Finding(where, f"error name '{n}' of {name(ep)} is not snake_case{use} (section 7)",
                      fixes=fixes, related=related)


@rule("AGIS807", spec="AGIS §7")
def error_missing_description(ctx):
    """An error condition has no description.

    ## What it does
    Notes errors given as a bare name, or as a mapping without a (non-empty)
    `description`.

    ## Why is this bad?
    Section 7: each error condition SHOULD include a description. The name
    says what happened; the description tells the agent (and the user it
    reports to) when it happens and what to do next.

    ## Example
    ```yaml
    errors:
      - restaurant_not_found
    ```

    ## Use instead
    ```yaml
    errors:
      - name: restaurant_not_found
        description: "No restaurant has the given identifier"
    ```

    ## Fix safety
    No fix: only the author knows the text.
    """
    for ep, i, at, where, n in iter_errors(ctx):
        item = ep.body["errors"][i]
        if isinstance(item, dict) and isinstance(item.get("description"), str) and item["description"].strip():
            continue
        yield Finding(where, f"error '{n}' of {name(ep)} has no description; say when it happens "
                      "(RECOMMENDED, section 7)")
