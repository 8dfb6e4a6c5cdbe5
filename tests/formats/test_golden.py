"""Golden tests of the agent-interface format rules: every bad case yields exactly the
expected findings (messages, positions, related locations, fixes), every good case
none, and applying all fixes converges to a document that still parses."""
from __future__ import annotations

import os
import re

import pytest

from agis_lsp.document import parse_text, read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.registry import all_rules, get_rule

from .render import cases, codes, expected_path, lint_case, render, semantic_available

PREFIXES = ("ATOT", "AGDP", "AINP", "MCPT", "AGWK", "TOOL")
SEMANTIC = semantic_available()
BAD = [(c, p) for c in codes() for p in cases(c, "bad")]
GOOD = [(c, p) for c in codes() for p in cases(c, "good")]


def _skip_without_model(code):
    rule = get_rule(code)
    if rule is not None and rule.semantic and not SEMANTIC:
        pytest.skip("semantic model not installed")


def test_every_format_rule_has_bad_and_good_cases():
    mine = [r.code for r in all_rules() if r.code[:4] in PREFIXES]
    assert len(mine) > 40
    for code in mine:
        assert code in codes(), f"{code} has no golden folder"
        assert cases(code, "bad"), f"{code} has no bad case"
        assert cases(code, "good"), f"{code} has no good case"


@pytest.mark.parametrize("code,case", BAD, ids=[f"{c}/{os.path.basename(p)}" for c, p in BAD])
def test_bad_case_matches_golden(code, case):
    _skip_without_model(code)
    assert get_rule(code) is not None, f"{code} is not a registered rule"
    with open(expected_path(case), encoding="utf-8") as fh:
        expected = fh.read()
    got = render(case, code, SEMANTIC)
    assert got.count(f" {code} ") >= 1, f"{case} produces no {code} finding"
    rule = get_rule(code)
    if rule.semantic:  # the model's scores move in the last digit between onnxruntime releases
        got, expected = _unscored(got), _unscored(expected)
    assert got == expected


def _unscored(text: str) -> str:
    """Model scores cut to one decimal in messages (as tests/golden does)."""
    return re.sub(r"(confidence|consistency|score) (\d\.\d)\d", r"\1 \2x", text)


@pytest.mark.parametrize("code,case", GOOD, ids=[f"{c}/{os.path.basename(p)}" for c, p in GOOD])
def test_good_case_is_clean(code, case):
    _skip_without_model(code)
    _, kind, diags = lint_case(case, code, SEMANTIC)
    assert kind is not None
    assert [d.message for d in diags] == []


@pytest.mark.parametrize("code,case", BAD, ids=[f"{c}/{os.path.basename(p)}" for c, p in BAD])
def test_fixes_converge_and_parse(code, case):
    text = read_document(case).text
    first = fix_text(text, case, Config(), unsafe=True)
    assert first.converged, f"{code}: fixes did not converge: {first.applied}"
    assert parse_text(first.text, case).parsed
    second = fix_text(first.text, case, Config(), unsafe=True)
    assert second.applied == [] and second.text == first.text
