"""The rule table (``agis_lsp.rules.table``), the rule modules and the documentation agree:
every module under ``rules/`` that registers a rule is named by the table, each
decorator says what the table says, the generated rules and the security detectors are rows
like the others, every row has a default severity, the rule's page (``agis-lint rule``, the
documentation site) shows the table's facts, and ``agis-lint rules --format json`` prints
the table."""
from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agis_lsp.engine import registry
from agis_lsp.engine.config import default_severities

ROOT = Path(__file__).resolve().parent.parent
AGIS_LINT = Path(sys.executable).parent / "agis-lint"
TABLE = registry.table()


def _walk() -> None:
    """Import every module under rules/ (what the engine no longer does): a module that
    registers a rule the table does not name shows up here."""
    import agis_lsp.rules as pkg
    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(mod.name)


_walk()
RULES = {r.code: r for r in registry.all_rules()}


def test_every_registered_rule_has_a_row_and_every_row_a_rule():
    assert sorted(set(RULES) - set(TABLE)) == [], "rules registered by a module the table lacks"
    assert sorted(set(TABLE) - set(RULES)) == [], "rows whose module registers no such rule"
    assert len({r.name for r in TABLE.values()}) == len(TABLE), "rule names must be unique"


@pytest.mark.parametrize("code", sorted(TABLE))
def test_the_decorator_leaves_the_table_columns_to_the_row(code):
    """One place: a rule module's ``@rule("CODE", spec=...)`` says none of the table's columns
    (name, pass, kinds, semantic, scope, per_endpoint, shared_only). The generated rules'
    helper passes them (it builds the rules of five formats from one definition), and
    registration holds what it passes equal to the row."""
    row, said = TABLE[code], dict(registry._DECLARED[code])
    module = said.pop("module")
    assert row.status in ("stable", "preview")
    if row.generated:     # the check is built by a helper; the row names the module calling it
        assert module == "agis_lsp.rules." + row.generated
        source = (ROOT / "agis_lsp" / "rules" / (row.module.replace(".", "/") + ".py")).read_text()
        assert f'{row.generated}.register("{code[:4]}"' in source
    else:
        assert module == row.import_name
        assert said == {}, f"{code}'s decorator repeats the rule table: {said}"
    rule = RULES[code]
    assert (rule.name, rule.pass_no, rule.kinds, rule.semantic, rule.scope, rule.per_endpoint,
            rule.shared_only) == (row.name, row.pass_no, row.kinds, row.semantic, row.scope,
                                  row.endpoint_local, row.shared_only)


def test_a_decorator_that_contradicts_its_row_is_refused():
    with pytest.raises(ValueError, match="rule table says otherwise"):
        registry.rule("AGIS301", "http-method", pass_no=4)(lambda ctx: ())
    with pytest.raises(ValueError, match="not in the rule table"):
        registry.rule("ZZZZ901")(lambda ctx: ())


def test_generated_rules_are_listed_like_the_others():
    generated = sorted(c for c, r in TABLE.items() if r.generated)
    assert len(generated) == 15
    assert {c[4:] for c in generated} == {"101", "102", "103"}


def test_the_security_detectors_are_the_table_rules_marked_detector():
    from agis_lsp.rules.security._scan import detectors
    with_detector = {d.code for d in detectors()}
    assert with_detector == {c for c, r in TABLE.items() if r.detector}
    assert all(TABLE[c].kinds == ("any",) for c in with_detector)


def test_every_row_has_a_default_severity_and_every_severity_a_row():
    severities = default_severities()
    assert sorted(set(TABLE) - set(severities)) == []
    assert sorted(set(severities) - set(TABLE)) == [], "severity/*.toml names a code no rule has"


def test_rule_pages_show_the_table():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import mkdocs_hooks
    finally:
        sys.path.pop(0)
    severities = default_severities()
    for code, row in TABLE.items():
        page = mkdocs_hooks.rule_page(RULES[code], severities[code])
        assert page.startswith(f"# {code} {row.name}\n")
        assert f"| Default severity | {severities[code].name.lower()} |" in page
        assert f"| Status | {row.status} |" in page
        assert ("Needs the model | yes" in page) == row.semantic
        assert RULES[code].render_markdown().startswith(f"# {code} {row.name}\n")


def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([str(AGIS_LINT), *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)


def test_rules_format_json_prints_the_table():
    proc = _cli("rules", "--format", "json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)["rules"]
    assert [r["code"] for r in rows] == sorted(TABLE, key=lambda c: (c[:4], c))
    severities = default_severities()
    for r in rows:
        row = TABLE[r["code"]]
        assert (r["name"], r["module"], tuple(r["kinds"]), r["pass_no"], r["status"]) == \
            (row.name, row.import_name, row.kinds, row.pass_no, row.status)
        assert r["severity"] == severities[r["code"]].label
        assert r["per_endpoint"] == row.endpoint_local and r["detector"] == row.detector


@pytest.mark.parametrize("key", ["MCPT102", "adp-invalid-enum-value", "AGSC501", "AGIS201"])
def test_rule_command_finds_generated_detector_and_plain_rules(key):
    proc = _cli("rule", key)
    assert proc.returncode == 0, proc.stderr
    row = TABLE.get(key) or registry.importlib.import_module(registry.TABLE_PACKAGE).BY_NAME[key]
    assert proc.stdout.startswith(f"# {row.code} {row.name}\n")
    assert re.search(r"^## What it does$", proc.stdout, re.M)


def test_no_rule_index_is_written_to_the_cache(tmp_path):
    doc = tmp_path / "one.json"
    doc.write_text('{"tools": [{"name": "get_weather", "description": "Returns the weather.", '
                   '"inputSchema": {"type": "object"}}]}', encoding="utf-8")
    cache = tmp_path / "cache"
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=str(cache))
    proc = subprocess.run([str(AGIS_LINT), "check", "--no-semantic", str(doc)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    assert not (cache / "rule-index").exists()
