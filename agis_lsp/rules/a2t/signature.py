"""A2T ToolSignature: structure, identifiers, lengths, names (§6.1)."""
from __future__ import annotations

import re

from ...engine.findings import Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats import a2t as fmt
from .. import _shape_rules

KINDS = ("a2t",)
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")

_shape_rules.register("ATOT", "a2t", KINDS, "A2T tool signature", "A2T §6.1", {
    "missing": ('{"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "lookup_weather"}',
                '{"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "lookup_weather",\n'
                ' "description": "Looks up the weather for a city.", "version": 1}'),
    "type": ('{"version": "1", "currentVersion": "1"}', '{"version": 1, "currentVersion": 1}'),
    "enum": ('{"id": "count", "name": "Count", "type": "integer"}',
             '{"id": "count", "name": "Count", "type": "int"}'),
})


def _params(sig, path):
    for key in ("input_parameters", "output_parameters"):
        params = sig.get(key)
        if isinstance(params, list):
            for i, p in enumerate(params):
                if isinstance(p, dict):
                    yield key, path + (key, i), p


@rule("ATOT201", spec="A2T §6.1", visits="signature")
def tool_id_not_uuid(ctx, node):
    """`toolId` is not a UUID.

    ## What it does
    Checks that each signature's `toolId` is a UUID in its canonical text form
    (8-4-4-4-12 hexadecimal digits).

    ## Why is this bad?
    A2T §6.1: "The toolID is always a UUID, ensuring tool uniqueness on the
    server"; invocation URLs (`/tools/{toolID}:invoke`, §7) are built from it.

    ## Example
    ```json
    {"toolId": "weather-1", "name": "lookup_weather_by_city"}
    ```

    ## Use instead
    ```json
    {"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "lookup_weather_by_city"}
    ```

    ## Fix safety
    No fix: a new identifier would break every client that stored the old one.
    """
    path, sig = node
    tid = sig.get("toolId")
    if isinstance(tid, str) and not _UUID.match(tid.strip()):
        yield Finding(path + ("toolId",), f"toolId '{tid}' is not a UUID (A2T §6.1: the toolID "
                      "is always a UUID)")


def _too_long(value, limit: int, strict: bool) -> bool:
    return isinstance(value, str) and (len(value) >= limit if strict else len(value) > limit)


@rule("ATOT202", spec="A2T §6.1", visits="signature")
def text_too_long(ctx, node):
    """A name or description is longer than A2T allows (name < 255, description < 2,000 characters).

    ## What it does
    Measures tool names (must be less than 255 characters), tool descriptions
    (less than 2,000), and the names (at most 255) and descriptions (at most
    2,000) of enum values.

    ## Why is this bad?
    A2T §6.1 sets these limits with MUST; consumers may truncate or reject the
    signature, and long text costs context in every LLM call.

    ## Example
    ```json
    {"name": "lookup_weather", "description": "... 2,400 characters ..."}
    ```

    ## Use instead
    ```json
    {"name": "lookup_weather", "description": "Looks up the current weather for a city."}
    ```

    ## Fix safety
    No fix: shortening text is an editorial choice.

    ## Decision
    The tool limits say "less than" (a 255-character name is too long); the
    enum value limits say "maximum length" (255 is allowed). Both are applied
    as written.
    """
    path, sig = node
    for key, limit in (("name", fmt.NAME_LIMIT), ("description", fmt.DESCRIPTION_LIMIT)):
        v = sig.get(key)
        if _too_long(v, limit, True):
            yield Finding(path + (key,), f"tool {key} has {len(v)} characters; A2T §6.1 requires "
                          f"less than {limit}")
    for _, ppath, p in _params(sig, path):
        for i, val in enumerate(p.get("allowed-values") or [] if isinstance(
                p.get("allowed-values"), list) else []):
            if not isinstance(val, dict):
                continue
            for key, limit in (("name", fmt.ENUM_NAME_MAX), ("description",
                                                             fmt.ENUM_DESCRIPTION_MAX)):
                v = val.get(key)
                if _too_long(v, limit, False):
                    yield Finding(ppath + ("allowed-values", i, key),
                                  f"enum value {key} has {len(v)} characters; A2T §6.1 allows "
                                  f"at most {limit}")


@rule("ATOT203", spec="A2T §6.1")
def duplicate_tool(ctx):
    """Two tools of an enumeration have the same name or the same `toolId`.

    ## What it does
    In an enumeration body (`items`), reports a tool whose name or toolId an
    earlier item already uses. Version lists (§6.3), where every item is a
    version of one tool, are exempt.

    ## Why is this bad?
    A2T §6.1: the name "MUST be unique across all other tools on the API
    server", and the toolId ensures "tool uniqueness on the server".

    ## Example
    ```json
    {"items": [{"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "lookup_weather"},
               {"toolId": "9a0e5b1c-2f6d-4c1e-8d7a-3b5c6e7f8a9b", "name": "lookup_weather"}]}
    ```

    ## Use instead
    ```json
    {"items": [{"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "lookup_weather"},
               {"toolId": "9a0e5b1c-2f6d-4c1e-8d7a-3b5c6e7f8a9b", "name": "lookup_forecast"}]}
    ```

    ## Fix safety
    No fix.
    """
    view = ctx.view
    if not isinstance(view, fmt.A2tView) or view.shape != "enumeration":
        return
    for key in ("name", "toolId"):
        seen: dict = {}
        for path, sig in view.signatures:
            v = sig.get(key)
            if not isinstance(v, str):
                continue
            if v in seen:
                yield Finding(path + (key,), f"{key} '{v}' is already used by another tool of the "
                              "enumeration; it MUST be unique on the server (A2T §6.1)",
                              related=[Related(seen[v] + (key,), "first used here")])
            else:
                seen[v] = path


@rule("ATOT204", spec="A2T §6.1", visits="signature")
def duplicate_parameter(ctx, node):
    """Two input parameters of a tool share an `id` or a `name`.

    ## What it does
    Within each tool, reports an input parameter whose `id` or `name` an earlier
    input already uses.

    ## Why is this bad?
    A2T §6.1: input IDs "need only be unique within the tool" and "input
    parameter names must also be unique within the tool"; the LLM synthesises
    inputs by name, so two inputs with one name cannot both be filled.

    ## Example
    ```json
    "input_parameters": [{"id": "city", "name": "City"}, {"id": "town", "name": "City"}]
    ```

    ## Use instead
    ```json
    "input_parameters": [{"id": "city", "name": "City"}, {"id": "state", "name": "State"}]
    ```

    ## Fix safety
    No fix.
    """
    path, sig = node
    params = sig.get("input_parameters")
    if not isinstance(params, list):
        return
    for key in ("id", "name"):
        seen: dict = {}
        for i, p in enumerate(params):
            v = p.get(key) if isinstance(p, dict) else None
            if not isinstance(v, str):
                continue
            ppath = path + ("input_parameters", i)
            if v in seen:
                yield Finding(ppath + (key,), f"input parameter {key} '{v}' is used twice in "
                              "this tool; it must be unique within the tool (A2T §6.1)",
                              related=[Related(seen[v] + (key,), "first used here")])
            else:
                seen[v] = ppath


@rule("ATOT211", spec="A2T §6.1", visits="signature")
def tool_name_not_snake_case(ctx, node):
    """A tool name is not snake case (`Lookup Weather`, `lookupWeather`).

    ## What it does
    Checks tool names against lowercase words joined by underscores.

    ## Why is this bad?
    A2T §6.1: "Names SHOULD use snake case, and be sufficiently long to be
    usefully descriptive without the description" (`lookup_weather_by_city`).
    The spec's own Figure 2 uses "Lookup Weather", which this rule reports.

    ## Example
    ```json
    {"name": "Lookup Weather"}
    ```

    ## Use instead
    ```json
    {"name": "lookup_weather"}
    ```

    ## Fix safety
    Unsafe: renames the tool that clients call.
    """
    path, sig = node
    name = sig.get("name")
    if not isinstance(name, str) or not name.strip() or _SNAKE.match(name):
        return
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+", name)
    new = "_".join(w.lower() for w in words)
    fixes = [Fix(f"Rename to '{new}'", False, [SetValue(path + ("name",), new)])] \
        if new and _SNAKE.match(new) else []
    yield Finding(path + ("name",), f"tool name '{name}' is not snake case; A2T §6.1 "
                  "recommends lowercase words joined by underscores", fixes=fixes)
