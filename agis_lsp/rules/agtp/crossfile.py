"""AGTP7xx: checks across the files of a deployment (and within a manifest's endpoint list).

Every rule reports on the document being linted; the other side of a pair is
a ``Related`` location in the sibling file. Without a deployment directory
(a lone endpoint file) these rules have nothing to compare and stay silent.
"""
from __future__ import annotations

import os

from ...engine.findings import Finding, Related
from ...engine.registry import rule
from ._common import ambiguous, template_shape

DEFAULT_MAX_DEPTH = 10
BUILTINS = {("DISCOVER", "/methods")}


def _key(ep):
    if not isinstance(ep.method, str) or not isinstance(ep.path, str):
        return None
    return ep.method.strip().upper(), ep.path


def _pairs(ctx):
    """(current endpoint, other endpoint, other file or None) for every pair to compare."""
    if ctx.kind == "agtp-manifest":
        eps = ctx.view.endpoints
        for j, ep in enumerate(eps):
            for other in eps[:j]:
                yield ep, other, None
        return
    dep = ctx.deployment
    if dep is None:
        return
    ep = ctx.view.endpoint
    for ref in dep.other_endpoints(ctx.doc):
        yield ep, ref.view, ref.file


def _rel(other, uri, message):
    return Related(other.path_loc[0], message, uri=uri)


@rule("AGTP701", spec="AGTP-API §6, §5.4")
def duplicate_endpoint(ctx):
    """Two endpoints declare the same method and path.

    ## What it does
    Compares the (method, path) pair of the endpoint with every other endpoint
    file of the deployment (or every other entry of a manifest's
    `endpoints`). Methods compare case-insensitively.

    ## Why is this bad?
    An endpoint is identified by its (method, path) pair; the server cannot
    register both, and which one wins depends on load order.

    ## Example
    ```text
    endpoints/book_room.toml     BOOK /rooms
    endpoints/book_room_v2.toml  BOOK /rooms
    ```

    ## Use instead
    Keep one definition, or give the new one another path.

    ## Fix safety
    No fix.
    """
    for ep, other, uri in _pairs(ctx):
        a, b = _key(ep), _key(other)
        if a is None or a != b:
            continue
        where = f"in endpoints/{os.path.basename(uri)}" if uri else f"at endpoints[{other.index}]"
        yield Finding(ep.path_loc[0], f"{a[0]} {a[1]} is also declared {where}; an endpoint is "
                      "identified by its method and path, the server cannot register both",
                      related=[_rel(other, uri, f"{b[0]} {b[1]} is declared here too")])


@rule("AGTP702", spec="AGTP-API §5.4")
def ambiguous_path_template(ctx):
    """Two templates of the same method match the same requests with the same number of parameters.

    ## What it does
    For endpoints with the same method, compares the path templates segment
    by segment: when every position is equal or a parameter on at least one
    side, and both have the same number of parameters, some request path
    matches both equally well (`/orders/{id}` and `/orders/{order_id}`;
    `/stores/{s}/items` and `/{region}/stores/items`... of the same length).

    ## Why is this bad?
    Section 5.4: the dispatcher prefers the template with fewer parameters; two
    templates with the same number that both match MUST fail registration with
    a path-ambiguity error. The server does not start.

    ## Example
    ```text
    FETCH /orders/{id}
    FETCH /orders/{order_id}
    ```

    ## Use instead
    Keep one template, or make the literal segments differ.

    ## Fix safety
    No fix.
    """
    for ep, other, uri in _pairs(ctx):
        a, b = _key(ep), _key(other)
        if a is None or b is None or a[0] != b[0] or a[1] == b[1]:
            continue
        sa, sb = template_shape(a[1]), template_shape(b[1])
        if sa is None or sb is None or not ambiguous(sa, sb):
            continue
        n = sum(x is None for x in sa)
        yield Finding(ep.path_loc[0], f"{a[0]} {a[1]} and {b[0]} {b[1]} match the same request "
                      f"paths with {n} parameter{'s' if n != 1 else ''} each: the server refuses to "
                      "start with a path-ambiguity error (section 5.4)",
                      related=[_rel(other, uri, f"the other template, {b[1]}")])


@rule("AGTP703", spec="AGTP-API §12.1")
def recipe_step_without_endpoint(ctx):
    """A recipe step calls a method no endpoint of the deployment declares.

    ## What it does
    For each step whose method is a (non-floor) catalog or custom verb, looks
    for an endpoint file of the deployment declaring that method.

    ## Why is this bad?
    A composition orchestrates endpoints declared on the same server (section
    12.1); the reference server skips a recipe whose steps name methods no
    endpoint provides. Floor methods are built into every server and are not
    checked.

    ## Example
    ```toml
    [[recipe.steps]]
    method = "SUMMARIZE"    # and no endpoints/*.toml declares SUMMARIZE
    ```

    ## Use instead
    Add an endpoint for the method, or change the step.

    ## Fix safety
    No fix.
    """
    dep = ctx.deployment
    if dep is None or not dep.endpoint_paths:
        return
    cat = ctx.catalog
    declared = {e.view.method.strip().upper() for e in dep.endpoints if isinstance(e.view.method, str)}
    for r in ctx.view.recipes:
        for s in r.steps:
            m = s.method
            if not isinstance(m, str):
                continue
            up = m.strip().upper()
            if up in cat.embedded or up in declared or (up not in cat and up not in
                                                         dep.custom_methods(cat)):
                continue
            yield Finding(s.path + ("method",), f"step {s.index + 1} of recipe "
                          f"'{r.name}' calls {up}, but no endpoint of the deployment declares {up}")


@rule("AGTP704", spec="AGTP-API §8.7")
def recipe_exceeds_synthesis_depth(ctx):
    """A recipe has more steps than the server's `max_synthesis_depth`.

    ## What it does
    Compares the number of steps of each recipe with
    `policies.max_synthesis_depth` of the deployment's `agtp-server.toml`
    (10 when unset).

    ## Why is this bad?
    Section 8.7: plans exceeding the depth are refused; the composition can
    never run.

    ## Example
    ```toml
    # agtp-server.toml
    [policies]
    max_synthesis_depth = 2
    # agtp-recipes.toml: a recipe with three [[recipe.steps]]
    ```

    ## Use instead
    Raise `max_synthesis_depth`, or split the recipe.

    ## Fix safety
    No fix.
    """
    dep = ctx.deployment
    depth, where = DEFAULT_MAX_DEPTH, "the default"
    related = []
    if dep is not None and dep.server is not None:
        pol = dep.server.data.get("policies")
        v = pol.get("max_synthesis_depth") if isinstance(pol, dict) else None
        if isinstance(v, int) and not isinstance(v, bool) and v >= 1:
            depth, where = v, "policies.max_synthesis_depth of agtp-server.toml"
            related = [Related(("policies", "max_synthesis_depth"), "the depth limit",
                               uri=dep.server_path)]
    for r in ctx.view.recipes:
        if len(r.steps) > depth:
            yield Finding(r.path, f"recipe '{r.name}' has {len(r.steps)} steps, more than "
                          f"{where} ({depth}): the server refuses plans this deep", part="key",
                          related=related)


def _redirect_target(r):
    tm = r.get("to_method")
    if not isinstance(tm, str):
        return None
    return tm.strip().upper(), r.get("to_path", r.get("from_path"))


def _matches(template: str, path: str) -> bool:
    if template == path:
        return True
    a, b = template_shape(template), template_shape(path)
    if a is None or b is None or len(a) != len(b):
        return False
    return all(x is None or y is None or x == y for x, y in zip(a, b))


@rule("AGTP705", spec="AGTP-API §9.2")
def endpoint_shadowed_by_redirect(ctx):
    """A method redirect of the server rewrites every request for this endpoint.

    ## What it does
    Finds `[[policies.methods.redirects]]` entries in the deployment's
    `agtp-server.toml` whose `from_method` (and `from_path`, when given)
    match this endpoint's method and path.

    ## Why is this bad?
    A matching request is processed as if the redirect's target had been
    requested (section 9.2): this endpoint's handler is never reached.

    ## Example
    ```toml
    # agtp-server.toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    to_method = "RESERVE"
    # endpoints/book.toml: method = "BOOK"
    ```

    ## Use instead
    Remove the endpoint (the redirect replaces it) or the redirect.

    ## Fix safety
    No fix.
    """
    dep = ctx.deployment
    if dep is None or dep.policy is None:
        return
    ep = ctx.view.endpoint
    k = _key(ep)
    if k is None:
        return
    for i, r in enumerate(dep.policy.redirects):
        if not isinstance(r, dict) or not isinstance(r.get("from_method"), str):
            continue
        if r["from_method"].strip().upper() != k[0]:
            continue
        fp = r.get("from_path")
        if fp is not None and fp != k[1]:
            continue
        target = _redirect_target(r)
        if target is None or (target[0], target[1] or k[1]) == k:
            continue
        dest = f"{target[0]} {target[1] or k[1]}"
        yield Finding(ep.method_loc[0], f"requests for {k[0]} {k[1]} are redirected to {dest} by "
                      "the server's method policy: this endpoint is never reached",
                      related=[Related(dep.policy.methods_path + ("redirects", i), "the redirect",
                                       part="key", uri=dep.server_path)])


@rule("AGTP706", spec="AGTP-API §9.2")
def redirect_target_missing(ctx):
    """A method redirect leads to a method and path no endpoint declares.

    ## What it does
    For each redirect of `agtp-server.toml`, looks for an endpoint of the
    deployment matching the target: `to_method` on `to_path` (or on
    `from_path` when `to_path` is omitted; on any path for a method-only
    redirect).

    ## Why is this bad?
    A redirected request is processed as if the target had been requested; if
    nothing serves the target, the client gets 404 or 405 for a request that
    worked before the redirect.

    ## Example
    ```toml
    [[policies.methods.redirects]]
    from_method = "BOOK"
    from_path = "/room"
    to_method = "RESERVE"
    to_path = "/rooms"      # no RESERVE /rooms endpoint
    ```

    ## Use instead
    Point the redirect at an existing endpoint, or add the endpoint.

    ## Fix safety
    No fix.
    """
    dep = ctx.deployment
    if dep is None or not dep.endpoint_paths:
        return
    pol = ctx.view.policies
    eps = [k for k in (_key(e.view) for e in dep.endpoints) if k is not None] + list(BUILTINS)
    for i, r in enumerate(pol.redirects):
        if not isinstance(r, dict):
            continue
        target = _redirect_target(r)
        if target is None:
            continue
        method, path = target
        if path is None:
            ok = any(m == method for m, _ in eps)
            what = f"{method} on any path"
        elif not isinstance(path, str):
            continue
        else:
            ok = any(m == method and _matches(p, path) for m, p in eps)
            what = f"{method} {path}"
        if not ok:
            yield Finding(pol.methods_path + ("redirects", i), f"the redirect leads to {what}, but "
                          "no endpoint of the deployment serves it: redirected requests fail with "
                          "404 or 405", part="key")
