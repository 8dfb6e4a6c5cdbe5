"""AGTP4xx: handler bindings (AGTP-API section 12), checked without running anything.

Linting reads files and nothing else: a registered function's module is never
imported, an upstream URL is parsed but never contacted, and the environment
variables named by ``${VAR}`` placeholders are never read.
"""
from __future__ import annotations

import keyword
import re
from urllib.parse import urlsplit

from ...engine.model import AddKey, Append, Finding, Fix, Related, Remove, RenameKey, SetValue
from ...engine.registry import rule
from ...formats.agtp_kinds import HANDLER_KINDS
from ._common import close_matches, type_name

ENDPOINT = ("agtp-endpoint",)
HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
UPSTREAM_ERRORS = ("upstream_timeout", "upstream_connection_error", "upstream_malformed_response",
                   "upstream_authentication_failed", "upstream_error")
DEFAULT_TIMEOUT = 30
KIND_KEYS = {
    "registered_function": ("type", "function"),
    "composition": ("type", "recipe"),
    "external_service": ("type", "url", "method", "headers", "input_transform", "output_transform",
                         "error_map", "timeout_seconds"),
}
OLD_KEYS = {"input_map": "input_transform", "output_map": "output_transform"}
REFERENCE_TARGET = {"registered_function": "function", "composition": "recipe",
                    "external_service": "url"}
_VAR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_STATUS = re.compile(r"^[1-5][0-9][0-9]$")
_SECRET_HEADER = re.compile(r"(authorization|api[-_]?key|token|secret|password|credential)", re.I)


def _handlers(ctx, kind=None):
    for ep in ctx.view.endpoints:
        h = ep.handler
        if h is None:
            continue
        t = ep.handler_type
        if kind is None or t == kind:
            yield ep, h, ep.handler_path


def _reference_value(h: dict, key: str):
    """The binding's reference field, falling back to the older ``reference`` key."""
    if key in h:
        return key, h[key]
    if "reference" in h:
        return "reference", h["reference"]
    return None, None


@rule("AGTP401", "invalid-handler-type", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §6.3, §12")
def invalid_handler_type(ctx):
    """The handler has no `type`, or a type other than the three binding kinds.

    ## What it does
    `handler.type` must be `registered_function`, `composition` or
    `external_service` (section 12).

    ## Why is this bad?
    The server does not know how to realise the endpoint and refuses it.

    ## Example
    ```toml
    [endpoint.handler]
    type = "function"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Unsafe: the suggested kind is a guess by edit distance.
    """
    for ep, h, base in _handlers(ctx):
        t = h.get("type")
        if "type" not in h:
            yield Finding(base, "the handler has no 'type' (registered_function, composition or "
                          "external_service)", part="key")
        elif t not in HANDLER_KINDS:
            sugg = close_matches(t, HANDLER_KINDS, 1) if isinstance(t, str) else []
            if isinstance(t, str) and "function" in t.lower() and not sugg:
                sugg = ["registered_function"]
            fixes = [Fix(f"Use '{s}'", False, [SetValue(base + ("type",), s)]) for s in sugg]
            shown = repr(t) if isinstance(t, str) else type_name(t)
            yield Finding(base + ("type",), f"handler type {shown} is not a binding kind; use "
                          "registered_function, composition or external_service (section 12)",
                          fixes=fixes)


@rule("AGTP402", "unknown-recipe", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.1")
def unknown_recipe(ctx):
    """A composition handler names no recipe, or one the deployment does not define.

    ## What it does
    A `composition` handler needs `recipe`, the name of a `[[recipe]]` in the
    deployment's `agtp-recipes.toml`. With a deployment directory around the
    file, the name is looked up there (with did-you-mean suggestions); a lone
    endpoint file is only checked for the field.

    ## Why is this bad?
    Section 12.1: a composition handler whose recipe does not resolve MUST
    cause registration to fail. Inline steps are not supported in v00.

    ## Example
    ```toml
    [endpoint.handler]
    type = "composition"
    recipe = "audit-via-query-and-summarise"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "composition"
    recipe = "audit-via-query-and-summarize"
    ```

    ## Fix safety
    Unsafe: the suggested recipe is a guess by edit distance.
    """
    dep = ctx.deployment
    for ep, h, base in _handlers(ctx, "composition"):
        key, name = _reference_value(h, "recipe")
        if key is None:
            yield Finding(base, "a composition handler needs 'recipe', the name of a recipe in "
                          "agtp-recipes.toml (section 12.1)", part="key")
            continue
        if not isinstance(name, str) or not name:
            yield Finding(base + (key,), "handler recipe must be a non-empty string")
            continue
        if dep is None:
            continue
        if dep.recipes_doc is None:
            yield Finding(base + (key,), f"recipe '{name}' cannot resolve: the deployment has no "
                          "agtp-recipes.toml, so the server refuses this endpoint (section 12.1)")
            continue
        if dep.recipes is None:
            continue  # the recipes file does not parse; it reports that itself
        names = dep.recipe_names()
        if name in names:
            continue
        sugg = close_matches(name, list(names), 3)
        fixes = [Fix(f"Use recipe '{s}'", False, [SetValue(base + (key,), s)]) for s in sugg]
        hint = f"; did you mean '{sugg[0]}'?" if sugg else ""
        yield Finding(base + (key,), f"recipe '{name}' is not defined in agtp-recipes.toml: the "
                      f"server refuses this endpoint (section 12.1){hint}", fixes=fixes,
                      related=[Related(("recipe",), "the recipes of this deployment", part="key",
                                       uri=dep.recipes_path)])


def _errors_fix(ep, names: list, title: str):
    errs = ep.errors
    if errs is None:
        if "errors" in ep.body:
            return []
        return [Fix(title, True, [AddKey(ep.base, "errors", names)])]
    if len(names) == 1:
        return [Fix(title, True, [Append(ep.errors_path, names[0])])]
    return [Fix(title, True, [SetValue(ep.errors_path, list(errs) + names)])]


@rule("AGTP403", "missing-composition-failed", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.1")
def missing_composition_failed(ctx):
    """A composition endpoint does not declare the `composition_failed` error.

    ## What it does
    Checks that every endpoint with a `composition` handler lists
    `composition_failed` in its errors.

    ## Why is this bad?
    Section 12.1: composition endpoints MUST include it; it is the error
    returned when a step fails, and the reference server refuses to register
    the endpoint without it.

    ## Example
    ```toml
    [endpoint.errors]
    list = ["subject_not_found"]
    ```

    ## Use instead
    ```toml
    [endpoint.errors]
    list = ["subject_not_found", "composition_failed"]
    ```

    ## Fix safety
    Safe: the server returns this error whenever a step fails; declaring it
    only makes the contract say so.
    """
    for ep, h, base in _handlers(ctx, "composition"):
        if "composition_failed" in ep.error_names:
            continue
        where = ep.errors_path if ep.errors is not None else ep.base
        yield Finding(where, "a composition endpoint must declare the error 'composition_failed' "
                      "(section 12.1)", part="value" if ep.errors is not None else "key",
                      fixes=_errors_fix(ep, ["composition_failed"], "Declare composition_failed"))


def valid_dotted_path(value: str) -> str | None:
    """Why ``value`` is not an importable-looking dotted path (None when it is one)."""
    if not value or value != value.strip():
        return "it is empty or has surrounding spaces"
    if ":" in value:
        return "':' is not part of the dotted form; write module.function"
    parts = value.split(".")
    if len(parts) < 2:
        return "it names no module: write module.function"
    for p in parts:
        if not p.isidentifier():
            return f"'{p}' is not a Python identifier"
        if keyword.iskeyword(p):
            return f"'{p}' is a Python keyword"
    return None


@rule("AGTP404", "invalid-function-path", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.2")
def invalid_function_path(ctx):
    """A registered function is not a syntactically valid dotted path.

    ## What it does
    Checks that a `registered_function` handler has `function` and that it is
    a dotted path of Python identifiers with at least a module and an
    attribute (`rooms.handlers.book_room`). The module is never imported:
    linting never runs deployment code.

    ## Why is this bad?
    The server imports the module at registration time (section 12.2); a
    malformed path can never resolve and the endpoint is refused.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms/handlers:book_room"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in _handlers(ctx, "registered_function"):
        key, value = _reference_value(h, "function")
        if key is None:
            yield Finding(base, "a registered_function handler needs 'function', the dotted path "
                          "of the handler (section 12.2)", part="key")
            continue
        if not isinstance(value, str):
            yield Finding(base + (key,), f"handler function must be a dotted path string, not "
                          f"{type_name(value)}")
            continue
        why = valid_dotted_path(value)
        if why:
            yield Finding(base + (key,), f"handler function '{value}' is not a valid dotted path "
                          f"({why}; section 12.2)")


@rule("AGTP405", "invalid-upstream-url", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
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
    for ep, h, base in _handlers(ctx, "external_service"):
        key, url = _reference_value(h, "url")
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


@rule("AGTP406", "invalid-upstream-method", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
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
    for ep, h, base in _handlers(ctx, "external_service"):
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


@rule("AGTP407", "malformed-env-placeholder", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
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
    for ep, h, base in _handlers(ctx, "external_service"):
        headers = h.get("headers")
        if isinstance(headers, dict):
            for name, value in headers.items():
                if isinstance(value, str):
                    for problem in placeholder_problems(value):
                        yield Finding(base + ("headers", name), f"header {name}: {problem}")
        key, url = _reference_value(h, "url")
        if isinstance(url, str):
            for problem in placeholder_problems(url):
                yield Finding(base + (key,), f"url: {problem}")


@rule("AGTP408", "invalid-error-map", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def invalid_error_map(ctx):
    """An `error_map` key is not an HTTP status, or a value is not a declared error.

    ## What it does
    Keys of `error_map` are upstream HTTP status codes written as strings
    (`"404"`); values are error names that MUST appear in the endpoint's
    errors.

    ## Why is this bad?
    Section 12.3: every value in error_map MUST appear in the endpoint's
    errors; registration fails otherwise. A key that is not a status code can
    never match an upstream response.

    ## Example
    ```toml
    [endpoint.handler.error_map]
    "409" = "room_unavailable"    # not in errors
    "4xx" = "bad_request"
    ```

    ## Use instead
    ```toml
    [endpoint.handler.error_map]
    "409" = "room_unavailable"
    ```
    with `room_unavailable` in the endpoint's errors.

    ## Fix safety
    Declaring the mapped error in the endpoint's errors is safe: the handler
    already returns it.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        em = h.get("error_map")
        if not isinstance(em, dict):
            continue
        declared = ep.error_names
        for k, v in em.items():
            path = base + ("error_map", k)
            if not _STATUS.match(str(k)):
                yield Finding(path, f"error_map key '{k}' is not an HTTP status code (100-599)",
                              part="key")
            if not isinstance(v, str) or not v:
                yield Finding(path, f"error_map value for '{k}' must be an error name string")
            elif v not in declared:
                yield Finding(path, f"error_map maps {k} to '{v}', which is not in the endpoint's "
                              "errors: the server refuses this endpoint (section 12.3)",
                              fixes=_errors_fix(ep, [v], f"Declare '{v}' in errors"))


@rule("AGTP409", "missing-upstream-errors", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def missing_upstream_errors(ctx):
    """An external service endpoint does not declare the five upstream failure errors.

    ## What it does
    Checks that `upstream_timeout`, `upstream_connection_error`,
    `upstream_malformed_response`, `upstream_authentication_failed` and
    `upstream_error` are all in the errors of every `external_service`
    endpoint.

    ## Why is this bad?
    Section 12.3 (table 2) makes them mandatory so that transport failures
    reach agents as named errors rather than opaque server errors.

    ## Example
    ```toml
    errors = ["room_unavailable"]
    ```

    ## Use instead
    ```toml
    errors = ["room_unavailable", "upstream_timeout", "upstream_connection_error",
              "upstream_malformed_response", "upstream_authentication_failed",
              "upstream_error"]
    ```

    ## Fix safety
    Safe: the server returns these errors for upstream failures; the fix only
    declares them.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        missing = [e for e in UPSTREAM_ERRORS if e not in ep.error_names]
        if not missing:
            continue
        where = ep.errors_path if ep.errors is not None else ep.base
        yield Finding(where, f"an external_service endpoint must declare {', '.join(missing)} in "
                      "its errors (section 12.3)", part="value" if ep.errors is not None else "key",
                      fixes=_errors_fix(ep, missing, "Declare the upstream errors"))


@rule("AGTP410", "invalid-upstream-timeout", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def invalid_upstream_timeout(ctx):
    """`timeout_seconds` is not a positive number.

    ## What it does
    Checks that `timeout_seconds` of an external service binding is a number
    greater than zero.

    ## Why is this bad?
    Section 12.3: the upstream timeout is a positive number; zero, negative or
    non-numeric values are refused.

    ## Example
    ```toml
    timeout_seconds = "30"
    ```

    ## Use instead
    ```toml
    timeout_seconds = 30
    ```

    ## Fix safety
    A positive number written as a string is converted safely.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        if "timeout_seconds" not in h:
            continue
        v = h["timeout_seconds"]
        path = base + ("timeout_seconds",)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            fixes = []
            if isinstance(v, str):
                try:
                    num = float(v)
                    num = int(num) if num.is_integer() else num
                    if num > 0:
                        fixes.append(Fix(f"Write it as the number {num}", True, [SetValue(path, num)]))
                except ValueError:
                    pass
            yield Finding(path, f"timeout_seconds must be a positive number, not {type_name(v)}",
                          fixes=fixes)
        elif v <= 0:
            yield Finding(path, f"timeout_seconds is {v}; it must be a positive number of seconds")


@rule("AGTP411", "missing-upstream-timeout", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def missing_upstream_timeout(ctx):
    """An external service binding relies on the default timeout.

    ## What it does
    Reports `external_service` handlers without `timeout_seconds`.

    ## Why is this bad?
    Section 12.3: servers SHOULD set it explicitly; production deployments
    SHOULD NOT rely on the 30-second default, so that the upstream dependency
    posture can be inspected.

    ## Example
    ```toml
    [endpoint.handler]
    type = "external_service"
    url = "https://internal.acme.tld/booking"
    method = "POST"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "external_service"
    url = "https://internal.acme.tld/booking"
    method = "POST"
    timeout_seconds = 30
    ```

    ## Fix safety
    Safe: the fix writes the default (30 seconds) the server already applies.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        if "timeout_seconds" not in h:
            yield Finding(base, f"the external_service handler sets no timeout_seconds and relies on "
                          f"the {DEFAULT_TIMEOUT}-second default; set it explicitly (section 12.3)",
                          part="key", fixes=[Fix(f"Add timeout_seconds = {DEFAULT_TIMEOUT}", True,
                                                 [AddKey(base, "timeout_seconds", DEFAULT_TIMEOUT)])])


@rule("AGTP412", "unknown-handler-field", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12")
def unknown_handler_field(ctx):
    """The handler has a field its binding kind does not use.

    ## What it does
    Each binding kind reads its own fields: `function` for
    registered_function, `recipe` for composition, and `url`, `method`,
    `headers`, `input_transform`, `output_transform`, `error_map` and
    `timeout_seconds` for external_service. Other keys (including the older
    `reference`, `input_map` and `output_map`, see AGTP413) are reported.

    ## Why is this bad?
    The server ignores them: a `url` on a registered function, or a misspelt
    `timeout_second`, has no effect.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    url = "https://example.com"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Renaming a misspelt key is unsafe (the server starts reading it).
    """
    for ep, h, base in _handlers(ctx):
        known = KIND_KEYS.get(ep.handler_type)
        if known is None:
            continue
        for key in h:
            if key in known or key == "reference" or key in OLD_KEYS:
                continue
            other = [k for k, keys in KIND_KEYS.items() if key in keys]
            sugg = close_matches(key, known, 1)
            fixes = [Fix(f"Rename to {sugg[0]}", False, [RenameKey(base + (key,), sugg[0])])] \
                if sugg and sugg[0] not in h else []
            if other:
                msg = (f"'{key}' belongs to {other[0]} bindings and is ignored by a "
                       f"{ep.handler_type} handler")
                fixes = [Fix(f"Remove {key}", False, [Remove(base + (key,))])]
            else:
                msg = f"unknown handler field '{key}' is ignored by the server" + (
                    f"; did you mean '{sugg[0]}'?" if sugg else "")
            yield Finding(base + (key,), msg, part="key", fixes=fixes)


@rule("AGTP413", "legacy-handler-key", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12")
def legacy_handler_key(ctx):
    """The handler uses an older key name: `reference`, `input_map` or `output_map`.

    ## What it does
    Reports the generic `reference` (now `function`, `recipe` or `url`
    depending on the binding kind) and `input_map` / `output_map` (now
    `input_transform` / `output_transform`), which the reference server
    still reads with a deprecation warning.

    ## Why is this bad?
    Section 12 names the fields `function`, `recipe`, `url`,
    `input_transform` and `output_transform`; the older names will stop
    working.

    ## Example
    ```toml
    [endpoint.handler]
    type = "registered_function"
    reference = "rooms.handlers.book_room"
    ```

    ## Use instead
    ```toml
    [endpoint.handler]
    type = "registered_function"
    function = "rooms.handlers.book_room"
    ```

    ## Fix safety
    Safe: the new key carries the value the server already reads; when both
    names are present the server reads the new one and the old one is removed.
    """
    for ep, h, base in _handlers(ctx):
        renames = dict(OLD_KEYS)
        target = REFERENCE_TARGET.get(ep.handler_type)
        if target:
            renames["reference"] = target
        for old, new in renames.items():
            if old not in h:
                continue
            if new in h:
                yield Finding(base + (old,), f"'{old}' is the older name of '{new}', which is also "
                              f"given; the server reads '{new}', remove '{old}'", part="key",
                              fixes=[Fix(f"Remove {old}", True, [Remove(base + (old,))])])
            else:
                yield Finding(base + (old,), f"handler '{old}' is the older name of '{new}'",
                              part="key", fixes=[Fix(f"Rename to {new}", True,
                                                     [RenameKey(base + (old,), new)])])


@rule("AGTP414", "invalid-handler-map", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def invalid_handler_map(ctx):
    """`headers`, `input_transform`, `output_transform` or `error_map` is not a table of strings.

    ## What it does
    These four fields of an external service binding are tables whose values
    are strings (header values; field names; error names).

    ## Why is this bad?
    The server refuses a binding whose maps it cannot read.

    ## Example
    ```toml
    headers = ["Authorization: Bearer ${TOKEN}"]
    ```

    ## Use instead
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${TOKEN}"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        for key in ("headers", "input_transform", "output_transform", "error_map", *OLD_KEYS):
            if key not in h:
                continue
            v = h[key]
            if not isinstance(v, dict):
                yield Finding(base + (key,), f"{key} must be a table of strings, not {type_name(v)}")
                continue
            for k, item in v.items():
                if not isinstance(item, str):
                    yield Finding(base + (key, k), f"{key}.{k} must be a string, not "
                                  f"{type_name(item)}")


@rule("AGTP415", "literal-credential-in-header", pass_no=None, kinds=ENDPOINT, spec="AGTP-API §12.3")
def literal_credential_in_header(ctx):
    """A credential-bearing header is written literally instead of with a `${VAR}` placeholder.

    ## What it does
    Reports headers whose name suggests a credential (`Authorization`, `*-Api-Key`,
    `*Token*`, `*Secret*`, `*Password*`) and whose value contains no
    `${VAR}` placeholder. The value itself is never printed.

    ## Why is this bad?
    Endpoint files are committed, reviewed and published in diffs; a secret
    written in them leaks. Section 12.3 provides `${VAR}` placeholders
    resolved from the environment at start-up for exactly this.

    ## Example
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer sk_live_..."
    ```

    ## Use instead
    ```toml
    [endpoint.handler.headers]
    Authorization = "Bearer ${BOOKING_API_TOKEN}"
    ```

    ## Fix safety
    No fix.
    """
    for ep, h, base in _handlers(ctx, "external_service"):
        headers = h.get("headers")
        if not isinstance(headers, dict):
            continue
        for name, value in headers.items():
            if isinstance(value, str) and _SECRET_HEADER.search(str(name)) and "${" not in value \
                    and value.strip():
                yield Finding(base + ("headers", name), f"header {name} carries a credential written "
                              "literally in the file; reference an environment variable with "
                              "${VAR} instead")
