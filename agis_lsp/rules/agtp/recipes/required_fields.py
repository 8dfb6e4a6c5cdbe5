"""AGTP601, AGTP608: what a recipe must give (name, steps, step methods) and should (a description).

AGTP-API section 12.1.
"""
from __future__ import annotations

from ....engine.findings import Finding
from ....engine.registry import rule
from ._shared import RECIPES, recipe_tables


@rule("AGTP601", spec="AGTP-API §12.1")
def missing_recipe_field(ctx):
    """A recipe has no name, no steps, or a step has no method.

    ## What it does
    Each `[[recipe]]` needs a `name` and at least one `[[recipe.steps]]`;
    each step needs a `method`. A file without any `[[recipe]]` is reported
    too.

    ## Why is this bad?
    The server refuses to load a recipe file with such entries, and every
    composition endpoint of the deployment fails with it.

    ## Example
    ```toml
    [[recipe]]
    name = "audit-via-query-and-summarize"
    description = "Query then summarize."
    ```

    ## Use instead
    ```toml
    [[recipe]]
    name = "audit-via-query-and-summarize"
    description = "Query then summarize."

    [[recipe.steps]]
    method = "QUERY"
    capture_as = "facts"
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    if "recipe" not in data:
        yield Finding((), "agtp-recipes.toml defines no [[recipe]]", part="key")
        return
    for r in recipe_tables(ctx):
        if "name" not in r.body:
            yield Finding(r.path, "the recipe has no 'name'", part="key")
        steps = r.body.get("steps")
        if "steps" not in r.body or (isinstance(steps, list) and not steps):
            who = f"recipe '{r.name}'" if isinstance(r.name, str) else "the recipe"
            yield Finding(r.path, f"{who} has no [[recipe.steps]]; a recipe needs at least one "
                          "step", part="key")
        for s in r.steps:
            if "method" not in s.body:
                yield Finding(s.path, f"step {s.index + 1} has no 'method'", part="key")


@rule("AGTP608", spec="AGTP-API §12.1")
def missing_recipe_description(ctx):
    """A recipe has no description.

    ## What it does
    Reports `[[recipe]]` entries without `description`.

    ## Why is this bad?
    The description is what synthesis reports (and operators read) about the
    composed endpoint; the server falls back to an empty string.

    ## Example
    ```toml
    [[recipe]]
    name = "audit"
    ```

    ## Use instead
    ```toml
    [[recipe]]
    name = "audit"
    description = "AUDIT = QUERY then SUMMARIZE."
    ```

    ## Fix safety
    No fix.
    """
    for r in recipe_tables(ctx):
        if "description" not in r.body:
            who = f"recipe '{r.name}'" if isinstance(r.name, str) else "the recipe"
            yield Finding(r.path, f"{who} has no description", part="key")
