"""Contradictions the kind heads cannot see, decided by rule on the verb table (stdlib only).

The compatibility matrix calls some kinds half-compatible because one verb can be both (ARCHIVE
modifies and removes; SEND notifies and transfers). Between two verbs that are each only one of
them the pair is a class swap: UPDATE / "Deletes the document permanently", NOTIFY / "Transfers the
balance to another account". And a method that acts, whose intent only reads ("Returns the history
of past ambulance calls" for DISPATCH), describes another operation, though real APIs also write
"Returns the new token" for an action: that one is a warning, not an error. Both were measured on
the development pairs only (models/README.md, "Pass 6 on hard pairs").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .text import later_clauses

# Kinds that are half-compatible in the matrix but contradict each other between two verbs
# that are each only one of them.
SWAPPED_KINDS = frozenset({frozenset(("modify", "remove")), frozenset(("notify", "transfer"))})
# Leading verbs missing from the verb table (HTTP-like names) and their kind.
_HTTP_HEADS = {"delete": ("remove",), "get": ("retrieve",)}
# Leading verbs that only read (RETURN and GET are not in the verb table).
READING_VERBS = frozenset("return get retrieve fetch list show display read view describe".split())
_PRODUCES_DATA = frozenset(("discover", "retrieve", "analyze"))
# Leading verbs that run what their object names ("Run a read-only SQL query", "Execute JavaScript
# in the browser console"): the operation is the object's, so their own kind says little.
RUNNING_VERBS = frozenset("run execute perform invoke do".split())


def kinds_of(table: Mapping[str, Sequence[str]], verb: str) -> tuple[str, ...]:
    return tuple(table.get(verb.upper()) or _HTTP_HEADS.get(verb.lower(), ()))


def class_swap(table: Mapping[str, Sequence[str]], verb: str, head: str, intent: str) -> bool:
    """One-kind method, one-kind intent head, the two kinds a swapped pair, one clause."""
    own, lead = kinds_of(table, verb), kinds_of(table, head)
    if len(own) != 1 or len(lead) != 1 or later_clauses(intent):
        return False
    return frozenset((own[0], lead[0])) in SWAPPED_KINDS


def only_reads(table: Mapping[str, Sequence[str]], verb: str, head: str, intent: str) -> bool:
    """A method that acts (no kind of it discovers, retrieves or analyzes) whose one-clause
    intent leads with a verb that only reads ("Returns ...", "Lists ...")."""
    own = kinds_of(table, verb)
    if not own or _PRODUCES_DATA & set(own) or head not in READING_VERBS:
        return False
    return not later_clauses(intent)


def exclusive_kinds(table: Mapping[str, Sequence[str]], compat, verb: str, head: str) -> bool:
    """Both verbs are in the table and no kind of one goes with any kind of the other
    (``compat(a, b) == 0`` for every pair): FIND / "Creates a ticket", PLACE / "Retrieves the
    order". A running verb ("Runs a query") is no evidence: its object says what it does."""
    own, lead = kinds_of(table, verb), kinds_of(table, head)
    if not own or not lead or head in RUNNING_VERBS:
        return False
    return all(compat(a, b) == 0 for a in own for b in lead)
