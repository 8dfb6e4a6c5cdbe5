"""The CLI end to end: formats, exit codes, fixes, stdin, rule docs."""
from __future__ import annotations

import json
import os
import shutil

from .conftest import EXAMPLES

BAD = """agis: "1.0"
service: "Demo"
agtp: "agtp://demo.example.com"
description: "Demo"
version: "1.0.0"
endpoints:
  - method: FIND
    path: /restaurants   # a comment that must survive --fix
    semantic:
      intent: "Finds restaurants near the guest"
      actor: agent
      outcome: "A list of restaurants is returned"
    input: {type: object, properties: {city: {type: string}}}
    output: {type: object}
    errors:
      - name: no_results
        description: "Nothing matches"
vocabulary:
  declared_verbs: [FIND, CHECK]
"""


def test_examples_lint_clean(cli):
    code, out, err = cli("check", EXAMPLES, "--no-semantic", "--format", "json")
    data = json.loads(out)
    assert [(d["path"], d["code"], d["message"]) for d in data["diagnostics"]
            if d["severity"] in ("error", "warning")] == []
    assert code == 0
    assert data["summary"]["files"] >= 3


def test_text_format_and_exit_1(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, err = cli("check", str(f), "--no-semantic")
    assert code == 1
    assert f"{f}:19:26: error AGIS702 [pass 7] declared verb 'CHECK' is not used by any endpoint" in out
    assert "1 file(s) checked" in err


def test_json_format_shape(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    data = json.loads(out)
    assert data["tool"] == "agis-lint" and data["version"]
    d = [d for d in data["diagnostics"] if d["code"] == "AGIS702"][0]
    assert d["range"] == {"start": {"line": 18, "character": 25}, "end": {"line": 18, "character": 30}}
    assert d["severity"] == "error" and d["pass"] == 7
    assert d["fixes"][0]["safety"] == "safe"
    assert d["fixes"][0]["edits"][0]["newText"] == ""
    assert data["summary"]["files"] == 1 and data["summary"]["errors"] >= 1


def test_sarif_format(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "sarif")
    sarif = json.loads(out)
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    res = [r for r in run["results"] if r["ruleId"] == "AGIS702"][0]
    assert res["ruleId"] in ids
    assert run["tool"]["driver"]["rules"][res["ruleIndex"]]["id"] == "AGIS702"
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 19
    assert res["level"] == "error"
    assert "help" in run["tool"]["driver"]["rules"][res["ruleIndex"]]


def test_github_format(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "github")
    assert f"::error file={f},line=19,col=26" in out
    assert "title=AGIS702 unused-declared-verb" in out


def test_fail_level_warning(cli, tmp_path):
    f = tmp_path / "w.agis"
    f.write_text(BAD.replace("CHECK", "FIND").replace("[FIND, FIND]", "[FIND, find]"))
    code, out, _ = cli("check", str(f), "--no-semantic", "--select", "AGIS703")
    assert "AGIS703" in out and code == 0
    code, out, _ = cli("check", str(f), "--no-semantic", "--select", "AGIS703", "--fail-level", "warning")
    assert code == 1


def test_fix_keeps_comments_and_is_idempotent(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, err = cli("check", str(f), "--no-semantic", "--fix")
    fixed = f.read_text()
    assert "declared_verbs: [FIND]" in fixed
    assert "# a comment that must survive --fix" in fixed
    assert "AGIS702" not in out
    code2, out2, _ = cli("check", str(f), "--no-semantic", "--fix")
    assert f.read_text() == fixed


def test_diff_changes_nothing(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--diff")
    assert code == 1
    assert "-  declared_verbs: [FIND, CHECK]" in out and "+  declared_verbs: [FIND]" in out
    assert f.read_text() == BAD


def test_stdin(cli):
    code, out, _ = cli("check", "-", "--stdin-filename", "x.agis", "--no-semantic", "--format", "json",
                       stdin=BAD.encode())
    data = json.loads(out)
    assert data["diagnostics"][0]["path"] == "x.agis"
    assert code == 1


def test_stdin_fix_prints_fixed_document(cli):
    code, out, _ = cli("check", "-", "--stdin-filename", "x.agis", "--no-semantic", "--fix", stdin=BAD.encode())
    assert "declared_verbs: [FIND]" in out and out.startswith("agis:")


def test_directory_recursion(cli, tmp_path):
    (tmp_path / "sub").mkdir()
    shutil.copy(os.path.join(EXAMPLES, "restaurant.agis"), tmp_path / "sub" / "a.agis")
    (tmp_path / "notes.yaml").write_text("not: linted\n")
    code, out, _ = cli("check", str(tmp_path), "--no-semantic", "--format", "json")
    data = json.loads(out)
    assert data["summary"]["files"] == 1


def test_missing_path_exit_2(cli, tmp_path):
    code, out, err = cli("check", str(tmp_path / "nope.agis"))
    assert code == 2 and "no such file" in err


def test_usage_error_exit_2(cli):
    code, _, err = cli("check", "--format", "yaml")
    assert code == 2 and "invalid choice" in err


def test_rule_command(cli):
    code, out, _ = cli("rule", "AGIS702")
    assert code == 0
    assert out.startswith("# AGIS702 unused-declared-verb")
    for section in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Fix safety"):
        assert section in out
    code, out, _ = cli("rule", "unused-declared-verb")
    assert code == 0 and "AGIS702" in out
    code, _, err = cli("rule", "NOPE999")
    assert code == 2


def test_rules_command(cli):
    code, out, _ = cli("rules")
    assert code == 0 and "| AGIS101 | missing-required-field | 1 |" in out


def test_config_file_severity_and_ignore(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    (tmp_path / ".agis-lint.toml").write_text('ignore = ["AGIS7"]\n')
    code, out, _ = cli("check", str(f), "--no-semantic")
    assert "AGIS702" not in out
    (tmp_path / ".agis-lint.toml").write_text('[severity]\nAGIS702 = "hint"\n')
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    d = [d for d in json.loads(out)["diagnostics"] if d["code"] == "AGIS702"][0]
    assert d["severity"] == "hint"


def test_pyproject_config_found_upwards(cli, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.agis-lint]\nselect = ["AGIS702"]\n')
    (tmp_path / "deep" / "er").mkdir(parents=True)
    f = tmp_path / "deep" / "er" / "bad.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    codes = {d["code"] for d in json.loads(out)["diagnostics"]}
    assert codes == {"AGIS702"}


def test_bad_config_is_a_clear_error(cli, tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    (tmp_path / ".agis-lint.toml").write_text('level = 7\n')
    code, out, err = cli("check", str(f))
    assert code == 2 and "'level' must be 1 or 2" in err and "Traceback" not in err


def test_inline_suppressions(cli, tmp_path):
    f = tmp_path / "s.agis"
    f.write_text(BAD.replace("[FIND, CHECK]", "[FIND, CHECK]  # agis-lint: disable=AGIS702"))
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    codes = [d["code"] for d in json.loads(out)["diagnostics"]]
    assert "AGIS702" not in codes and "AGIS006" not in codes
    f.write_text(BAD.replace("vocabulary:\n", "vocabulary:\n  # agis-lint: disable=AGIS702\n"))
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    assert "AGIS702" not in [d["code"] for d in json.loads(out)["diagnostics"]]
    f.write_text("# agis-lint: disable-file=AGIS702\n" + BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    assert "AGIS702" not in [d["code"] for d in json.loads(out)["diagnostics"]]


def test_broken_catalog_is_one_clean_error(cli, tmp_path):
    bad = tmp_path / "methods.json"
    bad.write_text('{"version": "2.0.0", "methods": {')
    code, out, err = cli("check", os.path.join(EXAMPLES, "deployment"), "--catalog", str(bad))
    assert code == 2
    assert err.count("catalog error") == 1 and f"{bad}:1:" in err
    assert "AGIS000" not in out


def test_directory_walk_finds_manifests(cli, tmp_path):
    shutil.copytree(os.path.join(EXAMPLES, "deployment"), tmp_path / "dep")
    (tmp_path / "dep" / "manifest.json").write_text('{"agtp_version": "1.0", "server": {}}')
    (tmp_path / "dep" / "package.json").write_text('{"name": "unrelated"}')
    code, out, _ = cli("check", str(tmp_path), "--no-semantic", "--format", "json")
    paths = {os.path.basename(d["path"]) for d in json.loads(out)["diagnostics"]}
    assert "manifest.json" in paths and "package.json" not in paths
