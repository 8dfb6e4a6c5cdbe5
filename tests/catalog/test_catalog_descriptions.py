"""The shipped descriptions are the project's own wording, not the reference's.

Verb names, categories, the floor set, the legacy map and the version are
facts; the reference catalog's descriptions are someone else's sentences.
This keeps every shipped description clearly apart from its reference
counterpart, both character-wise (difflib) and word-wise (content-word
Jaccard overlap).
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest

from agis_lsp.catalog import SHIPPED_CATALOG

import os

_REPO = Path(__file__).resolve().parents[2]
REFERENCE = next(
    (p for p in (Path(b) / "reference" / "agtp-methods-catalog-1.0.0.json"
                 for b in (os.environ.get("AGIS_SHARED"), _REPO.parent / "shared", "/work/shared") if b)
     if p.exists()),
    Path("/nonexistent"),
)
MAX_RATIO = 0.6
MAX_JACCARD = 0.6
STOP = {"a", "an", "the", "of", "or", "to", "and", "for", "in", "on", "by", "it", "its", "is", "e", "g", "so"}

pytestmark = pytest.mark.skipif(not REFERENCE.exists(), reason="reference catalog not available")


def _pairs():
    ours = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    for name, entry in ref["methods"].items():
        yield f"methods.{name}", ours["methods"][name]["description"], entry["description"]
    for name, text in ref["categories"].items():
        yield f"categories.{name}", ours["categories"][name], text
    for name, entry in ref["legacy"].items():
        yield f"legacy.{name}", ours["legacy"][name]["description"], entry["description"]


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower())) - STOP


def test_no_description_is_copied_or_nearly_copied() -> None:
    too_close = []
    for key, mine, theirs in _pairs():
        r = _ratio(mine, theirs)
        a, b = _words(mine), _words(theirs)
        j = len(a & b) / len(a | b) if a | b else 1.0
        if mine.strip().lower() == theirs.strip().lower() or r >= MAX_RATIO or j >= MAX_JACCARD:
            too_close.append((key, round(r, 2), round(j, 2), mine, theirs))
    assert too_close == []


def test_the_check_itself_catches_copies() -> None:
    # guard against a check that can never fail
    assert _ratio("Retrieve a resource by identifier or location.",
                  "Retrieve a resource by identifier or location") >= MAX_RATIO
    assert _ratio("Retrieve a resource by its identifier or location.",
                  "Retrieve a resource by identifier or location.") >= MAX_RATIO


def test_descriptions_are_unique() -> None:
    ours = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    texts = [m["description"] for m in ours["methods"].values()]
    assert len(set(texts)) == len(texts)
