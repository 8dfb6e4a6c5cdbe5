"""What the recipe rules share: the walk over the recipes of agtp-recipes.toml and their unusable steps."""
from __future__ import annotations

RECIPES = ("agtp-recipes",)


def recipe_tables(ctx):
    return ctx.view.recipes


def unusable_steps(recipe, catalog, custom: set) -> list:
    """(step, upper-cased method, removed?) for each step whose method makes the server drop the recipe.

    A method missing from the catalog (and from the server's custom methods)
    makes the server skip the recipe at load; a removed one invalidates it
    (section 4.5). AGTP604 reports the step; AGTP402 the endpoints that name it.
    """
    out = []
    for s in recipe.steps:
        m = s.method
        if not isinstance(m, str) or not m:
            continue
        up = m.strip().upper()
        if catalog.is_removed(up):
            out.append((s, up, True))
        elif up not in catalog and up not in custom:
            out.append((s, up, False))
    return out
