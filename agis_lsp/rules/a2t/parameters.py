"""A2T inputs and versions: enum values, `max`, version numbers, version lists (§6.1, §6.3)."""
from __future__ import annotations

import re

from ...engine.findings import AddKey, Finding, Fix, Related, Remove, SetValue
from ...engine.registry import rule
from ...formats import a2t as fmt

KINDS = ("a2t",)
_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")


def _inputs_of(node):
    """(path, parameter) of each input parameter of one signature (a ``signature`` node)."""
    path, sig = node
    params = sig.get("input_parameters")
    for i, p in enumerate(params if isinstance(params, list) else []):
        if isinstance(p, dict):
            yield path + ("input_parameters", i), p


def _type(p) -> str:
    t = p.get("type", "string")
    return t if isinstance(t, str) else "?"


@rule("ATOT205", spec="A2T §6.1", visits="signature")
def max_on_non_int(ctx, node):
    """An input that is not of type `int` declares `max`.

    ## What it does
    Flags `max` on inputs whose type is string (the default), boolean or enum.

    ## Why is this bad?
    A2T §6.1: "If the type is "int", the optional "max" parameter can be
    included". On other types it is ignored, so the limit the author meant is
    not enforced.

    ## Example
    ```json
    {"id": "city", "name": "City", "max": 40}
    ```

    ## Use instead
    ```json
    {"id": "nights", "name": "Nights", "type": "int", "max": 30}
    ```

    ## Fix safety
    No fix: either the type or the `max` is wrong.
    """
    for path, p in _inputs_of(node):
        if "max" in p and _type(p) != "int":
            yield Finding(path + ("max",), f"'max' applies only to inputs of type int; this input "
                          f"is of type {_type(p)} (A2T §6.1)", part="key")


@rule("ATOT206", spec="A2T §6.1", visits="signature")
def enum_without_allowed_values(ctx, node):
    """An input of type `enum` has no `allowed-values` list (or an empty one).

    ## What it does
    Checks that every enum input carries `allowed-values`: a non-empty array of
    name/description pairs.

    ## Why is this bad?
    A2T §6.1: "If the type is enum, the input parameter must include the
    attribute "allowed-values""; the executor validates the LLM's value
    against it (§5.1).

    ## Example
    ```json
    {"id": "flight_class", "name": "Flight Class", "type": "enum"}
    ```

    ## Use instead
    ```json
    {"id": "flight_class", "name": "Flight Class", "type": "enum",
     "allowed-values": [{"name": "ECONOMY", "description": "The least expensive cabin."}]}
    ```

    ## Fix safety
    No fix: the values are unknown.

    ## Decision
    Figure 3 writes `"allowed-values": { [ ... ] }`, which is not JSON; the
    text says it "contains an array", so an array is what is accepted.
    """
    for path, p in _inputs_of(node):
        if _type(p) != "enum":
            continue
        vals = p.get("allowed-values")
        if vals is None:
            yield Finding(path, "enum input has no 'allowed-values' (A2T §6.1: an enum input must "
                          "include the attribute \"allowed-values\")", part="key")
        elif isinstance(vals, list) and not vals:
            yield Finding(path + ("allowed-values",), "'allowed-values' is empty; an enum input "
                          "needs at least one value (A2T §6.1)")


@rule("ATOT207", spec="A2T §6.1", visits="signature")
def enum_value_name_style(ctx, node):
    """An enum value's name is not capitalised snake case (`premium economy`, `PremiumEconomy`).

    ## What it does
    Checks the `name` of each `allowed-values` entry against upper-case words
    joined by underscores.

    ## Why is this bad?
    A2T §6.1: "For enumerated strings, names MUST be snake case but
    capitalized" (`PREMIUM_ECONOMY`).

    ## Example
    ```json
    {"name": "premium economy", "description": "The second seat tier."}
    ```

    ## Use instead
    ```json
    {"name": "PREMIUM_ECONOMY", "description": "The second seat tier."}
    ```

    ## Fix safety
    Unsafe: the value the executor accepts changes.
    """
    for path, p in _inputs_of(node):
        vals = p.get("allowed-values")
        for i, v in enumerate(vals if isinstance(vals, list) else []):
            name = v.get("name") if isinstance(v, dict) else None
            if not isinstance(name, str) or _UPPER_SNAKE.match(name):
                continue
            words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+", name)
            new = "_".join(w.upper() for w in words)
            fixes = [Fix(f"Rename to '{new}'", False,
                         [SetValue(path + ("allowed-values", i, "name"), new)])] \
                if new and _UPPER_SNAKE.match(new) else []
            yield Finding(path + ("allowed-values", i, "name"), f"enum value name '{name}' must be "
                          "capitalised snake case (A2T §6.1)", fixes=fixes)


@rule("ATOT208", spec="A2T §6.1", visits="signature")
def invalid_version(ctx, node):
    """`version` or `currentVersion` is not a positive integer, or `version` exceeds `currentVersion`.

    ## What it does
    Checks that both numbers are at least 1 and that a signature's version is
    not newer than the tool's current version.

    ## Why is this bad?
    A2T §6.1: "The version number of a tool MUST be a positive integer, and
    MUST increase monotonically, starting at 1"; currentVersion "reflects the
    most current version of the tool".

    ## Example
    ```json
    {"version": 0, "currentVersion": 0}
    ```

    ## Use instead
    ```json
    {"version": 1, "currentVersion": 1}
    ```

    ## Fix safety
    No fix.

    ## Decision
    A numeric string (`"3"`, as Figure 2's `"{versionNum}"` placeholder
    suggests) is a type error (ATOT102, with a safe fix), not this rule.
    """
    path, sig = node
    for key in ("version", "currentVersion"):
        v = sig.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v < 1:
            yield Finding(path + (key,), f"{key} is {v}; versions are positive integers starting "
                          "at 1 (A2T §6.1)")
    v, cur = sig.get("version"), sig.get("currentVersion")
    if all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in (v, cur)) and v > cur:
        yield Finding(path + ("version",), f"version {v} is newer than currentVersion {cur}; "
                      "currentVersion is the most current version of the tool (A2T §6.1)",
                      related=[Related(path + ("currentVersion",), "currentVersion")])


@rule("ATOT209", spec="A2T §6.1", superseded_by=("ATOT208",))
def enumeration_not_current_version(ctx):
    """A tool in the enumeration (or a single signature) is not its current version (`version` != `currentVersion`).

    ## What it does
    In the enumeration body and in a single signature (the body of
    `GET /tools/{toolID}`), compares `version` with `currentVersion`.

    ## Why is this bad?
    A2T §6.1: "The version returned at the top level tool enumeration endpoint
    MUST be the latest version of the tool, in which case the values of version
    and currentVersion are always identical"; §6.2: the details endpoint "MUST
    return the current version".

    ## Example
    ```json
    {"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "version": 2, "currentVersion": 3}
    ```

    ## Use instead
    ```json
    {"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "version": 3, "currentVersion": 3}
    ```

    ## Fix safety
    No fix: the body must carry the newest signature, not just a new number.

    ## Decision
    A file holding one old version (`GET /tools/{id}/versions/{n}`) is not
    recognisable from its content; name it `*versions*.a2t.json` or put it in
    a version list to silence this rule.
    """
    view = ctx.view
    if not isinstance(view, fmt.A2tView) or view.shape == "versions":
        return
    for path, sig in view.signatures:
        v, cur = sig.get("version"), sig.get("currentVersion")
        if isinstance(v, int) and isinstance(cur, int) and v < cur:
            yield Finding(path + ("version",), f"version {v} is not the current version {cur}; the "
                          "enumeration returns the latest version of each tool (A2T §6.1)",
                          related=[Related(path + ("currentVersion",), "currentVersion")])


@rule("ATOT210", spec="A2T §6.3")
def versions_out_of_order(ctx):
    """A version list is not sorted from the most recent version to the oldest.

    ## What it does
    In a version-retrieval body (`GET /tools/{toolID}/versions`), checks that
    each item's `version` is lower than the one before.

    ## Why is this bad?
    A2T §6.3: the versions "MUST be sorted from most recent to oldest";
    clients read the first item as the newest.

    ## Example
    ```json
    {"items": [{"version": 1}, {"version": 2}]}
    ```

    ## Use instead
    ```json
    {"items": [{"version": 2}, {"version": 1}]}
    ```

    ## Fix safety
    No fix.
    """
    view = ctx.view
    if not isinstance(view, fmt.A2tView) or view.shape != "versions":
        return
    prev = None
    for path, sig in view.signatures:
        v = sig.get("version")
        if not isinstance(v, int) or isinstance(v, bool):
            continue
        if prev is not None and v >= prev[0]:
            yield Finding(path + ("version",), f"version {v} comes after version {prev[0]}; a "
                          "version list is sorted from most recent to oldest (A2T §6.3)",
                          related=[Related(prev[1] + ("version",), f"version {prev[0]}")])
        prev = (v, path)
