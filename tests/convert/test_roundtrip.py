"""Round trips keep methods, paths, intents and input schemas; outputs lint clean with the real engine."""
import json
import os

import pytest

from agis_lsp.convert import convert_data, convert_text, parse_input
from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.findings import Severity
from agis_lsp.engine.runner import lint
from agis_lsp.formats.deployment import find_deployment

from .golden_cases import CASES, EX, FIX


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _endpoints(data):
    from agis_lsp.convert.to_mcp import agis_view, input_schema
    view = agis_view(data)
    return [(ep.method.upper(), ep.path, (ep.semantic or {}).get("intent"), input_schema(ep.body, view.schemas))
            for ep in view.endpoints]


EXAMPLES = [os.path.join(EX, n) for n in ("restaurant.agis", "healthcare.agis", "finance.agis.json")]


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_agis_mcp_agis_keeps_methods_paths_intents_inputs(path):
    original = parse_input(_read(path), path)
    mcp = convert_data(original, "mcp").files[0].text
    back = convert_text(mcp, "agis", name="x.mcp.json").files[0].text
    assert _endpoints(parse_input(back)) == _endpoints(original)


def _toml_roundtrip(agis_text):
    dep = convert_text(agis_text, "toml")
    out = []
    for f in dep.files:
        if f.kind == "agtp-endpoint":
            conv = convert_text(f.text, "agis", name=f.name)
            out += _endpoints(parse_input(conv.files[0].text))
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_agis_toml_agis_keeps_methods_paths_intents_inputs(path):
    original = parse_input(_read(path), path)
    want = [(m, p, i, {k: v for k, v in s.items() if k != "additionalProperties"})
            for m, p, i, s in _endpoints(original)]
    got = [(m, p, i, {k: v for k, v in s.items() if k != "additionalProperties"})
           for m, p, i, s in _toml_roundtrip(_read(path))]
    assert got == want


def _errors(text, name, deployment=None, reviewed=()):
    """Errors, except on an endpoint whose verb or intent is already handed to a human."""
    doc = parse_text(text, name)
    res = lint(doc, Config(), deployment=deployment)
    return [d for d in res.diagnostics if d.severity <= Severity.ERROR
            and not (d.code.startswith("AGIS6") and tuple(d.path[:2]) in reviewed)]


@pytest.mark.parametrize("case,path,target", [c for c in CASES if c[2] in ("agis", "toml")],
                         ids=[c[0] for c in CASES if c[2] in ("agis", "toml")])
def test_output_lints_without_errors(case, path, target, tmp_path):
    conv = convert_text(_read(path), target, name=os.path.basename(path))
    for f in conv.files:
        dest = tmp_path / f.name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(f.text, encoding="utf-8")
    for f in conv.files:
        dest = str(tmp_path / f.name)
        dep = find_deployment(dest) if f.name.endswith(".toml") else None
        reviewed = {r.path[:2] for r in conv.review if r.file == f.name and r.path[2:3] == ("method",)}
        errs = _errors(f.text, dest, dep, reviewed)
        assert not errs, [(d.code, d.message) for d in errs]
    # and with nothing to review, nothing at all
    assert all(r.message and r.source for r in conv.review)


def test_the_issue_example_retrieve_a_user():
    conv = convert_text(_read(os.path.join(FIX, "users.openapi.yaml")), "agis")
    eps = parse_input(conv.files[0].text)["endpoints"]
    first = eps[0]
    assert (first["method"], first["path"]) == ("RETRIEVE", "/user/{id}")
    assert not [r for r in conv.review if r.path[:3] == ("endpoints", 0, "method")]


def test_mcp_review_items_name_the_original_tool():
    conv = convert_text(_read(os.path.join(FIX, "tools.mcp.json")), "agis")
    verbs = [r for r in conv.review if r.path[2:] == ("method",)]
    assert {r.source for r in verbs} == {"MCP tool 'get_data'", "MCP tool 'weather'"}
    assert all(r.source in r.message for r in conv.review)
    methods = [e["method"] for e in parse_input(conv.files[0].text)["endpoints"]]
    assert methods[0] == "FETCH"           # get_data: GET is prohibited, FETCH replaces it
    assert methods[1] == "BOOK"
    assert methods[2] != "WEATHER"          # a noun is not taken as the verb


def test_appendix_c_example_exactly():
    agis = {"agis": "1.0", "service": "s", "agtp": "agtp://s", "vocabulary": {"declared_verbs": ["BOOK"]},
            "endpoints": [{"method": "BOOK", "path": "/reservation",
                           "semantic": {"intent": "Books a restaurant reservation on behalf of the agent"},
                           "input": {"required": ["restaurant_id (integer)", "party_size (integer)",
                                                  "datetime (string, format: date-time)"],
                                     "optional": ["preferences (string)"]}}]}
    tool = json.loads(convert_data(agis, "mcp").files[0].text)["tools"][0]
    assert tool["name"] == "book_reservation"
    assert tool["description"] == "Books a restaurant reservation on behalf of the agent"
    assert tool["inputSchema"] == {"type": "object", "properties": {
        "restaurant_id": {"type": "integer"}, "party_size": {"type": "integer"},
        "datetime": {"type": "string", "format": "date-time"}, "preferences": {"type": "string"}},
        "required": ["restaurant_id", "party_size", "datetime"]}
    assert "annotations" not in tool       # no semantic fields to derive them from


def test_mcp_name_collision_names_both_endpoints():
    from agis_lsp.convert import ConvertError
    agis = {"agis": "1.0", "service": "s", "agtp": "agtp://s", "vocabulary": {"declared_verbs": ["FIND"]},
            "endpoints": [{"method": "FIND", "path": "/reservation", "semantic": {"intent": "Finds"}},
                          {"method": "FIND", "path": "/reservation/{id}", "semantic": {"intent": "Finds one"}}]}
    with pytest.raises(ConvertError) as exc:
        convert_data(agis, "mcp")
    assert "FIND /reservation" in str(exc.value) and "FIND /reservation/{id}" in str(exc.value)


def test_annotations_follow_the_semantic_block():
    from agis_lsp.convert.mapping import mcp_annotations, semantic_from_annotations
    for sem in ({"impact_tier": "informational", "is_idempotent": True},
                {"impact_tier": "reversible", "is_idempotent": False},
                {"impact_tier": "irreversible", "is_idempotent": True}):
        assert semantic_from_annotations(mcp_annotations(sem)) == sem
    assert mcp_annotations({"impact_tier": "irreversible"}) == {"readOnlyHint": False, "destructiveHint": True}


def test_openapi_never_copies_a_secret():
    for target in ("agis", "toml"):
        conv = convert_text(_read(os.path.join(FIX, "petstore-3.1.json")), target)
        text = "".join(f.text for f in conv.files)
        for secret in ("hunter2", "SECRET", "admin@", "admin:"):
            assert secret not in text
    dep = convert_text(_read(os.path.join(FIX, "petstore-3.1.json")), "toml")
    fetch = next(f.text for f in dep.files if f.name.startswith("endpoints/fetch_"))
    assert 'X-Pet-Key = "${PET_STORE_KEY}"' in fetch
    assert 'url = "https://eu.pets.example.com/api/pets/{pet-id}"' in fetch
    assert 'pet_id = "pet-id"' in fetch    # the renamed template variable is mapped back upstream


def test_openapi_refs_resolved_and_components_carried():
    data = parse_input(convert_text(_read(os.path.join(FIX, "petstore-3.1.json")), "agis").files[0].text)
    assert sorted(data["schemas"]) == ["Owner", "Pet"]          # Unused is not carried
    create = data["endpoints"][1]
    assert create["input"]["required"] == ["name"]
    assert create["input"]["properties"]["owner"] == {"$ref": "#/schemas/Owner"}
    fetch = data["endpoints"][2]
    assert fetch["input"]["required"] == ["pet_id"]             # from a $ref'd path-level parameter
    assert fetch["errors"][0]["name"] == "pet_not_found"        # from a $ref'd response


def test_output_is_deterministic():
    text = _read(os.path.join(FIX, "petstore-3.1.json"))
    a = [(f.name, f.text) for f in convert_text(text, "toml").files]
    b = [(f.name, f.text) for f in convert_text(text, "toml").files]
    assert a == b


def test_well_known_hides_the_data_manifest():
    agis = parse_input(_read(os.path.join(EX, "restaurant.agis")))
    agis["vocabulary"]["negotiable"] = True
    agis["data_manifest"] = {"available_data": [{"class": "reservation", "description": "Booking records",
                                                  "sensitivity": "high"}]}
    wk = json.loads(convert_data(agis, "well-known").files[0].text)
    assert wk["data_classes"] == ["reservation"] and wk["negotiable"] is True
    assert "negotiate" in wk["interaction_protocols"]
    assert "sensitivity" not in json.dumps(wk) and "Booking records" not in json.dumps(wk)
    assert wk["agis_document"] == agis["agtp"]


@pytest.mark.parametrize("name,fmt,label", [("weather.a2t.json", "a2t", "A2T tool"),
                                            ("mailforge.adp.json", "adp", "ADP capability"),
                                            ("users.ainp.yaml", "ainp", "AINP capability")])
def test_agent_manifests_map_names_descriptions_parameters(name, fmt, label):
    conv = convert_text(_read(os.path.join(FIX, name)), "agis", name=name)
    assert conv.source_format == fmt
    data = parse_input(conv.files[0].text)
    assert all(r.source.startswith(label) or r.path == ("agtp",) for r in conv.review)
    eps = {e["method"]: e for e in data["endpoints"]}
    if fmt == "a2t":
        assert eps["BOOK"]["path"] == "/flight"
        assert eps["BOOK"]["input"]["required"] == ["flight_number", "cabin_class"]
        assert eps["BOOK"]["input"]["properties"]["cabin_class"]["enum"] == ["ECONOMY", "BUSINESS"]
        assert eps["FIND"]["semantic"]["intent"] == "Lookup the weather for a given city."
    elif fmt == "adp":
        assert data["service"] == "MailForge" and data["agtp"] == "agtp://api.mailforge.dev"
        assert set(eps) == {"SEND", "LIST"} or set(eps) == {"SEND", "FETCH"}
    else:
        assert eps["CREATE"]["path"] == "/user"
        assert eps["CREATE"]["input"]["properties"]["plan"] == {"type": "string", "enum": ["free", "pro", "enterprise"],
                                                               "default": "free"}
        assert eps["CREATE"]["output"]["properties"]["status"]["enum"] == ["success", "failed"]
