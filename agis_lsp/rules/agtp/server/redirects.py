"""AGTP508, AGTP512: method redirects (AGTP-API section 9.2)."""
from __future__ import annotations

from ....engine.findings import AddKey, Finding, Fix
from ....engine.registry import rule
from .._common import analyze_path, lexically_valid
from ._shared import SERVERISH


@rule("AGTP508", spec="AGTP-API §9.2")
def invalid_redirect(ctx):
    """A method redirect is incomplete, malformed or loops.

    ## What it does
    Each `[[policies.methods.redirects]]` entry needs `from_method` and
    `to_method` (method names); `from_path` and `to_path`, when given, are
    valid paths (section 5). A redirect to itself, and redirects that lead
    back to where they started, are reported.

    ## Why is this bad?
    The server refuses an entry without both methods; a loop never reaches an
    endpoint.

    ## Example
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    to_path = "rooms"
    ```

    ## Use instead
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    to_method = "RESERVE"
    to_path = "/rooms"
    ```

    ## Fix safety
    No fix.
    """
    pol = ctx.view.policies
    base = pol.methods_path + ("redirects",)
    edges = {}
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict):
            continue
        path = base + (i,)
        for key in ("from_method", "to_method"):
            v = r.get(key)
            if key not in r:
                yield Finding(path, f"the redirect needs '{key}'", part="key")
            elif not isinstance(v, str) or not lexically_valid(v.strip().upper()):
                yield Finding(path + (key,), f"redirect {key} {v!r} is not a method name "
                              "(section 3.2)")
        for key in ("from_path", "to_path"):
            if key in r:
                v = r[key]
                if not isinstance(v, str):
                    yield Finding(path + (key,), f"redirect {key} must be a path string")
                    continue
                a = analyze_path(v)
                if not a.ok:
                    yield Finding(path + (key,), f"redirect {key} '{v}' is not a valid path "
                                  "(section 5)")
        fm, tm = r.get("from_method"), r.get("to_method")
        paths_ok = all(isinstance(r.get(k), (str, type(None))) for k in ("from_path", "to_path"))
        if isinstance(fm, str) and isinstance(tm, str) and paths_ok:
            src = (fm.upper(), r.get("from_path"))
            dst = (tm.upper(), r.get("to_path", r.get("from_path")))
            if src == dst:
                yield Finding(path, "the redirect leads to itself", part="key")
            else:
                edges.setdefault(src, (dst, i))
    for src, (dst, i) in edges.items():
        seen = {src}
        cur = dst
        while cur in edges and cur not in seen:
            seen.add(cur)
            cur = edges[cur][0]
        if cur == src:
            yield Finding(base + (i,), f"redirect from {src[0]}{' ' + src[1] if src[1] else ''} "
                          "loops back to itself through other redirects", part="key")


@rule("AGTP512", spec="AGTP-API §9.2")
def redirect_path_pairing(ctx):
    """A redirect gives only one of `from_path` and `to_path`.

    ## What it does
    Reports redirects with `from_path` but no `to_path`, or the reverse.

    ## Why is this bad?
    Section 9.2 allows either to be omitted, but the reference server refuses
    such an entry ("from_path AND to_path, or neither") and does not start.

    ## Example
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    from_path = "/room"
    to_method = "RESERVE"
    ```

    ## Use instead
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    from_path = "/room"
    to_method = "RESERVE"
    to_path = "/room"
    ```

    ## Fix safety
    Safe: a missing `to_path` means "the same path as the request", so the
    fix writes `from_path` again.

    ## Decision
    The draft and the reference server disagree; this is a warning, not an
    error, so a deployment for a draft-conformant server stays clean with
    `AGTP512` ignored.
    """
    pol = ctx.view.policies
    base = pol.methods_path + ("redirects",)
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict) or (("from_path" in r) == ("to_path" in r)):
            continue
        fixes = []
        if "from_path" in r and isinstance(r["from_path"], str):
            fixes.append(Fix("Add to_path (the same path)", True,
                             [AddKey(base + (i,), "to_path", r["from_path"])]))
        have, lack = ("from_path", "to_path") if "from_path" in r else ("to_path", "from_path")
        yield Finding(base + (i, have), f"the redirect gives {have} without {lack}: the reference "
                      "server accepts both paths or neither and refuses this entry", part="key",
                      fixes=fixes)
