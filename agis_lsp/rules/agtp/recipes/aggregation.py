"""AGTP606: how a recipe combines its steps' results (AGTP-API section 12.1)."""
from __future__ import annotations

from ....document.preview import preview
from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import AGGREGATION_MODES
from .._common import close_matches
from ._shared import RECIPES, recipe_tables


@rule("AGTP606", spec="AGTP-API §12.1")
def invalid_aggregation(ctx):
    """`aggregation.mode` is not `last`, `merge` or `list`.

    ## What it does
    Checks the aggregation mode of each recipe (the default is `last`).

    ## Why is this bad?
    The server refuses a recipe with another mode.

    ## Example
    ```toml
    [recipe.aggregation]
    mode = "concat"
    ```

    ## Use instead
    ```toml
    [recipe.aggregation]
    mode = "list"
    ```

    ## Fix safety
    A mode differing only in letter case is fixed safely; guesses are unsafe.
    """
    for r in recipe_tables(ctx):
        agg = r.body.get("aggregation")
        if not isinstance(agg, dict) or "mode" not in agg:
            continue
        mode = agg["mode"]
        if mode in AGGREGATION_MODES:
            continue
        path = r.path + ("aggregation", "mode")
        fixes = []
        if isinstance(mode, str) and mode.strip().lower() in AGGREGATION_MODES:
            fixes.append(Fix(f"Use '{mode.strip().lower()}'", True, [SetValue(path, mode.strip().lower())]))
        elif isinstance(mode, str):
            fixes += [Fix(f"Use '{x}'", False, [SetValue(path, x)])
                      for x in close_matches(mode, AGGREGATION_MODES, 1)]
        yield Finding(path, f"aggregation mode {preview(mode)} must be last, merge or list", fixes=fixes)
