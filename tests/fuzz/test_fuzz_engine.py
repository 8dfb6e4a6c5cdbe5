"""Fuzz the engine in-process with a fixed budget (derandomized: the same inputs every run).

The properties are in check.py, the generators in generate.py; scripts/fuzz_engine.py
runs the same for as long as you like. Budget: 660 documents, about 30 s of CPU
(25-40 s measured; the wall time is longer when the machine is shared).
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from .check import check_document
from .generate import damaged, deep_block, structured

pytestmark = pytest.mark.slow


def budget(n: int):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example, HealthCheck.filter_too_much])


@budget(150)
@given(structured(syntaxes=("yaml",)))
def test_yaml_mutants(doc):
    check_document(*doc)


@budget(120)
@given(structured(syntaxes=("json",)))
def test_json_mutants(doc):
    check_document(*doc)


@budget(150)
@given(structured(syntaxes=("toml",)))
def test_toml_mutants(doc):
    check_document(*doc)


@budget(180)
@given(damaged())
def test_byte_damaged_documents(doc):
    check_document(*doc)


@budget(20)
@given(deep_block())
def test_deep_block_nesting(doc):
    check_document(*doc, fixes=False)


@pytest.fixture(scope="module")
def model():
    from agis_lsp.semantic import SemanticUnavailable, get_model
    try:
        return get_model()
    except SemanticUnavailable as exc:
        pytest.fail(f"the shipped model does not load: {exc}")


@budget(40)
@given(structured(syntaxes=("yaml", "json")))
def test_semantic_passes_on_mutants(model, doc):
    check_document(*doc, fixes=False, semantic=True)
