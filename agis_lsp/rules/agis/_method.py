"""What the method passes (2, 3, 6) share: the token analysis (``formats.agis_methods``) and the
fixes that rename a method."""
from __future__ import annotations

from ...formats.agis_methods import MethodToken, analyse, compound_parts, is_valid_method, lexicon

__all__ = ["MethodToken", "analyse", "base_form", "compound_parts", "is_valid_method", "lexicon",
           "HTTP_REPLACEMENTS", "path_with_nouns", "rename_ops"]

# Section 4.3 names the prohibited methods; the replacements follow the AGTP
# catalog's legacy map (GET -> FETCH ...). HEAD, OPTIONS, CONNECT and TRACE have
# no single action-verb equivalent, so they get no fix.
HTTP_REPLACEMENTS = {"GET": "FETCH", "POST": "CREATE", "PUT": "REPLACE", "DELETE": "REMOVE",
                     "PATCH": "MODIFY"}


def base_form(tok: MethodToken):
    """``(inflection, BASE)`` when ``tok`` is an inflected verb AGIS203 reports (BOOKING ->
    BOOK), else None. Pass 6 judges the intent against the base form, the verb the method
    becomes."""
    if not tok.alpha or tok.in_catalog or tok.http or tok.camel:
        return None
    lex = lexicon()
    inf = lex.inflection_of(tok.upper)
    if inf is None or lex.non_action_class(tok.upper):
        return None  # EXISTS, HAS: pass 3 reports them as non-action (their base is no better)
    return inf, inf.base.upper()


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
    from ...engine.findings import Append, Remove, SetValue
    ops = ep.set_method_and_path(new, path) if path is not None else [ep.set_method(new)]
    verbs = ctx.view.vocabulary.get("declared_verbs")
    if not isinstance(verbs, list):
        return ops
    declared = {v.upper(): i for i, v in reversed(list(enumerate(verbs))) if isinstance(v, str)}
    old = ep.method.upper() if isinstance(ep.method, str) else None
    if old == new.upper():
        return ops
    others = sum(1 for e, m in ctx.view.methods_used if e.index != ep.index and m.upper() == old)
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
