"""Shared fixtures of the release tests: the sdist and wheel built from this checkout, and the wheelhouse.

Offline at test time: the wheel is built with `python -m build --no-isolation` (setuptools, build and
twine come with the [test] extra) from a clean copy of the checkout; every dependency is installed from
the local wheelhouse that `bash scripts/install_wheelhouse.sh` fills at install time (.ci/run), with
`pip install --no-index --find-links`. Without the wheelhouse a test skips with that command; with
AGIS_EDITOR_TESTS=1 or CI=true it fails, so CI cannot skip them silently.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = Path(os.environ.get("AGIS_WHEELHOUSE", Path.home() / ".cache" / "agis-release" / "wheelhouse"))
INSTALL = "bash scripts/install_wheelhouse.sh"
sys.path.insert(0, str(ROOT / "scripts"))
import build_vsix  # noqa: E402


def required() -> bool:
    return os.environ.get("AGIS_EDITOR_TESTS") == "1" or os.environ.get("CI") == "true"


def missing(what: str, how: str = f"run `{INSTALL}`") -> None:
    message = f"{what} is not there: {how}"
    if required():
        pytest.fail(f"{message} (AGIS_EDITOR_TESTS=1 / CI=true: the release tests must run)")
    pytest.skip(message)


def run(cmd, *, timeout: float, cwd: Path | None = None, env=None, input: str | None = None):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, input=input)


def offline_env(**extra: str) -> dict:
    """pip may only read the wheelhouse (also inside the venvs that pipx and pre-commit make)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV"))}
    return {**env, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(WHEELHOUSE), "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            **extra}


@pytest.fixture(scope="session")
def wheelhouse() -> Path:
    if not any(WHEELHOUSE.glob("onnxruntime-*.whl")):
        missing(f"the wheelhouse {WHEELHOUSE}")
    return WHEELHOUSE


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> dict:
    """sdist and wheel of this checkout (the wheel built from the sdist), offline."""
    out = tmp_path_factory.mktemp("dist")
    wheel = build_vsix.build_wheel(out)
    [sdist] = out.glob("agis_lsp-*.tar.gz")
    return {"dir": out, "wheel": wheel, "sdist": sdist}
