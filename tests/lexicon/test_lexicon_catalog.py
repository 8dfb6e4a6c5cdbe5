"""Every AGTP catalog verb is a valid single base-form action verb."""

from __future__ import annotations

import pytest

from agis_lsp.catalog import default_catalog
from agis_lsp.lexicon import (
    inflection_of,
    is_base_verb,
    is_vague,
    non_action_class,
    split_compound,
)

CATALOG = default_catalog()
VERBS = sorted(CATALOG.methods)


def test_catalog_has_425_verbs() -> None:
    assert len(VERBS) == 425


@pytest.mark.parametrize("verb", VERBS)
def test_catalog_verb(verb: str) -> None:
    assert is_base_verb(verb)
    assert inflection_of(verb) is None
    assert split_compound(verb) is None
    assert non_action_class(verb) is None


def test_only_process_is_vague_among_catalog_verbs() -> None:
    # AGIS 4.2 calls PROCESS borderline; the floor verb EXECUTE is not vague.
    assert [v for v in VERBS if is_vague(v)] == ["PROCESS"]


def test_legacy_targets_are_verbs() -> None:
    for preferred in CATALOG.legacy.values():
        assert is_base_verb(preferred)
