"""AGTP1xx: the endpoint's method against the catalog and the server's method policy."""
from __future__ import annotations

from ...engine.findings import Finding, Fix, Related
from ...engine.registry import rule
from ._common import custom_methods_of, judge_method, lexically_valid, policy_of, server_where

ENDPOINTS = ("agtp-endpoint", "agtp-manifest")


def _verdicts(ctx):
    catalog = ctx.catalog
    policy = policy_of(ctx)
    custom = custom_methods_of(ctx)
    legacy = policy.legacy_enabled if policy else set()
    for ep in ctx.view.endpoints:
        m = ep.method
        if not isinstance(m, str) or not m:
            continue
        yield ep, judge_method(m, catalog, custom=custom, legacy_enabled=legacy)


def _where(ep) -> str:
    return "endpoint" if ep.source == "toml" else f"endpoints[{ep.index}]"


@rule("AGTP101", spec="AGTP-API §3.2", visits="endpoint")
def invalid_method_name(ctx, ep):
    """The method is not an uppercase ASCII token of 3 to 32 letters.

    ## What it does
    Checks every endpoint's `method` against the lexical rule of section 3.2:
    `^[A-Z]+$`, 3 to 32 characters inclusive. Custom methods follow the same
    rule (section 3.3).

    ## Why is this bad?
    The server validates the lexical form before anything else and refuses the
    endpoint; requests carrying such a method are answered with 459 Method
    Violation.

    ## Example
    ```toml
    [endpoint]
    method = "book"
    path = "/rooms"
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "BOOK"
    path = "/rooms"
    ```

    ## Fix safety
    Upper-casing is safe when the result is a valid name: the reference server
    upper-cases method names when it loads endpoint files, so the fix writes
    what the server already reads. Names with digits, `_` or `-`, or of the
    wrong length, have no fix.
    """
    m = ep.method
    if not isinstance(m, str) or not m or lexically_valid(m):
        return
    path, part = ep.method_loc
    fixes = []
    up = m.strip().upper()
    if lexically_valid(up):
        fixes.append(Fix(f"Upper-case the method to {up}", True, [ep.set_method(up)]))
        msg = f"method '{m}' must be uppercase ASCII letters (section 3.2); use '{up}'"
    elif not 3 <= len(m) <= 32:
        msg = (f"method '{m}' has {len(m)} characters; a method name has 3 to 32 uppercase "
               "letters (section 3.2)")
    else:
        bad = sorted({c for c in m if not ("A" <= c <= "Z")})
        msg = (f"method '{m}' contains {', '.join(repr(c) for c in bad)}; a method name is "
               "uppercase ASCII letters only (^[A-Z]+$, section 3.2)")
    yield Finding(path, msg, part=part, fixes=fixes)


@rule("AGTP102", spec="AGTP-API §3.2, §3.3")
def unknown_method(ctx):
    """The method is neither in the catalog nor a custom method of the server.

    ## What it does
    Looks the method up in the method catalog in use (the shipped catalog, or
    the one given with `--catalog` / `catalog = ...` in the configuration).
    A method that is not there is accepted only when the server declares it as
    a custom method in `policies.methods.allow` (section 3.3; for a manifest,
    its `custom_methods` or `policies.methods.allow`). Otherwise it is reported
    with the closest catalog verbs by edit distance.

    ## Why is this bad?
    The server answers 459 Method Violation for a method outside the catalog
    and refuses to register the endpoint at start-up (sections 3, 13.2).

    ## Example
    ```toml
    [endpoint]
    method = "BOKK"
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "BOOK"
    ```

    ## Fix safety
    Unsafe: each suggestion changes the method clients call.
    """
    policy = policy_of(ctx)
    dep = ctx.deployment
    if ctx.kind == "agtp-endpoint" and dep is not None and dep.server_doc is not None \
            and dep.server is None:
        return  # agtp-server.toml does not parse: its custom methods are unknown, judge nothing
    aliases = {str(k).upper(): v for k, v in (policy.aliases.items() if policy else ())}
    for ep, v in _verdicts(ctx):
        if v.kind != "unknown":
            continue
        m = ep.method
        path, part = ep.method_loc
        version = ctx.catalog.version
        msg = (f"method '{m}' is not in the AGTP method catalog {version}: the server answers 459 "
               "Method Violation and refuses this endpoint")
        fixes = [Fix(f"Replace with {s}", False, [ep.set_method(s)]) for s in v.suggestions]
        target = aliases.get(m)
        if isinstance(target, str) and target.upper() in ctx.catalog:
            msg += (f"; {m} is only an alias of {target.upper()} in {server_where(ctx, 'aliases')}, which "
                    f"rewrites requests before dispatch, so declare the endpoint with "
                    f"{target.upper()}")
            fixes.insert(0, Fix(f"Replace with {target.upper()}", False,
                                [ep.set_method(target.upper())]))
        elif v.suggestions:
            msg += "; did you mean " + " or ".join(v.suggestions) + "?"
        if not target:
            msg += (f" (a custom method must be listed in {server_where(ctx, 'allow')})"
                    if policy is not None or ctx.kind == "agtp-manifest" else
                    " (a custom method must be listed in policies.methods.allow of the "
                    "deployment's agtp-server.toml, and none was found)")
        yield Finding(path, msg, part=part, fixes=fixes)


@rule("AGTP103", spec="AGTP-API §3.6, §9.2")
def legacy_method_not_enabled(ctx):
    """A legacy HTTP verb is used but the server does not opt in to it.

    ## What it does
    Reports endpoints whose method is one of the five legacy verbs (`GET`,
    `POST`, `PUT`, `DELETE`, `PATCH`) when the server's
    `policies.methods.legacy` does not list it (or is `"NONE"`, the default).
    The fix offers the catalog's preferred replacement (`GET` -> `FETCH`,
    `POST` -> `CREATE`, `PUT` -> `REPLACE`, `DELETE` -> `REMOVE`,
    `PATCH` -> `MODIFY`).

    ## Why is this bad?
    Legacy verbs are not catalog methods; without the opt-in the server answers
    459 Method Violation.

    ## Example
    ```toml
    [endpoint]
    method = "GET"
    path = "/orders/{order_id}"
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "FETCH"
    path = "/orders/{order_id}"
    ```

    ## Fix safety
    Unsafe: it changes the method clients call.

    ## Decision
    Section 3.6 maps legacy verbs to QUERY / EXECUTE at run time, while section
    3.1 and the catalog give FETCH, CREATE, REPLACE, REMOVE and MODIFY as each
    verb's *preferred* replacement. For an endpoint definition the catalog's
    `preferred` mapping is the one offered.
    """
    for ep, v in _verdicts(ctx):
        if v.kind != "legacy-disabled":
            continue
        m = ep.method
        preferred = ctx.catalog.preferred_for_legacy(m)
        path, part = ep.method_loc
        msg = (f"method '{m}' is a legacy HTTP verb and this server does not opt in to it "
               f"(policies.methods.legacy), so it answers 459 Method Violation")
        fixes = []
        if preferred:
            msg += f"; use {preferred}, its catalog replacement"
            fixes.append(Fix(f"Replace with {preferred}", False, [ep.set_method(preferred)]))
        yield Finding(path, msg, part=part, fixes=fixes)


@rule("AGTP104", spec="AGTP-API §3.6")
def legacy_method(ctx):
    """A new endpoint is defined with a legacy HTTP verb.

    ## What it does
    Reports endpoints whose method is a legacy verb the server does opt in to
    (`policies.methods.legacy`), offering the catalog's preferred replacement.

    ## Why is this bad?
    Section 3.6: legacy verbs are conveniences for migration and "MUST NOT be
    used in new endpoint definitions"; servers are expected to drop legacy
    support over time.

    ## Example
    ```toml
    [endpoint]
    method = "DELETE"
    path = "/orders/{order_id}"
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "REMOVE"
    path = "/orders/{order_id}"
    ```

    ## Fix safety
    Unsafe: it changes the method clients call.
    """
    for ep, v in _verdicts(ctx):
        if v.kind != "legacy-enabled":
            continue
        m = ep.method
        preferred = ctx.catalog.preferred_for_legacy(m)
        path, part = ep.method_loc
        msg = (f"method '{m}' is a legacy HTTP verb: legacy verbs are a migration aid and must not "
               "be used in new endpoint definitions (section 3.6)")
        fixes = []
        if preferred:
            msg += f"; use {preferred}"
            fixes.append(Fix(f"Replace with {preferred}", False, [ep.set_method(preferred)]))
        yield Finding(path, msg, part=part, fixes=fixes, tags=("deprecated",))


@rule("AGTP105", spec="AGTP-API §4.2, §4.4")
def deprecated_method(ctx):
    """The method is deprecated in the catalog.

    ## What it does
    Reports endpoints whose method carries `deprecated_in` in the catalog in
    use, with the planned `removed_in` and the `successor` as a fix. Editors
    show the method struck through (the LSP Deprecated tag).

    ## Why is this bad?
    A deprecated method still works, but every response carries an
    `AGTP-Catalog-Warning` header (section 4.4) and the method will be removed
    in a later major catalog version, at which point the server refuses the
    endpoint (section 4.5).

    ## Example
    ```toml
    [endpoint]
    method = "OLDAUDIT"       # deprecated_in 1.2.0, successor AUDIT
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "AUDIT"
    ```

    ## Fix safety
    Unsafe: it changes the method clients call.
    """
    for ep, v in _verdicts(ctx):
        if v.kind != "deprecated":
            continue
        info = v.info
        path, part = ep.method_loc
        msg = f"method '{ep.method}' is deprecated since catalog {info.deprecated_in}"
        if info.removed_in:
            msg += f" and is planned for removal in {info.removed_in}"
        fixes = []
        if info.successor:
            msg += f"; migrate to {info.successor}"
            fixes.append(Fix(f"Replace with {info.successor}", False, [ep.set_method(info.successor)]))
        else:
            msg += "; the catalog names no successor, see the verb's description"
        yield Finding(path, msg, part=part, fixes=fixes, tags=("deprecated",))


@rule("AGTP106", spec="AGTP-API §4.5")
def removed_method(ctx):
    """The method was removed from the catalog.

    ## What it does
    Reports endpoints whose method has a `removed_in` version at or before the
    version of the catalog in use.

    ## Why is this bad?
    Section 4.5: a server upgraded to that catalog refuses to load endpoint
    files that declare removed methods and answers 459 for them.

    ## Example
    ```toml
    [endpoint]
    method = "OLDAUDIT"       # removed_in 2.0.0, linted against catalog 2.0.0
    ```

    ## Use instead
    ```toml
    [endpoint]
    method = "AUDIT"
    ```

    ## Fix safety
    Unsafe: it changes the method clients call.
    """
    for ep, v in _verdicts(ctx):
        if v.kind != "removed":
            continue
        info = v.info
        path, part = ep.method_loc
        msg = (f"method '{ep.method}' was removed in catalog {info.removed_in}: the server refuses "
               f"to load this endpoint (catalog {ctx.catalog.version} is in use)")
        fixes = []
        if info.successor:
            msg += f"; use {info.successor}"
            fixes.append(Fix(f"Replace with {info.successor}", False, [ep.set_method(info.successor)]))
        yield Finding(path, msg, part=part, fixes=fixes, tags=("deprecated",))


@rule("AGTP107", spec="AGTP-API §9.2, §11")
def method_refused_by_policy(ctx):
    """The server's method policy refuses the endpoint's method.

    ## What it does
    Applies the server's `policies.methods` to each endpoint's method: a
    method in `disallow`, or missing from an `allow` list, is refused. The
    floor (embedded) methods of the catalog bypass the policy gate, as in the
    reference server; legacy verbs opted in with `legacy` are admitted.

    ## Why is this bad?
    Every call to the endpoint is answered 405 Method Not Allowed: the endpoint
    is declared but cannot be reached.

    ## Example
    ```toml
    # agtp-server.toml
    [policies.methods]
    disallow = ["TRANSFER"]

    # endpoints/transfer.toml
    [endpoint]
    method = "TRANSFER"
    ```

    ## Use instead
    Remove the method from `disallow` (or add it to the `allow` list), or
    remove the endpoint.

    ## Fix safety
    No fix: which side is wrong is the operator's call.

    ## Decision
    Section 9.2 says an `allow` list admits "the listed methods plus the
    embedded twelve floor methods"; the catalog now has 18 floor verbs. The
    floor set is read from the catalog in use (see docs/agtp.md).
    """
    policy = policy_of(ctx)
    if policy is None or not policy.present:
        return
    server_uri = None
    if ctx.kind == "agtp-endpoint" and ctx.deployment is not None:
        server_uri = ctx.deployment.server_path
    for ep, v in _verdicts(ctx):
        if v.kind not in ("catalog", "deprecated", "custom", "legacy-enabled"):
            continue
        reason = policy.refusal(ep.method, ctx.catalog)
        if reason is None:
            continue
        path, part = ep.method_loc
        related = []
        if "disallow" in reason:
            idx = next(i for i, d in enumerate(policy.methods.get("disallow"))
                       if isinstance(d, str) and d.upper() == ep.method.upper())
            related.append(Related(policy.methods_path + ("disallow", idx), "disallowed here",
                                   uri=server_uri))
        else:
            related.append(Related(policy.methods_path + ("allow",), "the allow list",
                                   uri=server_uri))
        yield Finding(path, f"method '{ep.method}' is refused by the server's method policy "
                      f"({reason}): every call to {ep.label} is answered 405 Method Not Allowed",
                      part=part, related=related)
