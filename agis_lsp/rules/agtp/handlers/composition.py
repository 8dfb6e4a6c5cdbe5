"""AGTP402, AGTP403: composition handlers and the recipe they run (AGTP-API section 12.1)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, Related, SetValue
from ....engine.registry import rule
from .._common import close_matches
from ._shared import ENDPOINT, declare_errors_fix, handler_bindings, reference_value


@rule("AGTP402", spec="AGTP-API §12.1")
def unknown_recipe(ctx):
    """A composition handler names no recipe, one the deployment does not define, or one the server skips.

    ## What it does
    A `composition` handler needs `recipe`, the name of a `[[recipe]]` in the
    deployment's `agtp-recipes.toml`. With a deployment directory around the
    file, the name is looked up there (with did-you-mean suggestions); a lone
    endpoint file is only checked for the field. A recipe that is defined but
    has a step calling a method outside the catalog (or removed from it) is
    skipped by the server at load (AGTP604, on the step): the endpoint that
    names it is reported too, with the recipe and the bad step as related
    information.

    ## Why is this bad?
    Section 12.1: a composition handler whose recipe value "does not resolve
    to a recipe registered at the server" MUST cause registration to fail.
    Inline steps are not supported in v00.

    ## Example
    ```toml
    [endpoint.handler]
    type = "composition"
    recipe = "audit-via-query-and-summarise"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "composition"
    recipe = "audit-via-query-and-summarize"
    ```

    ## Fix safety
    Unsafe: the suggested recipe is a guess by edit distance.

    ## Decision
    A skipped recipe is one mistake (the step's method) with a consequence in
    another file: one diagnostic, where the fix is. The step gets AGTP604 (an
    error), whose related information names every endpoint that runs the
    recipe; the endpoints get no error of their own for it (that would report
    the one mistake once per endpoint, away from its fix).
    """
    dep = ctx.deployment
    for ep, h, base in handler_bindings(ctx, "composition"):
        key, name = reference_value(h, "recipe")
        if key is None:
            yield Finding(base, "a composition handler needs 'recipe', the name of a recipe in "
                          "agtp-recipes.toml (section 12.1)", part="key")
            continue
        if not isinstance(name, str) or not name:
            yield Finding(base + (key,), "handler recipe must be a non-empty string")
            continue
        if dep is None:
            continue
        if dep.recipes_doc is None:
            yield Finding(base + (key,), f"recipe '{name}' cannot resolve: the deployment has no "
                          "agtp-recipes.toml, so the server refuses this endpoint (section 12.1)")
            continue
        if dep.recipes is None:
            continue  # the recipes file does not parse; it reports that itself
        names = dep.recipe_names()
        if name in names:
            continue  # defined; a step that makes the server skip it is AGTP604's, on the step
        sugg = close_matches(name, list(names), 3)
        fixes = [Fix(f"Use recipe '{s}'", False, [SetValue(base + (key,), s)]) for s in sugg]
        hint = f"; did you mean '{sugg[0]}'?" if sugg else ""
        yield Finding(base + (key,), f"recipe '{name}' is not defined in agtp-recipes.toml: the "
                      f"server refuses this endpoint (section 12.1){hint}", fixes=fixes,
                      related=[Related(("recipe",), "the recipes of this deployment", part="key",
                                       uri=dep.recipes_path)])


@rule("AGTP403", spec="AGTP-API §12.1")
def missing_composition_failed(ctx):
    """A composition endpoint does not declare the `composition_failed` error.

    ## What it does
    Checks that every endpoint with a `composition` handler lists
    `composition_failed` in its errors.

    ## Why is this bad?
    Section 12.1: composition endpoints MUST include it; it is the error
    returned when a step fails, and the reference server refuses to register
    the endpoint without it.

    ## Example
    ```toml
    [endpoint.errors]
    list = ["subject_not_found"]
    ```

    ## Use instead
    ```toml
    [endpoint.errors]
    list = ["subject_not_found", "composition_failed"]
    ```

    ## Fix safety
    Safe: the server returns this error whenever a step fails; declaring it
    only makes the contract say so.
    """
    for ep, h, base in handler_bindings(ctx, "composition"):
        if "composition_failed" in ep.error_names:
            continue
        where = ep.errors_path if ep.errors is not None else ep.base
        yield Finding(where, "a composition endpoint must declare the error 'composition_failed' "
                      "(section 12.1)", part="value" if ep.errors is not None else "key",
                      fixes=declare_errors_fix(ep, ["composition_failed"], "Declare composition_failed"))
