"""Pass 1's quick check agrees with jsonschema: whenever ``quick_valid`` says a skeleton is valid,
jsonschema finds no error, and whenever it says invalid, jsonschema finds one (None defers).

The corpus: every AGIS document among the examples and golden files, and for each, variants with
one top-level, endpoint or vocabulary value replaced by a value of another type or shape."""
from __future__ import annotations

import copy
import os

import pytest

from agis_lsp.cli.files import collect
from agis_lsp.document import read_document
from agis_lsp.rules.agis._schema import (endpoint_schema, endpoint_validator, quick_valid,
                                         top_level_schema, top_level_validator, vocabulary_schema,
                                         vocabulary_skeleton)

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(HERE)
ODD = [None, True, 0, 1.5, -3, "", "x", "agtp://x", [], [1], {}, {"a": 1}, "1.0"]


def _documents() -> list:
    files, _ = collect([os.path.join(ROOT, "examples"), os.path.join(HERE, "golden")])
    docs = []
    for f in files:
        if f.endswith((".agis", ".agis.json", ".agis.yaml")):
            doc = read_document(f)
            if doc.parsed and isinstance(doc.data, dict):
                docs.append(doc.data)
    return docs


def _variants(data: dict):
    yield data
    for key in list(data)[:12]:
        for odd in ODD:
            v = copy.copy(data)
            v[key] = odd
            yield v
        v = copy.copy(data)
        del v[key]
        yield v


def _pairs(data: dict):
    """(schema, validator, value) for each part pass 1 validates."""
    yield top_level_schema(), top_level_validator(), data
    eps = data.get("endpoints")
    items = eps if isinstance(eps, list) else list(eps.values()) if isinstance(eps, dict) else []
    for item in items[:5]:
        if isinstance(item, dict):
            keyed = isinstance(eps, dict)
            yield endpoint_schema(keyed), endpoint_validator(keyed), item
            for key in ("method", "path"):
                for odd in ODD[:6]:
                    yield endpoint_schema(keyed), endpoint_validator(keyed), {**item, key: odd}
    if isinstance(data.get("vocabulary"), dict):
        yield vocabulary_schema(), vocabulary_skeleton(), data["vocabulary"]


DOCS = _documents()


def test_there_is_a_corpus():
    assert len(DOCS) > 80


@pytest.mark.slow
def test_quick_valid_agrees_with_jsonschema():
    checked = decided = 0
    for doc in DOCS:
        for data in _variants(doc):
            for schema, validator, value in _pairs(data):
                quick = quick_valid(schema, value)
                has_errors = next(iter(validator.iter_errors(value)), None) is not None
                checked += 1
                if quick is None:
                    continue
                decided += 1
                assert quick is (not has_errors), (quick, value)
    assert decided > 0.95 * checked, (decided, checked)  # the quick check decides nearly always


def test_the_clean_examples_are_decided_without_jsonschema():
    """The point of the quick check: a valid document never needs jsonschema in pass 1."""
    files, _ = collect([os.path.join(ROOT, "examples")])
    agis = [read_document(f).data for f in files if f.endswith((".agis", ".agis.json"))]
    assert agis and all(quick_valid(top_level_schema(), d) is True for d in agis)
    for d in agis:
        eps = d["endpoints"]
        keyed = isinstance(eps, dict)
        for item in (eps.values() if keyed else eps):
            assert quick_valid(endpoint_schema(keyed), item) is True
        assert quick_valid(vocabulary_schema(), d["vocabulary"]) is True
