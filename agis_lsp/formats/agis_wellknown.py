"""The AGIS discovery summary served at ``/.well-known/agis.json`` (AGIS §10).

draft-hood-independent-agis-01 section 10 lists the members by example; the
endpoint (a) MUST be reachable without credentials when pre_auth_discovery is
declared, (b) MUST NOT expose data_manifest sensitivity details or customer
data, (d) MUST reference the full document through ``agis_document``.
"""
from __future__ import annotations

from functools import cached_property

from . import _common as c
from .registry import EditorHooks, FormatKind, Operation, Symbol

SPEC = "AGIS draft-hood-independent-agis-01 §10"
INTERACTION_PROTOCOLS = ("request", "negotiate", "confirm", "query")
# Section 5.2's capability categories (the same list the AGIS pass 5 rules use).
CAPABILITIES = ("discovery", "transaction", "modification", "retrieval", "analysis", "notification")
REQUIRED = ("agis", "service", "agis_document", "methods")
# data_manifest details that section 10(b) keeps out of the public summary.
SENSITIVE_KEYS = ("data_manifest", "available_data", "sensitivity", "requires_authorization",
                  "record_count", "records", "fields", "schema", "schemas", "customer_data")

SCHEMA = c.obj({
    "agis": c.string("The AGIS version the service conforms to (\"1.0\")."),
    "service": c.string("Human-readable service name."),
    "agtp": c.string("The AGTP address of the service (`agtp://host`)."),
    "agis_document": c.string("Where the full AGIS document is. Section 10(d): MUST reference "
                              "the full AGIS document location so agents can fetch the complete "
                              "contract."),
    "methods": c.array(c.string("An AGIS method identifier (action verb, uppercase).",
                                pattern="^[A-Z]+$"),
                       "The method identifiers the service uses (the document's declared_verbs)."),
    "domain": c.string("Primary service domain (plain-language descriptor, e.g. hospitality)."),
    "namespace": c.string("Scoped qualifier for the verbs (`domain.VERB` at runtime)."),
    "negotiable": c.boolean("Whether the service supports dynamic endpoint negotiation via AGTP."),
    "capability_summary": c.array(c.enum(CAPABILITIES, "A capability category (section 5.2)."),
                                  "Capability categories of the endpoints, for routing."),
    "data_classes": c.array(c.string("A data class name of the data manifest."),
                            "Names of the data classes (names only: section 10(b) forbids "
                            "sensitivity details)."),
    "pre_auth_discovery": c.boolean("Whether the manifest and the document are readable without "
                                    "credentials; then this endpoint MUST be too (10(a))."),
    "version": c.string("Version of the service's AGIS document."),
    "interaction_protocols": c.array(c.enum(INTERACTION_PROTOCOLS,
                                            "request (method invocation), negotiate (PROPOSE), "
                                            "confirm (multi-step confirmation), query (read-only "
                                            "retrieval)."),
                                     "Communication patterns the service supports (FIPA-IP)."),
    "related_services": c.array(c.string("An AGTP address."), "Related AGIS services."),
    "mcp_tools_list": c.string("URL of the service's MCP-compatible tools/list endpoint."),
}, f"AGIS well-known discovery summary ({SPEC}).", required=REQUIRED)


def detect(data) -> bool:
    return isinstance(data, dict) and "endpoints" not in data and "agis" in data and (
        "agis_document" in data or "methods" in data or "interaction_protocols" in data)


class WellKnownView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = c.as_dict(doc.data)

    @cached_property
    def operations(self) -> list[Operation]:
        return [Operation(m, ("methods", i), None, None, "method")
                for i, m in enumerate(c.as_list(self.data.get("methods")))
                if isinstance(m, str) and m.strip()]


def outline(view: WellKnownView) -> list[Symbol]:
    d = view.data
    out = []
    if isinstance(d.get("service"), str):
        out.append(Symbol(d["service"], "object", ("service",)))
    methods = c.as_list(d.get("methods"))
    if methods:
        out.append(Symbol("methods", "array", ("methods",),
                          tuple(Symbol(str(m), "function", ("methods", i))
                                for i, m in enumerate(methods))))
    return out


def prose(view: WellKnownView):
    yield ("service",), view.data.get("service")


def links(doc):
    """``agis_document``: the full AGIS document the summary stands for."""
    from .places import REF, value_place
    p = value_place(doc, ("agis_document",), REF)
    if p is not None:
        yield p, "the full AGIS document", None


FORMAT = FormatKind(
    name="agis-wellknown", title="AGIS well-known summary", spec=SPEC,
    file_globs=("*/.well-known/agis.json", "agis.json", "*.agis-wellknown.json"),
    detect=detect, view=WellKnownView, schema=SCHEMA, outline=outline, prose=prose,
    sniff=(b'"agis_document"',), syntaxes=("json",),
    verb_place=lambda path: len(path) == 2 and path[0] == "methods" and isinstance(path[1], int),
    agis_conventions=True,        # AGIS's own summary: its methods are AGIS verbs (section 10)
    editor=EditorHooks(links=links))
