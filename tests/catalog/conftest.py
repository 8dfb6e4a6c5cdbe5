from __future__ import annotations

import os
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parents[2]


def reference_catalog_path() -> Path:
    """The reference server's catalog in shared/ (beside the repo), if present."""
    for base in (os.environ.get("AGIS_SHARED"), _REPO.parent / "shared", "/work/shared"):
        if base:
            p = Path(base) / "reference" / "agtp-methods-catalog-1.0.0.json"
            if p.exists():
                return p
    return Path("/nonexistent/agtp-methods-catalog-1.0.0.json")


@pytest.fixture(scope="session")
def reference_path() -> Path:
    p = reference_catalog_path()
    if not p.exists():
        pytest.skip("shared/reference catalog not available")
    return p
