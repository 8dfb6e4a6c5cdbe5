"""AGTP80x: the server manifest JSON of AGTP-API section 8."""
from __future__ import annotations

from functools import lru_cache

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: jsonschema costs ~90 ms to import
    from jsonschema import Draft202012Validator

from ...document.preview import preview
from ...engine.findings import Append, Finding, Fix, Remove
from ...engine.registry import rule

MANIFEST = ("agtp-manifest",)
_VERSION = {"type": "string", "pattern": r"^[0-9]+\.[0-9]+$"}
_NULLABLE_STR = {"type": ["string", "null"]}
#: The manifest skeleton (section 8.2, 4.3). Server identity, policies and endpoints
#: have rules of their own (AGTP5xx, AGTP1xx-4xx) and are only typed here.
SCHEMA = {
    "type": "object",
    "required": ["agtp_version", "agtp_api_version", "document_version", "catalog_version",
                 "catalog_versions_supported", "server", "embedded_methods", "agent_disclosure"],
    "properties": {
        "agtp_version": _VERSION,
        "agtp_api_version": _VERSION,
        "document_version": {"type": "string", "minLength": 1},
        "catalog_version": {"type": "string", "minLength": 1},
        "catalog_versions_supported": {"type": "array", "minItems": 1, "items": {"type": "string"}},
        "server": {"type": "object"},
        "embedded_methods": {"type": "array"},
        "custom_methods": {"type": "array"},
        "endpoints": {"type": "array", "items": {"type": "object"}},
        # section 8.5 says public | authenticated | private; the reference server's schema
        # says public | limited | private. Both are accepted.
        "agent_disclosure": {"enum": ["public", "authenticated", "limited", "private"]},
        "hosted_agents": {"type": "array", "items": {"type": "object"}},
        "agent_disclosure_notice": _NULLABLE_STR,
        "apis": {"type": "array", "items": {"type": "object"}},
        "hosted_protocols": {"type": "array", "items": {"type": "object"}},
        "policies": {"type": ["object", "null"]},
        "manifest_signature": {"type": ["string", "object", "null"]},
        "security": {"type": ["object", "null"]},
        "assurance": {"type": ["object", "null"]},
    },
}
KNOWN = tuple(SCHEMA["properties"])


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator
    return Draft202012Validator(SCHEMA)


@rule("AGTP801", spec="AGTP-API §8.2, §4.3")
def invalid_manifest(ctx):
    """The manifest lacks a required field or has one of the wrong type.

    ## What it does
    Validates the manifest skeleton: `agtp_version` and `agtp_api_version`
    ("MAJOR.MINOR" strings), `document_version`, `catalog_version`,
    `catalog_versions_supported` (a non-empty array), `server`,
    `embedded_methods` and `agent_disclosure` are required; the optional
    arrays (`custom_methods`, `endpoints`, `hosted_agents`, `apis`,
    `hosted_protocols`) and `policies` are typed.

    ## Why is this bad?
    Agents read these fields to negotiate versions and catalogs (section 4.6);
    conformance (section 13.1, item 5) requires the five version fields.

    ## Example
    ```json
    {"agtp_version": 1.0, "server": {...}}
    ```

    ## Use instead
    ```json
    {"agtp_version": "1.0", "agtp_api_version": "1.0", "document_version": "v1",
     "catalog_version": "1.0.0", "catalog_versions_supported": ["1.0.0"], ...}
    ```

    ## Fix safety
    No fix.

    ## Decision
    `agent_disclosure` accepts the draft's `authenticated` and the reference
    server's `limited`.
    """
    data = ctx.data
    if not isinstance(data, dict):
        yield Finding((), "a server manifest is a JSON object (section 8.2)")
        return
    for err in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = tuple(err.absolute_path)
        if err.validator == "required":
            missing = err.message.split("'")[1]
            yield Finding(path, f"the manifest is missing required field '{missing}' "
                          "(sections 8.2, 4.3)", part="key")
        else:
            name = ".".join(map(str, path)) or "the manifest"
            yield Finding(path, f"{name}: {err.message}")


@rule("AGTP802", spec="AGTP-API §8.9", visits="endpoint")
def manifest_leaks_handler_internals(ctx, ep):
    """A manifest endpoint exposes its handler binding beyond `handler.type`.

    ## What it does
    Reports any key of `endpoints[i].handler` other than `type`: the
    function, recipe or URL of the binding and any other binding detail
    (headers, error maps, timeouts).

    ## Why is this bad?
    Section 8.9: the reference field and binding-specific details are
    server-internal and MUST NOT appear in the manifest projection; they tell
    every caller which code or upstream realises the endpoint (and headers may
    carry credentials).

    ## Example
    ```json
    "handler": {"type": "registered_function", "function": "rooms.handlers.book_room"}
    ```

    ## Use instead
    ```json
    "handler": {"type": "registered_function"}
    ```

    ## Fix safety
    Safe: removing the internal field is the projection the server MUST apply.
    """
    h = ep.handler
    if h is None:
        return
    for key in h:
        if key == "type":
            continue
        path = ep.handler_path + (key,)
        yield Finding(path, f"endpoints[{ep.index}].handler.{key} is a server-internal binding "
                      "detail; the manifest exposes handler.type only (section 8.9)",
                      part="entry", fixes=[Fix(f"Remove handler.{key}", True, [Remove(path)])])


@rule("AGTP803", spec="AGTP-API §4.3")
def catalog_version_not_supported(ctx):
    """`catalog_version` is not listed in `catalog_versions_supported`.

    ## What it does
    Checks that the manifest's current catalog version appears in its list of
    supported versions.

    ## Why is this bad?
    Section 4.3: the current catalog_version MUST appear in
    catalog_versions_supported; agents negotiating a catalog version
    (section 4.6) would otherwise pick a version the server does not use.

    ## Example
    ```json
    "catalog_version": "1.1.0",
    "catalog_versions_supported": ["1.0.0"]
    ```

    ## Use instead
    ```json
    "catalog_version": "1.1.0",
    "catalog_versions_supported": ["1.1.0"]
    ```

    ## Fix safety
    Unsafe: adding the version claims the server validates against it.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    cv, supported = data.get("catalog_version"), data.get("catalog_versions_supported")
    if not isinstance(cv, str) or not isinstance(supported, list):
        return
    if cv not in supported:
        yield Finding(("catalog_versions_supported",), f"catalog_version {preview(cv)} is not in "
                      f"catalog_versions_supported; the current version must be listed (section 4.3)",
                      fixes=[Fix(f"Add {cv}", False, [Append(("catalog_versions_supported",), cv)])])


@rule("AGTP804", spec="AGTP-API §4.8")
def multiple_catalog_versions(ctx):
    """A v00 manifest lists more than one supported catalog version.

    ## What it does
    Reports `catalog_versions_supported` with more than one entry.

    ## Why is this bad?
    Section 4.8: for v00 servers the list MUST contain only the current
    catalog_version; multi-version validation is not yet specified.

    ## Example
    ```json
    "catalog_versions_supported": ["1.0.0", "1.1.0"]
    ```

    ## Use instead
    ```json
    "catalog_versions_supported": ["1.1.0"]
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    supported = data.get("catalog_versions_supported")
    if isinstance(supported, list) and len(supported) > 1:
        yield Finding(("catalog_versions_supported",), f"catalog_versions_supported lists "
                      f"{len(supported)} versions; an AGTP-API v00 server lists only its current "
                      "catalog_version (section 4.8)")


@rule("AGTP805", spec="AGTP-API §4.6")
def catalog_version_mismatch(ctx):
    """The manifest's catalog version differs from the catalog agis-lint checks against.

    ## What it does
    Compares `catalog_version` with the version of the catalog in use
    (shipped, or given with `--catalog`).

    ## Why is this bad?
    Method checks of this manifest are made against another catalog than the
    server's; verbs added or removed in between are judged wrongly. Pass the
    server's catalog with `--catalog`.

    ## Example
    ```json
    "catalog_version": "1.2.0"
    ```

    ## Use instead
    `agis-lint check --catalog methods-1.2.0.json manifest.json`

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    cv = data.get("catalog_version")
    if isinstance(cv, str) and cv != ctx.catalog.version:
        yield Finding(("catalog_version",), f"the manifest uses catalog {cv} but methods are checked "
                      f"against catalog {ctx.catalog.version}; pass the server's catalog with "
                      "--catalog")


@rule("AGTP806", spec="AGTP-API §8.8")
def missing_manifest_signature(ctx):
    """The manifest carries no `manifest_signature`.

    ## What it does
    Reports a manifest whose `manifest_signature` is absent or null.

    ## Why is this bad?
    Section 8.8: the manifest SHOULD be signed and clients SHOULD warn when it
    is not; a future revision will require it. Without a signature agents
    cannot detect a substituted method policy (section 16.3).

    ## Example
    ```json
    "manifest_signature": null
    ```

    ## Use instead
    A JWS envelope over the canonical manifest body.

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    if data.get("manifest_signature") is None:
        where = ("manifest_signature",) if "manifest_signature" in data else ()
        yield Finding(where, "the manifest is not signed (manifest_signature); clients should warn "
                      "(section 8.8)", part="value" if where else "key")


@rule("AGTP807", spec="AGTP-API §8.4, §3.1")
def embedded_methods_mismatch(ctx):
    """`embedded_methods` does not list the floor verbs of the catalog in use.

    ## What it does
    Compares the names in `embedded_methods` (strings, or objects with a
    `name` / `method`) with the catalog's `embedded` floor set.

    ## Why is this bad?
    Every server supports the floor verbs; a manifest that omits some tells
    agents the server lacks them. The array is non-normative (section 8.4),
    hence the low severity.

    ## Example
    ```json
    "embedded_methods": ["QUERY", "DISCOVER"]
    ```

    ## Use instead
    List every floor verb of the catalog.

    ## Fix safety
    No fix.

    ## Decision
    Section 3.1 counts twelve floor verbs; catalog 1.0.0 has eighteen. The
    catalog in use is authoritative, so a manifest listing only the draft's
    twelve is reported with the six it misses.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    em = data.get("embedded_methods")
    if not isinstance(em, list):
        return
    names = set()
    for item in em:
        if isinstance(item, str):
            names.add(item.upper())
        elif isinstance(item, dict):
            n = item.get("name") or item.get("method")
            if isinstance(n, str):
                names.add(n.upper())
    missing = sorted(ctx.catalog.embedded - names)
    if missing:
        yield Finding(("embedded_methods",), f"embedded_methods omits floor verbs of catalog "
                      f"{ctx.catalog.version}: {', '.join(missing)}")


@rule("AGTP808", spec="AGTP-API §8.2")
def unknown_manifest_field(ctx):
    """The manifest has a top-level field section 8.2 does not define.

    ## What it does
    Reports top-level keys outside the manifest structure (including the
    reference server's `security` and `assurance` blocks, which are known).

    ## Why is this bad?
    Agents ignore them; a misspelt `catalog_verison` hides the real field.

    ## Example
    ```json
    "catalog_verison": "1.0.0"
    ```

    ## Use instead
    ```json
    "catalog_version": "1.0.0"
    ```

    ## Fix safety
    No fix.
    """
    from ._common import close_matches
    data = ctx.data if isinstance(ctx.data, dict) else {}
    for key in data:
        if key not in KNOWN:
            sugg = close_matches(key, KNOWN, 1)
            yield Finding((key,), f"unknown manifest field '{key}'"
                          + (f"; did you mean '{sugg[0]}'?" if sugg else ""), part="key")
