"""``agis-lint mcp serve``: agis-lint as an MCP server over standard input/output, so that an
agent writing an AGIS document, an AGTP endpoint or an MCP tool list can lint it itself.

Tools: ``check_document`` (the engine's diagnostics as structured content),
``convert_document``, ``explain_rule`` and ``list_rules``. They call the same Linter, converter
and rule registry as the command line.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations

from .. import __version__

_PURE = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True,
                        openWorldHint=False)
INSTRUCTIONS = ("Lints interface documents of agent APIs (AGIS, AGTP-API TOML, A2T, ADP, AINP, "
                "MCP tool lists) with agis-lint. Documents are passed as text; nothing is read "
                "from or written to disk.")


def _diagnostic(d) -> dict:
    s, e = d.range.start, d.range.end
    return {"code": d.code, "name": d.name, "severity": d.severity.label, "message": d.message,
            "path": [p if isinstance(p, (str, int)) else str(p) for p in d.path],
            "line": s.line + 1, "column": s.character + 1, "endLine": e.line + 1,
            "endColumn": e.character + 1,
            "fixes": [{"title": f.title, "safety": f.safety} for f in d.fixes]}


def build(linter=None) -> MCPServer:
    from ..engine.linter import Linter
    from ..engine.registry import all_rules, get_rule
    linter = linter or Linter()
    server = MCPServer("agis-lint", version=__version__, instructions=INSTRUCTIONS)

    @server.tool(annotations=_PURE)
    def check_document(text: str, filename: str = "document.agis",
                       semantic: bool = False) -> dict[str, Any]:
        """Checks an interface document against the agis-lint rules and returns its diagnostics.

        The kind (AGIS, AGTP-API TOML, A2T, ADP, AINP, MCP tool list) is recognised from the
        content and the file name; `semantic` also runs the model-backed checks (slower).
        """
        name = os.path.basename(filename) or "document.agis"
        target = linter.prepare(os.path.join(os.getcwd(), name), text=text,
                                default_kind="agis" if name.endswith((".agis", ".yaml")) else None)
        if target.kind is None:
            return {"kind": None, "diagnostics": [],
                    "note": f"'{name}' is not a document kind agis-lint knows"}
        if not semantic:
            target.config = dataclasses.replace(target.config, semantic=False)
        outcome = linter.check(target=target)
        return {"kind": target.kind, "diagnostics": [_diagnostic(d) for d in outcome.diagnostics]}

    @server.tool(annotations=_PURE)
    def convert_document(text: str, to: str, source_format: str = "") -> dict[str, Any]:
        """Converts a document to another format (`to`: agis, mcp, toml or well-known).

        Returns the produced files and the choices a human must review.
        """
        from ..convert import ConvertError, convert_text
        try:
            conv = convert_text(text, to, source_format=source_format or None, semantic=False)
        except ConvertError as exc:
            return {"error": str(exc), "files": [], "review": []}
        return {"source_format": conv.source_format, "target": conv.target,
                "files": [{"name": f.name, "text": f.text} for f in conv.files],
                "review": [{"file": r.file, "path": [str(p) for p in r.path],
                            "message": r.message} for r in conv.review]}

    @server.tool(annotations=_PURE)
    def explain_rule(code: str) -> str:
        """Explains one rule (by code such as AGIS201, or name): what it checks, why, an example."""
        r = get_rule(code)
        return r.render_markdown() if r is not None else f"unknown rule {code!r}"

    @server.tool(annotations=_PURE)
    def list_rules(prefix: str = "") -> dict[str, Any]:
        """Lists the rules (code, name, summary, kinds), optionally those whose code starts with `prefix`."""
        return {"rules": [{"code": r.code, "name": r.name, "summary": r.summary,
                           "kinds": list(r.kinds)} for r in all_rules()
                          if r.code.startswith(prefix.upper())]}

    return server


def serve() -> int:
    build().run()
    return 0
