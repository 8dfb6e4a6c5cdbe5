"""Values of any JSON type where a `$ref` leads, and numbers of any size wherever a number is
read: a positioned diagnostic, never a traceback or AGIS000.

Each case is a fuzzer's reproducer, run through the installed console script as a process.
"""
from __future__ import annotations

import json
import os

import pytest

from tests.conftest import EXAMPLES
from tests.test_process import run

RESTAURANT = open(os.path.join(EXAMPLES, "restaurant.agis"), encoding="utf-8").read()
HUGE = "9" * 5000          # past Python's int-string limit (4,300 digits)


def lint_many(tmp_path, files: dict, *extra: str) -> tuple[int, dict]:
    """Lint ``files`` (name -> text) in one process; the diagnostics of each file by name."""
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    code, out, err = run(["check", "--no-cache", "--format", "json", *extra, *files], cwd=str(tmp_path))
    assert "Traceback" not in err, err[-2000:]
    assert code in (0, 1), (code, err[-2000:])
    diags = json.loads(out)["diagnostics"]
    assert "AGIS000" not in {d["code"] for d in diags}, [d for d in diags if d["code"] == "AGIS000"]
    by_file: dict = {name: [] for name in files}
    for d in diags:
        by_file[os.path.relpath(os.path.join(str(tmp_path), d["path"]), str(tmp_path))].append(d)
    return code, by_file


def at(diags, code):
    return [d for d in diags if d["code"] == code]


def test_ref_into_schemas_of_any_type(tmp_path):
    files = {}
    for i, schemas in enumerate(["5", "5.5", "true", "null", '"text"', "[1, 2]", HUGE, "1e400"]):
        for j, ref in enumerate(["#/schemas/", "#/schemas/x", "#/schemas/0", "#/schemas"]):
            files[f"d{i}-{j}.agis"] = (
                '{"agis": "1.0", "service": "s", "agtp": "agtp://s", "schemas": %s, "endpoints": '
                '[{"method": "FETCH", "path": "/x", "input": {"$ref": "%s"}}]}' % (schemas, ref))
    code, by_file = lint_many(tmp_path, files, "--no-semantic")
    assert code == 1
    for name, diags in by_file.items():
        # the `$ref` is reported where it is written, or schemas where it is wrong; never AGIS000
        assert at(diags, "AGIS803") or at(diags, "AGIS102"), (name, diags)


def test_ref_into_the_document_at_any_type(tmp_path):
    files = {f"d{i}.agis": (
        '{"agis": "1.0", "service": "s", "agtp": "agtp://s", "x": %s, "endpoints": '
        '[{"method": "FETCH", "path": "/x/{id}", "input": {"$ref": "#/x"}, '
        '"output": {"$ref": "#/x/0/type"}, "errors": {"$ref": "#/x"}}]}' % target)
        for i, target in enumerate(["5", "true", "null", '"s"', "[1]", '{"type": "object"}', HUGE])}
    lint_many(tmp_path, files, "--no-semantic")


def test_five_thousand_digit_integers_in_yaml_json_and_toml(tmp_path):
    yaml_text = RESTAURANT.replace("confidence_guidance: 0.85", f"confidence_guidance: {HUGE}", 1) + \
        f"x-extra: {HUGE}\n"
    json_text = ('{"agis": "1.0", "service": "s", "agtp": "agtp://s", "n": %s, "endpoints": [{"method": '
                 '"FETCH", "path": "/x", "semantic": {"confidence_guidance": -%s}}]}' % (HUGE, HUGE))
    toml_text = open(os.path.join(EXAMPLES, "deployment", "endpoints", "book_room.toml"),
                     encoding="utf-8").read().replace("confidence = 0.9", f"confidence = {HUGE}", 1)
    assert HUGE in toml_text
    code, by_file = lint_many(tmp_path, {"d.agis": yaml_text, "d.agis.json": json_text,
                                         "endpoints/book_room.toml": toml_text}, "--no-semantic")
    assert code == 1
    for name in ("d.agis", "d.agis.json"):
        [d] = at(by_file[name], "AGIS504")
        assert "5,000 digits" in d["message"] and "outside 0.0 to 1.0" in d["message"], d["message"]
        assert len(d["message"]) < 200
    hits = [d for d in by_file["endpoints/book_room.toml"] if "confidence" in d["message"]]
    assert hits, by_file["endpoints/book_room.toml"]
    assert hits[0]["range"]["start"]["line"] == toml_text[:toml_text.index(HUGE)].count("\n")


VALUES = ["9" * 400, "-" + "9" * 400, "1e400", "-0", "-0.0", ".nan", ".inf", '"NaN"', '"1e400"',
          '"%s"' % HUGE, HUGE]


def test_confidence_guidance_of_any_size(tmp_path):
    files = {f"d{i}.agis": RESTAURANT.replace("confidence_guidance: 0.85", f"confidence_guidance: {v}", 1)
             for i, v in enumerate(VALUES)}
    # with the semantic passes: AGIS507 reads confidence_guidance next to the impact tier
    code, by_file = lint_many(tmp_path, files)
    assert code == 1
    for i, value in enumerate(VALUES):
        findings = at(by_file[f"d{i}.agis"], "AGIS504")
        if value in ("-0", "-0.0"):
            assert not findings, findings
        else:
            assert len(findings) == 1, (value, by_file[f"d{i}.agis"])
            assert findings[0]["range"]["start"]["line"] == 16


def test_ref_pointer_steps_that_are_not_list_indexes(tmp_path):
    # "²".isdigit() is true and int() refuses it; int() refuses 5,000 digits too
    files = {f"d{i}.agis": (
        '{"agis": "1.0", "service": "s", "agtp": "agtp://s", "x": [{"type": "object"}], "endpoints": '
        '[{"method": "FETCH", "path": "/x", "input": {"$ref": "#/x/%s"}}]}' % step)
        for i, step in enumerate(["\u00b2", "\u0663", HUGE, "01", "-", "-1", "1", "0/type/x", "0"])}
    code, by_file = lint_many(tmp_path, files, "--no-semantic")
    for i in range(8):
        assert at(by_file[f"d{i}.agis"], "AGIS803"), by_file[f"d{i}.agis"]
    assert not at(by_file["d8.agis"], "AGIS803")


def test_pointer_walker_refuses_non_containers_and_odd_indexes():
    from agis_lsp.document.pointer import walk
    data = {"a": [10, {"b": None}], "n": 5, "s": "text"}
    assert walk(data, ["a", "1", "b"]) == (None, True, ["a", 1, "b"])
    for parts in (["n", "x"], ["s", "0"], ["a", "\u00b2"], ["a", HUGE], ["a", "01"], ["a", "-"],
                  ["a", "2"], ["a", "0", "x"], ["a", "1", "b", "c"]):
        value, ok, done = walk(data, parts)
        assert not ok and len(done) < len(parts), parts
