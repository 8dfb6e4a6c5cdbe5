"""What the recipe rules share: the walk over the recipes of agtp-recipes.toml and their unusable steps."""
from __future__ import annotations

from ....engine.findings import Related
from ..handlers._shared import reference_value

RECIPES = ("agtp-recipes",)


def recipe_tables(ctx):
    return ctx.view.recipes


def unusable_steps(recipe, catalog, custom: set) -> list:
    """(step, upper-cased method, removed?) for each step whose method makes the server drop the recipe.

    A method missing from the catalog (and from the server's custom methods)
    makes the server skip the recipe at load; a removed one invalidates it
    (section 4.5). AGTP604 reports the step, with the endpoints that name the
    recipe as related information (:func:`endpoints_running`).
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


def endpoints_running(dep, recipe_name: str) -> list:
    """Related locations of the endpoint files of ``dep`` whose composition handler names
    ``recipe_name`` (the endpoints a skipped recipe makes the server refuse)."""
    if dep is None:
        return []
    out = []
    for ref in dep.endpoints:
        ep = ref.view
        h = ep.handler
        if h is None or ep.handler_type != "composition":
            continue
        key, name = reference_value(h, "recipe")
        if key is None or name != recipe_name:
            continue
        what = f"{ep.method} {ep.path}" if isinstance(ep.method, str) and isinstance(ep.path, str) \
            else "this endpoint"
        out.append(Related(ep.handler_path + (key,), f"{what} runs this recipe: the server refuses "
                           "the endpoint while the recipe is skipped (section 12.1)", uri=ref.file))
    return out
