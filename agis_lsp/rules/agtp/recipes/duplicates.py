"""AGTP603, AGTP607: names given twice: two recipes, or two captures of one recipe (AGTP-API section 12.1)."""
from __future__ import annotations

from ....engine.findings import Finding, Related
from ....engine.registry import rule
from ._shared import RECIPES, recipe_tables


@rule("AGTP603", spec="AGTP-API §12.1")
def duplicate_recipe_name(ctx):
    """Two recipes have the same name.

    ## What it does
    Reports the second and later `[[recipe]]` with a name already used.

    ## Why is this bad?
    Endpoints reference recipes by name; the reference server refuses a recipe
    file with duplicate names.

    ## Example
    ```toml
    [[recipe]]
    name = "audit"
    [[recipe]]
    name = "audit"
    ```

    ## Use instead
    Give each recipe its own name.

    ## Fix safety
    No fix.
    """
    seen: dict = {}
    for r in recipe_tables(ctx):
        if not isinstance(r.name, str):
            continue
        if r.name in seen:
            yield Finding(r.path + ("name",), f"recipe name '{r.name}' is already used by recipe "
                          f"{seen[r.name].index + 1}; recipe names must be unique",
                          related=[Related(seen[r.name].path + ("name",), "first defined here")])
        else:
            seen[r.name] = r


@rule("AGTP607", spec="AGTP-API §12.1")
def duplicate_capture_name(ctx):
    """Two steps of a recipe capture their output under the same name.

    ## What it does
    Reports a `capture_as` already used by an earlier step of the recipe.

    ## Why is this bad?
    The later capture overwrites the earlier one: steps that meant to read the
    first output read the second.

    ## Example
    ```toml
    [[recipe.steps]]
    method = "QUERY"
    capture_as = "facts"
    [[recipe.steps]]
    method = "SUMMARIZE"
    capture_as = "facts"
    ```

    ## Use instead
    Use a distinct name for each capture.

    ## Fix safety
    No fix.
    """
    for r in recipe_tables(ctx):
        seen: dict = {}
        for s in r.steps:
            c = s.capture_as
            if not isinstance(c, str):
                continue
            if c in seen:
                yield Finding(s.path + ("capture_as",), f"step {s.index + 1} captures as '{c}', "
                              f"which step {seen[c].index + 1} already uses",
                              related=[Related(seen[c].path + ("capture_as",), "first capture")])
            else:
                seen[c] = s
