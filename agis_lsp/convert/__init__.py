"""Converters between AGIS, MCP, OpenAPI, AGTP deployments and agent manifests.

    from agis_lsp.convert import convert_text
    conv = convert_text(text, to="mcp")            # AGIS -> MCP tools/list
    conv = convert_text(text, to="agis")           # MCP / OpenAPI / A2T / ADP / AINP / AGTP TOML -> AGIS
    conv = convert_text(text, to="toml")           # AGIS or OpenAPI -> AGTP deployment files
    conv = convert_text(text, to="well-known")     # AGIS -> /.well-known/agis.json
    for f in conv.files: ...                       # OutputFile(name, text, kind)
    for r in conv.review: ...                      # ReviewItem(file, path, message, source)

The input format is recognised by content (``source_format`` overrides it).
Nothing is fetched, imported or executed; output is deterministic.
"""
from __future__ import annotations

from .load import FORMATS, detect_format, parse_input
from .model import Conversion, ConvertError, OutputFile, ReviewItem

TARGETS = ("agis", "mcp", "toml", "well-known")

__all__ = ["convert_text", "convert_data", "detect_format", "parse_input", "Conversion", "ConvertError",
           "OutputFile", "ReviewItem", "TARGETS", "FORMATS"]

# (source format, target) -> "module:function"
ROUTES = {
    ("agis", "mcp"): "to_mcp",
    ("agis", "well-known"): "to_well_known",
    ("agis", "toml"): "to_toml",
    ("mcp", "agis"): "from_mcp",
    ("openapi", "agis"): "from_openapi",
    ("openapi", "toml"): "from_openapi",
    ("agtp-endpoint", "agis"): "from_toml",
    ("agtp-endpoint", "toml"): "from_toml",
    ("a2t", "agis"): "from_agents",
    ("adp", "agis"): "from_agents",
    ("ainp", "agis"): "from_agents",
}


def convert_text(text: str, to: str, *, source_format: str | None = None, name: str | None = None,
                 semantic: bool = True, catalog=None) -> Conversion:
    data = parse_input(text, name)
    return convert_data(data, to, source_format=source_format, name=name, semantic=semantic,
                        catalog=catalog)


def convert_data(data, to: str, *, source_format: str | None = None, name: str | None = None,
                 semantic: bool = True, catalog=None) -> Conversion:
    import importlib
    import os

    if to not in TARGETS:
        raise ConvertError(f"unknown target {to!r}; one of {', '.join(TARGETS)}")
    fmt = source_format or detect_format(data)
    if fmt == "swagger":
        raise ConvertError("Swagger 2.0 documents are not supported; convert them to OpenAPI 3 first")
    if fmt is None:
        raise ConvertError("input format not recognised (AGIS, MCP tools/list, OpenAPI 3.x, AGTP endpoint "
                           "TOML, A2T, ADP or AINP); name it with --from")
    if fmt not in FORMATS:
        raise ConvertError(f"unknown input format {fmt!r}; one of {', '.join(FORMATS)}")
    module = ROUTES.get((fmt, to))
    if module is None:
        raise ConvertError(f"no conversion from {fmt} to {to}")
    if catalog is None:
        from ..catalog import default_catalog
        catalog = default_catalog()
    mod = importlib.import_module(f".{module}", __name__)
    stem = _stem(name) if name and name != "-" else None
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
