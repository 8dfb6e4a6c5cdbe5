"""Agent Discovery Protocol 1.0: the ``/.well-known/agent`` manifest (§2-4, §7) and the
capability detail document its ``detail_url`` returns (§5)."""
from __future__ import annotations

from functools import cached_property

from . import _common as c
from ._manifest import CapabilityManifest
from .registry import EditorHooks, FormatKind, Operation, Symbol, key_mark

SPEC = "Agent Discovery Protocol 1.0"
SPEC_VERSION = "1.0"
AUTH_TYPES = ("none", "api_key", "oauth2")
PRICING_TYPES = ("free", "freemium", "paid")
HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
DESCRIPTION_MIN, DESCRIPTION_MAX = 10, 200
# Fields each auth type needs (§3): oauth2 names its endpoints; api_key has defaults.
AUTH_NEEDS = {"oauth2": ("authorization_url", "token_url")}
AUTH_ONLY = {"header": "api_key", "prefix": "api_key", "authorization_url": "oauth2",
             "token_url": "oauth2", "scopes": "oauth2"}

AUTH = c.obj({
    "type": c.enum(AUTH_TYPES, "Authentication type: \"none\", \"api_key\" or \"oauth2\" (§3)."),
    "header": c.string("Header name for api_key (default: \"Authorization\") (§3)."),
    "prefix": c.string("Prefix for api_key (default: \"Bearer\") (§3)."),
    "setup_url": c.string("URL where users can get API keys (§3)."),
    "authorization_url": c.string("OAuth2 authorization endpoint (§3)."),
    "token_url": c.string("OAuth2 token endpoint (§3)."),
    "scopes": c.array(c.string("An OAuth2 scope."), "OAuth2 scopes (string array) (§3)."),
}, "Authentication requirements (§3).", required=("type",))

PRICING = c.obj({
    "type": c.enum(PRICING_TYPES, "Pricing model: \"free\", \"freemium\" or \"paid\" (§4)."),
    "plans": c.array(c.obj({"name": c.string("Plan name."), "price": c.string("Price text."),
                            "limits": c.string("Limits text.")}, "A plan (§4)."),
                     "Array of { name, price, limits } (§4)."),
    "plans_url": c.string("URL to the full pricing page (§4)."),
}, "Pricing model and plans (§4).", required=("type",))

CAPABILITY = c.obj({
    "name": c.string("snake_case identifier, unique within the manifest (§2, §7)."),
    "description": c.string("What this capability does (§2)."),
    "detail_url": c.string("URL of the capability detail document, absolute or relative to "
                           "base_url; MUST return valid JSON (§2, §7)."),
}, "A capability entry (§2).", required=("name", "description", "detail_url"))

MANIFEST_SCHEMA = c.obj({
    "spec_version": c.enum([SPEC_VERSION], "Protocol version; MUST be \"1.0\" (§2, §7)."),
    "name": c.string("Human-readable service name (§2)."),
    "description": c.string("What the service does; MUST be 10-200 characters (§2, §7)."),
    "base_url": c.string("Base URL for relative detail_urls; MUST start with https:// (§2, §7)."),
    "auth": AUTH,
    "pricing": PRICING,
    "capabilities": c.array(CAPABILITY, "List of capabilities; at least one (§2, §7).",
                            minItems=1),
}, f"Agent Discovery Protocol manifest, /.well-known/agent ({SPEC} §2).",
    required=("spec_version", "name", "description", "base_url", "auth", "capabilities"))

PARAMETER = c.obj({
    "name": c.string("Parameter name."),
    "type": c.string("Parameter type (string, integer, boolean, ...)."),
    "description": c.string("What the parameter is."),
    "required": c.boolean("Whether the parameter must be given."),
    "example": c.any_value("An example value."),
}, "A parameter definition (§5).", required=("name", "type", "description", "required"))

DETAIL_SCHEMA = c.obj({
    "name": c.string("Capability identifier (§5); the manifest's capability name."),
    "description": c.string("Detailed description (§5)."),
    "endpoint": c.string("API endpoint path or full URL (§5)."),
    "method": c.enum(HTTP_METHODS, "HTTP method (GET, POST, etc.) (§5)."),
    "parameters": c.array(PARAMETER, "Parameter definitions with name, type, description, "
                          "required, example (§5)."),
    "request_example": c.obj({}, "Full example HTTP request (§5)."),
    "response_example": c.obj({"status": c.integer("HTTP status."),
                               "body": c.any_value("Response body.")},
                              "Example response with status and body (§5).",
                              required=("status", "body")),
    "auth_scopes": c.array(c.string("An OAuth2 scope."), "Required OAuth2 scopes (§5)."),
    "rate_limits": c.obj({"requests_per_minute": c.integer("Requests per minute."),
                          "daily_limit": c.integer("Requests per day.")}, "Rate limits (§5)."),
}, f"Agent Discovery Protocol capability detail ({SPEC} §5).",
    required=("name", "description", "endpoint", "method", "parameters", "request_example",
              "response_example"))


def detect_manifest(data) -> bool:
    return isinstance(data, dict) and ("spec_version" in data and (
        "capabilities" in data or "base_url" in data))


def detect_detail(data) -> bool:
    return isinstance(data, dict) and "endpoint" in data and "method" in data and (
        "request_example" in data or "response_example" in data or "detail_url" not in data
        and isinstance(data.get("parameters"), list) and "name" in data)


class ManifestView(CapabilityManifest):
    """An ADP manifest: a service and its capabilities."""


class DetailView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = c.as_dict(doc.data)

    @cached_property
    def operations(self) -> list[Operation]:
        name = self.data.get("name")
        if not isinstance(name, str) or not name.strip():
            return []
        desc = self.data.get("description")
        return [Operation(name, ("name",), desc if isinstance(desc, str) else None,
                          ("description",), "capability")]


def outline_manifest(view: ManifestView) -> list[Symbol]:
    caps = tuple(Symbol(str(cap.get("name", f"capabilities[{i}]")), "function", path)
                 for i, path, cap in view.capabilities)
    out = [Symbol(str(view.data.get("name", "manifest")), "object", ("name",))]
    if "auth" in view.data:
        out.append(Symbol(f"auth: {c.as_dict(view.data['auth']).get('type', '?')}", "object",
                          ("auth",)))
    out.append(Symbol("capabilities", "array", ("capabilities",), caps))
    return out


def outline_detail(view: DetailView) -> list[Symbol]:
    d = view.data
    params = tuple(Symbol(str(p.get("name", f"parameters[{i}]")), "field", path)
                   for i, path, p in c.items(d.get("parameters"), ("parameters",)))
    return [Symbol(f"{d.get('method', '?')} {d.get('endpoint', '?')}", "function", (), params,
                   str(d.get("name", "")))]


def prose_manifest(view: ManifestView):
    yield ("description",), view.data.get("description")
    for _, path, cap in view.capabilities:
        yield path + ("description",), cap.get("description")


def prose_detail(view: DetailView):
    yield ("description",), view.data.get("description")
    for _, path, p in c.items(view.data.get("parameters"), ("parameters",)):
        yield path + ("description",), p.get("description")


def links_manifest(doc):
    """Each capability's ``detail_url``, against the manifest's ``base_url`` when that is a URL."""
    from urllib.parse import urljoin
    from .places import REF, value_place
    base = doc.data.get("base_url")
    caps = doc.data.get("capabilities")
    for i in range(len(caps) if isinstance(caps, list) else 0):
        p = value_place(doc, ("capabilities", i, "detail_url"), REF)
        if p is None:
            continue
        url = None
        if isinstance(base, str) and base.startswith(_URL_SCHEMES) and \
                not p.name.startswith(_URL_SCHEMES):
            url = urljoin(base if base.endswith("/") else base + "/", p.name)
        yield p, "capability detail", url


_URL_SCHEMES = ("http://", "https://")

FORMATS = (
    FormatKind(name="adp-manifest", title="Agent Discovery Protocol manifest",
               spec=f"{SPEC} §1-4, §7",
               file_globs=("*/.well-known/agent", "*/.well-known/agent.json", "*.adp.json",
                           "*.adp.yaml", "agent-manifest.json"),
               detect=detect_manifest, view=ManifestView, schema=MANIFEST_SCHEMA,
               outline=outline_manifest, prose=prose_manifest, sniff=(b'"spec_version"',),
               editor=EditorHooks(links=links_manifest),
               nodes={"capability": lambda view: view.capabilities}),  # engine.walk
    FormatKind(name="adp-capability", title="Agent Discovery Protocol capability detail",
               spec=f"{SPEC} §5",
               file_globs=("*.adp-capability.json", "*.adp-capability.yaml",
                           "*/api/capabilities/*.json"),
               detect=detect_detail, view=DetailView, schema=DETAIL_SCHEMA,
               outline=outline_detail, prose=prose_detail, sniff=(b'"response_example"',),
               marks=(key_mark("request_example"), key_mark("response_example"),
                      (key_mark("endpoint"), key_mark("method"), key_mark("parameters")))),
)
