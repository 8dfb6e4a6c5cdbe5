import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")

# agis-lint's cache (rule index, lint results) goes to one directory per test session, not
# to the user's ~/.cache; the console scripts the tests start inherit it.
# The directory is removed when the session ends.
_OWN_CACHE_DIR = None
if "AGIS_LINT_CACHE_DIR" not in os.environ:
    import tempfile as _tempfile
    _OWN_CACHE_DIR = _tempfile.mkdtemp(prefix="agis-lint-test-cache-")
    os.environ["AGIS_LINT_CACHE_DIR"] = _OWN_CACHE_DIR


def pytest_sessionfinish(session, exitstatus):
    if _OWN_CACHE_DIR is not None:
        import shutil
        shutil.rmtree(_OWN_CACHE_DIR, ignore_errors=True)


def run_cli(*args, stdin: bytes | None = None, cwd=None, timeout=120):
    """Run agis-lint in a real subprocess (the same entry point users run)."""
    proc = subprocess.run([sys.executable, "-m", "agis_lsp.cli", *args], input=stdin,
                          capture_output=True, cwd=cwd or ROOT, timeout=timeout)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


@pytest.fixture
def cli():
    return run_cli


# Property tests are a gate in CI: the same examples every run (derandomized, no example database
# written into the checkout), and no per-example wall-clock deadline (hypothesis' default fails
# an example that takes 200 ms, which a loaded machine makes of any example; the tests bound
# work by CPU time or counts). Longer, randomized fuzzing lives in scripts/ (see the README).
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("gate", derandomize=True, database=None, print_blob=True,
                                      deadline=None)
_hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "gate"))
