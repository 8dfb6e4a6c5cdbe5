"""MCP tool lists: a ``tools/list`` result (``{"tools": [...]}``), the whole JSON-RPC
response (``{"jsonrpc": "2.0", "result": {"tools": [...]}}``) or a bare array of tools.

Implements the Tool definition of the Model Context Protocol specification,
revision 2025-11-25 (``server/tools``, "Tool" and "Tool Names"; ``schema.ts``
``Tool``/``ToolAnnotations``).
"""
from __future__ import annotations

import re
from functools import cached_property

from . import _common as c
from .registry import FormatKind, Operation, Symbol

REVISION = "2025-11-25"
SPEC = f"MCP specification {REVISION}, server/tools"
# "Tool names SHOULD be between 1 and 128 characters in length (inclusive) ... case-sensitive
# ... only: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_),
# hyphen (-), and dot (.)" (Tool Names).
NAME_MAX = 128
NAME_CHARS = re.compile(r"^[A-Za-z0-9_.\-]+$")
ANNOTATION_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
# Defaults of ToolAnnotations (schema.ts).
HINT_DEFAULTS = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                 "openWorldHint": True}

_JSON_SCHEMA = {"type": "object", "description": "A JSON Schema object.",
                "properties": {
                    "type": c.enum(["object"], "MUST be \"object\" at the top level of inputSchema "
                                   "and outputSchema."),
                    "properties": {"type": "object", "description": "The parameters, by name.",
                                   "additionalProperties": {"type": "object",
                                                            "description": "A JSON Schema for one "
                                                            "parameter."}},
                    "required": c.array({"type": "string"}, "Names of the required parameters."),
                    "$schema": c.string("The JSON Schema dialect; 2020-12 when absent "
                                        f"(MCP {REVISION})."),
                    # JSON Schema (2020-12, 10.3.2.3): a boolean or a schema for the other
                    # parameters; published servers write both (the real MCP corpus)
                    "additionalProperties": {"anyOf": [
                        c.boolean("Whether parameters beyond `properties` are accepted."),
                        {"type": "object", "description": "A JSON Schema the parameters beyond "
                         "`properties` must match."}],
                        "description": "Whether parameters beyond `properties` are accepted "
                        "(`false`), or a JSON Schema they must match."},
                }, "required": ["type"]}

TOOL = c.obj({
    "name": c.string("The tool's programmatic identifier, used in `tools/call`. SHOULD be 1-128 "
                     "characters of A-Z a-z 0-9 `_` `-` `.`, case-sensitive, and unique within "
                     f"the server (MCP {REVISION}, Tool Names)."),
    "title": c.string("Optional human-readable name of the tool for display purposes."),
    "description": c.string("Human-readable description of functionality; the model reads it "
                            "to decide when to call the tool."),
    "inputSchema": {**_JSON_SCHEMA, "description": "JSON Schema defining the expected parameters. "
                    "MUST be a valid JSON Schema object (not null) with `type: \"object\"`."},
    "outputSchema": {**_JSON_SCHEMA, "description": "Optional JSON Schema of the "
                     "`structuredContent` of results; `type: \"object\"` at the top level."},
    "annotations": c.obj({
        "title": c.string("A human-readable title for the tool."),
        "readOnlyHint": c.boolean("If true, the tool does not modify its environment. "
                                  "Default: false."),
        "destructiveHint": c.boolean("If true, the tool may perform destructive updates; if "
                                     "false, only additive ones. Meaningful only when "
                                     "readOnlyHint is false. Default: true."),
        "idempotentHint": c.boolean("If true, calling the tool repeatedly with the same "
                                    "arguments has no additional effect. Meaningful only when "
                                    "readOnlyHint is false. Default: false."),
        "openWorldHint": c.boolean("If true, the tool may interact with an open world of "
                                   "external entities. Default: true."),
    }, "Optional hints about the tool's behaviour. Clients MUST consider them untrusted "
       "unless they come from trusted servers."),
    "icons": c.array({"type": "object"}, "Optional icons for display in user interfaces."),
    "_meta": {"type": "object", "description": "Reserved for protocol-level metadata."},
}, "An MCP tool definition.", required=("name", "inputSchema"))

_TOOLS = c.array(TOOL, "The tools the server offers (`tools/list` result).")
_NAMED = {"type": "object", "description": "A definition the server offers."}
# What `agis-lint mcp scan` adds beside the tools of a live server (formats/mcp_scan.py).
SNAPSHOT_KEYS = {
    "serverInfo": c.obj({"name": c.string("The server's name."),
                         "version": c.string("The server's version.")},
                        "The server's `initialize` serverInfo."),
    "instructions": c.string("The server's `initialize` instructions: text the client may "
                             "add to the model's context."),
    "prompts": c.array(_NAMED, "The server's `prompts/list` result."),
    "resources": c.array(_NAMED, "The server's `resources/list` result."),
    "resourceTemplates": c.array(_NAMED, "The server's `resources/templates/list` result."),
    "_meta": {"type": "object", "description": "Reserved for protocol-level metadata."},
}
SCHEMA = {
    "description": f"An MCP tools/list result or an array of tools ({SPEC}).",
    "anyOf": [
        c.obj({"tools": _TOOLS, **SNAPSHOT_KEYS,
               "nextCursor": c.string("Opaque token for the next page (pagination)."),
               "jsonrpc": c.enum(["2.0"], "JSON-RPC version of a whole response."),
               "id": c.any_value("The JSON-RPC request id."),
               "result": c.obj({"tools": _TOOLS, "nextCursor": c.string("Next page token.")},
                               "The tools/list result.")},
              "A tools/list result."),
        _TOOLS,
    ],
}


def _looks_like_tools(value) -> bool:
    if not isinstance(value, list) or not value:
        return False
    tools = [t for t in value if isinstance(t, dict)]
    return bool(tools) and len(tools) == len(value) and all(
        "name" in t and ("inputSchema" in t or "annotations" in t or "outputSchema" in t)
        for t in tools[:8])


def detect(data) -> bool:
    if isinstance(data, list):
        return _looks_like_tools(data)
    if not isinstance(data, dict):
        return False
    if isinstance(data.get("result"), dict) and "jsonrpc" in data:
        data = data["result"]
    tools = data.get("tools")
    return isinstance(tools, list) and (not tools or _looks_like_tools(tools) or
                                        set(data) <= {"tools", "nextCursor", *SNAPSHOT_KEYS})


class McpView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = doc.data

    @cached_property
    def tools_path(self) -> tuple | None:
        d = self.data
        if isinstance(d, list):
            return ()
        if isinstance(d, dict):
            if isinstance(d.get("result"), dict) and isinstance(d["result"].get("tools"), list):
                return ("result", "tools")
            if "tools" in d:
                return ("tools",)
        return None

    @cached_property
    def tools(self) -> list[tuple[int, tuple, dict]]:
        if self.tools_path is None:
            return []
        return list(c.items(self.doc.get(self.tools_path), self.tools_path))

    @cached_property
    def operations(self) -> list[Operation]:
        out = []
        for _, path, tool in self.tools:
            name = tool.get("name")
            if isinstance(name, str) and name.strip():
                desc = tool.get("description")
                out.append(Operation(name, path + ("name",), desc if isinstance(desc, str) else None,
                                     path + ("description",), "tool", {"tool_path": path}))
        return out


def outline(view: McpView) -> list[Symbol]:
    out = []
    for i, path, tool in view.tools:
        name = tool.get("name") if isinstance(tool.get("name"), str) else f"tools[{i}]"
        params = c.as_dict(c.as_dict(tool.get("inputSchema")).get("properties"))
        children = tuple(Symbol(str(p), "field", path + ("inputSchema", "properties", p))
                         for p in params)
        detail = tool.get("title") if isinstance(tool.get("title"), str) else ""
        out.append(Symbol(name, "function", path, children, detail))
    return out


def prose(view: McpView):
    data = view.data if isinstance(view.data, dict) else {}
    yield ("instructions",), data.get("instructions")
    for section in ("prompts", "resources", "resourceTemplates"):
        for _, path, item in c.items(data.get(section), (section,)):
            for key in ("title", "description"):
                yield path + (key,), item.get(key)
            for _, apath, arg in c.items(item.get("arguments"), path + ("arguments",)):
                yield apath + ("description",), arg.get("description")
    for _, path, tool in view.tools:
        for key in ("title", "description"):
            yield path + (key,), tool.get(key)
        ann = c.as_dict(tool.get("annotations"))
        yield path + ("annotations", "title"), ann.get("title")
        for schema_key in ("inputSchema", "outputSchema"):
            props = c.as_dict(c.as_dict(tool.get(schema_key)).get("properties"))
            for pname, pschema in props.items():
                if isinstance(pschema, dict):
                    yield path + (schema_key, "properties", pname, "description"), \
                        pschema.get("description")


FORMAT = FormatKind(
    name="mcp-tools", title="MCP tool list", spec=SPEC,
    file_globs=("*.mcp.json", "*.mcp.yaml", "*.mcp.yml", "mcp-tools.json", "mcp-tools.yaml",
                "tools-list.json", "*/mcp/tools.json", "*/mcp/tools"),
    detect=detect, view=McpView, schema=SCHEMA, outline=outline, prose=prose,
    nodes={"tool": lambda view: view.tools},      # (index, path, tool) of each tool: engine.walk
    sniff=(b'"inputSchema"',))
