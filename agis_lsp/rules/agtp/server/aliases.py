"""AGTP509: method aliases that point at aliases (AGTP-API section 9)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, Related, Remove, SetValue
from ....engine.registry import rule
from ._shared import SERVERISH


@rule("AGTP509", spec="AGTP-API §9 (aliases)")
def chained_method_alias(ctx):
    """A method alias points at another alias.

    ## What it does
    `[policies.methods.aliases]` maps an incoming verb to the verb the server
    dispatches (e.g. `WHOAMI = "DESCRIBE"`). An alias whose target is itself
    an alias, or that maps a verb to itself, is reported.

    ## Why is this bad?
    Aliases are resolved in a single hop: `A = "B"` with `B = "C"` sends `A`
    to `B`, never to `C`, which is rarely what the chain meant; an alias to
    itself does nothing.

    ## Example
    ```toml
    [policies.methods.aliases]
    WHOAMI = "DESCRIBE"
    DESCRIBE = "INSPECT"
    ```

    ## Use instead
    ```toml
    [policies.methods.aliases]
    WHOAMI = "INSPECT"
    DESCRIBE = "INSPECT"
    ```

    ## Fix safety
    Unsafe: pointing the alias at the end of the chain changes where requests
    go (today they stop after one hop).
    """
    pol = ctx.view.policies
    al = {str(k).strip().upper(): (k, v) for k, v in pol.aliases.items()}
    base = pol.methods_path + ("aliases",)
    for up, (k, v) in al.items():
        if not isinstance(v, str):
            continue
        t = v.strip().upper()
        if t == up:
            yield Finding(base + (k,), f"alias {k} maps the verb to itself and has no effect",
                          fixes=[Fix(f"Remove alias {k}", True, [Remove(base + (k,))])])
            continue
        if t in al:
            final, seen = t, {up, t}
            while final in al and isinstance(al[final][1], str):
                nxt = al[final][1].strip().upper()
                if nxt in seen:
                    final = None
                    break
                seen.add(nxt)
                final = nxt
            fixes = [Fix(f"Point {k} at {final}", False, [SetValue(base + (k,), final)])] \
                if final and final != up else []
            yield Finding(base + (k,), f"alias {k} -> {t} chains through another alias ({t} -> "
                          f"{al[t][1]}); aliases resolve in one hop and must not chain",
                          fixes=fixes, related=[Related(base + (al[t][0],), f"the alias of {t}",
                                                        part="key")])
