"""AGIS method identifiers (section 4): a token's shape, its words, and whether it is a valid method.

Computed once per token and shared by the method passes (2 and 3) and by completion.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Section 4.3: identifiers prohibited as methods whatever their class (HTTP semantics).
PROHIBITED_HTTP_METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE")

_ALPHA = re.compile(r"^[A-Za-z]+$")
_SEPARATED = re.compile(r"[_\-\s]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")


@dataclass(frozen=True)
class MethodToken:
    raw: str
    upper: str
    alpha: bool               # only A-Z / a-z
    has_space: bool
    separated: tuple          # words split on _ - whitespace (upper-cased) when separators present
    camel: tuple              # words of a camelCase token (upper-cased) when mixed case
    in_catalog: bool
    http: bool


@lru_cache(maxsize=1)
def _catalog_names() -> frozenset:
    from ..catalog import default_catalog
    return frozenset(default_catalog().methods)


def _real_camel(parts: tuple) -> bool:
    """Camel case joins words: every part two letters or more and the first a word the lexicon knows.

    ``bOoK`` splits into B + OO + K and ``BoOk`` into BO + OK: mixed case inside
    one word, which the case rule reports, not a compound.
    """
    if len(parts) < 2 or any(len(p) < 2 for p in parts):
        return False
    from .. import lexicon as lex
    return lex.is_known_word(parts[0]) and (len(parts[0]) > 2 or "x" in lex.get_lexicon()._flags(parts[0].lower()))


def analyse(raw: str, catalog_names: frozenset | None = None) -> MethodToken:
    """The facts of a method token; ``catalog_names``: the methods of the catalog in force
    (a rule passes ``ctx.catalog_names``; None: the shipped catalog's)."""
    return _analyse(raw, _catalog_names() if catalog_names is None else catalog_names)


@lru_cache(maxsize=4096)
def _analyse(raw: str, catalog_names: frozenset) -> MethodToken:
    stripped = raw.strip()
    upper = stripped.upper()
    separated = tuple(w.upper() for w in _SEPARATED.split(stripped) if w) \
        if _SEPARATED.search(stripped) else ()
    camel = ()
    if _ALPHA.match(stripped) and not stripped.isupper() and not stripped.islower() \
            and not (stripped[0].isupper() and stripped[1:].islower()):
        camel = tuple(w.upper() for w in _CAMEL.findall(stripped))
        if not _real_camel(camel):
            camel = ()  # bOoK, BoOk: one word in odd case (AGIS204), not a compound
    return MethodToken(raw, upper, bool(_ALPHA.match(stripped)), bool(re.search(r"\s", raw)),
                       separated, camel if len(camel) > 1 else (), upper in catalog_names,
                       upper in PROHIBITED_HTTP_METHODS)


def lexicon():
    """The lexicon module, imported on first use (rules ask once per endpoint)."""
    if not _LEXICON:
        from .. import lexicon as lex
        _LEXICON.append(lex)
    return _LEXICON[0]


_LEXICON: list = []


def compound_parts(tok: MethodToken) -> list[str] | None:
    """Verb + noun words of a compound token, or None."""
    if tok.separated:
        return list(tok.separated)
    if tok.camel:
        return list(tok.camel)
    if tok.alpha and not tok.in_catalog and not tok.http:
        parts = lexicon().split_compound(tok.upper)
        if parts and len(parts) > 1:
            return [p.upper() for p in parts]
    return None


def is_valid_method(raw: str) -> bool:
    """Would ``raw`` pass the method passes 2 and 3 that need no model (one upper-case base-form verb)?"""
    tok = analyse(raw)
    if not tok.alpha or tok.raw.strip() != tok.upper or tok.http or tok.has_space:
        return False
    if tok.in_catalog:
        return True
    return compound_parts(tok) is None and lexicon().is_base_verb(tok.upper)
