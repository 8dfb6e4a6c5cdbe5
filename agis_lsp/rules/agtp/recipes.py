"""AGTP6xx: agtp-recipes.toml, the composition recipes of AGTP-API section 12.1."""
from __future__ import annotations

import re

from ...document.preview import preview
from ...engine.model import Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ._common import analyze_path, close_matches, lexically_valid, type_name

RECIPES = ("agtp-recipes",)
RECIPE_KEYS = ("name", "description", "version", "pattern", "steps", "aggregation")
STEP_KEYS = ("method", "capture_as", "parameters")
PATTERN_KEYS = ("name_exact", "name_regex", "category", "has_parameters", "path_exact", "path_regex")
KINDS = ("proposal", "constant", "previous_step")
MODES = ("last", "merge", "list")
_CAPTURE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _recipes(ctx):
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


@rule("AGTP601", "missing-recipe-field", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
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


@rule("AGTP602", "invalid-recipe-field", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
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


@rule("AGTP603", "duplicate-recipe-name", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
        if not isinstance(r.name, str):
            continue
        if r.name in seen:
            yield Finding(r.path + ("name",), f"recipe name '{r.name}' is already used by recipe "
                          f"{seen[r.name].index + 1}; recipe names must be unique",
                          related=[Related(seen[r.name].path + ("name",), "first defined here")])
        else:
            seen[r.name] = r


@rule("AGTP604", "unknown-step-method", pass_no=None, kinds=RECIPES, spec="AGTP-API §4.5, §12.1")
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
    """
    cat = ctx.catalog
    dep = ctx.deployment
    custom = dep.custom_methods(cat) if dep is not None else set()
    for r in _recipes(ctx):
        for s, up, removed in unusable_steps(r, cat, custom):
            m = s.method
            path = s.path + ("method",)
            if removed:
                info = cat.get(up)
                yield Finding(path, f"step {s.index + 1} calls {up}, removed in catalog "
                              f"{info.removed_in}: plans using this recipe fail (section 4.5)",
                              fixes=[Fix(f"Use {info.successor}", False, [SetValue(path, info.successor)])]
                              if info.successor else [])
            else:
                sugg = cat.suggest(up, 2)
                yield Finding(path, f"step {s.index + 1} calls '{m}', which is not in catalog "
                              f"{cat.version}: the server skips this recipe"
                              + (f"; did you mean {' or '.join(sugg)}?" if sugg else ""),
                              fixes=[Fix(f"Use {x}", False, [SetValue(path, x)]) for x in sugg])


@rule("AGTP605", "invalid-parameter-source", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
def invalid_parameter_source(ctx):
    """A step parameter has an invalid `kind`, no `value`, or refers to no earlier capture.

    ## What it does
    Each `[recipe.steps.parameters.NAME]` has `kind` (`proposal`,
    `constant` or `previous_step`) and `value`. A `proposal` value is the
    name of a field of the caller's request (a string); a `previous_step`
    value must name the `capture_as` of an earlier step of the same recipe.

    ## Why is this bad?
    The server refuses an unknown kind; a `previous_step` that names nothing
    captured before it has no value to pass, so the composition fails at run
    time.

    ## Example
    ```toml
    [[recipe.steps]]
    method = "SUMMARIZE"
      [recipe.steps.parameters.source]
      kind = "previous_step"
      value = "fact"
    ```

    ## Use instead
    ```toml
      [recipe.steps.parameters.source]
      kind = "previous_step"
      value = "facts"     # capture_as of an earlier step
    ```

    ## Fix safety
    Unsafe: suggestions are guesses by edit distance.
    """
    for r in _recipes(ctx):
        captured: list = []
        later = {s.capture_as: s.index for s in r.steps if isinstance(s.capture_as, str)}
        for s in r.steps:
            for pname, src in s.parameters.items():
                path = s.path + ("parameters", pname)
                if not isinstance(src, dict):
                    yield Finding(path, f"parameter '{pname}' must be a table with kind and value")
                    continue
                kind = src.get("kind")
                if "kind" not in src:
                    yield Finding(path, f"parameter '{pname}' has no 'kind' (proposal, constant or "
                                  "previous_step)", part="key")
                elif kind not in KINDS:
                    sugg = close_matches(kind, KINDS, 1) if isinstance(kind, str) else []
                    yield Finding(path + ("kind",), f"parameter kind {preview(kind)} must be proposal, "
                                  "constant or previous_step",
                                  fixes=[Fix(f"Use '{x}'", False, [SetValue(path + ("kind",), x)])
                                         for x in sugg])
                if "value" not in src:
                    yield Finding(path, f"parameter '{pname}' has no 'value'", part="key")
                    continue
                value = src["value"]
                if kind == "proposal" and not isinstance(value, str):
                    yield Finding(path + ("value",), "a proposal parameter's value is the name of a "
                                  "request field (a string)")
                if kind == "previous_step":
                    if not isinstance(value, str):
                        yield Finding(path + ("value",), "a previous_step parameter's value is the "
                                      "capture_as name of an earlier step")
                    elif value not in captured:
                        if value in later and later[value] >= s.index:
                            why = (f"is captured by step {later[value] + 1}, which runs after "
                                   f"step {s.index + 1}")
                        else:
                            why = "is not the capture_as of any earlier step"
                        sugg = close_matches(value, captured, 1)
                        yield Finding(path + ("value",), f"previous_step '{value}' {why}"
                                      + (f"; did you mean '{sugg[0]}'?" if sugg else ""),
                                      fixes=[Fix(f"Use '{x}'", False, [SetValue(path + ("value",), x)])
                                             for x in sugg])
            if isinstance(s.capture_as, str):
                captured.append(s.capture_as)


@rule("AGTP606", "invalid-aggregation", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
        agg = r.body.get("aggregation")
        if not isinstance(agg, dict) or "mode" not in agg:
            continue
        mode = agg["mode"]
        if mode in MODES:
            continue
        path = r.path + ("aggregation", "mode")
        fixes = []
        if isinstance(mode, str) and mode.strip().lower() in MODES:
            fixes.append(Fix(f"Use '{mode.strip().lower()}'", True, [SetValue(path, mode.strip().lower())]))
        elif isinstance(mode, str):
            fixes += [Fix(f"Use '{x}'", False, [SetValue(path, x)]) for x in close_matches(mode, MODES, 1)]
        yield Finding(path, f"aggregation mode {preview(mode)} must be last, merge or list", fixes=fixes)


@rule("AGTP607", "duplicate-capture-name", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
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


@rule("AGTP608", "missing-recipe-description", pass_no=None, kinds=RECIPES, spec="AGTP-API §12.1")
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
    for r in _recipes(ctx):
        if "description" not in r.body:
            who = f"recipe '{r.name}'" if isinstance(r.name, str) else "the recipe"
            yield Finding(r.path, f"{who} has no description", part="key")
