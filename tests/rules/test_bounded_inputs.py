"""No input makes any rule crash.

Hostile values are put in every place of a valid AGIS document and of each
file of the example AGTP deployment: collections nested up to the document
layer's limit (every rule must then run to completion), nested past it (one
AGIS001 at the container that crosses the limit, nothing else), long strings,
long keys and long arrays. Every rule runs in-process on the real engine; the
assertion is that AGIS000 (a rule that crashed) never appears.
"""
from __future__ import annotations

import copy
import glob
import json
import os
import tomllib

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document.tree import MAX_NESTING
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint
from agis_lsp.formats.deployment import DocumentCache, find_deployment

from ..yamlio import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOOD = load(open(os.path.join(ROOT, "tests", "golden", "AGIS101", "good.agis"), encoding="utf-8"))
DEPLOYMENT = os.path.join(ROOT, "examples", "deployment")
MARK = "@@HOSTILE@@"


def _places(obj, prefix=()):
    if prefix:
        yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _places(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _places(v, prefix + (i,))


def _inject(data, place):
    data = copy.deepcopy(data)
    cur = data
    for p in place[:-1]:
        cur = cur[p]
    cur[place[-1]] = MARK
    return data


def _crashes(result) -> list:
    return [d.message for d in result.diagnostics if d.code == "AGIS000"]


# YAML flow style (the issue's `agis: [[[[...]]]]`): the document is one flow mapping, read as YAML
# (the comment in front keeps it from being read as JSON).
def _yaml_with(place, value: str) -> str:
    return "# flow style\n" + json.dumps(_inject(GOOD, place)).replace(json.dumps(MARK), value)


def _deep_lists(depth: int) -> str:
    return "[" * depth + "]" * depth


def _deep_maps(depth: int) -> str:
    return "{a: " * depth + "1" + "}" * depth


AGIS_PLACES = list(_places(GOOD))


@pytest.mark.parametrize("make", [_deep_lists, _deep_maps], ids=["lists", "maps"])
def test_nesting_up_to_the_limit_runs_every_rule(make):
    for place in AGIS_PLACES:
        depth = MAX_NESTING - len(place) - 1  # the document's own containers count too
        doc = parse_text(_yaml_with(place, make(depth)), "x.agis")
        assert doc.parsed, place
        result = lint(doc, Config(semantic=False), semantic=False)
        assert not _crashes(result), (place, _crashes(result))


@pytest.mark.parametrize("syntax", ["yaml", "json"])
def test_nesting_past_the_limit_is_one_finding_where_it_is_too_deep(syntax):
    for place in AGIS_PLACES[::3]:
        text = _yaml_with(place, _deep_lists(5000)) if syntax == "yaml" else \
            json.dumps(_inject(GOOD, place)).replace(json.dumps(MARK), "[" * 5000 + "]" * 5000)
        doc = parse_text(text, "x.agis" if syntax == "yaml" else "x.agis.json")
        result = lint(doc, Config(semantic=False), semantic=False)
        assert [d.code for d in result.diagnostics] == ["AGIS001"], place
        d = result.diagnostics[0]
        assert f"nested more than {MAX_NESTING} levels" in d.message
        before = text[:d.start]  # no string of the fixture contains a bracket
        depth = before.count("[") + before.count("{") - before.count("]") - before.count("}")
        assert text[d.start] == "[" and depth == MAX_NESTING, place


LARGE = {
    "long string": json.dumps("x" * 200_000),
    "long key": "{" + json.dumps("k" * 100_000) + ": 1}",
    "long array": "[" + ",".join(["1"] * 5_000) + "]",
    "long array of strings": "[" + ",".join([json.dumps("BOOK")] * 5_000) + "]",
}
LARGE_PLACES = [("agis",), ("endpoints", 0, "method"), ("endpoints", 0, "path"),
                ("endpoints", 0, "semantic", "intent"), ("endpoints", 0, "input", "properties"),
                ("endpoints", 0, "input", "required"), ("endpoints", 0, "errors"),
                ("vocabulary", "declared_verbs")]


@pytest.mark.parametrize("kind", sorted(LARGE))
def test_large_values_in_an_agis_document(kind):
    for place in LARGE_PLACES:
        doc = parse_text(_yaml_with(place, LARGE[kind]), "x.agis")
        result = lint(doc, Config(semantic=False), semantic=False)
        assert not _crashes(result), (place, _crashes(result))


# -- AGTP TOML: each file of the example deployment, linted with its deployment ---------------------
def _toml_value(v):
    if v == MARK:
        return _TOML_VALUE
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v)


_TOML_VALUE = ""
TOML_FILES = sorted(glob.glob(os.path.join(DEPLOYMENT, "**", "*.toml"), recursive=True))
TOML_VALUES = {
    "deep arrays": "[" * (MAX_NESTING - 8) + "1" + "]" * (MAX_NESTING - 8),
    "deep tables": "{a = " * (MAX_NESTING - 8) + "1" + "}" * (MAX_NESTING - 8),
    "too deep": "[" * 3000 + "1" + "]" * 3000,
    "long string": json.dumps("x" * 100_000),
    "long array": "[" + ",".join([json.dumps("BOOK")] * 2_000) + "]",
}


@pytest.mark.parametrize("kind", sorted(TOML_VALUES))
def test_hostile_values_in_agtp_toml(kind, tmp_path):
    global _TOML_VALUE
    _TOML_VALUE = TOML_VALUES[kind]
    for f in TOML_FILES:
        base = tomllib.load(open(f, "rb"))
        places = list(_places(base))
        for place in places if kind.startswith("deep") else places[::4]:
            data = _inject(base, place)
            text = "\n".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in data.items()) + "\n"
            rel = os.path.relpath(f, DEPLOYMENT)
            for g in TOML_FILES:  # the whole deployment, with the one hostile file
                dest = tmp_path / os.path.relpath(g, DEPLOYMENT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(text if g == f else open(g, encoding="utf-8").read(), encoding="utf-8")
            target = str(tmp_path / rel)
            dep = find_deployment(target, cache=DocumentCache())
            doc = dep.doc(target) if dep is not None and dep.doc(target) is not None else parse_text(text, target)
            result = lint(doc, Config(semantic=False), semantic=False, deployment=dep)
            assert not _crashes(result), (rel, place, _crashes(result))
            if kind == "too deep":
                assert [d.code for d in result.diagnostics] == ["AGIS001"], (rel, place)


def test_a_schema_too_large_to_validate_is_one_finding():
    text = _yaml_with(("endpoints", 0, "output", "type"), "[" + ",".join(["1"] * 60_000) + "]")
    result = lint(parse_text(text, "x.agis"), Config(semantic=False), semantic=False)
    assert not _crashes(result)
    found = [d for d in result.diagnostics if d.code == "AGIS802"]
    assert len(found) == 1 and "more than 50,000 values" in found[0].message
    assert found[0].path == ("endpoints", 0, "output")
