"""Shared judgements of the AGTP rules: method verdicts, policy lookups, path words.

The name and path syntax, plural nouns and path templates are the format's
(``formats.agtp.syntax``, ``.nouns``, ``.templates``); re-exported here for the rules."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...formats.agtp import LEGACY_VERBS, PolicyView
from ...formats.agtp.syntax import (PathAnalysis, Segment, analyze_path, lexically_valid,
                                   normalize_segment)
from ...formats.agtp.nouns import is_plural, plural  # noqa: F401  (re-exported for the rules)
from ...formats.agtp.templates import ambiguous, template_shape  # noqa: F401
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
