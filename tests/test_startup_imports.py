"""What the installed ``agis-lint`` imports to lint one small clean ``.agis`` file:
the console script runs as a process with ``PYTHONPROFILEIMPORTTIME=1`` (``-X importtime``),
which lists every module the process imports; none of the heavy or unneeded ones may be among
them. A module that comes back into a small file's run makes this test fail."""
from __future__ import annotations

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")

# top-level packages and modules a small file's lint must not import, and why
HEAVY = {
    "jsonschema": "pass 1 answers a valid schema with its quick validator",
    "numpy": "the model is off (--no-semantic)",
    "onnxruntime": "the model is off",
    "tokenizers": "the model is off",
    "tomllib": "the default severities are read from the cache directory",
    "pickle": "--no-cache: no result cache",
    "hashlib": "no digest is needed without the result cache (OpenSSL's start-up)",
    "_hashlib": "idem",
    "shutil": "argparse's formatter is told the terminal width",
    "difflib": "only --diff shows diffs",
    "tempfile": "nothing is written to the cache directory on a warm run",
    "multiprocessing": "one file is linted in this process",
    "concurrent": "idem",
    "mcp": "the MCP SDK is for `agis-lint mcp` only",
    "pygls": "the language server's library",
    "lsprotocol": "idem",
}
# agis_lsp packages and modules a small file's lint must not import
HEAVY_OWN = ("agis_lsp.convert", "agis_lsp.lsp", "agis_lsp.cli.convert", "agis_lsp.cli.catalog_diff",
             "agis_lsp.cli.mcp", "agis_lsp.semantic.encoder", "agis_lsp.semantic.heads",
             "agis_lsp.catalog.parse_json")


def _imported(tmp_path) -> set:
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from gen_docs import document                   # the start-up benchmark's clean document
    doc = tmp_path / "one.agis"
    doc.write_text(document(1), encoding="utf-8")
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=str(tmp_path / "cache"))
    cmd = [AGIS_LINT, "check", "--no-cache", "--no-semantic", "-q", str(doc)]
    first = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0, first.stderr      # fills the caches a run after an install reads
    env["PYTHONPROFILEIMPORTTIME"] = "1"
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    names = {m.group(1) for m in re.finditer(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)\s*$",
                                              proc.stderr, re.M)}
    assert "agis_lsp.engine.linter" in names and "agis_lsp.rules.security._scan" in names, proc.stderr[-2000:]
    return names


def test_a_small_file_imports_nothing_heavy(tmp_path):
    names = _imported(tmp_path)
    heavy = sorted(n for n in names if n.split(".")[0] in HEAVY)
    assert heavy == [], {n: HEAVY[n.split(".")[0]] for n in heavy}
    own = sorted(n for n in names if any(n == h or n.startswith(h + ".") for h in HEAVY_OWN))
    assert own == []
