"""Golden tests of the AGTP rules: every bad case yields exactly the expected findings
(messages, positions, related locations and fixes), every good case none, and applying
all fixes converges to files that still parse."""
from __future__ import annotations

import os

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.registry import all_rules, get_rule

from .render import HERE, case_config, cases, codes, lint_case, render_case

BAD = [(c, k) for c in codes() for k in cases(c, "bad")]
GOOD = [(c, k) for c in codes() for k in cases(c, "good")]


def test_every_agtp_rule_has_bad_and_good_cases():
    agtp = [r.code for r in all_rules() if r.code.startswith("AGTP")]
    assert agtp, "no AGTP rules registered"
    for code in agtp:
        assert cases(code, "bad") if code in codes() else False, f"{code} has no bad case"
        assert cases(code, "good"), f"{code} has no good case"


@pytest.mark.parametrize("code,case", BAD)
def test_bad_case_matches_golden(code, case):
    assert get_rule(code) is not None
    with open(os.path.join(HERE, code, case + ".expected"), encoding="utf-8") as fh:
        expected = fh.read()
    got = render_case(os.path.join(HERE, code, case), code)
    assert got.strip(), f"{code}/{case} produces no {code} finding"
    assert got == expected


@pytest.mark.parametrize("code,case", GOOD)
def test_good_case_is_clean(code, case):
    found = [(os.path.basename(f), d.message) for f, _, diags, _ in
             lint_case(os.path.join(HERE, code, case), code) for d in diags]
    assert found == []


@pytest.mark.parametrize("code,case", BAD)
def test_fixes_converge_and_parse(code, case):
    case_dir = os.path.join(HERE, code, case)
    config = case_config(case_dir)
    for f, doc, diags, dep in lint_case(case_dir, code):
        if not any(d.fixes for d in diags) or not doc.parsed:
            continue
        first = fix_text(doc.text, f, config, unsafe=True, deployment=dep)
        assert first.converged, (f, first.applied)
        assert parse_text(first.text, f).parsed
        assert first.applied, f"{f}: fixes were offered but none applied"
        second = fix_text(first.text, f, config, unsafe=True, deployment=dep)
        assert second.applied == [] and second.text == first.text, (f, second.applied)
