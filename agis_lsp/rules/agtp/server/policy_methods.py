"""AGTP507: verbs named by the method policy that the catalog lacks (AGTP-API sections 4.5, 9.4)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import LEGACY_VERBS
from .._common import close_matches, lexically_valid
from ._shared import SERVERISH, method_list


@rule("AGTP507", spec="AGTP-API §4.5, §9.4")
def unknown_policy_method(ctx):
    """A policy entry refers to a verb the catalog does not have (or has removed).

    ## What it does
    `disallow`, `redirects` (both sides) and alias targets must name catalog
    verbs, legacy verbs or the server's custom methods; an entry naming a
    removed or unknown verb is reported. `allow` entries outside the catalog
    declare custom methods (section 3.3): they are reported only when they
    look like a misspelt catalog verb, or name a removed one.

    ## Why is this bad?
    Section 9.4: the server skips such entries at load time with a warning, so
    the policy silently does less than it says (a `disallow` that no longer
    disallows anything).

    ## Example
    ```toml
    [policies.methods]
    disallow = ["TRANSFR"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    disallow = ["TRANSFER"]
    ```

    ## Fix safety
    Unsafe: the suggested verb is a guess by edit distance.

    ## Decision
    The reference server skips every non-catalog name in `allow`, while
    section 3.3 makes `allow` the place to declare custom methods. agis-lint
    follows the draft: a non-catalog name in `allow` is a custom method.
    """
    pol = ctx.view.policies
    cat = ctx.catalog
    custom = pol.custom_methods(cat)
    base = pol.methods_path

    def known(name: str) -> bool:
        return name in cat or name in LEGACY_VERBS or name in custom

    def report(path, name, where, part="value"):
        up = name.strip().upper()
        if cat.is_removed(up):
            yield Finding(path, f"{where} '{name}' was removed in catalog "
                          f"{cat.get(up).removed_in}: the server skips this entry (section 9.4)",
                          part=part)
            return
        if known(up):
            return
        sugg = cat.suggest(up, 2)
        fixes = [Fix(f"Use {s}", False, [SetValue(path, s)]) for s in sugg] if part == "value" else []
        yield Finding(path, f"{where} '{name}' is not in catalog {cat.version} (nor a legacy or "
                      "custom method): the server skips this entry (section 9.4)"
                      + (f"; did you mean {' or '.join(sugg)}?" if sugg else ""), part=part,
                      fixes=fixes)

    for i, v in enumerate(method_list(pol, "allow")):
        if not isinstance(v, str) or not lexically_valid(v.strip().upper()):
            continue
        up = v.strip().upper()
        if cat.is_removed(up):
            yield from report(base + ("allow", i), v, "allow entry")
        elif up not in cat and up not in LEGACY_VERBS:
            sugg = close_matches(up, list(cat), 2, limit=1)
            if sugg:
                yield Finding(base + ("allow", i), f"allow entry '{v}' is not in catalog "
                              f"{cat.version}, so it declares a custom method; did you mean "
                              f"{' or '.join(sugg)}?",
                              fixes=[Fix(f"Use {s}", False, [SetValue(base + ("allow", i), s)])
                                     for s in sugg])
    for i, v in enumerate(method_list(pol, "disallow")):
        if isinstance(v, str) and lexically_valid(v.strip().upper()):
            yield from report(base + ("disallow", i), v, "disallow entry")
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict):
            continue
        for key in ("from_method", "to_method"):
            v = r.get(key)
            if isinstance(v, str) and lexically_valid(v.strip().upper()):
                yield from report(base + ("redirects", i, key), v, f"redirect {key}")
    for k, v in pol.aliases.items():
        if isinstance(v, str) and lexically_valid(v.strip().upper()):
            yield from report(base + ("aliases", k), v, f"alias target of {k}")
