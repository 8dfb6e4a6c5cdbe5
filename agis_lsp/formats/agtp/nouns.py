"""Singular and plural nouns of AGTP path segments (a collection is named in the plural,
AGTP §5.4), judged with the shipped lexicon; the path rules and the converters read them."""
from __future__ import annotations


def _noun_form(lex, w: str) -> bool:
    return len(w) > 1 and "n" in lex._flags(w)


def is_plural(word: str) -> bool:
    """Is ``word`` the plural of a noun the lexicon knows (quotes, boxes, policies, analyses)?"""
    from ... import lexicon
    low = word.lower()
    if not low.endswith("s") or len(low) < 3:
        return False
    lex = lexicon.get_lexicon()
    singulars = [low[:-1]]
    if low.endswith("es"):
        singulars += [low[:-2], low[:-2] + "is"]
    if low.endswith("ies"):
        singulars.append(low[:-3] + "y")
    return _noun_form(lex, low) and any(_noun_form(lex, w) for w in singulars)


def plural(word: str) -> str:
    """The plural of a noun: a form the lexicon knows when it has one (analysis -> analyses),
    else by spelling rules; a word that is already plural (quotes, boxes) is returned as it is."""
    from ... import lexicon
    if is_plural(word):
        return word
    low = word.lower()
    if low.endswith(("s", "x", "z", "ch", "sh")):
        regular = low + "es"
    elif low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        regular = low[:-1] + "ies"
    else:
        regular = low + "s"
    candidates = [regular] + ([low[:-2] + "es"] if low.endswith("is") else [])
    lex = lexicon.get_lexicon()
    out = next((c for c in candidates if _noun_form(lex, c)), regular)
    if word.isupper():
        return out.upper()
    return word[:len(word) - len(low) + _common_prefix(low, out)] + out[_common_prefix(low, out):]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n
