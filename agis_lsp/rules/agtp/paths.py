"""AGTP2xx: endpoint paths against the path grammar of AGTP-API section 5."""
from __future__ import annotations

from ...engine.findings import AddKey, Append, Finding, Fix
from ...engine.registry import rule
from ._common import analyze_path, leaking_segments, plural, replace_segment

ENDPOINTS = ("agtp-endpoint", "agtp-manifest")


def _path(ep):
    """The endpoint's path analysed (None: no path string)."""
    return analyze_path(ep.path) if isinstance(ep.path, str) else None


@rule("AGTP201", spec="AGTP-API §5.1, §5.2", visits="endpoint")
def invalid_path(ctx, ep):
    """The path does not have the structure of section 5.1.

    ## What it does
    Checks that the path begins with `/`, does not end with `/` (unless it is
    exactly `/`) and has no empty segment (`//`).

    ## Why is this bad?
    The server refuses to register the endpoint; requests with such paths are
    answered 460 Endpoint Violation.

    ## Example
    ```toml
    path = "orders/"
    ```

    ## Use instead
    ```toml
    path = "/orders"
    ```

    ## Fix safety
    Unsafe: the fix writes the path that was evidently meant, but a path is
    part of the API clients call.
    """
    a = _path(ep)
    if a is None:
        return
    path, part = ep.path_loc
    for message, fixed in a.structure[:1]:
        fixes = []
        if fixed is not None and fixed != ep.path and not a.query:
            fixes.append(Fix(f"Change the path to {fixed}", False, [ep.set_path(fixed)]))
        yield Finding(path, f"path '{ep.path}': {message}", part=part, fixes=fixes)


@rule("AGTP202", spec="AGTP-API §5.5, §5.6", visits="endpoint")
def path_query_or_fragment(ctx, ep):
    """The path of an endpoint definition carries a query string or a fragment.

    ## What it does
    Reports `?` and `#` in an endpoint's path.

    ## Why is this bad?
    A definition's path is matched against the path component of requests only;
    query parameters are merged into the input and validated by the input
    schema (section 5.5), so they are declared as inputs, not in the path.
    Fragments are rejected at the wire layer (section 5.6).

    ## Example
    ```toml
    path = "/meetings?date={date}"
    ```

    ## Use instead
    ```toml
    path = "/meetings"
    # and declare `date` as an input
    ```

    ## Fix safety
    Unsafe: it removes everything from the `?` or `#` on.
    """
    a = _path(ep)
    if a is None:
        return
    if a.query is None:
        return
    path, part = ep.path_loc
    cut = ep.path[:min(ep.path.index(m) for m in "?#" if m in ep.path)] or "/"
    if a.query == "?":
        msg = (f"path '{ep.path}' contains '?': an endpoint path has no query string; query "
               "parameters are merged into the input, so declare them as inputs (section 5.5)")
    else:
        msg = (f"path '{ep.path}' contains '#': fragments are rejected at the wire layer "
               "(section 5.6)")
    yield Finding(path, msg, part=part,
                  fixes=[Fix(f"Cut the path at '{a.query}'", False, [ep.set_path(cut)])])


@rule("AGTP203", spec="AGTP-API §5.2", visits="endpoint")
def invalid_path_character(ctx, ep):
    """A path segment contains a character the ABNF of section 5.2 does not allow.

    ## What it does
    Checks literal segments against `segment-char` (RFC 3986 unreserved,
    percent-encoded octets, sub-delims, `:` and `@`). Spaces, quotes, `<`,
    `>`, `\\`, `^`, `` ` ``, `|`, `[`, `]`, non-ASCII characters and a `%` not
    followed by two hex digits are reported.

    ## Why is this bad?
    The server cannot match such a path; it refuses the endpoint (460).

    ## Example
    ```toml
    path = "/order items"
    ```

    ## Use instead
    ```toml
    path = "/order-items"
    ```

    ## Fix safety
    No fix.
    """
    a = _path(ep)
    if a is None:
        return
    if not a.bad_chars:
        return
    path, part = ep.path_loc
    chars = []
    for ch, _, why in a.bad_chars:
        chars.append(why or (f"{ch!r}" if ch.isprintable() and ch != " " else
                             {" ": "a space"}.get(ch, f"U+{ord(ch):04X}")))
    chars = list(dict.fromkeys(chars))
    yield Finding(path, f"path '{ep.path}' contains {', '.join(chars)}, outside the path "
                  "grammar (section 5.2); use letters, digits, '-', '.', '_', '~' or "
                  "percent-encoding", part=part)


@rule("AGTP204", spec="AGTP-API §5.2, §5.3", visits="endpoint")
def unsupported_path_template(ctx, ep):
    """A path template uses a form other than a whole-segment `{name}`.

    ## What it does
    Reports URI Template (RFC 6570) forms such as `{?query}`, `{+path}`,
    `{#frag}`, `{a,b}`, `{x*}`; segments mixing literal text and a parameter
    (`prefix-{id}`); empty or unbalanced braces; and parameter names with
    characters other than letters, digits and `_`.

    ## Why is this bad?
    Section 5.3: `{name}` is the only template syntax v00 admits, and servers
    MUST reject any other form at registration time.

    ## Example
    ```toml
    path = "/invoices/inv-{invoice_id}"
    ```

    ## Use instead
    ```toml
    path = "/invoices/{invoice_id}"
    ```

    ## Fix safety
    No fix.
    """
    a = _path(ep)
    if a is None:
        return
    path, part = ep.path_loc
    for s in a.segments:
        if s.kind == "template-error":
            yield Finding(path, f"path '{ep.path}': segment '{s.text}' uses {s.problem}"
                          if s.problem and s.problem.startswith(("the ", "an ")) else
                          f"path '{ep.path}': segment '{s.text}' {s.problem}", part=part)


@rule("AGTP205", spec="AGTP-API §5.2", visits="endpoint")
def duplicate_path_parameter(ctx, ep):
    """Two parameters of one path have the same name.

    ## What it does
    Reports a `{name}` that appears twice in a path.

    ## Why is this bad?
    Section 5.2: a path with two parameters of the same name MUST be rejected
    at registration time (the second value would overwrite the first).

    ## Example
    ```toml
    path = "/stores/{id}/orders/{id}"
    ```

    ## Use instead
    ```toml
    path = "/stores/{store_id}/orders/{order_id}"
    ```

    ## Fix safety
    No fix.
    """
    a = _path(ep)
    if a is None:
        return
    path, part = ep.path_loc
    for name in dict.fromkeys(a.duplicates):
        yield Finding(path, f"path '{ep.path}' declares parameter {{{name}}} more than once; "
                      "parameter names within a path must be unique (section 5.2)", part=part)


@rule("AGTP206", spec="AGTP-API §5.3", visits="endpoint")
def undeclared_path_parameter(ctx, ep):
    """A path parameter is not declared as an input of the endpoint.

    ## What it does
    Every `{name}` of the path must be declared as an input: a property of
    `input_schema` (section 6.1 shape) or an entry of
    `[[endpoint.input.required]]` / `[[endpoint.input.optional]]`
    (the reference server's shape).

    ## Why is this bad?
    Section 5.3: a template parameter that is not declared in the input schema
    MUST cause registration to fail. With `additionalProperties: false` the
    value would also be rejected by input validation.

    ## Example
    ```toml
    [endpoint]
    path = "/orders/{order_id}"
    # no input named order_id
    ```

    ## Use instead
    ```toml
    [[endpoint.input.required]]
    name = "order_id"
    type = "string"
    description = "The order to fetch."
    ```

    ## Fix safety
    Unsafe: the fix declares a required string input, a guess at its type.
    """
    a = _path(ep)
    if a is None:
        return
    declared = ep.input_names
    path, part = ep.path_loc
    for name in dict.fromkeys(a.params):
        if name in declared:
            continue
        fixes = []
        props = ep.input_schema.get("properties") if ep.input_schema else None
        block = ep.body.get("input")
        if isinstance(props, dict):
            fixes.append(Fix(f"Declare '{name}' in input_schema", False,
                             [AddKey(ep.p("input_schema", "properties"), name, {"type": "string"})]))
        elif isinstance(block, dict) and isinstance(block.get("required"), list) and \
                ctx.kind == "agtp-endpoint":
            fixes.append(Fix(f"Declare '{name}' as a required input", False, [Append(
                ep.p("input", "required"),
                {"name": name, "type": "string", "description": f"The {name} path parameter."})]))
        yield Finding(path, f"path parameter {{{name}}} is not declared as an input of the "
                      "endpoint; the server refuses to register it (section 5.3)", part=part,
                      fixes=fixes)


@rule("AGTP207", spec="AGTP-API §5.1", visits="endpoint")
def method_name_in_path(ctx, ep):
    """A path segment is a catalog verb (method-name leakage).

    ## What it does
    Removes `-` and `_` from every literal path segment, upper-cases it and
    looks it up in the method catalog. Parameter segments (`{...}`) are exempt.

    ## Why is this bad?
    Section 5.1: no path segment may match a catalog method; the server answers
    460 Endpoint Violation. With 425 verbs in the catalog this catches
    ordinary nouns: `order`, `profile`, `invoice`, `report`, `list`, `index`,
    `schedule` and `transfer` are all catalog verbs. A plural is usually not
    a verb (`/orders`), and is the fix offered.

    ## Example
    ```toml
    path = "/order/{order_id}"
    ```

    ## Use instead
    ```toml
    path = "/orders/{order_id}"
    ```

    ## Fix safety
    Unsafe: it changes the path clients call. A segment that is already a
    plural (a catalog passed with `--catalog` may list `QUOTES`) gets no fix:
    the plural of `quotes` is not `quoteses`.
    """
    catalog = ctx.catalog
    a = _path(ep)
    if a is None:
        return
    path, part = ep.path_loc
    for seg, verb in leaking_segments(a, catalog):
        fixes = []
        alt = plural(seg.text)
        alt_verb = alt.replace("-", "").replace("_", "").upper()
        if alt != seg.text and alt_verb not in catalog:
            new = replace_segment(ep.path, seg.index, alt)
            fixes.append(Fix(f"Use '{alt}' (not a verb)", False, [ep.set_path(new)]))
        hint = f"; use e.g. '{alt}'" if fixes else ""
        yield Finding(path, f"path segment '{seg.text}' is the catalog verb {verb}: a path "
                      "segment must not name a method and the server answers 460 Endpoint "
                      f"Violation (many ordinary nouns are among the catalog's {len(catalog)} "
                      f"verbs){hint}", part=part, fixes=fixes,
                      data={"segment": seg.text, "verb": verb})
