"""Document symbols: the outline a kind describes (``formats.registry``), else its tables."""
from __future__ import annotations

from lsprotocol import types

from ...formats.registry import outline_for
from ..protocol.capabilities import ClientFeatures
from ..protocol.to_lsp import offsets_range
from ..protocol import cancel


def _short(text, limit: int = 80) -> str | None:
    if not isinstance(text, str):
        return None
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _symbol(doc, rng, name: str, kind, entry_path: tuple, select: tuple[tuple, str],
            detail: str | None = None, children=None) -> types.DocumentSymbol:
    start, end = doc.span(entry_path, "entry") if entry_path else doc.root_span
    s_start, s_end = doc.span(*select)
    if not (start <= s_start and s_end <= end):
        s_start, s_end = start, min(end, start + max(0, s_end - s_start))
    return types.DocumentSymbol(name=name or "?", kind=kind, detail=detail,
                                range=rng(start, end), selection_range=rng(s_start, s_end),
                                children=children or None)


_SYMBOL_KINDS = {"function": types.SymbolKind.Function, "field": types.SymbolKind.Field,
                 "array": types.SymbolKind.Array, "object": types.SymbolKind.Object,
                 "method": types.SymbolKind.Method, "struct": types.SymbolKind.Struct,
                 "namespace": types.SymbolKind.Namespace}


def format_symbols(doc, rng, kind: str | None) -> list[types.DocumentSymbol] | None:
    """The outline the kind describes (``formats.registry.outline_for``; None: it describes none)."""
    outline = outline_for(kind, doc)
    if outline is None:
        return None

    def build(sym) -> types.DocumentSymbol:
        cancel.check()
        select = sym.select or ((sym.path, "key") if sym.path and not isinstance(sym.path[-1], int)
                                else (sym.path, "value"))
        return _symbol(doc, rng, sym.label, _SYMBOL_KINDS.get(sym.kind, types.SymbolKind.Object),
                       sym.path, select, _short(sym.detail),
                       children=[build(ch) for ch in sym.children])

    return [build(s) for s in outline]


def table_symbols(doc, rng, obj=None, path: tuple = (), depth: int = 0) -> list[types.DocumentSymbol]:
    """A generic outline: tables and their sub-tables (two levels)."""
    obj = doc.data if obj is None else obj
    out = []
    if not isinstance(obj, dict):
        return out
    for key, value in obj.items():
        cancel.check()
        if isinstance(value, dict):
            children = table_symbols(doc, rng, value, path + (key,), depth + 1) if depth < 1 else None
            out.append(_symbol(doc, rng, str(key), types.SymbolKind.Object, path + (key,),
                               (path + (key,), "key"), children=children))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            children = []
            for i, item in enumerate(value):
                label = item.get("name") or item.get("method") or f"{key}[{i}]"
                children.append(_symbol(doc, rng, str(label), types.SymbolKind.Object,
                                        path + (key, i), (path + (key, i), "key")))
            out.append(_symbol(doc, rng, str(key), types.SymbolKind.Array, path + (key,),
                               (path + (key,), "key"), children=children))
    return out


def build_symbols(doc, kind: str | None, uri: str, features: ClientFeatures, to_range=None):
    """The outline of ``doc``; ``to_range(start, end)`` converts its offsets (by default with
    ``doc``'s own lines; the server passes a mapping onto the current text for an outline
    taken from the last parse that succeeded)."""
    if not doc.parsed or kind is None:
        return []
    rng = to_range or (lambda start, end: offsets_range(doc.lines, start, end))
    symbols = format_symbols(doc, rng, kind)
    if symbols is None:
        symbols = table_symbols(doc, rng)
    if features.hierarchical_symbols:
        return symbols
    flat: list[types.SymbolInformation] = []

    def walk(items, container=None):
        for s in items:
            flat.append(types.SymbolInformation(name=s.name, kind=s.kind, container_name=container,
                                                location=types.Location(uri=uri, range=s.range)))
            walk(s.children or (), s.name)

    walk(symbols)
    return flat
