"""Start-up work (issue 14): the rule index lets a run import only the rule families of
the kinds at hand, and gives exactly the rules a full import gives."""
from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_PROBE = """
import json, sys
from agis_lsp.engine import registry
from agis_lsp.formats.registry import kind_names
kinds = list(registry.KINDS) + list(kind_names())
out = {k: [r.code for r in registry.rules_for(k)] + [r.code for r in registry.rules_for(k, "deployment")]
       for k in kinds}
out["_modules"] = len([m for m in sys.modules if m.startswith("agis_lsp.rules")])
print(json.dumps(out))
"""


def _run(code: str, cache: str) -> dict:
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=cache, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_index_gives_the_same_rules_as_a_full_import(tmp_path):
    cache = str(tmp_path / "cache")
    cold = _run(_PROBE, cache)                      # no index yet: every module, index written
    assert os.listdir(os.path.join(cache, "rule-index"))
    warm = _run(_PROBE, cache)                      # index used kind by kind
    for kind in cold:
        if not kind.startswith("_"):
            assert warm[kind] == cold[kind], kind
    one_kind = _run("import sys, json\nfrom agis_lsp.engine import registry\nregistry.rules_for('agis')\n"
                    "print(json.dumps({'n': len([m for m in sys.modules if m.startswith('agis_lsp.rules')]),"
                    " 'loaded': registry._LOADED}))", cache)
    assert not one_kind["loaded"]
    assert one_kind["n"] < cold["_modules"]


def test_a_stale_or_broken_index_is_not_trusted(tmp_path):
    cache = str(tmp_path / "cache")
    _run(_PROBE, cache)
    index_dir = os.path.join(cache, "rule-index")
    for name in os.listdir(index_dir):
        with open(os.path.join(index_dir, name), "w") as fh:
            fh.write("{not json")
    probe = ("import json\nfrom agis_lsp.engine import registry\nrs = registry.rules_for('agis')\n"
             "print(json.dumps({'loaded': registry._LOADED, 'n': len(rs)}))")
    out = _run(probe, cache)
    assert out["loaded"] and out["n"] > 0           # fell back to importing everything
