"""Semantic tokens: methods coloured by what the catalog says of them, paths, parameters, schemas.

The legend (``LEGEND``) is fixed. Token types: ``method`` (a verb), ``path`` (an endpoint
path, around its parameters), ``parameter`` (a path's ``{id}``), ``type`` (a schema name,
declared or referenced by ``$ref``), ``function`` (an AGTP recipe name), ``enumMember``
(an error name). Modifiers of a method: its catalog categories (``discovery``,
``retrieval``, ... ``domainSpanning``), ``readonly`` (every category reads only) or
``mutating``, ``deprecated`` (the catalog deprecates it), ``legacy`` (an HTTP verb),
``custom`` (not in the catalog but declared: ``vocabulary.declared_verbs`` or an AGTP
allow list) and ``invalid`` (neither, not upper case, or flagged by a pass 2-3 finding).
``declaration`` marks where a name is declared.

The data is LSP's relative encoding (5 integers a token), converted with the text's own
line index; :func:`delta` turns two encodings into the one edit between them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types

from ...document.positions import utf16_len
from ...formats.registry import DECLARED_VERBS, has_trait
from .hover import READ_ONLY_CATEGORIES
from .places import ERROR, METHOD, PARAM, PATH, RECIPE, SCHEMA, DECLARATION, places_of
from ..protocol import cancel

TOKEN_TYPES = ["method", "path", "parameter", "type", "function", "enumMember"]
CATEGORIES = ["discovery", "retrieval", "analysis", "transaction", "modification", "creation",
              "notification", "mechanics", "domain_spanning"]
TOKEN_MODIFIERS = ["declaration", "readonly", "mutating", "deprecated", "invalid", "legacy",
                   "custom"] + [re.sub(r"_(\w)", lambda m: m.group(1).upper(), c)
                                for c in CATEGORIES]
LEGEND = types.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=TOKEN_MODIFIERS)

_TYPE = {METHOD: 0, PATH: 1, PARAM: 2, SCHEMA: 3, RECIPE: 4, ERROR: 5}
_BIT = {name: 1 << i for i, name in enumerate(TOKEN_MODIFIERS)}
_CATEGORY_BIT = {c: 1 << (7 + i) for i, c in enumerate(CATEGORIES)}
_UPPER = re.compile(r"^[A-Z]+$")


def method_modifiers(name: str, catalog, custom: set, flagged: bool) -> int:
    """The modifier bits of a method ``name``."""
    bits = _BIT["invalid"] if flagged or not _UPPER.match(name) else 0
    info = catalog.get(name) if catalog is not None else None
    if info is not None:
        cats = tuple(info.categories)
        for c in cats:
            bits |= _CATEGORY_BIT.get(c, 0)
        bits |= _BIT["readonly"] if cats and all(c in READ_ONLY_CATEGORIES for c in cats) \
            else _BIT["mutating"]
        if info.deprecated:
            bits |= _BIT["deprecated"]
    elif catalog is not None and catalog.is_legacy(name):
        bits |= _BIT["legacy"]
    elif name.upper() in custom:
        bits |= _BIT["custom"]
    else:
        bits |= _BIT["invalid"]
    return bits


def declared_customs(doc, kind: str | None) -> set:
    """Non-catalog verbs the document itself declares (AGIS ``vocabulary.declared_verbs``)."""
    if not has_trait(kind, DECLARED_VERBS) or not isinstance(doc.data, dict):
        return set()
    vocab = doc.data.get("vocabulary")
    verbs = vocab.get("declared_verbs") if isinstance(vocab, dict) else None
    return {v.upper() for v in verbs if isinstance(v, str)} if isinstance(verbs, list) else set()


@dataclass
class Encoded:
    """Encoded tokens and where each one is (offsets into the text they were made from)."""
    data: list
    starts: list
    ends: list
    line: int = 0          # line and character of the last token (0, 0: none)
    char: int = 0


def encode(text: str, line_starts: list, places, catalog, custom: set, flagged,
           line: int = 0, char: int = 0, last_end: int = -1) -> Encoded:
    """Encode ``places`` (in order) after a token at ``line``/``char`` ending at ``last_end``."""
    out = Encoded([], [], [], line, char)
    data = out.data
    prev_line, prev_char = line, char
    cache: dict = {}
    for p in places:
        cancel.check()
        if p.start < last_end:      # overlapping tokens are not allowed: the first wins
            continue
        type_ = _TYPE.get(p.kind)
        if type_ is None:
            continue
        if p.kind == METHOD:
            hit = any(s < p.end and p.start < e for s, e in flagged) if flagged else False
            key = (p.name, hit)
            bits = cache.get(key)
            if bits is None:
                bits = cache[key] = method_modifiers(p.name, catalog, custom, hit)
        else:
            bits = 0
        if p.role == DECLARATION:
            bits |= _BIT["declaration"]
        while line + 1 < len(line_starts) and line_starts[line + 1] <= p.start:
            line += 1
        char = utf16_len(text[line_starts[line]:p.start])
        length = utf16_len(text[p.start:p.end])
        data += (line - prev_line, char - prev_char if line == prev_line else char, length,
                 type_, bits)
        out.starts.append(p.start)
        out.ends.append(p.end)
        prev_line, prev_char, last_end = line, char, p.end
    out.line, out.char = prev_line, prev_char
    return out


def tokenize(doc, kind: str | None, catalog, custom: set = frozenset(), flagged: list = (),
             places: list | None = None) -> Encoded:
    """:func:`build_tokens` with the offsets of each token (for :mod:`token_splice`)."""
    places = places_of(doc, kind) if places is None else places
    custom = set(custom) | declared_customs(doc, kind)
    return encode(doc.text, doc.lines.starts, places, catalog, custom, flagged)


def build_tokens(doc, kind: str | None, catalog, custom: set = frozenset(),
                 flagged: list = (), places: list | None = None) -> list[int]:
    """The encoded tokens of ``doc``. ``flagged``: (start, end) offsets of pass 2-3 findings;
    ``places``: the places to colour (by default, those of ``doc``)."""
    return tokenize(doc, kind, catalog, custom, flagged, places).data


def delta(old: list[int], new: list[int]) -> list[types.SemanticTokensEdit]:
    """The one edit (common prefix and suffix kept, whole tokens) from ``old`` to ``new``."""
    if old == new:
        return []
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    prefix -= prefix % 5
    suffix = 0
    while suffix < limit - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    suffix -= suffix % 5
    return [types.SemanticTokensEdit(start=prefix, delete_count=len(old) - prefix - suffix,
                                     data=new[prefix:len(new) - suffix])]


def apply_delta(old: list[int], edits) -> list[int]:
    """``old`` with the edits applied (what a client does; used by tests and the benchmark)."""
    out = list(old)
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        out[e.start:e.start + e.delete_count] = list(e.data or [])
    return out
