"""AGTP602: the types and keys of a recipe, its steps and its pattern (AGTP-API section 12.1)."""
from __future__ import annotations

import re

from ....document.preview import preview
from ....engine.findings import Finding
from ....engine.registry import rule
from ....formats.agtp.vocabulary import PATTERN_KEYS, RECIPE_KEYS, STEP_KEYS
from .._common import analyze_path, close_matches, lexically_valid, type_name
from ._shared import RECIPES, recipe_tables

_CAPTURE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@rule("AGTP602", spec="AGTP-API §12.1")
def invalid_recipe_field(ctx):
    """A recipe field has the wrong type, or an unknown key is used.

    ## What it does
    `recipe` is an array of tables; `name` a non-empty string;
    `description` and `version` strings; `pattern` a table whose keys are
    `name_exact`, `name_regex`, `category`, `has_parameters`, `path_exact`
    and `path_regex` (regexes must compile, `path_exact` must be a valid path,
    `category` a catalog category); `steps` an array of tables with
    `method`, `capture_as` (an identifier) and `parameters` (a table of
    tables); `aggregation` a table. Unknown keys are reported as well.

    ## Why is this bad?
    The server refuses a recipe file it cannot read; unknown keys are ignored.

    ## Example
    ```toml
    [[recipe]]
    name = "audit"
    steps = "QUERY"
    ```

    ## Use instead
    ```toml
    [[recipe]]
    name = "audit"
    description = "Query the facts."

    [[recipe.steps]]
    method = "QUERY"
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    raw = data.get("recipe")
    if raw is not None and not (isinstance(raw, list) and all(isinstance(x, dict) for x in raw)):
        yield Finding(("recipe",), "recipe must be an array of tables ([[recipe]])")
        return
    for r in recipe_tables(ctx):
        b = r.body
        if "name" in b and (not isinstance(b["name"], str) or not b["name"].strip()):
            yield Finding(r.path + ("name",), "the recipe name must be a non-empty string")
        if "description" in b and not isinstance(b["description"], str):
            yield Finding(r.path + ("description",), "the recipe description must be a string")
        if "version" in b and not isinstance(b["version"], (str, int)) or b.get("version") == "":
            yield Finding(r.path + ("version",), "the recipe version must be a non-empty string")
        for key in b:
            if key not in RECIPE_KEYS:
                sugg = close_matches(key, RECIPE_KEYS, 1)
                yield Finding(r.path + (key,), f"unknown recipe key '{key}' is ignored"
                              + (f"; did you mean '{sugg[0]}'?" if sugg else ""), part="key")
        if "steps" in b and not (isinstance(b["steps"], list) and
                                 all(isinstance(s, dict) for s in b["steps"])):
            yield Finding(r.path + ("steps",), "steps must be an array of tables ([[recipe.steps]])")
        if "aggregation" in b and not isinstance(b["aggregation"], dict):
            yield Finding(r.path + ("aggregation",), "aggregation must be a table with 'mode'")
        if "pattern" in b:
            yield from _pattern(ctx, r.path + ("pattern",), b["pattern"])
        for s in r.steps:
            sb = s.body
            if "method" in sb and not isinstance(sb["method"], str):
                yield Finding(s.path + ("method",), f"the step method must be a string, not "
                              f"{type_name(sb['method'])}")
            if "capture_as" in sb and not (isinstance(sb["capture_as"], str) and
                                           _CAPTURE.match(sb["capture_as"])):
                yield Finding(s.path + ("capture_as",), "capture_as must be an identifier (letters, "
                              "digits and '_')")
            if "parameters" in sb and not isinstance(sb["parameters"], dict):
                yield Finding(s.path + ("parameters",), "parameters must be a table of "
                              "[recipe.steps.parameters.NAME] tables")
            for key in sb:
                if key not in STEP_KEYS:
                    sugg = close_matches(key, STEP_KEYS, 1)
                    yield Finding(s.path + (key,), f"unknown step key '{key}' is ignored"
                                  + (f"; did you mean '{sugg[0]}'?" if sugg else ""), part="key")


def _pattern(ctx, path, p):
    if not isinstance(p, dict):
        yield Finding(path, "pattern must be a table")
        return
    for key, v in p.items():
        if key not in PATTERN_KEYS:
            sugg = close_matches(key, PATTERN_KEYS, 1)
            yield Finding(path + (key,), f"unknown pattern key '{key}' is ignored"
                          + (f"; did you mean '{sugg[0]}'?" if sugg else ""), part="key")
        elif key in ("name_regex", "path_regex"):
            if not isinstance(v, str):
                yield Finding(path + (key,), f"pattern.{key} must be a regular expression string")
            else:
                try:
                    re.compile(v)
                except re.error as exc:
                    yield Finding(path + (key,), f"pattern.{key} is not a valid regular expression: "
                                  f"{exc}")
        elif key == "name_exact" and not lexically_valid(v):
            yield Finding(path + (key,), f"pattern.name_exact {preview(v)} is not a method name")
        elif key == "path_exact" and not (isinstance(v, str) and analyze_path(v).ok):
            yield Finding(path + (key,), f"pattern.path_exact {preview(v)} is not a valid path (section 5)")
        elif key == "category" and v not in ctx.catalog.categories:
            yield Finding(path + (key,), f"pattern.category {preview(v)} is not a catalog category")
        elif key == "has_parameters" and not (isinstance(v, list) and
                                              all(isinstance(x, str) for x in v)):
            yield Finding(path + (key,), "pattern.has_parameters must be an array of names")
