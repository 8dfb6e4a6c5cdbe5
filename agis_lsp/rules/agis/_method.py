"""Shared analysis of a method token for passes 2 and 3 (computed once per token)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

HTTP_METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE")
# Section 4.3 names the prohibited methods; the replacements follow the AGTP
# catalog's legacy map (GET -> FETCH ...). HEAD, OPTIONS, CONNECT and TRACE have
# no single action-verb equivalent, so they get no fix.
HTTP_REPLACEMENTS = {"GET": "FETCH", "POST": "CREATE", "PUT": "REPLACE", "DELETE": "REMOVE",
                     "PATCH": "MODIFY"}

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
    try:
        from ...catalog import default_catalog
        return frozenset(default_catalog().methods)
    except Exception:  # the catalog is optional for AGIS passes
        return frozenset()


def _real_camel(parts: tuple) -> bool:
    """Camel case joins words: every part two letters or more and the first a word the lexicon knows.

    ``bOoK`` splits into B + OO + K and ``BoOk`` into BO + OK: mixed case inside
    one word, which the case rule reports, not a compound.
    """
    if len(parts) < 2 or any(len(p) < 2 for p in parts):
        return False
    from ... import lexicon as lex
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
                       upper in HTTP_METHODS)


def lexicon():
    from ... import lexicon as lex
    return lex


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


def path_with_nouns(nouns: list[str], path) -> str:
    """The path for a split ``VERB_NOUN``: the noun becomes the first segment only when the path names no entity.

    ``CANCEL_BOOKING /{id}`` -> ``/booking/{id}`` and ``BOOK_TABLE /`` -> ``/table``;
    a path that already names a resource is kept: ``CANCEL_RENTAL /bikes/{id}``
    stays ``/bikes/{id}`` (``/rental/bikes/{id}`` would invent a parent), and so does
    a path one of whose segments contains the noun (``CANCEL_RESERVATION
    /get-reservation/{id}``: AGIS406 then removes the verb, giving ``/reservation/{id}``
    whichever fix runs first). The noun is prepended only in front of a path made of
    parameters, versions and verb segments alone (``/search``).
    """
    from ._paths import VERSION, analyse_path, words_of
    segment = "-".join(n.lower() for n in nouns)
    if not isinstance(path, str) or not path.strip("/"):
        return "/" + segment
    wanted = [n.lower() for n in nouns]
    lex = lexicon()
    for seg in analyse_path(path).literals:
        words = list(words_of(seg.text))
        if all(w in words for w in wanted):
            return path  # the path names the noun already (perhaps behind a verb AGIS406 removes)
        if not VERSION.match(seg.text) and not seg.text.isdigit() and not lex.is_verb_segment(seg.text):
            return path  # the path names another resource: keep it, drop the noun
    return "/" + segment + (path if path.startswith("/") else "/" + path)


def rename_ops(ctx, ep, new: str, path: str | None = None) -> list:
    """Ops that rename ``ep``'s method (and path), keeping declared_verbs in step.

    The old verb's entry is renamed when no other endpoint still uses it (or
    removed when the new verb is already declared); otherwise the new verb, if
    not declared yet, takes the place of the one declared verb no endpoint uses
    (see :func:`_spare_entry`) or is appended. One quick fix then leaves no
    undeclared/unused-verb finding behind.
    """
    from ...engine.model import Append, Remove, SetValue
    ops = ep.set_method_and_path(new, path) if path is not None else [ep.set_method(new)]
    verbs = ctx.view.vocabulary.get("declared_verbs")
    if not isinstance(verbs, list):
        return ops
    declared = {v.upper(): i for i, v in reversed(list(enumerate(verbs))) if isinstance(v, str)}
    old = ep.method.upper() if isinstance(ep.method, str) else None
    if old == new.upper():
        return ops
    others = sum(1 for e, m in ctx.view.methods_used if e is not ep and m.upper() == old)
    base = ("vocabulary", "declared_verbs")
    if old in declared and not others:
        if new.upper() in declared:
            ops.append(Remove(base + (declared[old],)))
        else:
            ops.append(SetValue(base + (declared[old],), new.upper()))
    elif new.upper() not in declared:
        spare = _spare_entry(ctx, verbs, old)
        ops.append(Append(base, new.upper()) if spare is None else SetValue(base + (spare,), new.upper()))
    return ops


def _spare_entry(ctx, verbs: list, old: str | None) -> int | None:
    """The index of the one declared verb no endpoint uses, when the renamed method was undeclared.

    ``declared_verbs: [BOOK, FIND]`` with ``GET /restaurants``: FIND is the verb
    the endpoint had before the mistake; renaming GET to FETCH replaces that
    entry rather than appending (the unused FIND would be AGIS702's next fix).
    An unused verb that another undeclared method starts with (CANCEL, with
    CANCEL_BOOKING elsewhere) is kept for that method's own fix. With two or
    more candidates left nothing says which one went; None.
    """
    declared = {v.upper() for v in verbs if isinstance(v, str)}
    if old is None or old in declared:
        return None
    used = {m.upper() for _, m in ctx.view.methods_used if isinstance(m, str)}
    pending = [m.strip().upper() for e, m in ctx.view.methods_used
               if isinstance(m, str) and m.upper() != old and m.strip().upper() not in declared]
    unused = [i for i, v in enumerate(verbs) if isinstance(v, str) and v.upper() not in used
              and not any(p.startswith(v.upper()) for p in pending)]
    return unused[0] if len(unused) == 1 else None
