"""What a word is: a base verb, an inflection, a non-action word, stative, fused, vague."""
from __future__ import annotations

from .tables import Inflection, NonActionClass, get_lexicon

_KIND = {"ing": "present-participle", "ed": "past", "s": "third-person"}


def _norm(word: object) -> str | None:
    if not isinstance(word, str):
        return None
    w = word.strip().lower()
    return w if w.isalpha() and w.isascii() else None


def is_base_verb(word: str) -> bool:
    """True if ``word`` (any case) is the base form of a verb in the lexicon."""
    w = _norm(word)
    return bool(w) and get_lexicon()._is_verb(w)


def inflection_of(word: str) -> Inflection | None:
    """The inflection ``word`` is, or None for base forms and unknown words.

    BOOKING -> (BOOK, present-participle); CANCELLED/CANCELED -> (CANCEL,
    past); RESERVES -> (RESERVE, third-person). When a word is both a base
    verb and an inflection, the base form wins: FOUND, SPRING, PROCESS
    return None.
    """
    w = _norm(word)
    if not w:
        return None
    hit = get_lexicon()._inflection(w)
    if hit is None:
        return None
    base, kind = hit
    return Inflection(word=w.upper(), base=base.upper(), kind=_KIND[kind])  # type: ignore[arg-type]


def is_known_word(word: str) -> bool:
    """True if the lexicon knows ``word`` in any part of speech."""
    w = _norm(word)
    return bool(w) and get_lexicon()._known(w)


def non_action_class(word: str) -> NonActionClass | None:
    """Why ``word`` is not an action verb, or None if it is one (or unknown).

    "being" (IS, HAS, EXISTS, CAN), "state" (AVAILABLE, ACTIVE, VALID,
    PENDING), "noun" (DATA, STATUS, RESTAURANT, RESERVATION), "adjective"
    (QUICK, GREEN), "function" (closed-class words: FOR, WITH, THIS) or
    "adverb" (SOON, ASAP, MAYBE). Returns None for any primarily-verb word (OPEN, CLEAR,
    BOOK) and for inflected verb forms, which pass 2 reports instead.
    """
    w = _norm(word)
    if not w:
        return None
    lex = get_lexicon()
    cls = lex.nonaction.get(w)
    if cls is not None:
        return cls  # type: ignore[return-value]
    if lex._is_verb(w) or lex._inflection(w) is not None:
        return None
    flags = lex._flags(w)
    if "a" in flags:
        return "adjective"
    if "n" in flags or "x" in flags:
        return "noun"
    if "r" in flags:
        return "adverb"  # SOON, ASAP, MAYBE: adverbs only, never verbs
    return None


def is_stative(word: str) -> bool:
    """True for stative verbs (KNOW, WANT, NEED, OWN, CONTAIN ...): verbs naming a state (AGIS 4.2)."""
    w = _norm(word)
    return bool(w) and w in get_lexicon().stative


def fused_phrasal(word: str) -> tuple[str, tuple[str, ...]] | None:
    """(phrase, suggested catalog verbs) for a fused phrasal noun such as LOGIN ("log in")."""
    w = _norm(word)
    return get_lexicon().fused.get(w) if w else None


def is_vague(word: str) -> bool:
    """True for valid but vague verbs (PROCESS, HANDLE, MANAGE, DO, RUN ...)."""
    w = _norm(word)
    return bool(w) and w in get_lexicon().vague


def vague_alternatives(word: str) -> tuple[str, ...]:
    """More specific verbs to suggest for a vague one (empty if not vague)."""
    w = _norm(word)
    return get_lexicon().vague.get(w, ()) if w else ()
