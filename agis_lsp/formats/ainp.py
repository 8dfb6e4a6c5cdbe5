"""AINP 1.0: the capability manifest (``GET /.ainp/manifest``, YAML or JSON) and the
query / execute request and response bodies (``POST /.ainp/query``, ``/.ainp/execute``).

The AINP text has no numbered sections; places are cited by its headings
("Manifest", "Query", "Execute", "Error Handling", "Response Metadata").
"""
from __future__ import annotations

from . import _common as c
from ._manifest import CapabilityManifest
from .registry import FormatKind, Operation, Symbol

SPEC = "AINP 1.0"
PARAM_TYPES = ("string", "integer", "number", "boolean", "enum", "object", "array")
STATUSES = ("success", "failed", "error", "pending")

PARAMETER = c.obj({
    "name": c.string("Parameter name (unique within the capability)."),
    "type": c.enum(PARAM_TYPES, "Parameter type; `enum` needs `values`."),
    "required": c.boolean("Whether the parameter must be given."),
    "description": c.string("What the parameter is."),
    "values": c.array({"description": "An allowed value."}, "For type enum: the allowed values."),
    "default": c.any_value("Default value; for an enum, one of `values`."),
}, "A capability parameter (AINP Manifest).", required=("name", "type"))

FIELD = c.obj({"name": c.string("Field name."), "type": c.enum(PARAM_TYPES, "Field type."),
               "values": c.array({"description": "An allowed value."}, "Allowed values.")},
              "A returned field.", required=("name", "type"))

CAPABILITY = c.obj({
    "id": c.string("Stable identifier (snake_case, e.g. `create_user`), unique in the manifest; "
                   "query and execute bodies refer to it as capability_id."),
    "name": c.string("Capability name (e.g. `CreateUser`)."),
    "description": c.string("What the capability does."),
    "intents": c.array(c.string("A natural-language phrase of a goal this capability serves "
                                "(\"register someone\")."),
                       "Natural-language intents the service maps to this capability."),
    "parameters": c.array(PARAMETER, "The parameters."),
    "returns": c.obj({"type": c.enum(PARAM_TYPES, "Result type."),
                      "fields": c.array(FIELD, "Result fields.")}, "What the capability returns."),
    "semantics": c.obj({"@type": c.string("A schema.org action type (e.g. `CreateAction`)."),
                        "@context": c.string("The JSON-LD context (e.g. `https://schema.org`).")},
                       "JSON-LD semantic typing (AINP Semantic Layer)."),
}, "A capability (AINP Manifest).", required=("id", "name", "description", "intents"))

MANIFEST_SCHEMA = c.obj({
    "version": c.string("Protocol version of the manifest (\"1.0\"); quote it in YAML."),
    "service": c.obj({"name": c.string("Service name."),
                      "description": c.string("What the service does.")}, "The service.",
                     required=("name", "description")),
    "capabilities": c.array(CAPABILITY, "Every capability the service can perform."),
    "metadata": c.obj({"version": c.string("Version of this manifest."),
                       "maintainer": c.string("Contact of the maintainer."),
                       "updated_at": c.string("Date of the last update (YYYY-MM-DD).")},
                      "Manifest metadata."),
}, f"AINP manifest, GET /.ainp/manifest ({SPEC}).",
    required=("version", "service", "capabilities"))

MESSAGE_SCHEMA = {"description": f"An AINP query or execute body ({SPEC}).", "anyOf": [
    c.obj({"intent": c.string("Natural-language description of the goal."),
           "context": c.obj({}, "Additional information (known parameter values).")},
          "Query request (POST /.ainp/query).", required=("intent",)),
    c.obj({"match": c.obj({
        "capability_id": c.string("The matched capability's id."),
        "confidence": c.number("Confidence of the match, 0 to 1.", minimum=0, maximum=1),
        "missing_params": c.array(c.string("A parameter name."), "Parameters still missing."),
        "next_step": c.string("What the agent should do next.")}, "The negotiation result.",
        required=("capability_id", "confidence"))}, "Query response.", required=("match",)),
    c.obj({"capability_id": c.string("The capability to execute."),
           "parameters": c.obj({}, "Parameter values by name."),
           "trace_id": c.string("Caller's trace id.")},
          "Execute request (POST /.ainp/execute).", required=("capability_id", "parameters")),
    c.obj({"status": c.enum(STATUSES, "Outcome status."),
           "result": c.obj({}, "Result data."),
           "confidence": c.number("Confidence of the execution, 0 to 1.", minimum=0, maximum=1),
           "explanation": c.string("Textual summary of what happened."),
           "next_suggestions": c.array(c.string("A next step."), "Next possible logical steps.")},
          "Execute response.", required=("status",)),
    c.obj({"error": c.obj({"code": c.string("Machine-readable error code (INVALID_PARAMETER)."),
                           "message": c.string("What went wrong."),
                           "hint": c.string("How to continue."),
                           "confidence": c.number("Confidence, 0 to 1.", minimum=0, maximum=1)},
                          "The error.", required=("code", "message"))},
          "Structured error (AINP Error Handling).", required=("error",)),
]}


def detect_manifest(data) -> bool:
    if not isinstance(data, dict) or not isinstance(data.get("capabilities"), list):
        return False
    if isinstance(data.get("service"), dict):
        return True
    caps = [x for x in data["capabilities"][:4] if isinstance(x, dict)]
    return bool(caps) and all("intents" in x for x in caps)


def message_shape(data) -> str | None:
    if not isinstance(data, dict):
        return None
    keys = set(data)
    if "capability_id" in keys and "parameters" in keys:
        return "execute-request"
    if isinstance(data.get("match"), dict) and "capability_id" in data["match"]:
        return "query-response"
    if "intent" in keys and keys <= {"intent", "context", "session_id"}:
        return "query-request"
    if "status" in keys and ("explanation" in keys or "next_suggestions" in keys or
                             "result" in keys and keys <= {"status", "result", "confidence",
                                                           "explanation", "next_suggestions"}):
        return "execute-response"
    if isinstance(data.get("error"), dict) and "hint" in data["error"]:
        return "error"
    return None


class ManifestView(CapabilityManifest):
    """An AINP manifest: its capabilities, each named by ``name`` or else ``id``."""
    name_keys = ("name", "id")

    def operation_extra(self, path: tuple) -> dict:
        return {"cap_path": path}


class MessageView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = c.as_dict(doc.data)
        self.shape = message_shape(doc.data)
        self.operations: list[Operation] = []


def outline_manifest(view: ManifestView) -> list[Symbol]:
    out = []
    svc = c.as_dict(view.data.get("service"))
    if svc:
        out.append(Symbol(str(svc.get("name", "service")), "object", ("service",)))
    caps = []
    for i, path, cap in view.capabilities:
        params = tuple(Symbol(str(p.get("name", f"parameters[{j}]")), "field", ppath)
                       for j, ppath, p in c.items(cap.get("parameters"), path + ("parameters",)))
        caps.append(Symbol(str(cap.get("name") or cap.get("id") or f"capabilities[{i}]"),
                           "function", path, params, str(cap.get("id", ""))))
    out.append(Symbol("capabilities", "array", ("capabilities",), tuple(caps)))
    return out


def outline_message(view: MessageView) -> list[Symbol]:
    return [Symbol(view.shape or "message", "object", ())]


def prose_manifest(view: ManifestView):
    yield ("service", "description"), c.as_dict(view.data.get("service")).get("description")
    for _, path, cap in view.capabilities:
        yield path + ("description",), cap.get("description")
        for i, intent in enumerate(c.as_list(cap.get("intents"))):
            yield path + ("intents", i), intent
        for _, ppath, p in c.items(cap.get("parameters"), path + ("parameters",)):
            yield ppath + ("description",), p.get("description")


def prose_message(view: MessageView):
    d = view.data
    yield ("intent",), d.get("intent")
    yield ("explanation",), d.get("explanation")
    yield ("match", "next_step"), c.as_dict(d.get("match")).get("next_step")
    for i, s in enumerate(c.as_list(d.get("next_suggestions"))):
        yield ("next_suggestions", i), s
    err = c.as_dict(d.get("error"))
    yield ("error", "message"), err.get("message")
    yield ("error", "hint"), err.get("hint")


FORMATS = (
    FormatKind(name="ainp-manifest", title="AINP manifest", spec=f"{SPEC} Manifest",
               file_globs=("*/.ainp/manifest", "*/.ainp/manifest.json", "*/.ainp/manifest.yaml",
                           "*/.ainp/manifest.yml", "*.ainp.yaml", "*.ainp.yml", "*.ainp.json",
                           "ainp-manifest.yaml", "ainp-manifest.json"),
               detect=detect_manifest, view=ManifestView, schema=MANIFEST_SCHEMA,
               outline=outline_manifest, prose=prose_manifest, sniff=(b'"intents"',),
               nodes={"capability": lambda view: view.capabilities}),  # engine.walk
    FormatKind(name="ainp-message", title="AINP query/execute body", spec=f"{SPEC} Query, Execute",
               file_globs=("*.ainp-query.json", "*.ainp-execute.json", "*/.ainp/query.json",
                           "*/.ainp/execute.json", "*.ainp-message.json"),
               detect=lambda d: message_shape(d) is not None, view=MessageView,
               schema=MESSAGE_SCHEMA, outline=outline_message, prose=prose_message),
)
