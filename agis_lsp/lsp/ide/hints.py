"""Inlay hints: a verb's catalog category and safety beside each method, and beside each AGIS
endpoint the MCP tool name it generates (AGIS Appendix C(a), ``convert.mapping.mcp_tool_name``:
``semantic.mcp_tool_name`` when given, else the method and the first path segment, lower case).
"""
from __future__ import annotations

from lsprotocol import types

from ...convert.mapping import mcp_tool_name
from ...formats.registry import ENDPOINT_FRAMES, has_trait, lint_view
from .hover import verb_safety
from .places import DECLARATION, METHOD, PARAM, PATH, places_of
from ..protocol import cancel


def method_label(name: str, catalog) -> tuple[str, str | None]:
    """(label, tooltip) of the hint beside a method."""
    info = catalog.get(name) if catalog is not None else None
    if info is not None:
        label = f"{', '.join(info.categories) or 'uncategorised'} · {verb_safety(info)}"
        if info.deprecated:
            label += " · deprecated"
        return label, info.description.strip().split("\n")[0]
    if catalog is not None and catalog.is_legacy(name):
        return "legacy HTTP verb", f"Prefer {catalog.preferred_for_legacy(name)}."
    return "not in the AGTP catalog", None


def _hint(lines, offset: int, label: str, tooltip: str | None, kind) -> types.InlayHint:
    pos = lines.position(offset)
    return types.InlayHint(position=types.Position(line=pos.line, character=pos.character),
                           label=label, kind=kind, tooltip=tooltip, padding_left=True)


def build_hints(doc, kind: str | None, catalog, start: int = 0, end: int | None = None
                ) -> list[types.InlayHint]:
    """The hints whose position lies in ``[start, end]`` (offsets; end: the text's end)."""
    end = len(doc.text) if end is None else end
    places = places_of(doc, kind)
    endpoints = lint_view(kind, doc).endpoints if has_trait(kind, ENDPOINT_FRAMES) and places else []
    path_end: dict[int, int] = {}
    for p in places:
        cancel.check()
        if p.kind in (PATH, PARAM) and p.endpoint >= 0:
            path_end[p.endpoint] = max(path_end.get(p.endpoint, -1), p.end)
    out = []
    lines = doc.lines
    for p in places:
        cancel.check()
        if p.kind == METHOD and p.role != DECLARATION and start <= p.end <= end:
            label, tooltip = method_label(p.name, catalog)
            out.append(_hint(lines, p.end, label, tooltip, types.InlayHintKind.Type))
        if p.kind in (PATH, PARAM) and 0 <= p.endpoint < len(endpoints) \
                and path_end.get(p.endpoint) == p.end and start <= p.end <= end:
            ep = endpoints[p.endpoint]
            if isinstance(ep.method, str) and isinstance(ep.path, str):
                sem = ep.semantic or {}
                name = mcp_tool_name(ep.method, ep.path, sem.get("mcp_tool_name"))
                given = isinstance(sem.get("mcp_tool_name"), str) and sem["mcp_tool_name"].strip()
                out.append(_hint(lines, p.end, f"MCP tool: {name}",
                                 "semantic.mcp_tool_name" if given else
                                 "Generated from the method and the first path segment "
                                 "(AGIS Appendix C(a)); set semantic.mcp_tool_name to choose it.",
                                 None))
    out.sort(key=lambda h: (h.position.line, h.position.character))
    return out
