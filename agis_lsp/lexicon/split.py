"""Splitting method tokens into words: separators and camelCase, and known-word compounds."""
from __future__ import annotations

import re

from .tables import get_lexicon

_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
_NON_ALPHA = re.compile(r"[^A-Za-z]+")


def split_words(token: str) -> list[str]:
    """Split a token on separators and camelCase; upper-case alphabetic words.

    ``"BOOK_TABLE"`` -> ["BOOK", "TABLE"]; ``"getHTTPResponse"`` -> ["GET",
    "HTTP", "RESPONSE"]; digits and punctuation separate words and are
    dropped. A concatenation like ``"BOOKTABLE"`` stays one word (see
    split_compound).
    """
    if not isinstance(token, str):
        return []
    out: list[str] = []
    for piece in _NON_ALPHA.split(token):
        if not piece:
            continue
        if piece.isupper() or piece.islower():
            out.append(piece.upper())
        else:
            out.extend(m.upper() for m in _CAMEL.findall(piece))
    return out


def split_compound(token: str) -> list[str] | None:
    """The words of a compound method token, or None if it is not one.

    Snake, kebab and camel case always split: BOOK_TABLE, book-reservation,
    FindRestaurant. A single run of letters splits only into known words
    with a verb first (BOOKTABLE -> BOOK + TABLE, CANCELBOOKING -> CANCEL +
    BOOKING) or, for noun-verb names, a verb last (RESTAURANTSEARCH). None
    for any word the lexicon knows as a single word (UNDERSTAND, OVERRIDE,
    BACKUP, every catalog verb) and for letters that do not split into
    known words that way.
    """
    words = split_words(token)
    if len(words) >= 2:
        return words
    if len(words) != 1:
        return None
    return get_lexicon()._split_concatenated(words[0].lower())
