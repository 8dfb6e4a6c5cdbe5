"""Pass 4 (path syntax): AGIS401-AGIS408."""
from __future__ import annotations

import json

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.registry import get_rule

from .helpers import HEAD, diagnostics, document, endpoint, findings, fix_all, line_is, line_of


def paths_of(text: str, path: str = "x.agis") -> list:
    data = parse_text(text, path).data
    eps = data["endpoints"]
    if isinstance(eps, dict):
        return [k.split(" ", 1)[1] for k in eps]
    return [e["path"] for e in eps]


# The examples table of section 4.4 (camel case is also a case violation).
@pytest.mark.parametrize("method,path,codes", [
    ("BOOK", "/reservation", set()),
    ("FIND", "/restaurant/{id}", set()),
    ("FIND", "/patient-record/{id}", set()),
    ("FIND", "/calendar/event/{id}", set()),
    # one mistake, one diagnostic: the camelCase segment is AGIS406's/AGIS405's to
    # rewrite ('bookReservation' -> 'reservation'), so AGIS402 leaves it to them
    ("FIND", "/bookReservation", {"AGIS406"}),   # verb in path
    ("BOOK", "/bookReservation", {"AGIS405"}),   # ... which is the method itself
    ("FIND", "/get-restaurant", {"AGIS406"}),
    ("FIND", "/reservation?type=dinner", {"AGIS404"}),
    ("FIND", "/RESERVATION", {"AGIS402"}),
])
def test_spec_examples_table(method, path, codes):
    text = document(endpoint(method, path))
    # the table judges path syntax; whether {id} is declared in the input is AGIS409's
    assert {c for c, _, _ in findings(text, "AGIS4") if c != "AGIS409"} == codes


def test_401_missing_leading_slash_is_fixed_safely():
    text = document(endpoint("BOOK", "reservation"), endpoint("FIND", '"restaurant/{id}"'))
    assert findings(text, "AGIS401") == [
        ("AGIS401", line_of(text, "path: reservation"),
         "path 'reservation' must begin with '/'; use '/reservation' (section 4.4(a))"),
        ("AGIS401", line_of(text, "restaurant/{id}"),
         "path 'restaurant/{id}' must begin with '/'; use '/restaurant/{id}' (section 4.4(a))"),
    ]
    assert all(f.safe for d in diagnostics(text, "AGIS401") for f in d.fixes)
    fixed = fix_all(text, unsafe=False)
    assert paths_of(fixed) == ["/reservation", "/restaurant/{id}"]
    assert findings(fixed, "AGIS401") == []


def test_402_segments_lowercase_hyphenated():
    text = document(endpoint("FIND", "/PatientRecord/{id}"), endpoint("FIND", "/patient_record"),
                    endpoint("FIND", '"/menu items"'), endpoint("FIND", "/v2/reservation"))
    assert findings(text, "AGIS402") == [
        ("AGIS402", line_of(text, "/PatientRecord"), "path segment 'PatientRecord' in '/PatientRecord/{id}' is "
         "not lowercase; use 'patient-record' (section 4.4(c))"),
        ("AGIS402", line_of(text, "/patient_record"), "path segment 'patient_record' in '/patient_record' uses "
         "underscores; use 'patient-record' (section 4.4(c))"),
        ("AGIS402", line_of(text, "/menu items"), "path segment 'menu items' in '/menu items' contains spaces; "
         "use 'menu-items' (section 4.4(c))"),
    ]
    d = diagnostics(text, "AGIS402")[0]
    assert [(f.title, f.safe) for f in d.fixes] == [("Rewrite the segment as 'patient-record'", False)]
    assert fix_all(text, unsafe=False) == text          # unsafe only
    fixed = fix_all(text)
    assert paths_of(fixed)[:3] == ["/patient-record/{id}", "/patient-record", "/menu-items"]


def test_403_parameters_in_json():
    def ep(path):
        return {"method": "CANCEL", "path": path, "semantic": {
            "intent": "Cancels a reservation", "actor": "agent", "outcome": "It is cancelled",
            "capability": "modification", "confidence_guidance": 0.9, "impact_tier": "reversible",
            "is_idempotent": True}, "input": {"type": "object"}, "output": {"type": "object"},
            "errors": [{"name": "reservation_not_found", "description": "No such reservation"}]}
    doc = {"agis": "1.0", "service": "S", "agtp": "agtp://s.example.com", "description": "d", "version": "1",
           "endpoints": [ep("/reservation/:id"), ep("/order/{orderId}"), ep("/order-{id}"), ep("/a/<b>")],
           "vocabulary": {"declared_verbs": ["CANCEL"]}}
    text = json.dumps(doc, indent=2)
    got = findings(text, "AGIS403", path="x.agis.json")
    assert got == [
        ("AGIS403", line_of(text, "/reservation/:id"), "path parameter ':id' in '/reservation/:id' uses colon "
         "notation; write '{id}' (section 4.4(d))"),
        ("AGIS403", line_of(text, "{orderId}"), "path parameter '{orderId}' in '/order/{orderId}' uses a "
         "parameter name that is not snake_case; write '{order_id}' (section 4.4(d))"),
        ("AGIS403", line_of(text, "/order-{id}"), "path parameter 'order-{id}' in '/order-{id}' uses a parameter "
         "that is not the whole segment; write it as a whole segment in braces, e.g. '{id}' (section 4.4(d))"),
        ("AGIS403", line_of(text, "/a/<b>"), "path parameter '<b>' in '/a/<b>' uses angle-bracket notation; "
         "write '{b}' (section 4.4(d))"),
    ]
    safety = [[f.safe for f in d.fixes] for d in diagnostics(text, "AGIS403", path="x.agis.json")]
    assert safety == [[True], [False], [], [True]]
    fixed = fix_all(text, path="x.agis.json")
    assert json.loads(fixed)["endpoints"][0]["path"] == "/reservation/{id}"
    assert json.loads(fixed)["endpoints"][1]["path"] == "/order/{order_id}"


def test_404_query_string_keyed_shape():
    text = HEAD + '''endpoints:
  "FIND /reservation?type=dinner&size=2":
    semantic: {intent: "Finds reservations", actor: agent, outcome: "They are returned"}
    input: {type: object}
    output: {type: object}
    errors: [{name: no_results, description: "Nothing matches"}]
vocabulary:
  declared_verbs: [FIND]
'''
    assert findings(text, "AGIS404") == [(
        "AGIS404", line_of(text, "FIND /reservation"),
        "path '/reservation?type=dinner&size=2' contains the query string '?type=dinner&size=2'; declare type, "
        "size in the input schema instead (section 4.4(f))")]
    fixed = fix_all(text)
    assert '"FIND /reservation":' in fixed
    assert findings(fixed, "AGIS4") == []


def test_405_repeats_method():
    text = document(endpoint("BOOK", "/book-reservation"), endpoint("CANCEL", "/reservation/{id}/cancel"),
                    endpoint("BOOK", "/book"), endpoint("BOOK", "/booking"))
    assert findings(text, "AGIS405") == [
        ("AGIS405", line_of(text, "/book-reservation"), "path '/book-reservation' repeats the method BOOK in "
         "segment 'book-reservation'; use '/reservation' (section 4.4(e))"),
        ("AGIS405", line_of(text, "/cancel"), "path '/reservation/{id}/cancel' repeats the method CANCEL in "
         "segment 'cancel'; use '/reservation/{id}' (section 4.4(e))"),
        ("AGIS405", line_is(text, "path: /book"),
         "path '/book' repeats the method BOOK in segment 'book'; name the entity the method acts on "
         "(section 4.4(e))"),
    ]
    assert [len(d.fixes) for d in diagnostics(text, "AGIS405")] == [1, 1, 0]
    fixed = fix_all(text)
    assert paths_of(fixed) == ["/reservation", "/reservation/{id}", "/book", "/booking"]


def test_405_keyed_flow_endpoint():
    text = HEAD + '''endpoints: {"BOOK /book-table": {semantic: {intent: "Books a table", actor: agent,
  outcome: "A table is held"}, input: {type: object}, output: {type: object},
  errors: [{name: table_taken, description: "Taken"}]}}
vocabulary: {declared_verbs: [BOOK]}
'''
    assert [c for c, _, _ in findings(text, "AGIS4")] == ["AGIS405"]
    fixed = fix_all(text)
    assert '"BOOK /table"' in fixed


def test_406_verb_segment():
    text = document(endpoint("FIND", "/get-restaurant"), endpoint("FIND", "/restaurant/search"),
                    endpoint("FIND", "/search"), endpoint("FIND", "/order-history"),
                    endpoint("FIND", "/patient-record"))
    assert findings(text, "AGIS406") == [
        ("AGIS406", line_of(text, "/get-restaurant"), "path segment 'get-restaurant' in '/get-restaurant' starts "
         "with the verb 'get'; the method carries the action, so use '/restaurant' (section 4.4(b))"),
        ("AGIS406", line_of(text, "/restaurant/search"), "path segment 'search' in '/restaurant/search' is a verb; "
         "name the entity instead, e.g. '/restaurant' (section 4.4(b))"),
        ("AGIS406", line_of(text, "path: /search"), "path segment 'search' in '/search' is a verb; name the "
         "entity the method acts on instead (section 4.4(b))"),
    ]
    assert all(not f.safe for d in diagnostics(text, "AGIS406") for f in d.fixes)
    # Both renames lead to FIND /restaurant: the second would leave a repeated endpoint
    # (AGIS105), so the fixer applies the first and not the second.
    result = fix_text(text, "x.agis", Config(semantic=False), unsafe=True)
    assert result.converged
    assert paths_of(result.text) == ["/restaurant", "/restaurant/search", "/search", "/order-history",
                                     "/patient-record"]
    assert result.reverted == [("AGIS406", "Remove 'search' from the path (use '/restaurant')")]


def test_camel_case_verb_path_converges():
    text = document(endpoint("FIND", "/bookReservation"))
    assert {c for c, _, _ in findings(text, "AGIS4")} == {"AGIS406"}
    fixed = fix_all(text)
    assert paths_of(fixed) == ["/reservation"]
    assert findings(fixed, "AGIS4") == []


def test_407_first_segment():
    text = document(endpoint("FIND", "/{id}"), endpoint("FIND", "/v1/restaurants"), endpoint("FIND", "/"))
    assert findings(text, "AGIS407") == [
        ("AGIS407", line_of(text, "/{id}"), "path '/{id}' starts with the parameter '{id}'; start with a noun "
         "naming the entity, e.g. '/reservation/{id}' (section 4.4(b))"),
        ("AGIS407", line_of(text, "/v1/"), "path '/v1/restaurants' starts with the version prefix 'v1'; versions "
         "belong in the document's version, not the path; use '/restaurants' (section 4.4(b))"),
        ("AGIS407", line_is(text, "path: /"),
         "path '/' names no entity; add a noun for what the method acts on, e.g. '/reservation' "
         "(section 4.4(b))"),
    ]


def test_408_empty_segments():
    text = document(endpoint("FIND", "/reservation/"), endpoint("CANCEL", "/reservation//{id}"))
    assert findings(text, "AGIS408") == [
        ("AGIS408", line_is(text, "path: /reservation/"),
         "path '/reservation/' has a trailing '/'; use '/reservation' (section 4.4)"),
        ("AGIS408", line_of(text, "//{id}"), "path '/reservation//{id}' has an empty segment ('//'); use "
         "'/reservation/{id}' (section 4.4)"),
    ]
    assert paths_of(fix_all(text)) == ["/reservation", "/reservation/{id}"]


def test_everything_at_once_converges():
    text = document(endpoint("BOOK", "book_Reservation//:id/?x=1"), endpoint("FIND", "/v1/getMenu/<int:id>"))
    fixed = fix_all(text)
    assert findings(fixed, "AGIS4") == []
    assert paths_of(fixed) == ["/reservation/{id}", "/menu/{id}"]


@pytest.mark.parametrize("path", ["42", "null", "[a, b]", "{x: 1}", '""', "/"])
def test_defensive_on_odd_paths(path):
    text = document(endpoint("FIND", path))
    findings(text, "AGIS4")     # no internal error


def test_docs_have_sections():
    for code in ("AGIS401", "AGIS402", "AGIS403", "AGIS404", "AGIS405", "AGIS406", "AGIS407", "AGIS408"):
        rule = get_rule(code)
        assert rule.pass_no == 4
        for section in ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety"):
            assert rule.sections.get(section), (code, section)
        assert "4.4" in rule.spec
