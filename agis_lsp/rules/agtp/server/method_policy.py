"""AGTP506: the shape of `allow`, `disallow` and `aliases` (AGTP-API section 9.2)."""
from __future__ import annotations

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from .._common import lexically_valid, type_name
from ._shared import SERVERISH, method_list


@rule("AGTP506", spec="AGTP-API §9.2")
def invalid_method_policy(ctx):
    """`allow`, `disallow` or `aliases` of the method policy is malformed.

    ## What it does
    `allow` is `"*"` or an array of method names; `disallow` an array of
    method names; `aliases` a table mapping a verb to a verb;
    `redirects` an array of tables. Every name follows the lexical rule of
    section 3.2 (`^[A-Z]+$`, 3 to 32 characters).

    ## Why is this bad?
    The server refuses a policy it cannot read, and a name that breaks the
    lexical rule can never match a request.

    ## Example
    ```toml
    [policies.methods]
    allow = "all"
    disallow = ["book"]
    ```

    ## Use instead
    ```toml
    [policies.methods]
    allow = "*"
    disallow = ["BOOK"]
    ```

    ## Fix safety
    Upper-casing a name is safe (the reference server upper-cases them).
    `"all"` becoming `"*"` is unsafe.
    """
    pol = ctx.view.policies
    m = pol.methods
    base = pol.methods_path
    if "allow" in m:
        a = m["allow"]
        if isinstance(a, str) and a != "*":
            fixes = [Fix('Use "*"', False, [SetValue(base + ("allow",), "*")])] \
                if a.strip().lower() in ("all", "any", "*") else []
            yield Finding(base + ("allow",), f"policies.methods.allow {a!r} must be \"*\" or an "
                          "array of method names (section 9.2)", fixes=fixes)
        elif not isinstance(a, (str, list)):
            yield Finding(base + ("allow",), f"policies.methods.allow must be \"*\" or an array of "
                          f"method names, not {type_name(a)}")
    if "disallow" in m and not isinstance(m["disallow"], list):
        yield Finding(base + ("disallow",), f"policies.methods.disallow must be an array of method "
                      f"names, not {type_name(m['disallow'])}")
    for key in ("allow", "disallow"):
        for i, v in enumerate(method_list(pol, key)):
            path = base + (key, i)
            if not isinstance(v, str):
                yield Finding(path, f"{key}[{i}] must be a method name, not {type_name(v)}")
            elif not lexically_valid(v):
                up = v.strip().upper()
                fixes = [Fix(f"Use {up}", True, [SetValue(path, up)])] if lexically_valid(up) else []
                yield Finding(path, f"'{v}' in {key} is not a valid method name (uppercase letters, "
                              "3 to 32; section 3.2)", fixes=fixes)
    if "redirects" in m and not (isinstance(m["redirects"], list) and
                                 all(isinstance(r, dict) for r in m["redirects"])):
        yield Finding(base + ("redirects",), "policies.methods.redirects must be an array of "
                      "tables ([[policies.methods.redirects]])")
    if "aliases" in m:
        al = m["aliases"]
        if not isinstance(al, dict):
            yield Finding(base + ("aliases",), f"policies.methods.aliases must be a table of "
                          f"VERB = \"TARGET\", not {type_name(al)}")
        else:
            for k, v in al.items():
                if not lexically_valid(k.strip().upper()):
                    yield Finding(base + ("aliases", k), f"alias '{k}' is not a valid method name",
                                  part="key")
                if not isinstance(v, str) or not lexically_valid(v.strip().upper()):
                    yield Finding(base + ("aliases", k), f"alias target {v!r} of {k} is not a "
                                  "method name")
