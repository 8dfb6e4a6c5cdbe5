"""The stdlib text helpers: leading verb of an intent, opposites."""

import pytest

from agis_lsp.semantic.text import intent_head, lemma, opposite


@pytest.mark.parametrize("text,head", [
    ("Returns the cancellation policy", ("return", "return")),
    ("Retrieves cancellation policy", ("retrieve", "retrieve")),
    ("Assesses and prioritizes a patient for care", ("assess", "assess")),
    ("Identifies the plant species", ("identify", "identify")),
    ("Shuts down the cluster gracefully", ("shut down", "shutdown")),
    ("Looks up restaurants near the user", ("look up", "lookup")),
    ("Allows the agent to cancel a booking", ("cancel", "cancel")),
    ("This endpoint lets the caller book a table", ("book", "book")),
    ("Used to refund an order", ("refund", "refund")),
    ("Cancel a subscription", ("cancel", "cancel")),           # imperative (OpenAPI style)
    ("Enables automatic backups for the volume", ("enable", "enable")),  # no actor: a verb
    ("", ("", "")),
])
def test_intent_head(text, head):
    assert intent_head(text) == head


@pytest.mark.parametrize("word,base", [("processes", "process"), ("matches", "match"),
                                       ("creates", "create"), ("status", "status"),
                                       ("does", "do"), ("analyses", "analyse")])
def test_lemma(word, base):
    assert lemma(word) == base


@pytest.mark.parametrize("a,b,expected", [
    ("BLOCK", "unblock", True), ("SELL", "buy", True), ("ACTIVATE", "deactivate", True),
    ("ENABLE", "disable", True), ("IMPORT", "export", True),
    ("DEFINE", "fine", False), ("DISCOVER", "cover", False),   # de-/dis- are not prefixes here
    ("BOOK", "book", False), ("FIND", "return", False), ("UNDO", "do", False),
])
def test_opposite(a, b, expected):
    assert opposite(a, b) is expected
