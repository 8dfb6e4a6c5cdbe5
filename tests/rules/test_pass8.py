"""Pass 8 (schema completeness): AGIS801-AGIS812, the shorthand translation, the fast
meta-schema check and its performance."""
from __future__ import annotations

import json
import random

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.registry import get_rule
from agis_lsp.engine.runner import lint
from agis_lsp.rules.agis import _jsonschema
from agis_lsp.rules.agis._shorthand import Unreadable, parse_item, translate_input

from .helpers import HEAD, lint_text, diagnostics, document, endpoint, findings, fix_all, line_is, line_of

OK_INPUT = "input:\n  type: object\n  properties:\n    party_size: {type: integer}\n"
OK_OUTPUT = "output:\n  type: object\n"
OK_ERRORS = 'errors:\n  - name: reservation_unavailable\n    description: "No table is free"\n'


def contract(input=OK_INPUT, output=OK_OUTPUT, errors=OK_ERRORS) -> str:
    return (input or "") + (output or "") + (errors or "")


def data_of(text: str, path: str = "x.agis"):
    return parse_text(text, path).data


# --- AGIS801 ----------------------------------------------------------------------
def test_801_missing_blocks():
    text = document(endpoint("BOOK", "/reservation", contract=contract(output=None, errors=None)),
                    endpoint("BOOK", "/table", contract=contract(input="input:\n")),
                    endpoint("BOOK", "/seat", contract=contract(input="inputs: {type: object}\n")))
    assert findings(text, "AGIS801") == [
        ("AGIS801", line_is(text, "- method: BOOK", 1), "endpoint BOOK /reservation has no output or errors; "
         "give output: a JSON Schema of a successful response; errors: a list of its named error conditions "
         "(section 7)"),  # one endpoint left unfinished is one finding
        ("AGIS801", line_is(text, "input:", 2), "input of BOOK /table is empty; give a JSON Schema of its parameters "
         "(an endpoint without any: {type: object}) (section 7)"),
        ("AGIS801", line_is(text, "- method: BOOK", 3), "endpoint BOOK /seat has no input; give a JSON Schema of "
         "its parameters (an endpoint without any: {type: object}); is 'inputs' meant to be 'input'? (section 7)"),
    ]
    fixed = fix_all(text)
    assert "input" in data_of(fixed)["endpoints"][2]


# --- AGIS802 ----------------------------------------------------------------------
def test_802_json_schema_errors_and_type_fix():
    text = document(endpoint("FIND", "/restaurants", contract=contract(input='''input:
  type: object
  properties:
    party_size: {type: int, minimum: "1"}
    name: {type: string, pattern: "[a-"}
    tags: {type: array, items: [{type: string}]}
''', output="output: true\n")))
    assert findings(text, "AGIS802") == [
        ("AGIS802", line_of(text, "party_size:"), "input of FIND /restaurants at properties.party_size: type 'int' "
         "is not a JSON Schema type (one of array, boolean, integer, null, number, object, string); use 'integer' "
         "(section 7)"),
        ("AGIS802", line_of(text, "party_size:"), "input of FIND /restaurants at properties.party_size: 'minimum' "
         "must be a number, not '1' (section 7)"),
        ("AGIS802", line_of(text, "pattern"), "input of FIND /restaurants at properties.name: '[a-' is not a valid "
         "regular expression (unterminated character set at position 0) (section 7)"),
        ("AGIS802", line_of(text, "tags:"), "input of FIND /restaurants at properties.tags: 'items' must be one "
         "schema; for a list of schemas use 'prefixItems' (section 7)"),
        ("AGIS802", line_of(text, "output: true"), "output of FIND /restaurants must be a JSON Schema object (a "
         "mapping), not the boolean schema true; write {} to accept anything (section 7)"),
    ]
    safe = fix_all(text, unsafe=False)
    data = data_of(safe)["endpoints"][0]
    assert data["input"]["properties"]["party_size"]["type"] == "integer"
    assert data["output"] == {}


def test_802_shared_schemas_validated_once_where_defined():
    text = document(endpoint("FIND", "/a", contract=contract(output='output: {$ref: "#/schemas/thing"}\n')),
                    endpoint("FIND", "/b", contract=contract(output='output: {$ref: "#/schemas/thing"}\n')),
                    tail="schemas:\n  thing: {type: record}\n")
    assert findings(text, "AGIS802") == [(
        "AGIS802", line_of(text, "thing: {type: record}"), "schemas.thing: type 'record' is not a JSON Schema type "
        "(one of array, boolean, integer, null, number, object, string) (section 7)")]


# --- AGIS803 ----------------------------------------------------------------------
def test_803_refs():
    tail = "schemas:\n  restaurant: {type: object}\n"
    text = document(
        endpoint("FIND", "/a", contract=contract(output='output: {type: array, items: {$ref: "#/schemas/restaurnt"}}\n')),
        endpoint("FIND", "/b", contract=contract(output='output: {$ref: "#/restaurant"}\n')),
        endpoint("FIND", "/c", contract=contract(output='output: {$ref: "#/schemas/restaurant"}\n')),
        endpoint("FIND", "/d", contract=contract(output='output: {$ref: "other.json#/x"}\n')),
        tail=tail)
    assert findings(text, "AGIS803") == [
        ("AGIS803", line_of(text, "restaurnt"), "$ref '#/schemas/restaurnt' in output of FIND /a at items does not "
         "resolve: schemas has no 'restaurnt'; did you mean '#/schemas/restaurant'? (section 7)"),
        ("AGIS803", line_of(text, '"#/restaurant"'), "$ref '#/restaurant' in output of FIND /b does not resolve: "
         "shared schemas live under '#/schemas/'; did you mean '#/schemas/restaurant'? (section 7)"),
    ]
    fixed = fix_all(text)
    assert findings(fixed, "AGIS803") == []


def test_803_without_schemas_block():
    text = document(endpoint("FIND", "/a", contract=contract(output='output: {$ref: "#/schemas/x"}\n')))
    assert [m for _, _, m in findings(text, "AGIS803")] == [
        "$ref '#/schemas/x' in output of FIND /a does not resolve: the document has no top-level 'schemas' "
        "(section 7)"]


# --- AGIS804 / AGIS811 ------------------------------------------------------------
def test_804_required_true_moves_to_parent():
    text = document(endpoint("BOOK", "/reservation", contract=contract(input='''input:
  type: object
  properties:
    party_size: {type: integer, required: true}
    datetime: {type: string, required: true}
    preferences: {type: string, required: false}
''')))
    assert [(line, msg) for _, line, msg in findings(text, "AGIS804")] == [
        (line_of(text, "party_size:"), "'required: true' on property 'party_size' is not JSON Schema (draft "
         "2020-12); list 'party_size' in the 'required' array of input of BOOK /reservation instead (section 7)"),
        (line_of(text, "datetime:"), "'required: true' on property 'datetime' is not JSON Schema (draft 2020-12); "
         "list 'datetime' in the 'required' array of input of BOOK /reservation instead (section 7)"),
        (line_of(text, "preferences:"), "'required: false' on property 'preferences' is not JSON Schema (draft "
         "2020-12); properties are optional unless listed in 'required'; remove it (section 7)"),
    ]
    assert findings(text, "AGIS802") == []          # AGIS804 owns 'required'
    fixed = fix_all(text, unsafe=False)
    schema = data_of(fixed)["endpoints"][0]["input"]
    assert sorted(schema["required"]) == ["datetime", "party_size"]
    assert schema["properties"] == {"party_size": {"type": "integer"}, "datetime": {"type": "string"},
                                    "preferences": {"type": "string"}}


def test_804_json_string_required():
    doc = {"agis": "1.0", "service": "S", "agtp": "agtp://s.example.com",
           "endpoints": [{"method": "FIND", "path": "/menu",
                          "semantic": {"intent": "Finds the menu", "actor": "agent", "outcome": "Returned"},
                          "input": {"type": "object", "required": "restaurant_id",
                                    "properties": {"restaurant_id": {"type": "integer"}}},
                          "output": {"type": "object"}, "errors": []}],
           "vocabulary": {"declared_verbs": ["FIND"]}}
    text = json.dumps(doc, indent=2)
    assert [m for _, _, m in findings(text, "AGIS804", path="x.agis.json")] == [
        "'required' of input of FIND /menu must be a list of property names, not the string 'restaurant_id'; "
        "write [restaurant_id] (section 7)"]
    fixed = fix_all(text, path="x.agis.json", unsafe=False)
    assert json.loads(fixed)["endpoints"][0]["input"]["required"] == ["restaurant_id"]


def test_811_required_unknown_property():
    text = document(endpoint("BOOK", "/reservation", contract=contract(
        input="input:\n  type: object\n  required: [party_sise]\n  properties:\n    party_size: {type: integer}\n")))
    assert findings(text, "AGIS811") == [(
        "AGIS811", line_of(text, "party_sise"), "input of BOOK /reservation requires 'party_sise', which is not "
        "among its properties; did you mean 'party_size'? (section 7)")]
    assert data_of(fix_all(text))["endpoints"][0]["input"]["required"] == ["party_size"]


# --- AGIS805 / 806 / 807 / 810 ------------------------------------------------------
def test_error_names():
    errors = '''errors:
  - {name: error, description: "Something went wrong"}
  - failure
  - {name: RestaurantNotFound, description: "No such restaurant"}
  - {name: internal_error, description: "Retry later"}
  - reservation_unavailable
  - reservation_unavailable
  - {code: party_too_large}
'''
    text = document(endpoint("BOOK", "/reservation", contract=contract(errors=errors)))
    assert findings(text, "AGIS805") == [
        ("AGIS805", line_of(text, "name: error,"), "error name 'error' of BOOK /reservation is generic; name the "
         "condition, e.g. 'reservation_unavailable' or 'invalid_datetime' (section 7)"),
        ("AGIS805", line_of(text, "- failure"), "error name 'failure' of BOOK /reservation is generic; name the "
         "condition, e.g. 'reservation_unavailable' or 'invalid_datetime' (section 7)"),
    ]
    assert findings(text, "AGIS806") == [
        ("AGIS806", line_of(text, "RestaurantNotFound"), "error name 'RestaurantNotFound' of BOOK /reservation is "
         "not snake_case; use 'restaurant_not_found' (section 7)")]
    assert [line for _, line, _ in findings(text, "AGIS807")] == [
        line_of(text, "- failure"), line_of(text, "- reservation_unavailable", 1),
        line_of(text, "- reservation_unavailable", 2)]
    assert findings(text, "AGIS810") == [
        ("AGIS810", line_of(text, "- reservation_unavailable", 2), "error 'reservation_unavailable' is listed twice "
         "in BOOK /reservation; remove one (section 7)"),
        ("AGIS810", line_of(text, "party_too_large"), "error 7 of BOOK /reservation has no 'name'; is 'code' its "
         "name? (section 7)"),
    ]
    d = diagnostics(text, "AGIS810")[0]
    assert d.related[0].message == "'reservation_unavailable' is first listed here"


def test_810_mapping_errors_rewritten_safely():
    text = document(endpoint("FIND", "/restaurants", contract=contract(
        errors='errors:\n  no_results: "Nothing matches"\n  invalid_location:\n')))
    assert findings(text, "AGIS810") == [(
        "AGIS810", line_of(text, "no_results"), "errors of FIND /restaurants must be a list of named error "
        "conditions, not a mapping; write '- name: ...' entries with a description (section 7)")]
    fixed = fix_all(text, unsafe=False)
    assert data_of(fixed)["endpoints"][0]["errors"] == [{"name": "no_results", "description": "Nothing matches"},
                                                        "invalid_location"]


# --- AGIS808 shorthand ---------------------------------------------------------------
@pytest.mark.parametrize("item,expected", [
    ("party_size (integer, minimum: 1, maximum: 20)", ("party_size", {"type": "integer", "minimum": 1, "maximum": 20})),
    ("datetime (string, format: date-time, ISO 8601)", ("datetime", {"type": "string", "format": "date-time"})),
    ("restaurant_id (int)", ("restaurant_id", {"type": "integer"})),
    ("datetime (ISO8601)", ("datetime", {"type": "string", "format": "date-time"})),
    ("cuisine", ("cuisine", {})),
    ("status (string, enum: [CONFIRMED, PENDING])", ("status", {"type": "string", "enum": ["CONFIRMED", "PENDING"]})),
    ("preferences (string, free text)", ("preferences", {"type": "string", "description": "free text"})),
    ("tags (array of strings)", ("tags", {"type": "array", "items": {"type": "string"}})),
    ("amount (float, min: 0.01)", ("amount", {"type": "number", "minimum": 0.01})),
    ({"party_size": "int"}, ("party_size", {"type": "integer"})),
])
def test_parse_item(item, expected):
    assert parse_item(item) == expected


@pytest.mark.parametrize("item", ["party size (int)", "(int)", 42, {"a": 1}])
def test_parse_item_unreadable(item):
    with pytest.raises(Unreadable):
        parse_item(item)


def test_translate_input_keeps_order_and_required():
    value = {"required": ["restaurant_id (int)", "party_size (int)"], "optional": ["preferences (string)"]}
    assert translate_input(value) == {
        "type": "object",
        "properties": {"restaurant_id": {"type": "integer"}, "party_size": {"type": "integer"},
                       "preferences": {"type": "string"}},
        "required": ["restaurant_id", "party_size"]}
    with pytest.raises(Unreadable):
        translate_input({"required": ["a (int)"], "optional": ["a"]})


def test_808_keyed_yaml_shorthand_rewritten_safely():
    text = HEAD + '''endpoints:
  "BOOK /reservation":
    semantic: {intent: "Books a table", actor: agent, outcome: "A table is held"}
    input:
      required: [restaurant_id (int), party_size (int), datetime (ISO8601)]
      optional: [preferences (string), contact_name (string)]
    output: { reservation_id, status, confirmation_code, datetime }
    errors: [{name: reservation_unavailable, description: "No table"}]
vocabulary: {declared_verbs: [BOOK]}
'''
    assert findings(text, "AGIS808") == [
        ("AGIS808", line_of(text, "required: [restaurant_id"), "input of BOOK /reservation uses the draft's "
         "{required, optional} shorthand, which is not JSON Schema; write a JSON Schema object with 'properties' "
         "and a 'required' array (section 7)"),
        ("AGIS808", line_of(text, "output:"), "output of BOOK /reservation lists its fields without 'properties', "
         "which is not JSON Schema; write a JSON Schema object with type: object and 'properties' (section 7)"),
    ]
    assert all(f.safe for d in diagnostics(text, "AGIS808") for f in d.fixes)
    assert findings(text, "AGIS802") == [] and findings(text, "AGIS812") == []
    fixed = fix_all(text, unsafe=False)
    ep = data_of(fixed)["endpoints"]["BOOK /reservation"]
    assert ep["input"] == {"type": "object", "properties": {
        "restaurant_id": {"type": "integer"}, "party_size": {"type": "integer"},
        "datetime": {"type": "string", "format": "date-time"}, "preferences": {"type": "string"},
        "contact_name": {"type": "string"}}, "required": ["restaurant_id", "party_size", "datetime"]}
    assert ep["output"] == {"type": "object", "properties": {"reservation_id": {}, "status": {},
                                                             "confirmation_code": {}, "datetime": {}}}
    assert findings(fixed, "AGIS8") == []


def test_808_json_shorthand():
    doc = {"agis": "1.0", "service": "S", "agtp": "agtp://s.example.com",
           "endpoints": [{"method": "FIND", "path": "/restaurants",
                          "semantic": {"intent": "Finds restaurants", "actor": "agent", "outcome": "Listed"},
                          "input": {"required": ["location (string)"], "optional": ["cuisine"]},
                          "output": {"restaurants": ["array of restaurant objects"]},
                          "errors": [{"name": "no_results", "description": "Nothing"}]}],
           "vocabulary": {"declared_verbs": ["FIND"]}}
    text = json.dumps(doc, indent=2)
    assert [c for c, _, _ in findings(text, "AGIS8", path="x.agis.json")] == ["AGIS808", "AGIS808"]
    fixed = json.loads(fix_all(text, path="x.agis.json", unsafe=False))["endpoints"][0]
    assert fixed["input"] == {"type": "object", "properties": {"location": {"type": "string"}, "cuisine": {}},
                              "required": ["location"]}
    assert fixed["output"] == {"type": "object", "properties": {
        "restaurants": {"type": "array", "description": "array of restaurant objects"}}}


# --- AGIS809 / AGIS812 --------------------------------------------------------------
def test_809_parameter_names_with_hints_and_required():
    text = document(endpoint("BOOK", "/reservation", semantic='''semantic:
  intent: "Books a table"
  actor: agent
  outcome: "A table is held"
  parameter_hints: {partySize: ["for N people"]}
''', contract=contract(input="input:\n  type: object\n  required: [partySize]\n  properties:\n"
                             "    partySize: {type: integer}\n")))
    assert findings(text, "AGIS809") == [(
        "AGIS809", line_of(text, "partySize: {type"), "parameter 'partySize' in input of BOOK /reservation is not "
        "snake_case; use 'party_size' (section 7)")]
    ep = data_of(fix_all(text))["endpoints"][0]
    assert ep["input"]["required"] == ["party_size"]
    assert list(ep["input"]["properties"]) == ["party_size"]
    assert list(ep["semantic"]["parameter_hints"]) == ["party_size"]


def _camel_inputs(*names_per_endpoint) -> str:
    eps = []
    for i, names in enumerate(names_per_endpoint):
        props = "".join(f"    {n}: {{type: string}}\n" for n in names)
        eps.append(endpoint("BOOK", f"/reservation{i}", contract=contract(
            input="input:\n  type: object\n  properties:\n" + props)))
    return document(*eps)


def test_809_an_api_wide_style_is_one_finding_with_the_places_related():
    """Five camelCase names are the API's convention: one finding, the other places related, no fix."""
    text = _camel_inputs(["partySize", "tableId", "guestName"], ["partySize", "startTime"])
    result = lint_text(text, "x.agis", Config(semantic=False))
    got = [d for d in result.diagnostics if d.code == "AGIS809"]
    assert len(got) == 1
    d = got[0]
    assert d.message == ("this API uses camelCase parameter names (5 of them: 'guestName', 'partySize', "
                         "'startTime', ...); section 7 asks for snake_case, and renaming them changes the API")
    assert d.range.start.line + 1 == line_of(text, "partySize: {type")
    assert len(d.related) == 4 and not d.fixes
    assert {r.message for r in d.related} >= {"'startTime' in input of BOOK /reservation1"}


def test_809_a_few_slips_stay_one_finding_each_with_their_fix():
    text = _camel_inputs(["partySize", "tableId"])
    assert [m for _, _, m in findings(text, "AGIS809")] == [
        "parameter 'partySize' in input of BOOK /reservation0 is not snake_case; use 'party_size' (section 7)",
        "parameter 'tableId' in input of BOOK /reservation0 is not snake_case; use 'table_id' (section 7)"]


def test_809_wire_names_declared_by_the_converter_are_one_finding_that_says_so():
    text = "# agis-lint: wire-names\n" + _camel_inputs(["partySize", "tableId"])
    got = findings(text, "AGIS809")
    assert len(got) == 1
    assert "camelCase parameter names (2 of them" in got[0][2]
    assert "wire names of an existing API" in got[0][2]


def test_812_unknown_keywords():
    text = document(endpoint("BOOK", "/reservation", contract=contract(
        input="input:\n  type: object\n  propertes:\n    party_size: {type: integer}\n  x-note: ok\n",
        output="output: {type: object, properties: {note: {type: string, nullable: true}}}\n")))
    assert findings(text, "AGIS812") == [
        ("AGIS812", line_of(text, "propertes"), "'propertes' in input of BOOK /reservation is not a JSON Schema "
         "keyword; did you mean 'properties'? (section 7)"),
        ("AGIS812", line_of(text, "nullable"), "'nullable' in output of BOOK /reservation at properties.note is not "
         "a JSON Schema keyword; use \"type: [T, 'null']\" instead (section 7)"),
    ]


# --- the fast meta-schema check --------------------------------------------------------
def _random_value(rng, depth):
    kind = rng.random()
    if depth <= 0 or kind < 0.3:
        return rng.choice([True, False, None, 0, 1, -1, 2.5, 1.0, -0.0, "", "x", "[a-", "^a$", "string", "integer",
                           "#", "a#b", "#/x", "Int", float("nan")])
    if kind < 0.55:
        return [_random_value(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return _random_schema(rng, depth - 1)


_KEYS = sorted(_jsonschema.KEYWORDS) + ["unknownish", "x-ext", "example"]


def _random_schema(rng, depth):
    if rng.random() < 0.1:
        return rng.choice([True, False])
    out = {}
    for _ in range(rng.randint(0, 4)):
        key = rng.choice(_KEYS)
        r = rng.random()
        if key == "type":
            out[key] = rng.choice(["string", "int", ["string", "null"], ["string", "string"], [], 3])
        elif key in _jsonschema.SCHEMA_MAP_KW or key in ("dependentRequired", "dependencies", "$vocabulary"):
            out[key] = {rng.choice(["a", "b", "[", "^x$"]): _random_value(rng, depth) for _ in range(rng.randint(0, 2))} \
                if r < 0.8 else _random_value(rng, depth)
        elif key in ("required", "enum", "examples") and r < 0.7:
            out[key] = rng.choice([["a", "b"], ["a", "a"], [], ["a", 1]])
        else:
            out[key] = _random_value(rng, depth)
    return out


def test_fast_check_agrees_with_the_meta_schema():
    rng = random.Random(20260419)
    meta = _jsonschema.meta_validator()
    disagreements = []
    valid = 0
    for _ in range(4000):
        schema = _random_schema(rng, 3)
        expected = meta.is_valid(schema)
        valid += expected
        if _jsonschema.fast_valid(schema) != expected:
            disagreements.append(schema)
    assert disagreements == []
    assert 300 < valid < 3700       # the generator exercises both outcomes


def test_fast_check_on_the_examples():
    for path in ("examples/restaurant.agis", "examples/finance.agis.json"):
        with open(path, encoding="utf-8") as fh:
            data = parse_text(fh.read(), path).data
        eps = data["endpoints"]
        for ep in eps:
            for block in ("input", "output"):
                assert _jsonschema.fast_valid(ep[block]) and _jsonschema.meta_validator().is_valid(ep[block])


def _big_document(n: int) -> str:
    eps = []
    for i in range(n):
        eps.append(f'''  - method: BOOK
    path: /entity-{i}/{{id}}
    semantic:
      intent: "Books entity {i} on behalf of the requesting agent"
      actor: agent
      outcome: "Entity {i} exists with status CONFIRMED"
      capability: transaction
      confidence_guidance: 0.9
      impact_tier: reversible
      is_idempotent: false
      state_transition: "entity.status: NONE -> CONFIRMED"
      mcp_tool_name: book_entity_{i}
    input:
      type: object
      required: [id, field_{i}]
      properties:
        id: {{type: string}}
        field_{i}: {{type: integer, minimum: {i}}}
        when: {{type: string, format: date-time, pattern: "^[0-9]{{{i % 9 + 1}}}"}}
    output:
      type: object
      properties:
        result_{i}: {{type: array, items: {{$ref: "#/schemas/thing"}}}}
    errors:
      - name: entity_{i}_not_found
        description: "No such entity"
''')
    return HEAD + "endpoints:\n" + "".join(eps) + \
        "schemas:\n  thing: {type: object}\nvocabulary:\n  declared_verbs: [BOOK]\n"


def test_a_thousand_distinct_schemas_use_the_fast_path(monkeypatch):
    text = _big_document(1000)
    doc = parse_text(text, "big.agis")
    calls = []
    real = _jsonschema.meta_validator
    monkeypatch.setattr(_jsonschema, "meta_validator", lambda: calls.append(1) or real())
    _jsonschema._CACHE.data.clear()
    cfg = Config(semantic=False, select=("AGIS4", "AGIS5", "AGIS8"))
    result = lint(doc, cfg)
    assert [d.code for d in result.diagnostics] == []
    assert calls == []                  # valid schemas never reach the (slow) jsonschema validator
    # (no wall-clock bound here: it flaked at load 13; the speed is benchmarks/lint_speed.py's)


def test_meta_results_are_cached():
    schema = {"type": "object", "properties": {"a": {"type": "int"}}}
    first = _jsonschema.meta_errors(schema)
    assert first and _jsonschema.meta_errors(json.loads(json.dumps(schema))) is first


def test_docs_have_sections():
    for n in range(801, 813):
        rule = get_rule(f"AGIS{n}")
        assert rule is not None and rule.pass_no == 8, n
        for section in ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety"):
            assert rule.sections.get(section), (n, section)
    assert "Decision" in get_rule("AGIS808").sections
