"""Assemble an AGIS document from endpoint drafts, with its review items.

Every importer (MCP, OpenAPI, A2T/ADP/AINP, AGTP TOML) produces
:class:`EndpointDraft` objects; this module orders the fields, makes
(method, path) pairs unique, fills the vocabulary block and turns each
draft's review notes into :class:`ReviewItem` objects at document paths.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .result import ReviewItem

_SEMANTIC_ORDER = ("intent", "actor", "outcome", "capability", "confidence_guidance", "impact_tier",
                   "is_idempotent", "parameter_hints", "state_transition", "mcp_tool_name")


@dataclass
class EndpointDraft:
    method: str
    path: str
    source: str                                   # the original tool / operation, for messages
    semantic: dict = field(default_factory=dict)
    input: dict = field(default_factory=lambda: {"type": "object", "properties": {}})
    output: dict = field(default_factory=lambda: {"type": "object"})
    errors: list = field(default_factory=list)    # [{"name", "description"}]
    reviews: list = field(default_factory=list)   # [(path inside the endpoint, message)]
    extra: dict = field(default_factory=dict)     # converter-specific data (handler, original path...)
    alt_segment: str | None = None                # appended to the path when (method, path) collides

    def review(self, where: tuple, message: str) -> None:
        self.reviews.append((where, message))


def endpoint_body(d: EndpointDraft) -> dict:
    sem = {k: d.semantic[k] for k in _SEMANTIC_ORDER if d.semantic.get(k) is not None}
    body = {"method": d.method, "path": d.path, "semantic": sem, "input": d.input, "output": d.output}
    if d.errors is not None:
        body["errors"] = d.errors
    return body


def make_unique(drafts: list[EndpointDraft]) -> None:
    """Two drafts with the same (method, path): the later ones get a distinguishing segment."""
    seen: dict[tuple, EndpointDraft] = {}

    def shape(path: str) -> str:      # /a/{x} and /a/{y} are the same endpoint (AGIS105)
        return re.sub(r"\{[^}]*\}", "{}", path)

    for d in drafts:
        key = (d.method, shape(d.path))
        if key in seen:
            first = seen[key]
            base = d.path.rstrip("/")
            seg = _segment(d.alt_segment) or "variant"
            candidate = f"{base}/{seg}"
            n = 2
            while (d.method, shape(candidate)) in seen:
                candidate = f"{base}/{seg}-{n}"
                n += 1
            d.review(("path",), f"{d.method} {d.path} was already taken by {first.source}; the path "
                     f"was made unique as {candidate}")
            d.path = candidate
            key = (d.method, shape(d.path))
        seen[key] = d


def unique_tool_names(drafts: list[EndpointDraft]) -> None:
    """Appendix C(a) names must be unique (AGIS513): a later endpoint whose generated name is taken
    gets an mcp_tool_name from its method and all its literal path segments."""
    from .mapping import mcp_tool_name
    taken: set = set()
    for d in drafts:
        name = mcp_tool_name(d.method, d.path, d.semantic.get("mcp_tool_name"))
        if name in taken:
            words = [d.method.lower()] + [re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")
                                          for s in d.path.strip("/").split("/") if s and not s.startswith("{")]
            if d.path.rstrip("/").endswith("}"):
                words.append("item")
            base = "_".join(w for w in words if w)
            name, n = base, 2
            while name in taken:
                name = f"{base}_{n}"
                n += 1
            d.semantic["mcp_tool_name"] = name
        taken.add(name)


def _segment(text) -> str:
    if not isinstance(text, str):
        return ""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def build_document(head: dict, drafts: list[EndpointDraft], file: str, schemas: dict | None = None,
                   domain: str | None = None) -> tuple[dict, list[ReviewItem]]:
    """(AGIS data, review items). ``head`` has agis/service/agtp/description/version."""
    make_unique(drafts)
    unique_tool_names(drafts)
    doc = {"agis": "1.0"}
    for k in ("service", "agtp", "description", "version"):
        if head.get(k):
            doc[k] = head[k]
    doc["endpoints"] = [endpoint_body(d) for d in drafts]
    if schemas:
        doc["schemas"] = schemas
    verbs: list[str] = []
    for d in drafts:
        if d.method not in verbs:
            verbs.append(d.method)
    vocab = {"declared_verbs": verbs}
    if domain:
        vocab["domain"] = domain
    doc["vocabulary"] = vocab
    review = [ReviewItem(file, ("endpoints", i) + tuple(where), msg, d.source)
              for i, d in enumerate(drafts) for where, msg in d.reviews]
    return doc, review


def slug(text, default: str = "service") -> str:
    s = re.sub(r"[^a-z0-9]+", "-", str(text or "").lower()).strip("-")
    return s or default
