"""numpy's BLAS runs on one thread in a process of the command line or the server
(``engine.linter.single_blas_thread``), unless the user chose a number."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "restaurant.agis"

# the CLI's own entry in a fresh process, then what the BLAS library was told and how many
# threads numpy's BLAS runs (its threads exist once numpy is imported)
_PROBE = """
import os, sys
from agis_lsp.cli.entry import _run
_run(["check", "--no-cache", "-q", sys.argv[1]])
import numpy
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")))
"""


def _probe(env_value: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    out = subprocess.run([sys.executable, "-c", _PROBE, str(EXAMPLE)], capture_output=True,
                         text=True, env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_command_line_runs_numpy_on_one_blas_thread_and_keeps_a_users_number():
    value, threads = _probe(None)
    assert value == "1"
    chosen, more = _probe("2")
    assert chosen == "2"
    if sys.platform.startswith("linux"):
        # OpenBLAS runs a worker thread beside the caller's for two; none for one
        assert int(more) == int(threads) + 1
