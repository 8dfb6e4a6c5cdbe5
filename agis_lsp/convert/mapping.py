"""Every field mapping of the converters, in one place.

The converter modules walk their input and call these tables and functions;
docs/convert.md renders the same tables for people. Change a mapping here and
nowhere else.
"""
from __future__ import annotations

import re

from ..formats.agtp import vocabulary

# -- the document header -----------------------------------------------------------------
# An imported document's parameter names are the source API's wire names: renaming them is a new
# API. The converter says so in the comment grammar (document.suppressions.declares_wire_names),
# and AGIS809 then reports a naming style once for the document, saying why.
WIRE_NAMES_HEADER = ("# Parameter names are the source API's wire names (AGIS809 reports their style once):\n"
                     "# agis-lint: wire-names\n")


# -- verbs ------------------------------------------------------------------------------
HTTP_WORDS = ("get", "post", "put", "patch", "delete", "head", "options")
# Words an API uses for an action that are not AGIS verbs (HTTP methods are in
# http_verb); the value is the catalog verb taken instead.
WORD_VERBS = {
    "show": "FETCH", "obtain": "FETCH", "lookup": "FIND", "look": "FIND", "new": "CREATE",
    "make": "CREATE", "upsert": "SET", "del": "REMOVE", "rm": "REMOVE", "erase": "REMOVE",
    "ls": "LIST", "info": "FETCH", "fetchall": "LIST", "getall": "LIST", "mod": "MODIFY",
    # HTTP methods AGIS prohibits (section 4.3) that the AGTP catalog still lists
    "connect": "LINK", "trace": "TRACK",
}
# Leading words that say nothing about the action ("Returns ...", "Use to ...").
SKIP_WORDS = frozenset("""return returns provide do have be give take let allow use call
invoke perform see try""".split())
DEFAULT_VERB = "EXECUTE"

# The AGTP catalog's legacy map (GET -> FETCH ...), with LIST for collections.
_HTTP_ITEM = {"get": "FETCH", "post": "CREATE", "put": "REPLACE", "patch": "MODIFY",
              "delete": "REMOVE", "head": "CHECK", "options": "DESCRIBE"}


_PREPS = frozenset("of for in by from about with to on at under within across".split())
_SINGULAR_DET = frozenset("a an the this that one current single specific".split())
_PLURAL_DET = frozenset("all list every many multiple".split())
# Plural in form, one record in fact ("usage details", "account settings", "model metrics").
_ONE_RECORD_PLURALS = frozenset("settings details metrics statistics stats analytics preferences totals".split())
_MANY_WORDS = frozenset("list collection array page".split())
_DETS = _SINGULAR_DET | _PLURAL_DET | frozenset("your my our their its some".split())


def get_target(text: str | None) -> bool | None:
    """Does "Get <object>" name one thing (True), many (False) or can't we tell (None)?"""
    words = re.findall(r"[A-Za-z]+", text or "")
    if not words or words[0].lower() not in ("get", "gets"):
        return None
    obj = []
    for w in words[1:]:
        lw = w.lower()
        if lw in _PREPS:
            break
        obj.append(lw)
    if not obj:
        return None
    if obj[0] in _PLURAL_DET or obj[-1] in _MANY_WORDS:
        return False                       # "Get all ...", "Get a list of licenses"
    if obj[0] in _SINGULAR_DET:
        return True
    head = [w for w in obj if w not in _DETS]
    if not head:
        return None
    last = head[-1]
    if last in _ONE_RECORD_PLURALS:
        return True                        # "Get subscription settings" is one record
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is", "ics")) and len(last) > 3
    return not plural


def http_verb(word: str, item: bool | None, catalog=None, text: str | None = None) -> str:
    """The catalog's replacement for an HTTP method word; GET is FETCH for one resource, LIST for many
    (read from "Get <object>" in the text when it says, else from the path)."""
    w = word.lower()
    if w == "get":
        one = get_target(text)
        if one is None:
            one = item is not False
        return "FETCH" if one or item else "LIST"
    verb = _HTTP_ITEM.get(w, "EXECUTE")
    if catalog is not None and w.upper() in ("GET", "POST", "PUT", "DELETE", "PATCH"):
        preferred = catalog.preferred_for_legacy(w.upper())
        if preferred and w != "get":
            verb = preferred
    return verb


# A GET can only mean a verb of these catalog categories (a GET summary that
# leads with "Order ..." or "Pet ..." names the resource, not the action).
READ_CATEGORIES = frozenset({"retrieval", "discovery", "analysis", "mechanics"})
READ_VERBS = frozenset({"GENERATE", "RENDER", "CONVERT", "STREAM", "EXPORT", "DOWNLOAD"})


def fits_read(verb: str, info) -> bool:
    if info is None:
        return True
    return verb in READ_VERBS or bool(set(info.categories) & READ_CATEGORIES)


# -- semantic block ---------------------------------------------------------------------
# AGIS capability (section 5.2) from a catalog category.
CATEGORY_CAPABILITY = {
    "discovery": "discovery", "retrieval": "retrieval", "analysis": "analysis",
    "notification": "notification", "transaction": "transaction", "modification": "modification",
    "creation": "transaction", "mechanics": "modification", "domain_spanning": "modification",
}
HTTP_CAPABILITY = {"GET": "retrieval", "HEAD": "retrieval", "OPTIONS": "discovery", "POST": "transaction",
                   "PUT": "modification", "PATCH": "modification", "DELETE": "modification"}
HTTP_IMPACT = {"GET": "informational", "HEAD": "informational", "OPTIONS": "informational",
               "POST": "reversible", "PUT": "reversible", "PATCH": "reversible", "DELETE": "irreversible"}
HTTP_IDEMPOTENT = {"GET": True, "HEAD": True, "OPTIONS": True, "PUT": True, "DELETE": True,
                   "POST": False, "PATCH": False}
# An irreversible endpoint needs confidence_guidance >= 0.85 (AGIS section 5.2).
IRREVERSIBLE_CONFIDENCE = 0.9


_WEAK_CATEGORIES = ("mechanics", "domain_spanning")
_READ_CAPABILITIES = ("retrieval", "discovery", "analysis")


def capability_for(verb: str, catalog, http: str | None = None) -> str:
    """The verb's first catalog category that says what it does (mechanics and domain_spanning
    only when nothing else does); a GET never gets a state-changing capability."""
    info = catalog.get(verb) if catalog is not None else None
    cap = None
    if info is not None and info.categories:
        cats = sorted(info.categories, key=lambda c: c in _WEAK_CATEGORIES)
        cap = CATEGORY_CAPABILITY.get(cats[0])
    if cap is None:
        cap = HTTP_CAPABILITY.get((http or "").upper(), "transaction")
    if (http or "").upper() in ("GET", "HEAD") and cap not in _READ_CAPABILITIES:
        cap = "retrieval"
    return cap


# What a capability implies when the source says nothing about impact.
CAPABILITY_IMPACT = {"retrieval": "informational", "discovery": "informational", "analysis": "informational",
                     "notification": "reversible", "modification": "reversible", "transaction": "reversible"}


def outcome_for(capability: str, noun: str) -> str:
    """A placeholder outcome a reviewer confirms (AGIS requires one; sources rarely have it)."""
    noun = noun or "result"
    return {
        "retrieval": f"The requested {noun} is returned",
        "discovery": f"The matching {noun} are returned",
        "analysis": f"The {noun} analysis result is returned",
        "notification": f"The {noun} notification is delivered",
        "modification": f"The {noun} is changed as requested",
        "transaction": f"The {noun} operation is completed and its record is returned",
    }.get(capability, f"The {noun} operation is completed")


# -- MCP (AGIS Appendix C) --------------------------------------------------------------
def mcp_tool_name(method: str, path: str, override=None) -> str:
    """C(a): mcp_tool_name, else METHOD_firstsegment lowercased."""
    if isinstance(override, str) and override.strip():
        return override.strip()
    segs = [s for s in str(path).strip("/").split("/") if s and not s.startswith("{")]
    first = segs[0] if segs else ""
    first = re.sub(r"[^A-Za-z0-9]+", "_", first).strip("_")
    return f"{method}_{first}".lower() if first else method.lower()


def mcp_description(intent: str, hints) -> str:
    """C(b): the intent, plus "Hints: name = ['a', 'b']; ..." when parameter_hints are declared."""
    text = intent.strip()
    if isinstance(hints, dict) and hints:
        parts = []
        for name, phrases in hints.items():
            vals = phrases if isinstance(phrases, list) else [phrases]
            parts.append(f"{name} = [" + ", ".join(f"'{v}'" for v in vals if isinstance(v, (str, int, float)))
                         + "]")
        text += (" " if text.endswith(".") else ". ") + "Hints: " + "; ".join(parts)
    return text


# The tool's ``_meta`` entry (MCP's extension point) that keeps what C(a) and C(b)
# lose: the exact method and path, and the intent when hints were appended.
MCP_META_KEY = "agis/endpoint"


def mcp_meta(method: str, path: str, sem: dict) -> dict:
    meta = {"method": method, "path": path}
    if isinstance(sem.get("parameter_hints"), dict) and sem["parameter_hints"]:
        meta["intent"] = str(sem.get("intent") or "")
    return meta


_HINT = re.compile(r"(\w+) = \[((?:'[^']*'(?:, )?)*)\]")


def split_hints(description: str) -> tuple[str, dict]:
    """The reverse of mcp_description: (text before "Hints:", parameter_hints)."""
    at = description.rfind("Hints: ")
    if at < 0:
        return description, {}
    hints = {}
    for part in description[at + 7:].split("; "):
        m = _HINT.fullmatch(part.strip())
        if not m:
            return description, {}
        hints[m.group(1)] = re.findall(r"'([^']*)'", m.group(2))
    text = description[:at].rstrip()
    return text, hints


def mcp_annotations(sem: dict) -> dict:
    """MCP tool annotations from the semantic block, only where the meaning is clear.

    impact_tier informational -> readOnlyHint true; reversible -> readOnlyHint
    false, destructiveHint false; irreversible -> readOnlyHint false,
    destructiveHint true; is_idempotent -> idempotentHint. openWorldHint has
    no AGIS source and is never set.
    """
    out: dict = {}
    tier = sem.get("impact_tier")
    if tier == "informational":
        out["readOnlyHint"] = True
    elif tier in ("reversible", "irreversible"):
        out["readOnlyHint"] = False
        out["destructiveHint"] = tier == "irreversible"
    if isinstance(sem.get("is_idempotent"), bool):
        out["idempotentHint"] = sem["is_idempotent"]
    return out


def semantic_from_annotations(ann) -> dict:
    """The reverse of mcp_annotations (impact_tier, is_idempotent)."""
    out: dict = {}
    if not isinstance(ann, dict):
        return out
    if ann.get("readOnlyHint") is True:
        out["impact_tier"] = "informational"
    elif ann.get("destructiveHint") is True:
        out["impact_tier"] = "irreversible"
    elif ann.get("readOnlyHint") is False or ann.get("destructiveHint") is False:
        out["impact_tier"] = "reversible"
    if isinstance(ann.get("idempotentHint"), bool):
        out["is_idempotent"] = ann["idempotentHint"]
    return out


# -- AGIS <-> AGTP endpoint TOML ------------------------------------------------------------
# AGIS semantic key -> AGTP-API semantic key (section 7.1); the others keep their name.
SEMANTIC_TO_AGTP = {"confidence_guidance": "confidence", "impact_tier": "impact"}
SEMANTIC_FROM_AGTP = {v: k for k, v in SEMANTIC_TO_AGTP.items()}
AGTP_SEMANTIC_FIELDS = ("intent", "actor", "outcome", "capability", "confidence", "impact", "is_idempotent")
DEFAULT_CONFIDENCE = 0.8
AGIS_ACTORS = ("agent", "user", "system")
# AGTP deployments name human roles (the reference server's "staff"); AGIS knows three actors.
ACTOR_TO_AGIS = {"staff": "user", "human": "user", "operator": "user", "admin": "user",
                 "service": "system", "server": "system"}
# The errors every external_service endpoint declares (AGTP-API section 12.3).
UPSTREAM_ERRORS = vocabulary.UPSTREAM_ERRORS

# -- OpenAPI --------------------------------------------------------------------------------
# Error names for HTTP statuses (AGIS 5.5: specific names; "error"/"failure" are not).
STATUS_ERRORS = {
    "400": "invalid_request", "401": "authentication_required", "402": "payment_required",
    "403": "permission_denied", "404": "{noun}_not_found", "405": "operation_not_allowed",
    "406": "unacceptable_format", "408": "request_timeout", "409": "{noun}_conflict",
    "410": "{noun}_gone", "411": "length_required", "412": "precondition_failed",
    "413": "payload_too_large", "415": "unsupported_media_type", "416": "range_not_satisfiable",
    "422": "validation_failed", "423": "{noun}_locked", "424": "dependency_failed",
    "428": "precondition_required", "429": "rate_limit_exceeded", "451": "unavailable_for_legal_reasons",
    "500": "internal_server_error", "501": "not_implemented", "502": "bad_gateway",
    "503": "service_unavailable", "504": "gateway_timeout",
    "4XX": "client_request_rejected", "5XX": "server_side_failure",
}
# OpenAPI-only schema keywords dropped when a schema becomes JSON Schema.
# ``example``/``examples`` go too: an example is documentation, not contract, and real ones carry
# tokens and prompt-like text an agent would read (the security pass flags them).
OPENAPI_ONLY_KEYWORDS = frozenset({"nullable", "discriminator", "xml", "externalDocs", "example", "examples"})
# Header parameters that are transport, not input.
TRANSPORT_HEADERS = frozenset({"authorization", "accept", "content-type", "user-agent", "x-api-key",
                               "cookie", "content-length", "x-github-api-version"})

# -- A2T / ADP / AINP -------------------------------------------------------------------------
# Where each format keeps a tool's name, description, parameters and outputs, and how a
# parameter is spelled. A2T: ToolSignature (draft-rosenberg-aiproto-a2t-00 §6.1); ADP: manifest
# capability and capability detail (Agent Discovery Protocol 1.0 §2, §5); AINP: manifest
# capability (AINP 1.0, Manifest).
AGENT_FORMATS = {
    "a2t": {"label": "A2T tool", "name": ("name",), "params": "input_parameters",
            "param_name": ("name", "id"), "enum": "allowed-values", "outputs": "output_parameters"},
    "adp": {"label": "ADP capability", "name": ("name",), "params": "parameters",
            "param_name": ("name",), "enum": None, "outputs": None},
    "ainp": {"label": "AINP capability", "name": ("id", "name"), "params": "parameters",
             "param_name": ("name",), "enum": "values", "outputs": ("returns", "fields")},
}
# Parameter type spellings -> JSON Schema types.
PARAM_TYPES = {"int": "integer", "integer": "integer", "long": "integer", "number": "number",
               "float": "number", "double": "number", "bool": "boolean", "boolean": "boolean",
               "string": "string", "str": "string", "object": "object", "json": "object", "array": "array",
               "list": "array", "enum": "string", "date": "string", "datetime": "string"}
# A2T inputs are required unless they say otherwise (§6.1); ADP and AINP ones are optional.
PARAM_REQUIRED_DEFAULT = {"a2t": True, "adp": False, "ainp": False}


def param_schema(p: dict, fmt: str) -> dict:
    """JSON Schema for one A2T/ADP/AINP parameter declaration (examples are not copied)."""
    conf = AGENT_FORMATS[fmt]
    t = str(p.get("type") or "string").lower()
    out: dict = {"type": PARAM_TYPES.get(t, "string")}
    if t in ("date", "datetime"):
        out["format"] = "date" if t == "date" else "date-time"
    enum = p.get(conf["enum"]) if conf["enum"] else None
    if isinstance(enum, list) and enum:
        vals = [v.get("name") if isinstance(v, dict) else v for v in enum]
        vals = [v for v in vals if isinstance(v, (str, int, float, bool))]
        if vals:
            out["enum"] = vals
    for src, dst in (("min", "minimum"), ("max", "maximum"), ("maxLength", "maxLength")):
        if isinstance(p.get(src), (int, float)) and not isinstance(p.get(src), bool):
            out[dst] = p[src]
    if p.get("default") is not None and isinstance(p.get("default"), (str, int, float, bool)):
        out["default"] = p["default"]
    if isinstance(p.get("description"), str) and p["description"].strip():
        out["description"] = " ".join(p["description"].split())
    return out
