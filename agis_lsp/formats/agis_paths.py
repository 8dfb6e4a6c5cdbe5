"""The analysis of an AGIS endpoint path: pass 4 (and the MCP names of pass 5) and the
converters read it.

A path is split once into its route (before any `?`), its query string and its
segments; each segment is classified as a literal, a `{param}`, something that
tries to be a parameter, or empty. Literal segments are also split into words
(hyphens, underscores, spaces, dots and camel case) so that rules can look for
the method verb or another verb among them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

LITERAL_OK = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
PARAM_OK = re.compile(r"^\{[a-z][a-z0-9]*(?:_[a-z0-9]+)*\}$")
_PARAM_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")
_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z]+[0-9]*|[0-9]+")
VERSION = re.compile(r"^v[0-9]+(?:[.\-][0-9]+)*$", re.IGNORECASE)


@dataclass(frozen=True)
class Segment:
    index: int          # position among the route's segments
    text: str
    kind: str           # "literal" | "param" | "param-like" | "empty"

    @property
    def words(self) -> tuple:
        return words_of(self.text) if self.kind == "literal" else ()


@dataclass(frozen=True)
class PathInfo:
    raw: str
    leading_slash: bool
    route: str                  # the part before '?'
    query: str | None           # '?...' or None
    segments: tuple             # tuple[Segment]; () for "/"

    @property
    def literals(self) -> list:
        return [s for s in self.segments if s.kind == "literal"]

    def with_segments(self, texts: list) -> str:
        """The path rebuilt from segment texts (empty ones dropped), query kept."""
        kept = [t for t in texts if t]
        return "/" + "/".join(kept) + (self.query or "")


@lru_cache(maxsize=2048)
def words_of(segment: str) -> tuple:
    """Lowercased words of a literal segment: `bookReservation` -> ('book', 'reservation')."""
    return tuple(w.lower() for w in _WORDS.findall(segment))


def kebab(segment: str) -> str:
    return "-".join(words_of(segment))


def is_param_like(text: str) -> bool:
    return ("{" in text or "}" in text or text.startswith(":")
            or (text.startswith("<") and text.endswith(">"))
            or (len(text) > 2 and text.startswith("[") and text.endswith("]")))


@lru_cache(maxsize=2048)
def analyse_path(raw: str) -> PathInfo:
    stripped = raw.strip()
    route, sep, query = stripped.partition("?")
    leading = stripped.startswith("/")
    body = route[1:] if leading else route
    segments = []
    if body or not leading:
        for i, text in enumerate(body.split("/")):
            if text == "":
                kind = "empty"
            elif PARAM_OK.match(text):
                kind = "param"
            elif is_param_like(text):
                kind = "param-like"
            else:
                kind = "literal"
            segments.append(Segment(i, text, kind))
    return PathInfo(raw, leading, route, (sep + query) if sep else None, tuple(segments))


def replace_segment(info: PathInfo, index: int, new: str) -> str:
    texts = [s.text for s in info.segments]
    texts[index] = new
    return info.with_segments(texts)


def snake(name: str) -> str:
    return "_".join(words_of(name))


def param_repair(text: str) -> tuple[str | None, str, bool]:
    """(replacement or None, reason, safe) for a segment that tries to be a parameter."""
    inner, notation = None, ""
    if text.startswith(":") and _PARAM_NAME.match(text[1:]):
        inner, notation = text[1:], "colon notation"
    elif text.startswith("<") and text.endswith(">"):
        body = text[1:-1]
        if ":" in body:  # Flask-style <int:id>: the converter is a type, which belongs in input
            conv, _, name = body.partition(":")
            if _PARAM_NAME.match(name):
                fixed = "{" + snake(name) + "}"
                return fixed, f"angle-bracket notation with a converter ({conv})", False
            return None, "angle-bracket notation", False
        if _PARAM_NAME.match(body):
            inner, notation = body, "angle-bracket notation"
    elif text.startswith("[") and text.endswith("]") and _PARAM_NAME.match(text[1:-1]):
        inner, notation = text[1:-1], "square-bracket notation"
    elif text.startswith("{{") and text.endswith("}}") and _PARAM_NAME.match(text[2:-2]):
        inner, notation = text[2:-2], "double braces"
    elif text.startswith("{") and text.endswith("}") and text.count("{") == 1 and text.count("}") == 1:
        name = text[1:-1]
        if not name.strip():
            return None, "an empty parameter name", False
        if _PARAM_NAME.match(name.strip()):
            fixed = "{" + snake(name.strip()) + "}"
            return fixed, "a parameter name that is not snake_case", False
        return None, "characters a parameter name cannot contain", False
    elif text.count("{") != text.count("}"):
        return None, "unbalanced braces", False
    else:
        return None, "a parameter that is not the whole segment", False
    if inner is None:
        return None, notation or "an unknown notation", False
    name = snake(inner)
    if not name:
        return None, notation, False
    # Pure notation change with the same (already snake_case) name: same meaning.
    return "{" + name + "}", notation, name == inner
