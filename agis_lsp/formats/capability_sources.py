"""The capabilities of the tools of each format's documents and of a live scan's snapshot:
where a tool's name, description, parameters and annotations are (MCP ``inputSchema`` and
``annotations``, A2T ``input_parameters``, ADP/AINP ``parameters``, AGIS endpoints'
``semantic.intent`` and ``input``), the hover text, and the table the combinations read."""
from __future__ import annotations

from .capabilities import Capabilities, ToolFacts, classify, with_server_profile

def facts_of(view, data) -> list:
    """ToolFacts of every operation of a document's view (an MCP tool, an A2T signature,
    an ADP/AINP capability, an AGIS endpoint)."""
    out = []
    ops = [] if hasattr(view, "all_endpoints") else (getattr(view, "operations", None) or [])
    for op in ops:
        item = _at(data, tuple(op.name_path)[:-1])
        item = item if isinstance(item, dict) else {}
        out.append(ToolFacts(op.name, tuple(op.name_path)[:-1], op.description or "",
                             _params(item), _annotations(item)))
    for ep in getattr(view, "all_endpoints", None) or []:
        body = ep.body if isinstance(ep.body, dict) else {}
        sem = body.get("semantic") if isinstance(body.get("semantic"), dict) else {}
        ann = {"destructiveHint": True} if sem.get("impact_tier") == "irreversible" else {}
        words = " ".join(str(x) for x in (ep.method, ep.path) if isinstance(x, str))
        out.append(ToolFacts(ep.label, tuple(ep.node_path), str(sem.get("intent") or
                             body.get("description") or words), _params(body), ann))
    return out


def of_operation(view, op, data) -> Capabilities:
    """The capabilities of one operation of a view (a hover on a tool's name), read beside
    the document's other tools (``with_server_profile``)."""
    here = tuple(op.name_path)[:-1]
    found = [c for c in of_document(view, data) if c.path == here]
    if found:
        return found[0]
    item = _at(data, here)
    item = item if isinstance(item, dict) else {}
    return classify(ToolFacts(op.name, here, op.description or "", _params(item),
                              _annotations(item)))


_TEXT = {"untrusted": "reads untrusted content", "private": "reads private data",
         "sends": "sends or publishes outside", "destructive": "destroys or overwrites data",
         "executes": "runs code"}


def markdown(caps: Capabilities) -> str:
    """The labels that hold, one line each, with confidence and evidence (hover)."""
    if not caps.labels:
        return "**Capabilities:** none of untrusted input, private data, sending, " \
               "destroying, running code"
    lines = ["**Capabilities:**"]
    for lb in caps.labels:
        why = ", ".join(caps.evidence[lb][:3])
        lines.append(f"- {_TEXT[lb]} · {caps.scores[lb]:.2f} · {why}")
    return "\n".join(lines)


def of_document(view, data) -> list:
    facts = facts_of(view, data)
    return with_server_profile(facts, [classify(f) for f in facts])


def _at(data, path: tuple):
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _params(item: dict) -> dict:
    for key in ("inputSchema", "input_schema", "input", "parameters", "input_parameters",
                "inputs", "params"):
        spec = item.get(key)
        if isinstance(spec, dict):
            props = spec.get("properties", spec if key in ("parameters", "params") else None)
            if isinstance(props, dict):
                return {str(k): (v.get("description", "") if isinstance(v, dict) else "")
                        for k, v in props.items()}
        if isinstance(spec, list):
            return {str(p.get("id") or p.get("name")): str(p.get("description") or "")
                    for p in spec if isinstance(p, dict) and (p.get("id") or p.get("name"))}
    return {}


def _annotations(item: dict) -> dict:
    ann = item.get("annotations")
    return ann if isinstance(ann, dict) else {}


def of_mcp_tools(tools) -> list:
    """Capabilities of the tools of an MCP ``tools/list`` result (a live scan's snapshot)."""
    facts = []
    for i, tool in enumerate(tools if isinstance(tools, list) else []):
        if isinstance(tool, dict) and isinstance(tool.get("name"), str) and tool["name"].strip():
            desc = tool.get("description")
            facts.append(ToolFacts(tool["name"], ("tools", i), desc if isinstance(desc, str) else "",
                                   _params(tool), _annotations(tool)))
    return with_server_profile(facts, [classify(f) for f in facts])


def table_of(caps: list) -> dict:
    """``{tool: {label: confidence}}`` of the labels that hold (what the flows read)."""
    out: dict = {}
    for c in caps:
        labels = {lb: round(c.scores[lb], 3) for lb in c.labels}
        if labels and c.name not in out:
            out[c.name] = labels
    return out
