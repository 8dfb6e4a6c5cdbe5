"""is_verb_segment: AGIS 4.4(b), verbs are not permitted in path segments."""

from __future__ import annotations

import pytest

from agis_lsp.lexicon import is_verb_segment

LEAKED = [
    "get-restaurant", "bookReservation", "book-reservation", "book_reservation", "bookreservation",
    "search", "retrieve", "update", "authorize", "fetch", "createOrder", "cancel-booking",
    "search-restaurant", "/get-restaurant/", "list-orders", "findRestaurant",
]
ENTITIES = [
    "reservation", "restaurant", "patient-record", "delivery-order", "calendar", "event",
    "order", "book", "record", "report", "order-history", "search-results", "record-type",
    "book-club", "run-logs", "login",
    # homographs in noun use and hyphenated compound nouns are nouns (AGIS 4.4(b))
    "refund", "refund-request", "transfer", "check-in", "follow-up", "make-up", "sign-up", "pick-up",
    "purchase-order", "upload", "signup", "download-link", "{id}", "{order_id}", "", "/", "patientRecord", "booking",
]


@pytest.mark.parametrize("segment", LEAKED)
def test_verb_segments(segment: str) -> None:
    assert is_verb_segment(segment)


@pytest.mark.parametrize("segment", ENTITIES)
def test_entity_segments(segment: str) -> None:
    assert not is_verb_segment(segment)


def test_non_string() -> None:
    assert not is_verb_segment(None)  # type: ignore[arg-type]
