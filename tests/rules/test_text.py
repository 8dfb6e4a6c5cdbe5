"""The shared wording helpers of every rule family: did-you-mean, type names, lists."""
from __future__ import annotations

import pytest

from agis_lsp.rules._text import and_list, close_matches, or_list, type_name

KEYS = ("intent", "actor", "outcome", "capability", "confidence_guidance", "impact_tier")


@pytest.mark.parametrize("typo, expected", [
    ("intnet", "intent"),            # a swap of two neighbours is one edit
    ("Actor", "actor"),              # letter case alone
    ("outcom", "outcome"),           # a dropped letter
    ("capabilty", "capability"),
    ("impact_teir", "impact_tier"),
])
def test_one_edit_typos_are_suggested(typo, expected):
    assert close_matches(typo, KEYS) == [expected]


def test_no_suggestion_for_unrelated_or_exact_words():
    assert close_matches("colour", KEYS) == []
    assert close_matches("intent", KEYS) == []
    assert close_matches("", KEYS) == []
    assert close_matches(None, KEYS) == []


def test_short_words_allow_one_edit_only():
    # "age" is two edits from "agent": too far for a three-letter word.
    assert close_matches("age", ("agent", "user")) == []
    assert close_matches("usr", ("agent", "user")) == ["user"]


def test_ties_go_to_the_more_similar_word():
    # 'mnimum' is one edit from 'minimum' only; 'agit' is one edit from both AGIS and AGTP
    # keys, and the one sharing more letters in order wins.
    assert close_matches("mnimum", ("maximum", "minimum")) == ["minimum"]
    assert close_matches("agit", ("agtp", "agis")) == ["agis"]


def test_a_dropped_word_part_falls_back_to_similarity():
    assert close_matches("input_transformation", ("input_transform", "output_transform")) == \
        ["input_transform"]


def test_limit_and_count():
    assert close_matches("FETC", ("FETCHED", "FETA", "FETCH"), 3, limit=1) == ["FETCH", "FETA"]
    assert close_matches("PST", ("POST", "PUT"), 1, limit=1) == ["POST"]


def test_type_names_follow_the_syntax():
    assert [type_name(v) for v in ({}, [], "x", 1, 1.5, True, None)] == \
        ["a mapping", "a list", "a string", "a number", "a number", "a boolean", "null"]
    assert [type_name(v, "toml") for v in ({}, [], "x", 1, 1.5, True, None)] == \
        ["a table", "an array", "a string", "an integer", "a number", "a boolean", "null"]


def test_lists():
    assert or_list(["a"]) == "a"
    assert or_list(["a", "b", "c"]) == "a, b or c"
    assert and_list(["a", "b"]) == "a and b"
    assert and_list([]) == ""
