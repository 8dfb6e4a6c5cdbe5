"""AGTP604: recipe steps that call a method the server cannot run (AGTP-API sections 4.5, 12.1)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ._shared import RECIPES, endpoints_running, recipe_tables, unusable_steps


@rule("AGTP604", spec="AGTP-API §4.5, §12.1")
def unknown_step_method(ctx):
    """A recipe step calls a method that is not in the catalog, or was removed.

    ## What it does
    Looks each step's `method` up in the catalog in use (and the server's
    custom methods, when the deployment has an `agtp-server.toml`).

    ## Why is this bad?
    The server skips a recipe whose steps name methods it does not know, and
    invalidates plans whose steps reference removed verbs (section 4.5), so
    composition endpoints backed by the recipe fail.

    ## Example
    ```toml
    [[recipe.steps]]
    method = "SUMMARISE"
    ```

    ## Use instead
    ```toml
    [[recipe.steps]]
    method = "SUMMARIZE"
    ```

    ## Fix safety
    Unsafe: the suggested verb is a guess by edit distance.

    ## Decision
    A skipped recipe is one mistake (the step's method) with consequences in
    other files: every endpoint whose composition handler names the recipe is
    refused by the server (section 12.1: its recipe is not "registered at the
    server"). The error is reported once, on the step, where the fix is; the
    endpoints that run the recipe are its related information, and AGTP402
    does not report them again.
    """
    cat = ctx.catalog
    dep = ctx.deployment
    custom = dep.custom_methods(cat) if dep is not None else set()
    for r in recipe_tables(ctx):
        bad = unusable_steps(r, cat, custom)
        users = endpoints_running(dep, r.name) if bad else []
        for s, up, removed in bad:
            m = s.method
            path = s.path + ("method",)
            if removed:
                info = cat.get(up)
                yield Finding(path, f"step {s.index + 1} calls {up}, removed in catalog "
                              f"{info.removed_in}: plans using this recipe fail (section 4.5)",
                              fixes=[Fix(f"Use {info.successor}", False, [SetValue(path, info.successor)])]
                              if info.successor else [], related=list(users))
            else:
                sugg = cat.suggest(up, 2)
                yield Finding(path, f"step {s.index + 1} calls '{m}', which is not in catalog "
                              f"{cat.version}: the server skips this recipe"
                              + (f"; did you mean {' or '.join(sugg)}?" if sugg else ""),
                              fixes=[Fix(f"Use {x}", False, [SetValue(path, x)]) for x in sugg],
                              related=list(users))
