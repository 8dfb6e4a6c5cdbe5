"""The shipped descriptions are the project's own wording, not the reference's.

Verb names, categories, the floor set, the legacy map and the version are
facts; the reference catalog's descriptions are someone else's sentences.
This keeps every shipped description clearly apart from its reference
counterpart, both character-wise (Jaccard overlap of character 5-grams) and
word-wise (content-word Jaccard overlap). The reference's sentences are not in
the repository: tests/catalog/data holds only their hashed fingerprints.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from agis_lsp.catalog import SHIPPED_CATALOG

from .conftest import REFERENCE_FACTS

_REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(_REPO / "scripts"))
from snapshot_reference_catalog import fingerprint  # noqa: E402

MAX_SHINGLE_JACCARD = 0.5
MAX_WORD_JACCARD = 0.6


def _pairs():
    ours = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    ref = json.loads(REFERENCE_FACTS.read_text(encoding="utf-8"))["description_fingerprints"]
    for key, theirs in ref.items():
        section, name = key.split(".", 1)
        entry = ours[section][name]
        yield key, entry if isinstance(entry, str) else entry["description"], theirs


def _jaccard(a, b) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a | b else 1.0


def _too_close(mine: str, theirs: dict) -> tuple[float, float] | None:
    f = fingerprint(mine)
    s, w = _jaccard(f["shingles"], theirs["shingles"]), _jaccard(f["words"], theirs["words"])
    return (round(s, 2), round(w, 2)) if s >= MAX_SHINGLE_JACCARD or w >= MAX_WORD_JACCARD else None


def test_every_reference_description_has_ours() -> None:
    assert len(list(_pairs())) == 425 + 9 + 5


def test_no_description_is_copied_or_nearly_copied() -> None:
    too_close = [(key, c, mine) for key, mine, theirs in _pairs() if (c := _too_close(mine, theirs))]
    assert too_close == []


def test_the_check_itself_catches_copies() -> None:
    # guard against a check that can never fail
    theirs = fingerprint("Retrieve a resource by identifier or location.")
    assert _too_close("Retrieve a resource by its identifier or location.", theirs)
    assert _too_close("retrieve a resource by identifier or location", theirs)
    assert not _too_close("Bring content into the caller's hands.", theirs)


def test_descriptions_are_unique() -> None:
    ours = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    texts = [m["description"] for m in ours["methods"].values()]
    assert len(set(texts)) == len(texts)
