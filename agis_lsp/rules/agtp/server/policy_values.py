"""AGTP503: the policy toggles and `max_synthesis_depth` (AGTP-API section 8.7)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import POLICY_TOGGLES
from .._common import type_name
from ._shared import SERVERISH


@rule("AGTP503", spec="AGTP-API §8.7")
def invalid_policy_value(ctx):
    """A policy toggle is not a boolean, or `max_synthesis_depth` is not a positive integer.

    ## What it does
    Checks the five operational toggles of section 8.7:
    `wildcards_accepted`, `anonymous_discovery`,
    `scope_required_for_invocation` and `synthesis_enabled` are booleans;
    `max_synthesis_depth` is a positive integer. `[policies]` and
    `[policies.methods]` are tables.

    ## Why is this bad?
    The server refuses a configuration it cannot read; a string `"false"`
    would otherwise risk being read as true.

    ## Example
    ```toml
    [policies]
    synthesis_enabled = "false"
    max_synthesis_depth = 0
    ```

    ## Use instead
    ```toml
    [policies]
    synthesis_enabled = false
    max_synthesis_depth = 10
    ```

    ## Fix safety
    A boolean or integer written as a string is converted safely.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    pol = data.get("policies")
    if pol is None:
        return
    if not isinstance(pol, dict):
        if not (pol is None and ctx.kind == "agtp-manifest"):
            yield Finding(("policies",), f"policies must be a table, not {type_name(pol)}")
        return
    for key in POLICY_TOGGLES + ("negotiable",):
        if key in pol and not isinstance(pol[key], bool):
            v = pol[key]
            fixes = []
            if isinstance(v, str) and v.strip().lower() in ("true", "false"):
                b = v.strip().lower() == "true"
                fixes.append(Fix(f"Write it as the boolean {str(b).lower()}", True,
                                 [SetValue(("policies", key), b)]))
            yield Finding(("policies", key), f"policies.{key} must be true or false, not "
                          f"{type_name(v)}", fixes=fixes)
    if "max_synthesis_depth" in pol:
        v = pol["max_synthesis_depth"]
        path = ("policies", "max_synthesis_depth")
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            yield Finding(path, f"max_synthesis_depth must be a positive integer, not {type_name(v)}")
        elif isinstance(v, str) or isinstance(v, float):
            try:
                num = float(v)
            except ValueError:
                num = None
            fixes = [Fix(f"Write it as the integer {int(num)}", True, [SetValue(path, int(num))])] \
                if num is not None and num.is_integer() and num >= 1 else []
            yield Finding(path, f"max_synthesis_depth must be a positive integer, not "
                          f"{type_name(v)} {v!r}", fixes=fixes)
        elif v < 1:
            yield Finding(path, f"max_synthesis_depth is {v}; it is the maximum number of composed "
                          "steps and must be a positive integer (section 8.7)")
    if "methods" in pol and not isinstance(pol["methods"], dict) and pol["methods"] is not None:
        yield Finding(("policies", "methods"), f"policies.methods must be a table, not "
                      f"{type_name(pol['methods'])}")
