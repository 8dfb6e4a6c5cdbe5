"""AGTP405, AGTP406: an external service's URL and HTTP method (AGTP-API section 12.3).

The URL is parsed, never contacted.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ....engine.findings import Finding, Fix, SetValue
from ....engine.registry import rule
from ....formats.agtp.vocabulary import HTTP_METHODS
from .._common import close_matches, type_name
from ._shared import ENDPOINT, handler_bindings, reference_value


@rule("AGTP405", spec="AGTP-API §12.3")
def invalid_upstream_url(ctx):
    """An external service URL is missing, not HTTPS, or malformed.

    ## What it does
    Checks `url` of `external_service` handlers: present, an absolute
    `https://` URL with a host, without spaces and without credentials in the
    URL. The URL is parsed, never contacted.

    ## Why is this bad?
    Section 12.3: the URL MUST use https; plain HTTP MUST NOT be accepted at
    registration time. Credentials in a URL end up in logs.

    ## Example
    ```toml
    url = "http://internal.acme.tld/booking"
    ```

    ## Use instead
    ```toml
    url = "https://internal.acme.tld/booking"
    ```

    ## Fix safety
    Unsafe: switching to https assumes the upstream serves TLS on the same
    host and path.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        key, url = reference_value(h, "url")
        if key is None:
            yield Finding(base, "an external_service handler needs 'url', the https:// address of "
                          "the upstream (section 12.3)", part="key")
            continue
        path = base + (key,)
        if not isinstance(url, str) or not url.strip():
            yield Finding(path, "handler url must be a non-empty string")
            continue
        probe = re.sub(r"\$\{[^}]*\}", "x", url)
        try:
            parts = urlsplit(probe)
            host = parts.hostname
        except ValueError:
            yield Finding(path, "handler url is not a valid URL")
            continue
        scheme = parts.scheme.lower()
        if scheme == "http":
            fixed = "https" + url[len("http"):] if url.lower().startswith("http:") else None
            yield Finding(path, "handler url uses plain http: external services must be reached "
                          "over https, and the server refuses this endpoint (section 12.3)",
                          fixes=[Fix("Use https", False, [SetValue(path, fixed)])] if fixed else [])
        elif scheme != "https":
            yield Finding(path, "handler url must be an absolute https:// URL (section 12.3)"
                          + (f", not {scheme}:" if scheme else ""))
        elif not host:
            yield Finding(path, "handler url has no host")
        if any(c.isspace() for c in url):
            yield Finding(path, "handler url contains whitespace")
        if parts.username or parts.password:
            yield Finding(path, "handler url carries credentials (user:password@); pass them in a "
                          "header with a ${VAR} placeholder instead")


@rule("AGTP406", spec="AGTP-API §12.3")
def invalid_upstream_method(ctx):
    """An external service binding has no HTTP method or an invalid one.

    ## What it does
    `method` is REQUIRED for `external_service` handlers and is one of GET,
    POST, PUT, PATCH, DELETE, HEAD, OPTIONS.

    ## Why is this bad?
    The server cannot call the upstream without it and refuses the endpoint.

    ## Example
    ```toml
    [endpoint.handler]
    type = "external_service"
    method = "post"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "external_service"
    method = "POST"
    ```

    ## Fix safety
    Upper-casing is safe (the reference server upper-cases it when loading).
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        if "method" not in h:
            yield Finding(base, "an external_service handler needs 'method', the upstream HTTP "
                          "method (GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS; section 12.3)",
                          part="key")
            continue
        m = h["method"]
        path = base + ("method",)
        if isinstance(m, str) and m.strip().upper() in HTTP_METHODS:
            if m != m.strip().upper():
                yield Finding(path, f"upstream method '{m}' should be written '{m.strip().upper()}'",
                              fixes=[Fix(f"Use {m.strip().upper()}", True,
                                         [SetValue(path, m.strip().upper())])])
            continue
        shown = repr(m) if isinstance(m, str) else type_name(m)
        sugg = close_matches(m.upper(), HTTP_METHODS, 1, limit=1) if isinstance(m, str) else []
        yield Finding(path, f"upstream method {shown} must be one of {', '.join(HTTP_METHODS)} "
                      "(section 12.3)", fixes=[Fix(f"Use {s}", False, [SetValue(path, s)]) for s in sugg])
