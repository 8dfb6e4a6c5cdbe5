"""AGTP605: where a step's parameters come from (AGTP-API section 12.1)."""
from __future__ import annotations

from ....document.preview import preview
from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import PARAMETER_KINDS
from .._common import close_matches
from ._shared import RECIPES, recipe_tables


@rule("AGTP605", spec="AGTP-API §12.1")
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
    for r in recipe_tables(ctx):
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
                elif kind not in PARAMETER_KINDS:
                    sugg = close_matches(kind, PARAMETER_KINDS, 1) if isinstance(kind, str) else []
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
