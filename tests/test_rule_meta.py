"""Every registered rule, of every family, is complete: a default severity in
``engine/severity/*.toml`` (a missing one fails here instead of silently becoming a
warning at run time), every documentation section, and a page that ``agis-lint rule``
renders by code and by name."""
from __future__ import annotations

import contextlib
import io

import pytest

from agis_lsp.cli.main import main as cli_main
from agis_lsp.engine.config import Config, default_severities
from agis_lsp.engine.findings import Severity
from agis_lsp.engine.registry import SECTIONS, all_rules

RULES = all_rules()
CODES = [r.code for r in RULES]


def test_rules_are_registered_from_every_family():
    prefixes = {c[:4] for c in CODES}
    assert {"AGIS", "AGTP"} <= prefixes
    assert len(CODES) == len(set(CODES))
    names = [r.name for r in RULES]
    # `agis-lint rule NAME` (and a hover's link) must find one rule
    assert sorted(n for n in names if names.count(n) > 1) == [], "rule names must be unique"


def test_every_rule_has_a_default_severity():
    severities = default_severities()
    missing = [c for c in CODES if c not in severities]
    assert missing == [], f"no entry in agis_lsp/engine/severity/*.toml for {missing}"


def test_the_configured_severity_is_the_file_entry_not_the_fallback():
    # Config.severity_of falls back to WARNING for a code it does not know; for a
    # registered rule that fall-back must never be what decides.
    config = Config()
    severities = default_severities()
    for code in CODES:
        assert config.severity_of(code) == severities[code], code
    assert all(isinstance(s, Severity) for s in severities.values())


@pytest.mark.parametrize("code", CODES)
def test_every_rule_documents_every_section(code):
    rule = next(r for r in RULES if r.code == code)
    assert rule.summary and not rule.summary.startswith("#"), f"{code}: no summary line"
    missing = [s for s in SECTIONS if not rule.sections.get(s, "").strip()]
    assert missing == [], f"{code} ({rule.check.__module__}): missing or empty {missing}"
    unknown = [s for s in rule.sections if s not in ("summary", "Decision") + SECTIONS]
    assert unknown == [], f"{code}: unexpected sections {unknown}"


def _rule_page(key: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main(["rule", key])
    return status, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("code", CODES)
def test_agis_lint_rule_renders_every_code(code):
    rule = next(r for r in RULES if r.code == code)
    status, page = _rule_page(code)
    assert status == 0, page
    assert page.startswith(f"# {code} {rule.name}\n"), page[:80]
    for section in SECTIONS:
        assert f"## {section}" in page, (code, section)
    assert _rule_page(rule.name) == (0, page), f"{code}: the page by name differs"
