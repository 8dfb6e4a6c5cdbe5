"""One mistake, one diagnostic, and fixes that agree with it (items 2, 4 and 8),
checked on the installed console script as a process.

* a document without `vocabulary` whose methods are mistakes: a safe `--fix` must not
  declare them (AGIS101's fix declared GET and CREATE_BOOKING);
* AGIS402 and AGIS405/406 must not suggest two rewrites of one path segment;
* renaming an error to its snake_case name must not list that name twice (AGIS806's fix
  made AGIS810);
* a recipe step with an unknown verb is one error on the step, the endpoints that run the
  recipe are its related information (AGTP604), not errors of their own (AGTP402).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
SKIPPED_RECIPE = os.path.join(ROOT, "tests", "agtp", "golden", "AGTP604", "bad-run-by-endpoints")


def lint(*args: str, cwd=None, semantic: bool = False) -> tuple:
    if not os.path.isfile(SCRIPT):
        pytest.fail(f"agis-lint is not installed next to {sys.executable}")
    flags = ["--no-cache"] if semantic else ["--no-semantic", "--no-cache"]
    proc = subprocess.run([SCRIPT, "check", *flags, *args], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=ROOT), cwd=cwd or ROOT, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, proc.stdout, proc.stderr


def findings(*args: str, semantic: bool = False) -> list:
    code, out, err = lint("--format", "json", *args, semantic=semantic)
    return json.loads(out)["diagnostics"]


def _endpoint(method: str, path: str, errors: str = "      - name: not_found\n"
              "        description: \"Nothing matches\"\n") -> str:
    return (f"  - method: {method}\n    path: {path}\n    semantic:\n"
            "      intent: \"Finds restaurants near the guest\"\n      actor: agent\n"
            "      outcome: \"A list is returned\"\n"
            "    input: {type: object, properties: {city: {type: string}}}\n"
            f"    output: {{type: object}}\n    errors:\n{errors}")


HEAD = ('agis: "1.0"\nservice: "Demo"\nagtp: "agtp://demo.example.com"\ndescription: "Demo"\n'
        'version: "1.0.0"\nendpoints:\n')


# -- item 2: the vocabulary fix never declares a mistake --------------------------------------

def test_safe_fix_does_not_declare_mistaken_methods(tmp_path):
    f = tmp_path / "a.agis"
    f.write_text(HEAD + _endpoint("GET", "/restaurants") + _endpoint("CREATE_BOOKING", "/bookings"))
    code, _, err = lint(str(f), "--fix")
    text = f.read_text()
    assert "declared_verbs" not in text, text        # neither GET nor CREATE_BOOKING is declared
    assert code == 1, err                             # the mistakes are still reported
    codes = {d["code"] for d in findings(str(f))}
    assert {"AGIS101", "AGIS301", "AGIS201"} <= codes


def test_safe_fix_declares_the_methods_that_are_verbs(tmp_path):
    f = tmp_path / "a.agis"
    f.write_text(HEAD + _endpoint("FIND", "/restaurants") + _endpoint("GET", "/menus"))
    lint(str(f), "--fix")
    text = f.read_text()
    assert "declared_verbs: [FIND]" in text, text
    # after the unsafe fixes GET is FETCH, and only then declared
    lint(str(f), "--fix", "--unsafe-fixes")
    text = f.read_text()
    assert "declared_verbs: [FIND, FETCH]" in text, text
    assert {d["code"] for d in findings(str(f))} & {"AGIS101", "AGIS301", "AGIS701", "AGIS702"} == set()


def test_one_suggestion_for_a_path_segment(tmp_path):
    """`cancelBooking` is not lowercase and repeats the method CANCEL: one diagnostic
    (AGIS405) whose rewrite, 'booking', also fixes the case; no AGIS402 'cancel-booking'."""
    f = tmp_path / "a.agis"
    f.write_text(HEAD + _endpoint("CANCEL", "/Bookings/cancelBooking/{id}")
                 + _endpoint("FIND", "/Restaurants/getMenu")
                 + "vocabulary:\n  declared_verbs: [CANCEL, FIND]\n")
    segment_rules = ("AGIS402", "AGIS405", "AGIS406")
    diags = [d for d in findings(str(f)) if d["code"] in segment_rules]
    by_segment = {}
    for d in diags:
        seg = d["message"].split("'")[1] if d["code"] in ("AGIS402", "AGIS406") else \
            d["message"].split("segment '")[1].split("'")[0]
        by_segment.setdefault(seg, []).append(d["code"])
    assert by_segment == {"Bookings": ["AGIS402"], "cancelBooking": ["AGIS405"],
                          "Restaurants": ["AGIS402"], "getMenu": ["AGIS406"]}, diags
    lint(str(f), "--fix", "--unsafe-fixes")
    text = f.read_text()
    assert "path: /bookings/booking/{id}" in text and "path: /restaurants/menu" in text, text
    assert [d for d in findings(str(f)) if d["code"] in segment_rules] == []


def test_inflected_method_advice_agrees_with_its_fix(tmp_path):
    """BOOKING whose intent cancels: AGIS203 would say "rename to BOOK" and the model then
    "BOOK contradicts the intent, use CANCEL". One diagnostic on the method (AGIS601, with
    AGIS203 as related information) whose message names what its fix writes."""
    f = tmp_path / "a.agis"
    cancel = _endpoint("BOOKING", "/reservation/{id}").replace(
        "Finds restaurants near the guest", "Cancels the guest's reservation and releases the table")
    f.write_text(HEAD + _endpoint("FIND", "/restaurants") + cancel
                 + "vocabulary:\n  declared_verbs: [FIND, BOOKING]\n")
    diags = findings(str(f), semantic=True)
    on_method = [d for d in diags if d["range"]["start"]["line"] == 17]
    assert [d["code"] for d in on_method] == ["AGIS601"], diags
    [d] = on_method
    assert "a verb such as CANCEL" in d["message"] and d["fixes"][0]["title"] == "Rename the method to CANCEL"
    assert any(r["message"].startswith("AGIS203 (consequence)") for r in d["related"])
    assert not [x for x in diags if "'BOOK'" in x["message"]]           # nobody says "use BOOK"
    lint(str(f), "--fix", "--unsafe-fixes", semantic=True)
    text = f.read_text()
    assert "method: CANCEL\n" in text and "declared_verbs: [FIND, CANCEL]" in text, text
    # without the model, AGIS203's advice is the base form, and its fix writes it
    f.write_text(HEAD + _endpoint("FIND", "/restaurants") + cancel
                 + "vocabulary:\n  declared_verbs: [FIND, BOOKING]\n")
    [d] = [d for d in findings(str(f)) if d["code"] == "AGIS203"]
    assert "'BOOK'" in d["message"] and d["fixes"][0]["title"] == "Rename to BOOK"
    lint(str(f), "--fix", "--unsafe-fixes")
    assert "method: BOOK\n" in f.read_text()


# -- item 4: a rename never lists an error name twice -----------------------------------------

def test_error_rename_does_not_duplicate_a_name(tmp_path):
    f = tmp_path / "a.agis"
    errors = ('      - name: Error\n        description: "Something"\n'
              '      - name: error\n        description: "Something else"\n'
              '      - name: NoResults\n        description: "Nothing"\n'
              '      - name: no_results\n        description: "Nothing matches"\n'
              '      - name: BadCity\n        description: "Unknown city"\n')
    f.write_text(HEAD + _endpoint("FIND", "/restaurants", errors)
                 + "vocabulary:\n  declared_verbs: [FIND]\n")
    before = findings(str(f))
    assert "AGIS810" not in {d["code"] for d in before}
    # the generic 'Error' is AGIS805's mistake alone; its case is a consequence
    on_error = [d["code"] for d in before if d["range"]["start"]["line"] == 15]
    assert on_error == ["AGIS805"], before
    code, _, err = lint(str(f), "--fix", "--unsafe-fixes")
    after = findings(str(f))
    assert "AGIS810" not in {d["code"] for d in after}, after
    text = f.read_text()
    assert "name: Error\n" in text and "name: NoResults\n" in text      # no rename onto a taken name
    assert "name: bad_city\n" in text                                     # a free name is renamed
    [left] = [d for d in after if d["code"] == "AGIS806"]
    assert "'no_results' is already listed" in left["message"] and not left.get("fixes")
    assert left["related"][0]["range"]["start"]["line"] == 21


# -- item 8: a recipe step's unknown verb is one error, on the step ---------------------------

def test_unknown_recipe_step_is_one_error_on_the_step(tmp_path):
    dep = tmp_path / "dep"
    shutil.copytree(SKIPPED_RECIPE, dep)
    code, out, err = lint("--format", "json", str(dep))
    assert code == 1, err
    diags = json.loads(out)["diagnostics"]
    endpoint_file = str(dep / "endpoints" / "audit.toml")
    assert [d for d in diags if d["path"] == endpoint_file and d["severity"] == "error"] == []
    steps = [d for d in diags if d["code"] == "AGTP604"]
    assert [(d["severity"], d["range"]["start"]["line"]) for d in steps] == [("error", 8), ("error", 16)]
    for d in steps:
        assert d["path"].endswith("agtp-recipes.toml")
        [rel] = d["related"]
        assert rel["path"] == endpoint_file and "runs this recipe" in rel["message"]
        assert rel["range"]["start"]["line"] == 29
    # the endpoint file alone, inside its deployment: nothing of its own
    code, out, err = lint("--format", "json", endpoint_file)
    assert [d["code"] for d in json.loads(out)["diagnostics"] if d["severity"] == "error"] == [], out
    # once the steps are fixed, nothing is left anywhere
    recipes = dep / "agtp-recipes.toml"
    recipes.write_text(recipes.read_text().replace('"FROBNICATE"', '"QUERY"')
                       .replace('"SUMMARISE"', '"SUMMARIZE"'))
    code, out, err = lint("--format", "json", str(dep))
    assert [d for d in json.loads(out)["diagnostics"] if d["code"] in ("AGTP604", "AGTP402")] == []
