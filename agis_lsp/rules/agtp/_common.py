"""Shared judgements of the AGTP rules: method verdicts, policy lookups, path words.

The name and path syntax is the format's (``formats.agtp.syntax``); re-exported here
for the rules."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...formats.agtp import LEGACY_VERBS, PolicyView
from ...formats.agtp.syntax import (PathAnalysis, Segment, analyze_path, lexically_valid,
                                   normalize_segment)
from .. import _text as text
from .._text import close_matches  # noqa: F401  (the AGTP rules import it from here)


def type_name(v) -> str:
    """A TOML value's type as a message names it ("a table", "an integer")."""
    return text.type_name(v, "toml")


# -- method verdicts ---------------------------------------------------------------------
@dataclass
class MethodVerdict:
    kind: str          # lexical | catalog | deprecated | removed | legacy-enabled | legacy-disabled
    #                    | custom | unknown
    info: object = None
    suggestions: list = field(default_factory=list)


def judge_method(method: str, catalog, *, custom: set, legacy_enabled: set) -> MethodVerdict:
    """What the server makes of an endpoint method (sections 3.2, 3.3, 3.6, 4.4, 4.5)."""
    if not lexically_valid(method):
        return MethodVerdict("lexical")
    info = catalog.get(method)
    if info is not None:
        if catalog.is_removed(method):
            return MethodVerdict("removed", info)
        if info.deprecated:
            return MethodVerdict("deprecated", info)
        return MethodVerdict("catalog", info)
    if method in LEGACY_VERBS:
        return MethodVerdict("legacy-enabled" if method in legacy_enabled else "legacy-disabled")
    if method in custom:
        return MethodVerdict("custom")
    return MethodVerdict("unknown", suggestions=catalog.suggest(method, 3))


def policy_of(ctx) -> PolicyView | None:
    """The method policy that governs the current document (server file or manifest)."""
    if ctx.kind == "agtp-manifest":
        return ctx.view.policies
    if ctx.kind == "agtp-server":
        return ctx.view.policies
    dep = ctx.deployment
    return dep.policy if dep is not None else None


def custom_methods_of(ctx) -> set:
    if ctx.kind == "agtp-manifest":
        return ctx.view.custom_methods(ctx.catalog)
    pol = policy_of(ctx)
    return pol.custom_methods(ctx.catalog) if pol else set()


def server_where(ctx, key: str) -> str:
    return f"the manifest's policies.methods.{key}" if ctx.kind == "agtp-manifest" else \
        f"policies.methods.{key} of agtp-server.toml"


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


def leaking_segments(analysis: PathAnalysis, catalog) -> list[tuple[Segment, str]]:
    """Literal segments equal to a catalog verb after removing '-'/'_' and upper-casing."""
    out = []
    for s in analysis.segments:
        if s.kind != "literal":
            continue
        verb = normalize_segment(s.text)
        if verb and verb in catalog:
            out.append((s, verb))
    return out


def replace_segment(path: str, index: int, new: str) -> str:
    lead = path.startswith("/")
    parts = path.strip("/").split("/")
    parts[index] = new
    return ("/" if lead else "") + "/".join(parts)


# -- path templates across endpoints (section 5.4) -----------------------------------------
def template_shape(path: str) -> tuple | None:
    """Segments with parameters as None; None for paths we cannot judge."""
    if not isinstance(path, str) or not path.startswith("/"):
        return None
    return _shape(path)


@lru_cache(maxsize=8192)
def _shape(path: str) -> tuple | None:
    a = analyze_path(path)
    if a.structure or a.query or any(s.kind == "template-error" for s in a.segments):
        return None
    return tuple(None if s.kind == "param" else s.text for s in a.segments)


def ambiguous(a: list, b: list) -> bool:
    """Two templates match a common request path with the same number of parameters."""
    if len(a) != len(b):
        return False
    if sum(x is None for x in a) != sum(x is None for x in b) or all(x is not None for x in a):
        return False
    return all(x is None or y is None or x == y for x, y in zip(a, b))
