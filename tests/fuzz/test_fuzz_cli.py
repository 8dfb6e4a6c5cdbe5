"""Fuzzed documents through the installed console script: a few batches, one process each.

Each batch is a deployment-shaped directory (agtp-server.toml, agtp-recipes.toml,
endpoints/*.toml, *.agis, *.json) of generated documents, so the cross-file rules run
too. Checked: exit status in {0, 1}, the JSON output parses and has no AGIS000,
`--fix --unsafe-fixes` exits in {0, 1} and a second `--fix --unsafe-fixes` changes no file.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT

from .generate import documents

pytestmark = pytest.mark.slow

BATCHES = 3
PER_BATCH = 24


def lint_cli(*args, cwd):
    exe = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    proc = subprocess.run([exe, *args], capture_output=True, cwd=cwd, timeout=600,
                          env=dict(os.environ, PYTHONPATH=ROOT))
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def write_batch(folder, docs) -> None:
    for i, (name, raw) in enumerate(docs):
        base = os.path.basename(name)
        if name.startswith("endpoints/") or base.endswith(".toml") and not base.startswith("agtp-"):
            rel = f"endpoints/e{i}-{base}"
        elif base in ("agtp-server.toml", "agtp-recipes.toml") and not (folder / base).exists():
            rel = base
        else:
            stem, dot, ext = base.partition(".")
            rel = f"d{i}-{stem}{dot}{ext}"
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# No shrinking: a batch is 24 documents and every step of a shrink is three processes.
# A failing batch stays on disk (its folder is in the assertion message).
@settings(max_examples=BATCHES, deadline=None, database=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
@given(st.lists(documents(), min_size=PER_BATCH, max_size=PER_BATCH))
def test_fuzzed_deployment_through_the_cli(tmp_path_factory, docs):
    folder = tmp_path_factory.mktemp("fuzz")
    write_batch(folder, docs)
    code, out, err = lint_cli("check", ".", "--format", "json", "--no-semantic", cwd=folder)
    assert code in (0, 1) and "Traceback" not in err, f"{folder}: exit {code}\n{err[-2000:]}"
    report = json.loads(out)
    crashed = [d for d in report["diagnostics"] if d["code"] == "AGIS000"]
    assert not crashed, f"{folder}: {crashed[:3]}"

    code, _, err = lint_cli("check", ".", "--fix", "--unsafe-fixes", "--no-semantic", "-q", cwd=folder)
    assert code in (0, 1) and "Traceback" not in err, f"{folder}: exit {code}\n{err[-2000:]}"
    fixed = snapshot(folder)
    code, _, err = lint_cli("check", ".", "--fix", "--unsafe-fixes", "--no-semantic", "-q", cwd=folder)
    assert code in (0, 1), f"{folder}: exit {code}\n{err[-2000:]}"
    changed = [name for name, data in snapshot(folder).items() if fixed.get(name) != data]
    assert not changed, f"{folder}: a second --fix --unsafe-fixes changed {changed}: {err[-1000:]}"
    shutil.rmtree(folder, ignore_errors=True)
