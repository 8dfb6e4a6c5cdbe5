"""The syntax of AGTP-API names: method names (section 3.2) and paths (section 5)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

METHOD_NAME = re.compile(r"^[A-Z]+$")
PARAM_NAME = re.compile(r"^[A-Za-z0-9_]+$")
# segment-char = unreserved / pct-encoded / sub-delims / ":" / "@" (RFC 3986), section 5.2
_SEGMENT_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@%")
_HEX = set("0123456789abcdefABCDEF")
_RFC6570_OPERATORS = set("+#./;?&=,!@|")


def lexically_valid(method) -> bool:
    return isinstance(method, str) and bool(METHOD_NAME.match(method)) and 3 <= len(method) <= 32


# -- paths ----------------------------------------------------------------------------------
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
    """The path grammar of AGTP-API section 5, as a list of findings by category (one pass
    over the segments; each check is a few lines of the grammar, kept together as in the spec)."""
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
