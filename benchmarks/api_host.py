"""The OpenAPI harness of ``real_precision.py``: an API document's extracted prose fields
(``benchmarks/corpora/openapi/*.jsonl``, each with its JSON pointer and role) placed in an MCP tool
list, each at a slot of the same role, in a tool named after the field's own operation or schema
and, for a schema's text, under its own property's name: the names the document gives, so that
what a rule reads of a tool's name and parameters (its contract) is the API's, never invented.
"""
from __future__ import annotations

import re

SCHEMA_SLOT = {"schema-description": "description", "schema-title": "title", "schema-value": "default",
               "enum-description": "description"}


def host_document(rows: list[dict]) -> dict:
    """An MCP tool list carrying each prose field at a slot of the same role, in a tool named
    after the field's own operation or schema (``unit_of``: "get /v1/pets/{id}" -> ``get_v1_pets_id``)
    and, for a schema's text, under its own property's name: the names the document gives, so
    that what a rule reads of a tool's name and parameters (its contract) is the API's."""
    units: dict[str, dict] = {}
    for r in rows:
        unit = units.setdefault(unit_of(r["pointer"]), {"texts": [], "props": {}})
        slot = SCHEMA_SLOT.get(r["role"])
        if slot:
            name = property_of(r["pointer"])
            while name in unit["props"]:
                name = f"{name}_"
            unit["props"][name] = {"type": "string", slot: r["text"]}
        else:
            unit["texts"].append(r)
    tools, used = [], set()
    for unit, parts in units.items():
        base = re.sub(r"[^A-Za-z0-9]+", "_", unit).strip("_") or "api"
        props = list(parts["props"].items())
        texts = parts["texts"] or [None]
        for k in range(max(len(texts), -(-len(props) // 25))):
            name = base if k == 0 else f"{base}_{k + 1}"
            while name in used:
                name += "_"
            used.add(name)
            tool = {"name": name, "inputSchema": {"type": "object", "properties": dict(props[25 * k:25 * k + 25])}}
            r = texts[k] if k < len(texts) else None
            if r is not None:
                tool["title" if r["role"] in ("title", "summary", "display_name", "displayname") else "description"] = r["text"]
            tools.append(tool)
    return {"tools": tools}


_METHOD = re.compile(r"(?i)^(?:get|put|post|delete|patch|head|options|trace)$")


def unit_of(pointer: str) -> str:
    """The operation ("get /v1/pets/{id}") or named component ("Pet") a JSON pointer is inside,
    else the pointer's first member ("info")."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    if parts[:1] == ["paths"] and len(parts) > 2 and _METHOD.match(parts[2]):
        return f"{parts[2].lower()} {parts[1]}"
    if parts[:1] == ["paths"] and len(parts) > 1:
        return parts[1]
    if parts[:1] == ["components"] and len(parts) > 2:
        return parts[2]
    return parts[0] if parts else "api"


def property_of(pointer: str) -> str:
    """The name of the property a schema text belongs to (the member after the last
    ``properties``), else the last member that is not a keyword or an index."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == "properties":
            return parts[i + 1]
    skip = {"description", "title", "default", "example", "examples", "schema", "items", "content", "value",
            "allOf", "anyOf", "oneOf", "parameters", "requestBody", "responses", "properties", "enum"}
    for p in reversed(parts[:-1]):
        if p == "parameters":
            return "parameter"
        if p not in skip and not p.isdigit() and "/" not in p and not _METHOD.match(p):
            return p
    return "value"
