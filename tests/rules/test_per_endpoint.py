"""Every rule registered ``per_endpoint=True`` keeps its promise (``engine.incremental``) on
every example, golden and security document and on generated documents with findings of
many kinds: run with one endpoint in focus, its findings on that endpoint are those of a
full run, and its findings outside every endpoint do not change with the focus."""
from __future__ import annotations

import os
import sys

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.registry import rules_for

from .per_endpoint_check import corpus, mismatches

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from test_incremental_lint import mutated  # noqa: E402

RULES = [r for r in rules_for("agis") if r.per_endpoint]


@pytest.fixture(scope="module")
def documents():
    docs = corpus() + [parse_text(mutated(n), f"gen{n}.agis") for n in (3, 14, 25)]
    assert len(docs) > 100
    return docs


def test_the_incremental_rules_are_most_of_the_mechanical_ones():
    assert len(RULES) >= 60 and len(RULES) > len(rules_for("agis")) * 2 // 3
    assert {r.code for r in RULES if r.semantic} == {"AGIS304", "AGIS601", "AGIS602", "AGSC901"}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_per_endpoint_rule_keeps_its_promise(rule, documents):
    for doc in documents:
        level = 2 if "level2" in (doc.path or "") else 1
        bad = mismatches(rule, doc, Config(semantic=rule.semantic, level=level))
        assert not bad, f"{rule.code} on {doc.path}: {bad[0]}"
