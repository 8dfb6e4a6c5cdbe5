"""ADP manifest: the requirements of §7 and the auth/pricing objects of §3-4."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ...engine.findings import AddKey, Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats import adp as fmt
from .. import _shape_rules

KINDS = ("adp-manifest",)
BOTH = ("adp-manifest", "adp-capability")
_SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

_shape_rules.register("AGDP", "adp", BOTH, "Agent Discovery Protocol document", "ADP 1.0 §2-5", {
    "missing": ('{"spec_version": "1.0", "name": "MailForge",\n'
                ' "description": "Transactional email API with templates.",\n'
                ' "base_url": "https://api.mailforge.dev", "capabilities": []}',
                '{"spec_version": "1.0", "name": "MailForge",\n'
                ' "description": "Transactional email API with templates.",\n'
                ' "base_url": "https://api.mailforge.dev", "auth": {"type": "api_key"},\n'
                ' "capabilities": [...]}'),
    "type": ('{"spec_version": 1.0}', '{"spec_version": "1.0"}'),
    "enum": ('"auth": {"type": "bearer"}', '"auth": {"type": "api_key"}'),
})


def _manifest(ctx) -> dict:
    return ctx.data if isinstance(ctx.data, dict) else {}


@rule("AGDP201", spec="ADP 1.0 §2, §7")
def description_length(ctx):
    """The manifest's `description` is shorter than 10 or longer than 200 characters.

    ## What it does
    Measures the top-level `description` (leading and trailing spaces not
    counted).

    ## Why is this bad?
    ADP §7: "description MUST be 10-200 characters"; registries show it in
    search results (§6 step 2) and may reject the manifest.

    ## Example
    ```json
    {"description": "Email"}
    ```

    ## Use instead
    ```json
    {"description": "Transactional email API with templates and analytics."}
    ```

    ## Fix safety
    No fix.
    """
    d = _manifest(ctx).get("description")
    if isinstance(d, str):
        n = len(d.strip())
        if n < fmt.DESCRIPTION_MIN or n > fmt.DESCRIPTION_MAX:
            yield Finding(("description",), f"description has {n} characters; it MUST be "
                          f"{fmt.DESCRIPTION_MIN}-{fmt.DESCRIPTION_MAX} characters (ADP §7)")


@rule("AGDP202", spec="ADP 1.0 §7")
def base_url_not_https(ctx):
    """`base_url` does not start with `https://`.

    ## What it does
    Checks the scheme of the manifest's `base_url`.

    ## Why is this bad?
    ADP §7: "base_url MUST start with https://"; agents send credentials to
    it (§3), which plain HTTP exposes.

    ## Example
    ```json
    {"base_url": "http://api.mailforge.dev"}
    ```

    ## Use instead
    ```json
    {"base_url": "https://api.mailforge.dev"}
    ```

    ## Fix safety
    Unsafe for `http://` (the server must serve HTTPS for the fix to work);
    no fix otherwise.
    """
    url = _manifest(ctx).get("base_url")
    if isinstance(url, str) and not url.startswith("https://"):
        fixes = []
        if url.startswith("http://"):
            new = "https://" + url[len("http://"):]
            fixes.append(Fix(f"Use '{new}'", False, [SetValue(("base_url",), new)]))
        yield Finding(("base_url",), f"base_url '{url}' MUST start with https:// (ADP §7)",
                      fixes=fixes)


def _caps(ctx):
    view = ctx.view
    return view.capabilities if isinstance(view, fmt.ManifestView) else []


@rule("AGDP203", spec="ADP 1.0 §2, §7", visits="capability")
def capability_name_not_snake_case(ctx, node):
    """A capability name is not snake_case (`sendEmail`, `Send Email`).

    ## What it does
    Checks each capability's `name` against lowercase words joined by
    underscores.

    ## Why is this bad?
    ADP §7: "Capability names MUST be snake_case"; detail URLs and registry
    searches use them verbatim.

    ## Example
    ```json
    {"name": "sendEmail", "description": "Send a transactional email", "detail_url": "/api/capabilities/sendEmail"}
    ```

    ## Use instead
    ```json
    {"name": "send_email", "description": "Send a transactional email", "detail_url": "/api/capabilities/send_email"}
    ```

    ## Fix safety
    Unsafe: renames the capability (its detail_url is not changed).
    """
    _, path, cap = node
    name = cap.get("name")
    if not isinstance(name, str) or _SNAKE.match(name):
        return
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+", name)
    new = "_".join(w.lower() for w in words)
    fixes = [Fix(f"Rename to '{new}'", False, [SetValue(path + ("name",), new)])] \
        if new and _SNAKE.match(new) else []
    yield Finding(path + ("name",), f"capability name '{name}' MUST be snake_case (ADP §7)",
                  fixes=fixes)


@rule("AGDP204", spec="ADP 1.0 §7")
def duplicate_capability_name(ctx):
    """Two capabilities of the manifest have the same name.

    ## What it does
    Reports each capability whose `name` an earlier one already uses.

    ## Why is this bad?
    ADP §7: "Capability names MUST be unique within a manifest"; agents drill
    into a capability by name (§6 step 4).

    ## Example
    ```json
    "capabilities": [{"name": "send_email", ...}, {"name": "send_email", ...}]
    ```

    ## Use instead
    ```json
    "capabilities": [{"name": "send_email", ...}, {"name": "schedule_email", ...}]
    ```

    ## Fix safety
    No fix.
    """
    seen: dict = {}
    for _, path, cap in _caps(ctx):
        name = cap.get("name")
        if not isinstance(name, str):
            continue
        if name in seen:
            yield Finding(path + ("name",), f"capability name '{name}' is used twice; names MUST be "
                          "unique within a manifest (ADP §7)",
                          related=[Related(seen[name] + ("name",), "first used here")])
        else:
            seen[name] = path


@rule("AGDP205", spec="ADP 1.0 §2, §7")
def no_capabilities(ctx):
    """The manifest's `capabilities` list is empty.

    ## What it does
    Flags `"capabilities": []`.

    ## Why is this bad?
    ADP §7: "At least one capability MUST be defined"; a manifest without one
    gives agents nothing to call.

    ## Example
    ```json
    {"capabilities": []}
    ```

    ## Use instead
    ```json
    {"capabilities": [{"name": "send_email", "description": "Send an email", "detail_url": "/api/capabilities/send_email"}]}
    ```

    ## Fix safety
    No fix.
    """
    caps = _manifest(ctx).get("capabilities")
    if isinstance(caps, list) and not caps:
        yield Finding(("capabilities",), "capabilities is empty; at least one capability MUST be "
                      "defined (ADP §7)")


@rule("AGDP206", spec="ADP 1.0 §3")
def auth_missing_dependent_field(ctx):
    """The auth object lacks a field its type needs (`oauth2` without `authorization_url`/`token_url`), or carries fields of another type.

    ## What it does
    For `type: oauth2`, requires `authorization_url` and `token_url`; flags
    `header`/`prefix` (api_key fields) on other types and `authorization_url`,
    `token_url`, `scopes` (oauth2 fields) on non-oauth2 types.

    ## Why is this bad?
    ADP §3 defines these fields per type: an agent cannot start an OAuth2 flow
    without its endpoints, and a field of another type suggests the wrong type
    was declared.

    ## Example
    ```json
    "auth": {"type": "oauth2", "scopes": ["send"]}
    ```

    ## Use instead
    ```json
    "auth": {"type": "oauth2", "authorization_url": "https://auth.mailforge.dev/authorize",
             "token_url": "https://auth.mailforge.dev/token", "scopes": ["send"]}
    ```

    ## Fix safety
    No fix.

    ## Decision
    The spec's table gives api_key defaults for `header` and `prefix`, so an
    api_key auth without them is complete; `none` needs nothing.
    """
    auth = _manifest(ctx).get("auth")
    if not isinstance(auth, dict) or not isinstance(auth.get("type"), str):
        return
    t = auth["type"]
    for need in fmt.AUTH_NEEDS.get(t, ()):
        if need not in auth:
            yield Finding(("auth",), f"auth type {t} needs '{need}' (ADP §3)", part="key")
    for key, owner in fmt.AUTH_ONLY.items():
        if key in auth and owner != t and t in fmt.AUTH_TYPES:
            yield Finding(("auth", key), f"'{key}' belongs to auth type {owner}, but the type is {t} "
                          "(ADP §3)", part="key",
                          related=[Related(("auth", "type"), "auth type")])


def _valid_detail_url(url: str) -> bool:
    if url.startswith("/"):
        return not url.startswith("//") and " " not in url
    parts = urlsplit(url)
    return parts.scheme in ("https", "http") and bool(parts.netloc) and " " not in url


@rule("AGDP207", spec="ADP 1.0 §2, §7", visits="capability")
def invalid_detail_url(ctx, node):
    """A capability's `detail_url` is neither an absolute http(s) URL nor a path relative to `base_url`.

    ## What it does
    Accepts `https://host/...`, `http://host/...` and paths starting with `/`;
    reports anything else (`capabilities/send_email`, `ftp://...`, spaces).

    ## Why is this bad?
    ADP §2: detail_url is "absolute or relative to base_url", and §7: each
    capability MUST have a detail_url that returns valid JSON. A relative
    reference without a leading slash resolves differently depending on
    whether base_url ends with `/`.

    ## Example
    ```json
    {"detail_url": "capabilities/send_email"}
    ```

    ## Use instead
    ```json
    {"detail_url": "/api/capabilities/send_email"}
    ```

    ## Fix safety
    Unsafe for a relative path without the leading `/` (the fix adds it,
    resolving it against the host root); no fix otherwise.

    ## Decision
    `http://` detail URLs are accepted (§7 requires https only for
    base_url); whether the URL returns JSON cannot be checked offline.
    """
    _, path, cap = node
    url = cap.get("detail_url")
    if not isinstance(url, str) or _valid_detail_url(url.strip()):
        return
    fixes = []
    if url and "://" not in url and not url.startswith("/") and " " not in url:
        fixes.append(Fix(f"Use '/{url}'", False, [SetValue(path + ("detail_url",), "/" + url)]))
    yield Finding(path + ("detail_url",), f"detail_url '{url}' is neither an absolute http(s) "
                  "URL nor a path starting with '/' relative to base_url (ADP §2)", fixes=fixes)
