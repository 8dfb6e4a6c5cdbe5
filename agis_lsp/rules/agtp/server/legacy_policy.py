"""AGTP505, AGTP511: the legacy-method opt-in `policies.methods.legacy` (AGTP-API sections 9.2, 9.4)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import LEGACY_VERBS
from .._common import close_matches, type_name
from ._shared import SERVERISH


def _legacy_fix(raw):
    """The canonical spelling of a legacy value that is right except for letter case."""
    if isinstance(raw, str):
        up = raw.strip().upper()
        if up in ("NONE", "*") and raw != up:
            return up
        return None
    if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        ups = [x.strip().upper() for x in raw]
        if all(u in LEGACY_VERBS for u in ups) and ups != raw:
            return ups
    return None


@rule("AGTP505", spec="AGTP-API §9.2, §9.4")
def invalid_legacy_policy(ctx):
    """`policies.methods.legacy` is not `"*"`, `"NONE"` or a list of the five legacy verbs.

    ## What it does
    Accepts exactly `"*"` (all five), `"NONE"` (the default) or an array of
    `GET`, `POST`, `PUT`, `DELETE`, `PATCH`. Any other value or entry (a typo,
    a catalog verb, `HEAD`, `true`, the older `"enabled"`) is reported.
    Spellings that differ only in letter case are AGTP511.

    ## Why is this bad?
    Section 9.4: typos or non-HTTP verbs in `legacy` MUST be rejected as a
    hard configuration error: the server does not start.

    ## Example
    ```toml
    [policies.methods]
    legacy = ["GET", "FETCH"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    legacy = ["GET"]
    ```

    ## Fix safety
    `"enabled"` / `true` (the binary toggle of section 3.6) become `"*"`, and
    `false` becomes `"NONE"`: unsafe, as the intent of the older form is
    ambiguous for individual verbs.
    """
    pol = ctx.view.policies
    if "legacy" not in pol.methods:
        return
    raw = pol.methods["legacy"]
    path = pol.methods_path + ("legacy",)
    if _legacy_fix(raw) is not None:
        return
    if isinstance(raw, str):
        if raw.strip() in ("*", "NONE"):
            return
        fixes = []
        if raw.strip().lower() in ("enabled", "all", "yes", "true"):
            fixes.append(Fix('Use "*"', False, [SetValue(path, "*")]))
        elif raw.strip().lower() in ("disabled", "no", "false", "off"):
            fixes.append(Fix('Use "NONE"', False, [SetValue(path, "NONE")]))
        yield Finding(path, f"policies.methods.legacy {raw!r} must be \"*\", \"NONE\" or a list of "
                      "GET, POST, PUT, DELETE, PATCH: the server refuses to start (section 9.4)",
                      fixes=fixes)
    elif isinstance(raw, bool):
        yield Finding(path, "policies.methods.legacy must be \"*\", \"NONE\" or a list of legacy "
                      "verbs, not a boolean (section 9.2)",
                      fixes=[Fix('Use "*"' if raw else 'Use "NONE"', False,
                                 [SetValue(path, "*" if raw else "NONE")])])
    elif isinstance(raw, list):
        for i, v in enumerate(raw):
            if isinstance(v, str) and v.strip().upper() in LEGACY_VERBS:
                continue
            sugg = close_matches(v.upper(), LEGACY_VERBS, 1, limit=1) if isinstance(v, str) else []
            fixes = [Fix(f"Use {s}", False, [SetValue(path + (i,), s)]) for s in sugg]
            shown = repr(v) if isinstance(v, str) else type_name(v)
            yield Finding(path + (i,), f"legacy entry {shown} is not one of the five legacy HTTP "
                          "verbs (GET, POST, PUT, DELETE, PATCH): the server refuses to start "
                          "(section 9.4)" + (f"; did you mean {sugg[0]}?" if sugg else ""),
                          fixes=fixes)
    else:
        yield Finding(path, f"policies.methods.legacy must be \"*\", \"NONE\" or a list of legacy "
                      f"verbs, not {type_name(raw)}")


@rule("AGTP511", spec="AGTP-API §9.2")
def legacy_policy_case(ctx):
    """`policies.methods.legacy` is right except for letter case.

    ## What it does
    Reports `"none"`, `["get"]` and similar spellings.

    ## Why is this bad?
    Section 9.2 spells the values `"NONE"` and the verbs in capitals. The
    reference server upper-cases them, but a stricter server may refuse to
    start (section 9.4 makes a wrong legacy value a hard error).

    ## Example
    ```toml
    legacy = ["get"]
    ```

    ## Use instead
    ```toml
    legacy = ["GET"]
    ```

    ## Fix safety
    Safe: the reference server already reads the value this way.
    """
    pol = ctx.view.policies
    if "legacy" not in pol.methods:
        return
    raw = pol.methods["legacy"]
    fixed = _legacy_fix(raw)
    if fixed is None:
        return
    path = pol.methods_path + ("legacy",)
    yield Finding(path, f"write policies.methods.legacy as {fixed!r}".replace("'", '"'),
                  fixes=[Fix("Fix the letter case", True, [SetValue(path, fixed)])])
