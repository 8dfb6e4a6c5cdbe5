"""Pass 1 (structural): one endpoint per method and path."""
from __future__ import annotations

import re

from ...engine.findings import Finding, Related
from ...engine.registry import rule
from ._semantic import name

_PARAM = re.compile(r"\{[^{}/]*\}")


def endpoint_key(ep) -> tuple | None:
    """(METHOD, path template) naming an endpoint: case-insensitive method, parameter names ignored."""
    if not isinstance(ep.method, str) or not isinstance(ep.path, str) or not ep.method.strip():
        return None
    path = _PARAM.sub("{}", ep.path.strip())
    return ep.method.strip().upper(), path.rstrip("/") or "/"


def duplicates(ctx) -> list:
    """(endpoint, the earlier endpoint with the same key) for every repeat, in document order."""
    first: dict = {}
    out = []
    focus = ctx.view.focus
    for ep in ctx.view.all_endpoints:    # every endpoint is compared; a focus limits what is reported
        key = endpoint_key(ep)
        if key is None:
            continue
        if key in first:
            if focus is None or ep.index in focus:
                out.append((ep, first[key]))
        else:
            first[key] = ep
    return out


@rule("AGIS105", spec="AGIS §3, §8.1; AGTP-API §5.4")
def duplicate_endpoint(ctx):
    """Two endpoints have the same method and path (`FIND /reservation/{id}` twice).

    ## What it does
    Compares every endpoint's method (case-insensitively, section 4.1(e)) and
    path (with parameter names ignored: `/reservation/{id}` and
    `/reservation/{reservation_id}` are one route) and reports each repeat at
    its method, with the first declaration as related information.

    ## Why is this bad?
    A method-path combination is what an agent calls (section 3: "BOOK
    /reservation"), so two endpoints with the same one are one call with two
    contracts: an agent cannot tell which semantic block, input schema or
    errors apply. The AGTP transport refuses the second registration (AGTP-API
    section 5.4; AGTP701 for endpoint files), and the keyed form of the
    document (`"FIND /reservation/{id}":`) cannot even express it.

    ## Example
    ```yaml
    - method: FIND
      path: /reservation/{id}
    - method: FIND
      path: /reservation/{reservation_id}
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /reservation/{id}
    ```

    ## Fix safety
    No fix: which of the two contracts is right is the author's call, and
    removing an endpoint would lose one of them.

    ## Decision
    The draft never says in so many words that method-path combinations are
    unique, but it names endpoints by them throughout (sections 3, 8.1) and
    its keyed form makes them keys. agis-lint reports a repeat as an error,
    here and only here: the MCP tool-name clash it also causes (AGIS513) is a
    consequence and is not reported again.
    """
    for ep, other in duplicates(ctx):
        loc, part = ep.method_loc
        yield Finding(loc, f"{name(ep)} repeats the endpoint {name(other)} (the same method and path); an "
                      "agent cannot tell which contract applies: keep one",
                      part=part, related=[Related(other.method_loc[0], f"{name(other)} is declared here",
                                                  other.method_loc[1])])
