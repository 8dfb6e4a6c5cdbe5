"""Whether a path segment names an operation rather than an entity (AGIS 4.4(b))."""
from __future__ import annotations

from .split import split_words
from .tables import get_lexicon


def is_verb_segment(segment: str) -> bool:
    """True if a path segment names an operation rather than an entity (AGIS 4.4(b)).

    A multi-word segment (get-restaurant, bookReservation, book_reservation,
    or a concatenation such as bookreservation) is flagged when its first
    word is a common imperative verb (get, fetch, create, update, delete,
    add, remove, find, cancel, ...) or is a verb and nothing else. Words that
    are as often nouns (book, order, record, search, list, run, set) count
    only when the segment does not end in a head noun such as history,
    results, items, type or status: bookReservation is flagged,
    order-history is not.

    A single-word segment is flagged when it is one of those imperative
    verbs used as an operation (search, retrieve, update) or a word that is
    only a verb (authorize, retrieve); a word that is also a noun
    (order, book, record, event, calendar, login, refund, transfer) is an
    entity name. A verb followed by a particle (check-in, follow-up,
    sign-up, pick-up) is a hyphenated compound noun, never flagged.
    Parameter segments ({id}) and empty segments are never flagged.
    """
    if not isinstance(segment, str):
        return False
    seg = segment.strip().strip("/")
    if not seg or "{" in seg or "}" in seg:
        return False
    lex = get_lexicon()
    words = [w.lower() for w in split_words(seg)]
    if len(words) == 1:
        w = words[0]
        if w in lex.fused:
            return False  # signup, login, backup: the nouns of phrasal verbs (AGIS306)
        if lex._known(w) or lex._derived(w) and lex._is_verb(w):
            role = lex._lead_role(w)
            if role in ("leak", "verb-first"):
                return True
            if role == "ambiguous":
                return False
            return lex._is_verb(w) and not (set(lex._flags(w)) & set("narx")) and w not in lex.nonaction
        parts = lex._split_concatenated(w)
        if not parts:
            return False
        words = [p.lower() for p in parts]
    if len(words) < 2:
        return False
    if "particle" in lex.path_roles.get(words[1], frozenset()):
        return False  # a hyphenated compound noun: check-in, follow-up, sign-up, pick-up
    first, last = words[0], words[-1]
    role = lex._lead_role(first)
    if role == "leak":
        return True
    if role in ("verb-first", "ambiguous"):
        return not lex._is_head(last)
    return (
        lex._is_verb(first)
        and not (set(lex._flags(first)) & set("narx"))
        and first not in lex.nonaction
    )
