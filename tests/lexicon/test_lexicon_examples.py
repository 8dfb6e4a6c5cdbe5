"""Every example from the design brief and the AGIS draft (sections 4.1-4.4)."""

from __future__ import annotations

import pytest

from agis_lsp.lexicon import (
    Inflection,
    inflection_of,
    is_base_verb,
    is_known_word,
    is_vague,
    non_action_class,
    split_compound,
    split_words,
    vague_alternatives,
)

BASE_FORMS_THAT_LOOK_INFLECTED = [
    "BRING", "PROCESS", "ACCESS", "EMBED", "SEED", "SPRING", "FOCUS", "ADDRESS", "PROCEED",
    "FOUND", "BUS", "PRESS", "NEED", "FEED", "SHRED", "STRING", "SING", "BLESS", "BYPASS", "READ",
]


@pytest.mark.parametrize("word", BASE_FORMS_THAT_LOOK_INFLECTED)
def test_base_forms_are_base_verbs_not_inflections(word: str) -> None:
    assert is_base_verb(word)
    assert is_base_verb(word.lower())
    assert inflection_of(word) is None
    assert split_compound(word) is None
    assert non_action_class(word) is None


@pytest.mark.parametrize(
    "word, base, kind",
    [
        ("BOOKING", "BOOK", "present-participle"),
        ("BOOKED", "BOOK", "past"),
        ("BOOKS", "BOOK", "third-person"),
        ("CANCELLED", "CANCEL", "past"),
        ("CANCELED", "CANCEL", "past"),
        ("CANCELLING", "CANCEL", "present-participle"),
        ("RESERVES", "RESERVE", "third-person"),
        ("RESERVING", "RESERVE", "present-participle"),
        ("EMBEDDED", "EMBED", "past"),
        ("PROCESSES", "PROCESS", "third-person"),
        ("SPRUNG", "SPRING", "past"),
        ("LEFT", "LEAVE", "past"),
        ("BOUGHT", "BUY", "past"),
        ("SETTING", "SET", "present-participle"),
        ("SYNCED", "SYNC", "past"),
        ("REBOOKED", "REBOOK", "past"),  # catalog verb
        ("REINDEXED", "REINDEX", "past"),  # prefix + known inflection
    ],
)
def test_inflections(word: str, base: str, kind: str) -> None:
    inf = inflection_of(word)
    assert inf == Inflection(word=word, base=base, kind=kind)
    assert inflection_of(word.lower()) == inf
    assert not is_base_verb(word)


def test_found_is_a_base_verb_even_though_it_is_also_the_past_of_find() -> None:
    assert is_base_verb("FOUND")
    assert inflection_of("FOUND") is None
    assert inflection_of("FOUNDED") == Inflection("FOUNDED", "FOUND", "past")


def test_unknown_and_odd_inputs() -> None:
    for bad in ("", "   ", "XQZTV", "BOOK2", "BOOK_TABLE", None, 42):
        assert not is_base_verb(bad)  # type: ignore[arg-type]
        assert inflection_of(bad) is None  # type: ignore[arg-type]
        assert non_action_class(bad) is None  # type: ignore[arg-type]
    assert not is_known_word("XQZTV")
    assert is_known_word("restaurant")


@pytest.mark.parametrize(
    "token, parts",
    [
        ("BOOK_TABLE", ["BOOK", "TABLE"]),
        ("FindRestaurant", ["FIND", "RESTAURANT"]),
        ("book-reservation", ["BOOK", "RESERVATION"]),
        ("BOOKTABLE", ["BOOK", "TABLE"]),
        ("CANCELBOOKING", ["CANCEL", "BOOKING"]),
        ("FINDRESTAURANT", ["FIND", "RESTAURANT"]),
        ("CANCEL_BOOKING", ["CANCEL", "BOOKING"]),
        ("GENERATE_REPORT", ["GENERATE", "REPORT"]),
        ("generateReport", ["GENERATE", "REPORT"]),
        ("getHTTPResponse", ["GET", "HTTP", "RESPONSE"]),
        ("GETUSERBYID", ["GET", "USER", "BY", "ID"]),
        ("SENDEMAIL", ["SEND", "EMAIL"]),
        ("EXPORTCSV", ["EXPORT", "CSV"]),
        ("RESTAURANTSEARCH", ["RESTAURANT", "SEARCH"]),  # noun-verb order
        ("REBOOKTABLE", ["REBOOK", "TABLE"]),
    ],
)
def test_split_compound(token: str, parts: list[str]) -> None:
    assert split_compound(token) == parts


@pytest.mark.parametrize(
    "token",
    ["UNDERSTAND", "OVERRIDE", "BACKUP", "CHECKIN", "CHECKOUT", "LOOKUP", "AUDITLOG",
     "ROLLBACK", "SHUTDOWN", "FAILOVER", "HANDOFF", "BOOK", "book", "RESTAURANT",
     "WISHLIST", "OFFLINE", "UPSERT", "GEOCODE", "SEARCH2", "BOOK_", "XQZTVBLORP", "", "AB"],
)
def test_split_compound_none_for_single_words(token: str) -> None:
    assert split_compound(token) is None


def test_split_words() -> None:
    assert split_words("BOOK_TABLE") == ["BOOK", "TABLE"]
    assert split_words("book-reservation") == ["BOOK", "RESERVATION"]
    assert split_words("FindRestaurant") == ["FIND", "RESTAURANT"]
    assert split_words("SEARCH2") == ["SEARCH"]
    assert split_words("BOOKTABLE") == ["BOOKTABLE"]
    assert split_words("") == []


@pytest.mark.parametrize(
    "word, cls",
    [
        ("AVAILABLE", "state"), ("ACTIVE", "state"), ("VALID", "state"), ("PENDING", "state"),
        ("READY", "state"), ("IDLE", "state"), ("ONLINE", "state"),
        ("EXISTS", "being"), ("IS", "being"), ("HAS", "being"), ("BE", "being"), ("CAN", "being"),
        ("STATUS", "noun"), ("DATA", "noun"), ("INFO", "noun"), ("RESTAURANT", "noun"),
        ("RESERVATION", "noun"), ("CALENDAR", "noun"), ("VERSION", "noun"), ("WEEKEND", "noun"),
        ("QUICK", "adjective"), ("GREEN", "adjective"),
    ],
)
def test_non_action_classes(word: str, cls: str) -> None:
    assert non_action_class(word) == cls
    assert non_action_class(word.lower()) == cls


@pytest.mark.parametrize(
    "word",
    ["OPEN", "CLEAR", "CLOSE", "EMPTY", "COMPLETE", "FREE", "BOOK", "ORDER", "RECORD",
     "SCHEDULE", "EXECUTE", "PROCESS", "TABLE", "PAGE", "EMAIL", "BOOKING", "CANCELLED"],
)
def test_primarily_verbs_and_inflections_are_not_non_action(word: str) -> None:
    assert non_action_class(word) is None


def test_noun_reading_does_not_stop_pass_2() -> None:
    # CALENDAR is grammatically a verb ("calendar the hearing"): pass 2
    # accepts the form, pass 3 reports that it is primarily a noun.
    assert is_base_verb("CALENDAR")
    assert non_action_class("CALENDAR") == "noun"


def test_vague() -> None:
    for word in ("PROCESS", "HANDLE", "MANAGE", "DO", "PERFORM", "RUN", "make"):
        assert is_vague(word), word
        assert is_base_verb(word), word
        alts = vague_alternatives(word)
        assert alts and all(a.isupper() for a in alts)
        assert word.upper() not in alts
    for word in ("EXECUTE", "BOOK", "RESERVE", "FETCH", "", "XQZ"):
        assert not is_vague(word)
        assert vague_alternatives(word) == ()
    assert "VALIDATE" in vague_alternatives("process")
