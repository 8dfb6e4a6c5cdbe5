"""AGTP407: `${VAR}` placeholders of an external service (AGTP-API section 12.3).

The variables are named, never read.
"""
from __future__ import annotations

import re

from ....engine.findings import Finding
from ....engine.registry import rule
from ._shared import ENDPOINT, external_headers, handler_bindings, reference_value

_VAR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def placeholder_problems(value: str) -> list[str]:
    """Malformed ``${VAR}`` placeholders in ``value``: descriptions that name, never resolve."""
    out = []
    i = 0
    while True:
        i = value.find("$", i)
        if i == -1:
            return out
        if value.startswith("${", i):
            j = value.find("}", i + 2)
            if j == -1:
                out.append(f"placeholder '{value[i:i + 24]}' is not closed with '}}'")
                return out
            name = value[i + 2:j]
            if not name:
                out.append("placeholder '${}' names no variable")
            elif not _VAR.match(name):
                out.append(f"placeholder '${{{name}}}' is not a valid environment variable name "
                           "(letters, digits and '_', not starting with a digit)")
            i = j + 1
            continue
        m = re.match(r"\$([A-Za-z_][A-Za-z0-9_]*)", value[i:])
        if m:
            out.append(f"'${m.group(1)}' is sent literally: only the '${{{m.group(1)}}}' form is "
                       "resolved from the environment")
            i += len(m.group(0))
            continue
        i += 1


@rule("AGTP407", spec="AGTP-API §12.3")
def malformed_env_placeholder(ctx):
    """A `${VAR}` placeholder in an external service binding is malformed.

    ## What it does
    Checks the `${VAR}` placeholders in `headers` values and in `url`:
    closed braces, a non-empty name of letters, digits and `_` not starting
    with a digit. A bare `$NAME` is reported because it is sent as written.
    The environment is never read: messages name variables, never values.

    ## Why is this bad?
    Placeholders are resolved from the environment at server start-up and an
    unresolved one MUST make registration fail (section 12.3); a malformed one
    cannot resolve, or leaks the literal text upstream.

    ## Example
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${BOOKING_API_TOKEN"
    ```

    ## Use instead
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${BOOKING_API_TOKEN}"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in handler_bindings(ctx, "external_service"):
        for path, name, value in external_headers(h, base):
            for problem in placeholder_problems(value):
                yield Finding(path, f"header {name}: {problem}")
        key, url = reference_value(h, "url")
        if isinstance(url, str):
            for problem in placeholder_problems(url):
                yield Finding(base + (key,), f"url: {problem}")
