"""Re-check only what an edit can affect: the endpoints whose text changed.

A rule registered ``per_endpoint=True`` promises that its findings on ``endpoints[i]``
depend only on that endpoint, on the document outside the endpoints list (its "frame") and
on the shared facts of every endpoint (:func:`shared_facts`: method, path, MCP tool name,
input references), and that its findings outside every endpoint depend only on the frame
and the shared facts; ``shared_only=True`` that all its findings do (the rule is then not
run while those stay the same: its findings are positioned anew from their paths).
(``tests/rules/test_per_endpoint.py`` holds every such rule to it on every example and
golden document; ``tests/test_incremental_lint.py`` compares incremental and full lints
after random edits.) So when the frame's text is unchanged and the endpoint count is the
same, such a rule runs on the endpoints whose text changed only (the lint context's
``focus``: ``AgisView.endpoints`` and the prose walk list only those), and its other
findings are the previous version's, moved to where their text now is. When a shared fact
changes, everything is checked again. When only the frame changed (:func:`frame_plan`: the
``endpoints`` entry's text is the same, moved), the per-endpoint rules that read a changed
top-level key (recorded pass by pass: ``engine.frame``) run again on the whole document;
the others keep their endpoints' findings, moved, and find the frame's again in a focused
run. Every other rule runs on the whole document, as in a full lint.

The result is put together in one canonical order, the same a full lint uses
(:func:`canonical`): rule by rule, a per-endpoint rule's frame findings first, then
endpoint by endpoint, each in the order the rule gave them; so finishing (suppressions,
consequences, sorting) sees the same list either way.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace

from ..document.incremental import changed_span, endpoint_items
from .findings import Diagnostic, RelatedLocation, TextEdit

FRAME = -1


@dataclass
class Memo:
    """What the next increment reuses: per per-endpoint rule, its positioned findings by
    owner (``FRAME`` or an endpoint index), and where each endpoint's text was."""
    doc: object
    config: object
    catalog: object
    spans: list                                   # (start, end) of each endpoint's text
    by_rule: dict = field(default_factory=dict)   # code -> {owner: [Diagnostic]}
    reads: dict = field(default_factory=dict)     # code -> top-level keys it read (engine.frame)
    kept: object = None                           # engine.incremental_facts.Kept: whole-document rules' per-endpoint values


def layout(doc) -> list | None:
    """The text span of every endpoint of a list-shaped AGIS document; None when the
    document is not one incremental checking can follow."""
    found = endpoint_items(doc)
    if found is None:
        return None
    items, info = found
    return [(info.entries[j].value_start, info.entries[j].value_end) for j in range(len(items))]


def shared_facts(doc) -> tuple:
    """What a per-endpoint rule may read of the other endpoints: their methods, paths, MCP
    tool names and input references (a fix renaming a method asks whether another endpoint
    still uses the old one; a repeated endpoint or tool name is found among all of them; a
    shared schema's findings name the first endpoint using it). When these change, every
    endpoint is checked again."""
    return tuple(_facts(item) for item in doc.data["endpoints"])


def _facts(item):
    if not isinstance(item, dict):
        return type(item).__name__
    return (item.get("method"), item.get("path"), _tool_name(item), _input_refs(item))


def _input_refs(item: dict):
    """The references of an endpoint's input (``$ref``, ``allOf[*].$ref``): which endpoint
    first uses a shared schema names it in that schema's findings (AGIS809)."""
    value = item.get("input")
    if not isinstance(value, dict):
        return None
    subs = value.get("allOf")
    return (value.get("$ref"), tuple(s.get("$ref") if isinstance(s, dict) else None for s in subs)
            if isinstance(subs, list) else None)


def _tool_name(item: dict):
    sem = item.get("semantic")
    if not isinstance(sem, dict):
        return type(sem).__name__
    return ("mcp_tool_name" in sem, sem.get("mcp_tool_name"))


def owner_of(path: tuple, count: int) -> int:
    if len(path) >= 2 and path[0] == "endpoints" and isinstance(path[1], int) and 0 <= path[1] < count:
        return path[1]
    return FRAME


def canonical(diagnostics: list, per_endpoint: set, count: int) -> tuple[list, dict]:
    """A full lint's raw findings in canonical order, and the per-endpoint rules' findings
    grouped by owner (for a :class:`Memo`)."""
    by_rule: dict = {}
    order: list = []
    for d in diagnostics:
        if d.code in per_endpoint:
            groups = by_rule.get(d.code)
            if groups is None:
                groups = by_rule[d.code] = {}
                order.append(("rule", d.code))
            groups.setdefault(owner_of(d.path, count), []).append(d)
        else:
            order.append(("one", d))
    out = []
    for what, item in order:
        out.extend(_flatten(by_rule[item], count) if what == "rule" else [item])
    return out, by_rule


def _flatten(groups: dict, count: int) -> list:
    out = list(groups.get(FRAME, ()))
    for owner in sorted(k for k in groups if k != FRAME):
        out.extend(groups[owner])
    return out


class Mover:
    """Old offsets -> new offsets, endpoint by endpoint (None: in a changed endpoint or a
    gap between endpoints, where nothing reused may point)."""

    def __init__(self, old_spans: list, new_spans: list, dirty: set, old_len: int, new_len: int):
        self.starts = [s for s, _ in old_spans]
        self.old, self.new, self.dirty = old_spans, new_spans, dirty
        self.tail = new_len - old_len

    def __call__(self, x: int) -> int | None:
        j = bisect_right(self.starts, x) - 1
        if j < 0:
            return x                                  # the frame before the endpoints
        s, e = self.old[j]
        if x <= e:
            return None if j in self.dirty else x + self.new[j][0] - s
        if j == len(self.old) - 1:
            return x + self.tail                      # the frame after the endpoints
        return None


def plan(memo: Memo, doc, config, catalog) -> tuple | None:
    """(new spans, changed endpoints, offset mover, changed top-level keys) when ``memo`` can
    serve ``doc`` (an edit of the frame: :func:`frame_plan`).

    Only the text between the first and the last difference changed (found by comparing
    blocks of the two texts), so only the endpoints it overlaps, or whose span no longer
    follows from the old one, can have changed; their shared facts are compared, the
    others' are the same by construction."""
    if memo is None or config != memo.config or catalog is not memo.catalog:
        return None
    spans = layout(doc)
    old_doc = memo.doc
    if spans is None or len(spans) != len(memo.spans):
        return None
    old, new = old_doc.text, doc.text
    a, b_old, b_new = changed_span(old, new)
    delta = b_new - b_old
    first, last = memo.spans[0][0], memo.spans[-1][1]
    inside = a >= first and b_old <= last and spans[0][0] == first and spans[-1][1] == last + delta
    if not inside and (old[:first] != new[:spans[0][0]] or old[last:] != new[spans[-1][1]:]):
        return frame_plan(memo, doc, spans, (a, b_old, b_new))   # the frame changed
    dirty = set()
    for j, ((os_, oe), (ns, ne)) in enumerate(zip(memo.spans, spans)):
        if oe < a or (os_ > b_old and (ns, ne) == (os_ + delta, oe + delta)) or \
                (oe <= a and (ns, ne) == (os_, oe)):
            continue                                  # wholly before or after the edit: the same
        if oe - os_ != ne - ns or old[os_:oe] != new[ns:ne]:
            dirty.add(j)
    if dirty:
        old_items, new_items = old_doc.data["endpoints"], doc.data["endpoints"]
        if any(_facts(old_items[j]) != _facts(new_items[j]) for j in dirty):
            return None                               # what other endpoints read changed
    return spans, dirty, Mover(memo.spans, spans, dirty, len(old), len(new)), set()


def frame_plan(memo: Memo, doc, spans: list, edit: tuple):
    """(spans, no changed endpoint, offset mover, changed top-level keys) for an edit of the
    frame alone: the ``endpoints`` entry's text is the same, only moved; None otherwise."""
    old_doc = memo.doc
    a, b_old, b_new = edit
    oi, ni = old_doc.container(old_doc.data), doc.container(doc.data)
    if oi is None or ni is None or "endpoints" not in oi.entries or "endpoints" not in ni.entries:
        return None
    oe, ne = oi.entries["endpoints"], ni.entries["endpoints"]
    delta = b_new - b_old
    if b_old < oe.entry_start:
        shift = delta
    elif a > oe.entry_end:
        shift = 0
    else:
        return None
    old, new = old_doc.text, doc.text
    if (ne.entry_start, ne.entry_end) != (oe.entry_start + shift, oe.entry_end + shift) \
            or _column(old, oe.entry_start) != _column(new, ne.entry_start) \
            or old[oe.entry_start:oe.entry_end] != new[ne.entry_start:ne.entry_end] \
            or any((ns, nd) != (os_ + shift, od + shift) for (os_, od), (ns, nd) in zip(memo.spans, spans)):
        return None
    from .frame import changed_keys
    changed = changed_keys(old_doc, doc)
    if changed is None:
        return None
    dead = [(a, b_old)] + [(oi.entries[k].entry_start, oi.entries[k].entry_end)
                           for k in changed if k in oi.entries]
    return spans, set(), EditMover(dead, b_old, delta), changed


def _column(text: str, offset: int) -> int:
    return offset - (text.rfind("\n", 0, offset) + 1)


class EditMover:
    """Old offsets -> new offsets across one replaced span ``[a, b_old)`` (``delta`` longer):
    None within it or within a changed entry (``dead``: nothing reused may point there)."""

    def __init__(self, dead: list, b_old: int, delta: int):
        self.dead, self.b_old, self.delta = dead, b_old, delta

    def __call__(self, x: int) -> int | None:
        if any(s <= x <= e for s, e in self.dead):
            return None
        return x + self.delta if x > self.b_old else x


def move(d: Diagnostic, doc, mover: Mover) -> Diagnostic | None:
    """``d`` (positioned in the memo's document) positioned in ``doc``; None when any of its
    places lies where the text changed."""
    start, end = mover(d.start), mover(d.end)
    if start is None or end is None:
        return None
    fixes = []
    for fix in d.fixes:
        edits = []
        for e in fix.edits:
            s, t = mover(e.start), mover(e.end)
            if s is None or t is None:
                return None
            edits.append(TextEdit(s, t, e.new_text))
        fixes.append(replace(fix, edits=edits))
    related = []
    for r in d.related:
        if r.file is None and r.range is not None:
            r = RelatedLocation(r.message, doc.range(r.path, r.part), None, r.path, r.part)
        related.append(r)
    return replace(d, start=start, end=end, range=doc.lines.range(start, end), fixes=fixes,
                   related=related)
