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


def test_default_severities_from_the_cache_equal_the_toml_files(tmp_path, monkeypatch):
    import tomllib

    from agis_lsp.engine import config
    from agis_lsp.engine.model import Severity
    folder = os.path.join(ROOT, "agis_lsp", "engine", "severity")
    expected: dict = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".toml"):
            with open(os.path.join(folder, name), "rb") as fh:
                for code, value in tomllib.load(fh).get("severity", {}).items():
                    expected[code] = Severity.parse(value)
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))
    for _ in range(2):                              # parsed (entry written), then from the entry
        config.default_severities.cache_clear()
        got = config.default_severities()
        assert got == expected and list(got) == list(expected)
        assert os.listdir(tmp_path / "severities")
    config.default_severities.cache_clear()


def test_a_small_file_imports_no_toml_parser_jsonschema_or_model(tmp_path):
    """What a warm --no-semantic run on one clean .agis file leaves out (issue 14)."""
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from gen_docs import document                   # the start-up benchmark's clean document
    doc = tmp_path / "one.agis"
    doc.write_text(document(1), encoding="utf-8")
    code = ("import sys\nfrom agis_lsp.cli.entry import main\n"
            f"main(['check', '--no-cache', '--no-semantic', '-q', {str(doc)!r}])\n"
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('tomllib', 'tomli', 'jsonschema', 'numpy', 'onnxruntime', 'pickle', 'difflib', 'mcp', "
            "'importlib.resources') or m.startswith('importlib.resources'))))")
    cache = str(tmp_path / "cache")
    _run_text(code, cache)                          # first run: writes the caches
    assert _run_text(code, cache).strip().splitlines()[-1:] in ([], [""])


def _run_text(code: str, cache: str) -> str:
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=cache, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout
