"""Any value in any place: the format rules never crash (no AGIS000), whatever type a
field holds, and every finding lies inside the text. Fixed seed, fixed budget."""
from __future__ import annotations

import json
import os
import random

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint

from ..conftest import EXAMPLES
from ..goldens import semantic_available
from ..yamlio import load

ROOT = os.path.join(EXAMPLES, "formats")
FILES = [".well-known/agis.json", ".well-known/agent", "api/capabilities/send_email.json",
         ".ainp/execute.json", ".ainp/manifest.yaml", "weather.a2t.json", "travel.mcp.json"]
ODD = [None, True, 0, -1, 1.5, "", "x" * 300, [], {}, [None], {"": None}, ["a", 1], {"type": []}]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


def _replace(data, path, new):
    if not path:
        return new
    cur = data
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = new
    return data


@pytest.mark.parametrize("semantic,per_file", [(False, 40), (True, 8)])
def test_odd_values_everywhere_never_crash_a_rule(semantic, per_file):
    if semantic and not semantic_available():
        pytest.skip("semantic model not installed")
    rnd = random.Random(20261124)
    runs = 0
    for rel in FILES:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as fh:
            original = load(fh) if rel.endswith(".yaml") else json.load(fh)
        paths = list(_paths(original))
        for _ in range(per_file):
            data = json.loads(json.dumps(original))
            for path in rnd.sample(paths, k=min(3, len(paths))):
                try:
                    data = _replace(data, path, rnd.choice(ODD))
                except (KeyError, IndexError, TypeError):
                    continue  # an earlier replacement removed the place
            text = json.dumps(data, indent=1)
            doc = parse_text(text, os.path.join("/tmp/ws", rel))   # the kind comes from the name
            result = lint(doc, Config(), semantic=semantic)
            assert result.kind is not None
            assert result.internal_errors == 0, [d.message for d in result.diagnostics
                                                 if d.code == "AGIS000"]
            for d in result.diagnostics:
                assert 0 <= d.start <= d.end <= len(text)
            runs += 1
    assert runs == per_file * len(FILES)
