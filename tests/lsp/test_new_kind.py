"""A kind registered in ``formats/`` alone gets the server's features.

A tiny kind, a "widget list" (``*.widgets.json``: named widgets, each with a method verb, an
endpoint path and a colour), is declared here as a :class:`FormatKind` with a JSON Schema and
editor hooks, and added to the registry the way ``formats.registry.formats()`` lists its
modules. Nothing in ``lsp/`` is changed: the server's own builders (outline, semantic tokens,
completion, hover, rename's places) answer for it from the registry. The real parser, detection,
catalog and builders run; only the list of formats is extended for the test.
"""
from __future__ import annotations

import re

import pytest
from lsprotocol import types

from agis_lsp.catalog import load_catalog
from agis_lsp.document import parse_text
from agis_lsp.document.locate import KEY
from agis_lsp.formats import kinds, registry
from agis_lsp.formats.places import METHOD, PATH, REF, child_place, path_places, value_place
from agis_lsp.formats.registry import EditorHooks, FormatKind, Symbol
from agis_lsp.lsp.protocol.capabilities import ClientFeatures
from agis_lsp.lsp.ide.completion import CompletionRequest, build_completions
from agis_lsp.lsp.ide.hover import build_hover
from agis_lsp.lsp.ide.links import build_links
from agis_lsp.lsp.ide.places import places_of
from agis_lsp.lsp.ide.symbols import build_symbols
from agis_lsp.lsp.ide.tokens import build_tokens

from .test_feature_builders import words

CATALOG = load_catalog(None)
FEATURES = ClientFeatures(hierarchical_symbols=True, markdown=True)
KIND = "widget-list"

SCHEMA = {
    "type": "object",
    "properties": {
        "widgets": {"type": "array", "items": {
            "type": "object", "required": ["name", "verb"],
            "properties": {
                "name": {"type": "string", "description": "The widget's name."},
                "verb": {"type": "string", "description": "The method verb it performs."},
                "path": {"type": "string", "description": "Its endpoint path."},
                "params": {"type": "object", "description": "Its path parameters."},
                "color": {"type": "string", "enum": ["red", "green"],
                          "description": "The widget's colour."},
                "manual": {"type": "string", "description": "Its manual (a file)."},
            }}},
    },
}


def _widgets(doc):
    items = doc.data.get("widgets") if isinstance(doc.data, dict) else None
    return [(i, w) for i, w in enumerate(items or []) if isinstance(w, dict)]


def _outline(doc):
    return [Symbol(str(w.get("name", f"widgets[{i}]")), "method", ("widgets", i),
                   detail=w.get("verb") if isinstance(w.get("verb"), str) else None,
                   select=(("widgets", i, "name"), "value"))
            for i, w in _widgets(doc)]


def _places(doc):
    for i, w in _widgets(doc):
        p = child_place(doc, w, "verb", ("widgets", i, "verb"), METHOD)
        if p is not None:
            yield p
        p = child_place(doc, w, "path", ("widgets", i, "path"), PATH)
        if p is not None:
            yield from path_places(doc.text, p.start, p.end, p.path)


def _links(doc):
    for i, _ in _widgets(doc):
        p = value_place(doc, ("widgets", i, "manual"), REF)
        if p is not None:
            yield p, "the widget's manual", None


def _path_parameters(spath, part, data):
    if part != KEY or len(spath) != 4 or spath[0] != "widgets" or spath[2] != "params":
        return None
    path = data["widgets"][spath[1]].get("path")
    return re.findall(r"\{([^{}/]+)\}", path) if isinstance(path, str) else []


WIDGETS = FormatKind(
    name=KIND, title="widget list", spec="a test kind", file_globs=("*.widgets.json",),
    detect=lambda data: isinstance(data, dict) and "widgets" in data,
    view=lambda doc: doc, schema=SCHEMA,
    editor=EditorHooks(outline=_outline, places=_places,
                       verb_place=lambda path, part, data: len(path) == 3 and path[2] == "verb"
                       and part != KEY,
                       verbs_used=lambda data: [w["verb"] for _, w in enumerate(data["widgets"])],
                       path_parameters=_path_parameters, links=_links))

TEXT = """{
  "widgets": [
    {"name": "mailer", "verb": "BOOK", "path": "/mail/{box}/{id}", "color": "red",
     "params": {}},
    {"name": "finder", "verb": "FIND", "path": "/things", "manual": "docs/finder.md"}
  ]
}
"""


@pytest.fixture
def widget_kind(monkeypatch):
    """The registry with the widget kind added (as a module in ``_MODULES`` would add it)."""
    listed = registry.formats() + (WIDGETS,)
    monkeypatch.setattr(registry, "formats", lambda: listed)
    return KIND


def _doc(text=TEXT):
    return parse_text(text, "/w/demo.widgets.json")


def _complete(text_with_cursor: str):
    offset = text_with_cursor.index("|")
    doc = _doc(text_with_cursor[:offset] + text_with_cursor[offset + 1:])
    context = doc if doc.parsed else _doc()
    return {i.label: i for i in build_completions(CompletionRequest(
        doc, offset, KIND, CATALOG, FEATURES, context=context)).items}


def test_the_kind_is_detected_by_the_registry(widget_kind):
    assert kinds.detect(_doc()) == KIND
    assert registry.kind_by_name("x/demo.widgets.json") == KIND


def test_outline(widget_kind):
    doc = _doc()
    symbols = build_symbols(doc, KIND, "file:///w/demo.widgets.json", FEATURES)
    assert [(s.name, s.kind, s.detail) for s in symbols] == [
        ("mailer", types.SymbolKind.Method, "BOOK"), ("finder", types.SymbolKind.Method, "FIND")]
    sel = symbols[0].selection_range.start
    assert doc.text[doc.lines.offset(sel.line, sel.character):].startswith("\"mailer\"")


def test_semantic_tokens(widget_kind):
    doc = _doc()
    got = words(doc, build_tokens(doc, KIND, CATALOG))
    assert [(t, ty) for t, ty, _ in got] == [
        ("BOOK", "method"), ("/mail/", "path"), ("{box}", "parameter"), ("/", "path"),
        ("{id}", "parameter"), ("FIND", "method"), ("/things", "path")]
    assert "readonly" in got[5][2] and "invalid" not in got[0][2]
    assert {p.name for p in places_of(doc, KIND) if p.kind == METHOD} == {"BOOK", "FIND"}


def test_completion_of_verbs_enum_values_keys_and_path_parameters(widget_kind):
    verbs = _complete(TEXT.replace('"verb": "BOOK"', '"verb": "S|"'))
    assert "BOOK" in verbs and "FIND" in verbs and len(verbs) >= len(CATALOG.methods)
    colours = _complete(TEXT.replace('"color": "red"', '"color": "|"'))
    assert list(colours) == ["red", "green"]
    keys = _complete(TEXT.replace('{"name": "finder"', '{"|": 1, "name": "finder"'))
    assert set(keys) == {"params", "color"}, "the schema's keys the widget does not have yet"
    params = _complete(TEXT.replace('"params": {}', '"params": {"|": 1}'))
    assert list(params) == ["box", "id"]


def test_hover_on_a_verb_and_a_field(widget_kind):
    doc = _doc()
    verb = build_hover(doc, TEXT.index("BOOK") + 1, KIND, CATALOG, [], FEATURES)
    assert verb.contents.value.startswith("**BOOK**")
    field = build_hover(doc, TEXT.index('"color"') + 2, KIND, CATALOG, [], FEATURES)
    assert "colour" in field.contents.value


def test_links(widget_kind):
    links = build_links(_doc(), KIND, "file:///w/demo.widgets.json")
    assert [(link.target, link.tooltip) for link in links] == [
        ("file:///w/docs/finder.md", "the widget's manual")]


def test_without_the_kind_the_builders_know_nothing_of_it():
    doc = _doc()
    assert registry.editor(KIND) is registry.NO_HOOKS
    assert places_of(doc, KIND) == [] and build_tokens(doc, KIND, CATALOG) == []
