"""Converters between AGIS, MCP, OpenAPI, AGTP deployments and agent manifests.

    from agis_lsp.convert import convert_text
    conv = convert_text(text, to="mcp")            # AGIS -> MCP tools/list
    conv = convert_text(text, to="agis")           # MCP / OpenAPI / A2T / ADP / AINP / AGTP TOML -> AGIS
    conv = convert_text(text, to="toml")           # AGIS or OpenAPI -> AGTP deployment files
    conv = convert_text(text, to="mcp")            # OpenAPI -> AGIS -> MCP: a chain through AGIS
    conv = convert_text(text, to="well-known")     # AGIS -> /.well-known/agis.json
    for f in conv.files: ...                       # OutputFile(name, text, kind)
    for r in conv.review: ...                      # ReviewItem(file, path, message, source)

The input format is recognised by content (``source_format`` overrides it).
Nothing is fetched, imported or executed; output is deterministic.
"""
from __future__ import annotations

from .load import FORMATS, detect_format, parse_input
from .result import Conversion, ConvertError, OutputFile, ReviewItem

TARGETS = ("agis", "mcp", "toml", "well-known")
# what can be converted: the formats recognised by content, and a deployment directory
INPUTS = FORMATS + ("agtp-deployment",)
HUB = "agis"

__all__ = ["convert_text", "convert_data", "detect_format", "parse_input", "route", "supported_pairs",
           "Conversion", "ConvertError", "OutputFile", "ReviewItem", "TARGETS", "FORMATS", "INPUTS",
           "EDITOR_ACTIONS"]

# The one table of what converts to what: (source format, target) -> module with run().
# Pairs not listed here go through AGIS when both halves are listed (see route()).
ROUTES = {
    ("agis", "mcp"): "to_mcp",
    ("agis", "well-known"): "to_well_known",
    ("agis", "toml"): "to_toml",
    ("mcp", "agis"): "from_mcp",
    ("openapi", "agis"): "from_openapi",
    ("openapi", "toml"): "from_openapi",
    ("agtp-endpoint", "agis"): "from_toml",
    ("agtp-endpoint", "toml"): "from_toml",
    ("agtp-deployment", "agis"): "from_deployment",
    ("a2t", "agis"): "from_agents",
    ("adp", "agis"): "from_agents",
    ("ainp", "agis"): "from_agents",
}

# The conversions an editor offers as source actions: (source format, target) -> title.
EDITOR_ACTIONS = {
    ("agis", "mcp"): "Generate MCP tools/list from this AGIS document",
    ("agis", "well-known"): "Generate /.well-known/agis.json from this AGIS document",
    ("mcp", "agis"): "Convert this MCP tool list to AGIS",
    ("openapi", "agis"): "Convert this OpenAPI document to AGIS",
    ("a2t", "agis"): "Convert these A2T tools to AGIS",
    ("adp", "agis"): "Convert this ADP manifest to AGIS",
    ("ainp", "agis"): "Convert this AINP manifest to AGIS",
}


def route(fmt: str, to: str) -> list[tuple[str, str]] | None:
    """The steps from ``fmt`` to ``to``: one direct pair of ROUTES, else two through AGIS, else None."""
    if (fmt, to) in ROUTES:
        return [(fmt, to)]
    if fmt != to and fmt != HUB and to != HUB and (fmt, HUB) in ROUTES and (HUB, to) in ROUTES:
        return [(fmt, HUB), (HUB, to)]
    return None


def supported_pairs() -> dict[str, list[str]]:
    """Input format -> the targets it converts to (directly or through AGIS), in table order."""
    return {fmt: [to for to in TARGETS if route(fmt, to)] for fmt in INPUTS}


def pairs_text() -> str:
    """The supported conversions, one input format a line (for errors and --help)."""
    rows = [f"  {fmt:<16} -> " + ", ".join(to if len(route(fmt, to)) == 1 else f"{to} (through {HUB})"
                                             for to in tos)
            for fmt, tos in supported_pairs().items() if tos]
    return "supported conversions (input -> --to):\n" + "\n".join(rows)


def _no_route(fmt: str, to: str) -> ConvertError:
    why = f" (the input is already {fmt})" if fmt == to else ""
    return ConvertError(f"no conversion from {fmt} to {to}{why}\n{pairs_text()}")


def convert_text(text: str, to: str, *, source_format: str | None = None, name: str | None = None,
                 semantic: bool = True, catalog=None) -> Conversion:
    data = parse_input(text, name)
    return convert_data(data, to, source_format=source_format, name=name, semantic=semantic,
                        catalog=catalog)


def convert_data(data, to: str, *, source_format: str | None = None, name: str | None = None,
                 semantic: bool = True, catalog=None) -> Conversion:
    """Convert ``data``; a pair with no converter of its own goes through an AGIS document, and the
    result then has ``chain`` (the formats passed), the AGIS document in ``intermediate`` and the
    review items of both steps."""
    if to not in TARGETS:
        raise ConvertError(f"unknown target {to!r}; one of {', '.join(TARGETS)}")
    fmt = source_format or detect_format(data)
    if fmt == "swagger":
        raise ConvertError("Swagger 2.0 documents are not supported; convert them to OpenAPI 3 first")
    if fmt is None:
        raise ConvertError("input format not recognised (AGIS, MCP tools/list, OpenAPI 3.x, AGTP endpoint "
                           "TOML, A2T, ADP or AINP); name it with --from")
    if fmt not in INPUTS:
        raise ConvertError(f"unknown input format {fmt!r}; one of {', '.join(INPUTS)}")
    steps = route(fmt, to)
    if steps is None:
        raise _no_route(fmt, to)
    if catalog is None:
        from ..catalog import default_catalog
        catalog = default_catalog()
    stem = _stem(name) if name and name != "-" else None
    conv = _step(data, fmt, steps[0][1], stem, semantic, catalog)
    if len(steps) == 1:
        return conv
    hub = next((f for f in conv.files if f.kind == HUB), None)
    if hub is None or len(conv.files) != 1:   # every (X, agis) converter writes one AGIS document
        raise ConvertError(f"the {fmt} -> {HUB} step did not give one AGIS document")
    last = _step(parse_input(hub.text, hub.name), HUB, to, _stem(hub.name), semantic, catalog)
    last.source_format = fmt
    last.chain = [fmt, HUB, to]
    last.intermediate = [hub] + conv.intermediate
    last.review = conv.review + last.review
    last.notes = conv.notes + last.notes
    return last


def _step(data, fmt: str, to: str, stem, semantic: bool, catalog) -> Conversion:
    import importlib
    mod = importlib.import_module(f".{ROUTES[(fmt, to)]}", __name__)
    return mod.run(data, to=to, source_format=fmt, stem=stem, semantic=semantic, catalog=catalog)


_SUFFIXES = (".json", ".yaml", ".yml", ".toml", ".agis", ".mcp", ".openapi", ".tools", ".a2t", ".adp", ".ainp")


def _stem(name: str) -> str:
    import os
    stem = os.path.basename(name)
    while True:
        low = stem.lower()
        cut = next((s for s in _SUFFIXES if low.endswith(s) and len(stem) > len(s)), None)
        if cut is None:
            return stem
        stem = stem[:-len(cut)]
