"""What the CLI says about numbers, versions, methods with a path, fixes and the fail level,
through the installed console script (each case failed before it was handled)."""
from __future__ import annotations

import json
import os

from tests.rules.helpers import HEAD
from tests.test_process import run

ENDPOINT = '''endpoints:
  - method: {method}
    path: /users/{{id}}
    semantic:
      intent: "Returns the user with the given identifier to the agent"
      actor: agent
      outcome: "The user record is returned"
      capability: retrieval
      confidence_guidance: 0.9
      impact_tier: informational
      is_idempotent: true
    input: {{type: object}}
    output: {{type: object}}
    errors: [{{name: user_not_found, description: "No user has this identifier"}}]
vocabulary:
  declared_verbs: [FETCH]
'''
GOOD = HEAD + ENDPOINT.format(method="FETCH")


def check(tmp_path, name: str, text: str, *args: str):
    (tmp_path / name).write_text(text, encoding="utf-8")
    code, out, err = run(["check", "--no-cache", "--no-semantic", *args, name], cwd=str(tmp_path))
    assert "Traceback" not in err, err
    return code, out, err


def diagnostics(tmp_path, name, text):
    code, out, err = check(tmp_path, name, text, "--format", "json")
    assert code in (0, 1), err
    return json.loads(out)["diagnostics"]


def test_the_good_document_is_clean(tmp_path):
    assert diagnostics(tmp_path, "a.agis", GOOD) == []


def test_integers_beyond_float_range_are_reported_as_written(tmp_path):
    for literal in ("1" + "0" * 400, "0x" + "f" * 300, "0o" + "7" * 400, "-" + "9" * 400):
        diags = diagnostics(tmp_path, "a.agis", GOOD.replace('agis: "1.0"', f"agis: {literal}"))
        assert "AGIS000" not in {d["code"] for d in diags}, diags
        (d,) = [d for d in diags if d["code"] == "AGIS102"]
        assert d["message"].startswith('agis must be the version string "1.0", not ' + literal[:10])
        assert d["range"]["start"] == {"line": 0, "character": 6}


def test_a_numeric_version_gets_the_safe_fix_that_quotes_it_as_written(tmp_path):
    text = GOOD.replace('version: "1.0.0"', "version: 1.20")
    diags = diagnostics(tmp_path, "a.agis", text)
    (d,) = [d for d in diags if d["code"] == "AGIS102"]
    assert d["message"] == "version must be a string, not the number 1.20; quote it"
    code, _out, err = check(tmp_path, "a.agis", text, "--fix")
    assert code == 0, err
    assert (tmp_path / "a.agis").read_text(encoding="utf-8") == GOOD.replace('"1.0.0"', '"1.20"')


def test_a_method_followed_by_its_path_is_not_called_a_compound(tmp_path):
    text = GOOD.replace("  - method: FETCH\n    path: /users/{id}\n", "  - method: FETCH /users/{id}\n")
    diags = diagnostics(tmp_path, "a.agis", text)
    (d,) = [d for d in diags if d["code"] == "AGIS201"]
    assert "compound" not in d["message"] and "/USERS" not in d["message"]
    assert d["message"].startswith("method 'FETCH /users/{id}' holds a path: the method is FETCH "
                                   "and /users/{id} is the path")
    code, _out, err = check(tmp_path, "a.agis", text, "--fix")
    assert code == 0, err
    fixed = (tmp_path / "a.agis").read_text(encoding="utf-8")
    assert "method: FETCH\n" in fixed and "path: /users/{id}\n" in fixed


# A fix that makes another finding fixable: declaring BOOK lets the folded "BOOK\n" entry go.
FOLLOW_ON = HEAD + ENDPOINT.format(method="BOOK").replace(
    "  declared_verbs: [FETCH]\n", "  declared_verbs:\n    - >\n      BOOK\n").replace(
    "Returns the user with the given identifier to the agent", "Books a table for the agent")


def test_the_applied_count_is_told_in_the_unit_of_the_fixable_count(tmp_path):
    _code, _out, err = check(tmp_path, "a.agis", FOLLOW_ON)
    assert "; 1 fixable with --fix" in err
    code, _out, err = check(tmp_path, "a.agis", FOLLOW_ON, "--fix")
    assert code == 0, err
    assert ("a.agis: applied 2 fix(es): 1 for the 1 finding(s) reported fixable, 1 for finding(s) that "
            "became fixable once those were applied (AGIS702)") in err


def test_help_says_the_configuration_gives_the_fail_level_first():
    code, out, _err = run(["check", "--help"])
    assert code == 0
    flat = " ".join(out.split())
    assert "(default: the fail-level of each file's configuration, else error)" in flat


def test_no_keyword_is_suggested_for_a_value_it_does_not_take(tmp_path):
    text = GOOD.replace("    output: {type: object}\n",
                        "    output:\n      type: array\n      steps: object\n      minimun: 1\n")
    diags = diagnostics(tmp_path, "a.agis", text)
    by_key = {d["message"].split("'")[1]: d for d in diags if d["code"] == "AGIS812"}
    assert "did you mean" not in by_key["steps"]["message"], by_key["steps"]
    assert "did you mean 'minimum'?" in by_key["minimun"]["message"]
    code, _out, err = check(tmp_path, "a.agis", text, "--fix", "--unsafe-fixes")
    fixed = (tmp_path / "a.agis").read_text(encoding="utf-8")
    assert "steps: object" in fixed and "minimum: 1" in fixed and "items" not in fixed
    assert "AGIS802" not in {d["code"] for d in diagnostics(tmp_path, "a.agis", fixed)}


def test_a_rewrite_never_expands_an_alias(tmp_path):
    alias = GOOD.replace('version: "1.0.0"\n', 'version: "1.0.0"\nx-text: &gone "No user has this identifier"\n')
    old = '    errors: [{name: user_not_found, description: "No user has this identifier"}]\n'
    # a block mapping is edited in place: the alias stays an alias
    check(tmp_path, "a.agis", alias.replace(old, "    errors:\n      user_not_found: *gone\n"), "--fix")
    assert "  - name: user_not_found\n        description: *gone\n" in (tmp_path / "a.agis").read_text(
        encoding="utf-8")
    # a flow mapping is rewritten whole, which would expand the alias: no fix is offered
    text = alias.replace(old, "    errors: {user_not_found: *gone}\n")
    (d,) = [d for d in diagnostics(tmp_path, "a.agis", text) if d["code"] == "AGIS810"]
    assert d.get("fixes", []) == [], d
    check(tmp_path, "a.agis", text, "--fix", "--unsafe-fixes")
    assert "errors: {user_not_found: *gone}" in (tmp_path / "a.agis").read_text(encoding="utf-8")


def test_fix_keeps_the_byte_order_mark_and_crlf(tmp_path):
    text = GOOD.replace('version: "1.0.0"', "version: 1.2").replace(
        "  declared_verbs: [FETCH]\n", "").replace("vocabulary:\n", "")
    raw = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    (tmp_path / "a.agis").write_bytes(raw)
    code, _out, err = run(["check", "--no-cache", "--no-semantic", "--fix", "a.agis"], cwd=str(tmp_path))
    assert code == 0, err
    fixed = (tmp_path / "a.agis").read_bytes()
    assert fixed.startswith(b"\xef\xbb\xbf")
    assert b"vocabulary:" in fixed and b'version: "1.2"' in fixed
    assert fixed.count(b"\n") == fixed.count(b"\r\n") > raw.count(b"\r\n")
