"""The pure builders of semantic tokens, rename, references, hints, links, folding and
selection ranges, on real documents and the shipped catalog."""
from __future__ import annotations

import os

import pytest

from agis_lsp.catalog import load_catalog
from agis_lsp.document import parse_text
from agis_lsp.lsp.features.semantic_tokens import _moved_places
from agis_lsp.lsp.ide.folding import build_folding, selection_spans
from agis_lsp.lsp.ide.hints import build_hints
from agis_lsp.lsp.ide.links import build_links
from agis_lsp.lsp.ide.references import build_references
from agis_lsp.lsp.ide.rename import (FileToEdit, RenameRefused, build_prepare_rename, build_rename,
                                 validate_name)
from agis_lsp.lsp.ide.token_splice import snapshot, splice
from agis_lsp.lsp.ide.tokens import LEGEND, apply_delta, build_tokens, delta

from .conftest import FIXTURES, apply_text_edits, uri_of

CATALOG = load_catalog(None)


def fixture(*parts) -> str:
    with open(os.path.join(FIXTURES, *parts), encoding="utf-8") as fh:
        return fh.read()


def words(doc, data) -> list[tuple[str, str, set]]:
    """(text, type, modifiers) of each token, decoded against the document's lines."""
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, length, type_, bits = data[i:i + 5]
        line += dl
        char = char + dc if dl == 0 else dc
        start = doc.lines.offset(line, char)
        mods = {m for b, m in enumerate(LEGEND.token_modifiers) if bits >> b & 1}
        out.append((doc.text[start:start + length], LEGEND.token_types[type_], mods))
    return out


# -- semantic tokens -----------------------------------------------------------------------
def test_tokens_of_keyed_json_endpoints_and_schemas():
    text = ('{"endpoints": {"SUMMARIZE /reports/{id}/x": {"input": {"$ref": "#/schemas/Report"}},'
            ' "FROBNICATE /y": {}, "GET /z": {}}, "schemas": {"Report": {"type": "object"}}}')
    doc = parse_text(text, "doc.agis.json")
    got = words(doc, build_tokens(doc, "agis", CATALOG))
    assert got[0] == ("SUMMARIZE", "method", {"analysis", "mechanics", "mutating"})  # as hover says
    assert got[1:4] == [("/reports/", "path", set()), ("{id}", "parameter", set()),
                        ("/x", "path", set())]
    assert ("#/schemas/Report", "type", set()) in got
    assert ("Report", "type", {"declaration"}) in got
    assert ("FROBNICATE", "method", {"invalid"}) in got
    assert ("GET", "method", {"legacy"}) in got


def test_declared_and_flagged_methods():
    text = "endpoints:\n  - method: FROBNICATE\n    path: /a\n  - method: FIND\n    path: /b\n" \
           "vocabulary:\n  declared_verbs: [FROBNICATE]\n"
    doc = parse_text(text, "doc.agis")
    got = words(doc, build_tokens(doc, "agis", CATALOG))
    assert got[0] == ("FROBNICATE", "method", {"custom"})
    find = text.index("FIND")
    flagged = words(doc, build_tokens(doc, "agis", CATALOG, flagged=[(find, find + 4)]))
    assert ("FIND", "method", {"discovery", "readonly", "invalid"}) in flagged
    assert ("FROBNICATE", "method", {"custom"}) in flagged


def test_tokens_of_a_recipes_file():
    doc = parse_text(fixture("deploy", "agtp-recipes.toml"), "deploy/agtp-recipes.toml")
    got = words(doc, build_tokens(doc, "agtp-recipes", CATALOG))
    assert got[0] == ("audit-via-query-and-summarize", "function", {"declaration"})
    assert [w[0] for w in got[1:]] == ["QUERY", "SUMMARIZE"]


def test_delta_reproduces_the_new_tokens():
    text = fixture("reservations.agis")
    old = build_tokens(parse_text(text, "r.agis"), "agis", CATALOG)
    for edited in (text.replace("method: FIND", "method: SEARCH"),
                   text.replace("vocabulary:", "  - method: BOOK\n    path: /more\nvocabulary:"),
                   text.replace("    path: /restaurants\n", ""), "", text):
        new = build_tokens(parse_text(edited, "r.agis"), "agis", CATALOG)
        edits = delta(old, new)
        assert apply_delta(old, edits) == new
        assert all(e.start % 5 == 0 and e.delete_count % 5 == 0 for e in edits)
        if edited == text:
            assert edits == []


def test_tokens_move_onto_broken_text():
    text = fixture("reservations.agis")
    good = parse_text(text, "r.agis")
    broken_text = text.replace("vocabulary:", "vocabulary: [\n  {")
    broken = parse_text(broken_text, "r.agis")
    assert not broken.parsed
    places = _moved_places(good, broken, "agis")
    got = words(broken, build_tokens(broken, "agis", CATALOG, places=places))
    assert ("FIND", "method", {"discovery", "readonly"}) in got
    for place in places:
        assert broken.text[place.start:place.end] == good.text[place.start:place.end] or \
            place.start >= broken_text.index("vocabulary")


# -- rename ----------------------------------------------------------------------------------
def test_rename_keyed_endpoints_and_declared_verbs():
    text = 'endpoints:\n  "FIND /a/{id}":\n    x: 1\n  find /b: {}\n  BOOK /c: {}\n' \
           "vocabulary:\n  declared_verbs: [FIND, BOOK]\n"
    doc = parse_text(text, "doc.agis")
    files = [FileToEdit("u", 1, doc, "agis")]
    edit = build_rename(doc, "agis", text.index("find /b") + 1, "SEARCH", files, CATALOG)
    renamed = apply_text_edits(text, edit.changes["u"])
    assert '"SEARCH /a/{id}"' in renamed and "SEARCH /b" in renamed and "BOOK /c" in renamed
    assert "declared_verbs: [SEARCH, BOOK]" in renamed
    assert build_rename(doc, "agis", text.index("/c"), "SEARCH", files, CATALOG) is None
    assert build_prepare_rename(doc, "agis", text.index("x: 1")) is None


def test_rename_refuses_bad_names_and_broken_files():
    for bad in ("", "  ", "reserve", "RESERVE2", "RE-SERVE", "BOOKING", "AVAILABLE"):
        with pytest.raises(RenameRefused):
            validate_name(bad, CATALOG)
    assert validate_name("GET", CATALOG) == "GET" and validate_name("RESERVE") == "RESERVE"
    text = fixture("reservations.agis")
    doc = parse_text(text, "r.agis")
    broken = parse_text("endpoints: [\n", "endpoints/x.toml")
    with pytest.raises(RenameRefused, match="does not parse"):
        build_rename(doc, "agis", text.index("FIND"), "SEARCH",
                     [FileToEdit("u", 1, doc, "agis"), FileToEdit("v", None, broken, None)], CATALOG)


# -- references ----------------------------------------------------------------------------------
def test_references_of_recipes_methods_and_errors_across_files():
    recipes = parse_text(fixture("deploy", "agtp-recipes.toml"), "deploy/agtp-recipes.toml")
    audit_text = fixture("deploy", "endpoints", "audit.toml")
    audit = parse_text(audit_text, "deploy/endpoints/audit.toml")
    book = parse_text(fixture("deploy", "endpoints", "book.toml"), "deploy/endpoints/book.toml")
    files = [FileToEdit("r", None, recipes, "agtp-recipes"), FileToEdit("a", 1, audit, "agtp-endpoint"),
             FileToEdit("b", None, book, "agtp-endpoint")]
    at = audit_text.index("audit-via")
    found = build_references(audit, "agtp-endpoint", at, "a", files)
    assert [loc.uri for loc in found] == ["r", "a"]
    assert [loc.uri for loc in build_references(audit, "agtp-endpoint", at, "a", files, False)] == ["a"]
    errors = build_references(audit, "agtp-endpoint", audit_text.index("composition_failed"), "a", files)
    assert [loc.uri for loc in errors] == ["a"]
    assert build_references(audit, "agtp-endpoint", audit_text.index("[endpoint]") + 2, "a", files) is None
    query = recipes.text.index("QUERY")
    assert [loc.uri for loc in build_references(recipes, "agtp-recipes", query, "r", files)] == ["r"]


def test_schema_references_stay_in_their_document():
    text = "schemas:\n  A: {type: object}\nendpoints:\n  - method: FIND\n    path: /a\n" \
           "    input: {$ref: '#/schemas/A'}\n"
    doc = parse_text(text, "doc.agis")
    other = parse_text(text, "other.agis")
    files = [FileToEdit("u", 1, doc, "agis"), FileToEdit("v", 1, other, "agis")]
    found = build_references(doc, "agis", text.index("'#/") + 2, "u", files)
    assert [(loc.uri, loc.range.start.line) for loc in found] == [("u", 1), ("u", 5)]


# -- inlay hints ---------------------------------------------------------------------------------
def test_hints_of_keyed_endpoints_and_endpoint_tomls():
    text = '{"endpoints": {"GET /items/{id}": {"semantic": {"mcp_tool_name": "fetch_item"}},' \
           ' "FROBNICATE /things/{id}/x": {}}}'
    doc = parse_text(text, "doc.agis.json")
    labels = [h.label for h in build_hints(doc, "agis", CATALOG)]
    assert labels == ["legacy HTTP verb", "MCP tool: fetch_item", "not in the AGTP catalog",
                      "MCP tool: frobnicate_things"]
    hint = build_hints(doc, "agis", CATALOG)[3]
    assert hint.position.character == text.index('": {}')
    toml = parse_text(fixture("deploy", "endpoints", "audit.toml"), "deploy/endpoints/audit.toml")
    assert [h.label for h in build_hints(toml, "agtp-endpoint", CATALOG)] == \
        ["analysis · safe (reads only)"]


# -- links, folding, selection ---------------------------------------------------------------------
def test_links_of_adp_manifests_and_well_known_summaries(tmp_path):
    adp = parse_text('{"spec_version": "1.0", "name": "x", "description": "d", "auth": {},'
                     ' "base_url": "https://api.example.com/v1", "capabilities": ['
                     '{"name": "a", "description": "d", "detail_url": "caps/a.json"},'
                     '{"name": "b", "description": "d", "detail_url": "https://other.example/b"}]}',
                     str(tmp_path / "adp.json"))
    targets = [link.target for link in build_links(adp, "adp-manifest", "u")]
    assert targets == ["https://api.example.com/v1/caps/a.json", "https://other.example/b"]
    known = parse_text('{"agis": "1.0", "service": "s", "agis_document": "../api/service.agis",'
                       ' "methods": []}', str(tmp_path / "well-known" / "agis.json"))
    assert [link.target for link in build_links(known, "agis-wellknown", "u")] == \
        [uri_of(str(tmp_path / "api" / "service.agis"))]
    assert build_links(known, "agis-wellknown", "u", tooltips=False)[0].tooltip is None


def test_links_of_refs_in_json():
    text = '{"schemas": {"A": {}}, "endpoints": [{"method": "FIND", "path": "/a",' \
           ' "input": {"$ref": "#/schemas/A"}, "output": {"$ref": "#/schemas/Missing"}}]}'
    doc = parse_text(text, "/tmp/doc.agis.json")
    assert [(link.range.start.character, link.target) for link in build_links(doc, "agis", "u")] \
        == [(text.index("#/schemas/A"), "u#L1")]


def test_folding_of_toml_tables_and_comments():
    text = fixture("deploy", "endpoints", "book.toml")
    doc = parse_text("# one\n# two\n" + text, "deploy/endpoints/book.toml")
    folds = {(f.start_line, f.end_line, f.kind) for f in build_folding(doc)}
    assert (0, 1, "comment") in folds
    semantic = ("# one\n# two\n" + text).split("\n").index("[endpoint.semantic]")
    assert (semantic, semantic + 7, None) in folds


def test_selection_spans_nest_in_json_and_broken_text():
    text = '{"endpoints": [{"method": "FIND", "path": "/a"}]}'
    doc = parse_text(text, "doc.agis.json")
    spans = selection_spans(doc, text.index("FIND") + 1)
    assert [text[s:e] for s, e in spans][:3] == ["FIND", '"FIND"', '"method": "FIND"']
    assert spans[-1] == (0, len(text))
    broken = parse_text("endpoints:\n  - method: FI", "doc.agis")
    assert selection_spans(broken, len(broken.text))[0] == (len(broken.text) - 2, len(broken.text))


def test_edits_inside_the_endpoints_are_spliced():
    text = fixture("reservations.agis")
    before = snapshot(parse_text(text, "r.agis"), "agis", CATALOG)
    for edited in (text.replace("method: FIND", "method: SEARCH"),
                   text.replace("    path: /restaurants\n", "    path: /restaurants/{id}/x\n"),
                   text.replace("    errors: [no_results]\n",
                                "    errors: [no_results]\n  - method: CANCEL\n    path: /c\n"),
                   text.replace("errors: [reservation_unavailable]", "errors: []")):
        doc = parse_text(edited, "r.agis")
        spliced = splice(before, doc, "agis", CATALOG)
        assert spliced is not None and spliced.data == build_tokens(doc, "agis", CATALOG)
    # an edit outside the endpoints, or new declared verbs: built in full
    for edited in (text.replace('service: "Acme', 'service: "ACME'),
                   text.replace("declared_verbs: [BOOK]", "declared_verbs: [BOOK, FIND]")):
        assert splice(before, parse_text(edited, "r.agis"), "agis", CATALOG) is None


def test_references_of_an_error_reach_the_error_map():
    text = fixture("deploy", "endpoints", "book.toml").replace(
        'function = "rooms.handlers.book_room"',
        'function = "rooms.handlers.book_room"\n\n[endpoint.handler.error_map]\n'
        '"409" = "room_unavailable"\nTIMEOUT = "room_unavailable"')
    doc = parse_text(text, "deploy/endpoints/book.toml")
    found = build_references(doc, "agtp-endpoint", text.index("room_unavailable") + 1, "b",
                             [FileToEdit("b", 1, doc, "agtp-endpoint")])
    assert [loc.range.start.line for loc in found] == [4, text.count("\n", 0, text.index('= "room_u')),
                                                      text.rstrip("\n").count("\n")]
