from __future__ import annotations

from pathlib import Path

import pytest

# The facts of the AGTP reference catalog (names, categories, floor set, legacy map,
# version), snapshotted into the repository by scripts/snapshot_reference_catalog.py;
# its descriptions are kept only as fingerprints.
REFERENCE_FACTS = Path(__file__).resolve().parent / "data" / "reference-facts-1.0.0.json"


@pytest.fixture(scope="session")
def reference_path() -> Path:
    return REFERENCE_FACTS
