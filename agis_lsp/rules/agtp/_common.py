"""Shared judgements of the AGTP rules: method names, paths, policy lookups."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ...formats.agtp import LEGACY_VERBS, PolicyView
from .. import _text as text
from .._text import close_matches  # noqa: F401  (the AGTP rules import it from here)

METHOD_NAME = re.compile(r"^[A-Z]+$")
PARAM_NAME = re.compile(r"^[A-Za-z0-9_]+$")
# segment-char = unreserved / pct-encoded / sub-delims / ":" / "@" (RFC 3986), section 5.2
_SEGMENT_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@%")
_HEX = set("0123456789abcdefABCDEF")
_RFC6570_OPERATORS = set("+#./;?&=,!@|")


def type_name(v) -> str:
    """A TOML value's type as a message names it ("a table", "an integer")."""
    return text.type_name(v, "toml")


def lexically_valid(method) -> bool:
    return isinstance(method, str) and bool(METHOD_NAME.match(method)) and 3 <= len(method) <= 32


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


# -- paths ----------------------------------------------------------------------------
@dataclass
class Segment:
    index: int
    text: str
    kind: str            # "literal" | "param" | "template-error"
    name: str | None = None
    problem: str | None = None


@dataclass
class PathAnalysis:
    raw: str
    structure: list = field(default_factory=list)   # (message, fixed value or None)
    query: str | None = None                         # "?" or "#" found
    bad_chars: list = field(default_factory=list)    # (char, index)
    segments: list = field(default_factory=list)     # Segment
    duplicates: list = field(default_factory=list)   # parameter names given twice

    @property
    def params(self) -> list[str]:
        return [s.name for s in self.segments if s.kind == "param"]

    @property
    def ok(self) -> bool:
        return not (self.structure or self.query or self.bad_chars or self.duplicates or
                    any(s.kind == "template-error" for s in self.segments))


def analyze_path(path: str) -> PathAnalysis:
    """The path grammar of AGTP-API section 5, as a list of findings by category."""
    a = PathAnalysis(path)
    body = path
    for mark in ("?", "#"):
        if mark in body:
            a.query = mark if a.query is None or body.index(mark) < body.index(a.query) else a.query
    if a.query is not None:
        body = body[:min(body.index(m) for m in "?#" if m in body)]
    if body == "":
        a.structure.append(("the path is empty; a path begins with '/'", "/" if path == "" else None))
        return a
    normalized = "/" + "/".join(s for s in body.split("/") if s)
    if not body.startswith("/"):
        a.structure.append(("the path must begin with '/' (section 5.1)", normalized))
        body_checked = "/" + body
    else:
        body_checked = body
    if body_checked != "/" and body_checked.endswith("/"):
        a.structure.append(("the path must not end with '/' unless it is exactly '/' (section 5.1)",
                            normalized))
    inner = body_checked.strip("/")
    if "//" in body_checked.rstrip("/"):
        a.structure.append(("the path has an empty segment ('//'); every segment after '/' needs "
                            "at least one character", normalized))
    if inner == "":
        return a
    seen: dict[str, int] = {}
    offset = 1 if body.startswith("/") else 0
    for i, seg in enumerate(inner.split("/")):
        s = Segment(i, seg, "literal")
        if "{" in seg or "}" in seg:
            if seg.startswith("{") and seg.endswith("}") and seg.count("{") == 1 and seg.count("}") == 1:
                name = seg[1:-1]
                if name and PARAM_NAME.match(name):
                    s.kind, s.name = "param", name
                    if name in seen:
                        a.duplicates.append(name)
                    seen[name] = i
                else:
                    s.kind = "template-error"
                    s.problem = _template_problem(name)
            else:
                s.kind = "template-error"
                if seg.count("{") != seg.count("}"):
                    s.problem = "unbalanced braces"
                else:
                    s.problem = ("mixes literal text and a parameter in one segment, which v00 does "
                                 "not support (section 5.2); give the parameter a segment of its own")
        else:
            j = 0
            while j < len(seg):
                ch = seg[j]
                if ch == "%":
                    if j + 2 < len(seg) and seg[j + 1] in _HEX and seg[j + 2] in _HEX:
                        j += 3
                        continue
                    a.bad_chars.append(("%", offset + j, "'%' not followed by two hex digits"))
                elif ch not in _SEGMENT_CHARS:
                    a.bad_chars.append((ch, offset + j, None))
                j += 1
        offset += len(seg) + 1
        a.segments.append(s)
    return a


def _template_problem(name: str) -> str:
    if not name:
        return "an empty parameter '{}'"
    if name[0] in _RFC6570_OPERATORS:
        return (f"the URI Template (RFC 6570) operator form '{{{name}}}', which AGTP-API v00 does "
                "not admit (section 5.3); only '{name}' is a template")
    if "," in name or name.endswith("*") or ":" in name:
        return (f"the URI Template (RFC 6570) form '{{{name}}}', which AGTP-API v00 does not admit "
                "(section 5.3); only '{name}' with a single name is a template")
    return (f"the parameter name '{name}', which may contain only letters, digits and '_' "
            "(section 5.2)")


def normalize_segment(seg: str) -> str:
    return seg.replace("-", "").replace("_", "").upper()


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
