import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")


def run_cli(*args, stdin: bytes | None = None, cwd=None, timeout=120):
    """Run agis-lint in a real subprocess (the same entry point users run)."""
    proc = subprocess.run([sys.executable, "-m", "agis_lsp.cli", *args], input=stdin,
                          capture_output=True, cwd=cwd or ROOT, timeout=timeout)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


@pytest.fixture
def cli():
    return run_cli
