"""Start-up work: the rule table lets a run import only the rule
families of the kinds at hand, and gives exactly the rules a full import gives."""
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


_ALL = _PROBE.replace("import json, sys\n", "import json, sys\nfrom agis_lsp.engine import registry as r0\nr0.load_all()\n")


def test_the_table_gives_the_same_rules_as_a_full_import(tmp_path):
    cache = str(tmp_path / "cache")
    every = _run(_ALL, cache)                       # every module the rule table names
    per_kind = _run(_PROBE, cache)                  # the table's modules kind by kind
    for kind in every:
        if not kind.startswith("_"):
            assert per_kind[kind] == every[kind], kind
    one_kind = _run("import sys, json\nfrom agis_lsp.engine import registry\nregistry.rules_for('agis')\n"
                    "print(json.dumps({'n': len([m for m in sys.modules if m.startswith('agis_lsp.rules')]),"
                    " 'loaded': registry._LOADED}))", cache)
    assert not one_kind["loaded"]
    assert one_kind["n"] < every["_modules"]
    assert not os.path.exists(os.path.join(cache, "rule-index"))   # nothing about rules is cached


def test_default_severities_from_the_cache_equal_the_toml_files(tmp_path, monkeypatch):
    import tomllib

    from agis_lsp.engine import config
    from agis_lsp.engine.findings import Severity
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
    """What a warm --no-semantic run on one clean .agis file leaves out."""
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
