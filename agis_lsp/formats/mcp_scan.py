"""What a live scan adds to an MCP tool list: the other definitions a server offers, the
scan's context in ``_meta``, canonical definitions for pinning, and tool-name mentions.

``agis-lint mcp scan`` lints each server as one tools/list-shaped document::

    {"serverInfo": {...}, "instructions": "...", "tools": [...], "prompts": [...],
     "resources": [...], "resourceTemplates": [...],
     "_meta": {"io.agis-lint/scan": {"server": "notes",
                                     "peers": {"other": ["tool", ...]},
                                     "pins": {"tools/list_notes": {"sha256": "...", "text": "..."}},
                                     "error": "why the server could not be read"}}}

so the cross-server and pin rules (``rules/mcp/scan.py``) are ordinary engine rules over
that document: one engine, configured severities, suppressions, every output format.
"""
from __future__ import annotations

import hashlib
import json
import re

SCAN_META = "io.agis-lint/scan"
SECTIONS = ("tools", "prompts", "resources", "resourceTemplates")
_ID_KEY = {"tools": "name", "prompts": "name", "resources": "uri", "resourceTemplates": "uriTemplate"}


def scan_context(data) -> dict:
    """The scan's context of a document (empty outside a live scan)."""
    meta = data.get("_meta") if isinstance(data, dict) else None
    ctx = meta.get(SCAN_META) if isinstance(meta, dict) else None
    return ctx if isinstance(ctx, dict) else {}


def canonical(definition) -> str:
    """A definition as compact JSON with sorted keys: equal definitions, equal text."""
    return json.dumps(definition, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def definitions(data) -> dict:
    """``section/id`` -> (document path, canonical text) for every definition of a snapshot."""
    out: dict = {}
    if not isinstance(data, dict):
        return out
    for section in SECTIONS:
        items = data.get(section)
        for i, item in enumerate(items if isinstance(items, list) else []):
            ident = item.get(_ID_KEY[section]) if isinstance(item, dict) else None
            if isinstance(ident, str) and f"{section}/{ident}" not in out:
                out[f"{section}/{ident}"] = ((section, i), canonical(item))
    if isinstance(data.get("instructions"), str):
        out["instructions"] = (("instructions",), canonical(data["instructions"]))
    return out


# A tool named in prose: `name` in backticks, or an identifier with _ - or . after a verb
# of calling or before the word "tool".
_IDENT = r"[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)+"
MENTION = re.compile(
    r"`(?P<tick>[A-Za-z][A-Za-z0-9_.\-]{2,127})`"
    rf"|\b(?:call|calls|calling|use|uses|using|invoke|invokes|run|runs|with)\s+(?:the\s+)?"
    rf"(?P<verb>{_IDENT})\b"
    rf"|\b(?P<noun>{_IDENT})\s+tool\b", re.IGNORECASE)


def mentions(text: str):
    """(start, end, name) of each tool-like name the text refers to."""
    for m in MENTION.finditer(text):
        group = next(g for g in ("tick", "verb", "noun") if m.group(g))
        yield m.start(group), m.end(group), m.group(group)


def names_in(text: str, names) -> list:
    """Which of ``names`` (identifiers with ``_`` ``-`` ``.`` or 8+ characters) occur in the
    text as whole words."""
    out = []
    for name in names:
        if not isinstance(name, str) or not (re.search(r"[_.\-]", name) or len(name) >= 8):
            continue
        if re.search(rf"(?<![A-Za-z0-9_.\-]){re.escape(name)}(?![A-Za-z0-9_\-]|\.[A-Za-z0-9])", text):
            out.append(name)
    return out
