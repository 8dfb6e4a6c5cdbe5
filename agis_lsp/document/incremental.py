"""Re-parse only what an edit touched: one endpoint of an AGIS document (YAML or JSON).

An editor sends a new text after every keystroke; re-parsing a 1,000-endpoint document
takes ~100 ms, re-parsing the one block sequence item the edit lies in well under 1 ms.
:func:`reparse` finds that item (``endpoints[i]``, a block sequence item of the
top-level mapping), parses its text alone (a block sequence item parses at its own
columns), and splices the result into a new :class:`Document` that is equal, container
for container and span for span, to what a full parse of the new text gives
(``tests/test_incremental_parse.py`` checks it after random edits). In JSON the item is
the text between its brackets, re-parsed when the edit lies strictly inside them.

Whatever it cannot prove equal it refuses (``None``: the caller parses the whole text):
a document with problems, anchors or aliases, a non-list ``endpoints``, a flow sequence,
an edit outside one item's lines, an item that no longer parses alone as exactly one
item at the same column, a chain of splices that has grown long.

Spans after the edit move by the edit's length. Shifting every later container eagerly
would cost more than the parse saved, so the new document's containers are a
:class:`SplicedContainers`: the new item's and the frame's containers, then the previous
version's, read through the edit's offset map and shifted on first use (each version
keeps its own copies, so a feature answering for an older version still sees that
version's spans). :meth:`SplicedContainers.compact` flattens a long chain.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from .tree import Container, Document, Entry
from .positions import LONE_SURROGATE, LineIndex
from .splice import SplicedContainers, shift_container, shift_entry

#: Longest chain of splices read through before :func:`reparse` refuses (the server
#: compacts long before: :data:`COMPACT_AT`).
MAX_DEPTH = 64
#: A chain this long is worth flattening when the server is idle.
COMPACT_AT = 12

_DASH_LINE = re.compile(r"[ ]*-[ ]+")


def depth(doc: Document) -> int:
    return getattr(doc.containers, "depth", 0)


def compact(doc: Document) -> None:
    """Replace a chain of splices by one flat table of ``doc``'s containers (same spans).

    Each container of the chain is mapped through the edits after the version that made it,
    as :meth:`SplicedContainers.get` does, but without reading the chain once per object:
    the oldest table's containers that end before every edit stay as they are, those that
    start after every edit move by the edits' total length, and only those in between
    (around the edited places) go through the edits one by one; a newer version's own
    container shadows an older one of the same id."""
    if not isinstance(doc.containers, SplicedContainers):
        return
    levels, node = [], doc.containers
    while isinstance(node, SplicedContainers):
        levels.append(node)
        node = node.base
    levels.reverse()                                    # oldest first
    before = min(level.start for level in levels)       # every edit starts at or after this
    after, total = None, 0                              # every edit ends before this (oldest coordinates)
    for level in levels:
        bound = level.old_end - total
        after = bound if after is None or bound > after else after
        total += level.delta
    flat: dict = {}
    for key, c in node.items():
        if c.end <= before and c.start < before:
            flat[key] = c
        elif c.start >= after:
            flat[key] = shift_container(c, total) if total else c
        else:
            moved = _through(c, levels)
            if moved is not None:
                flat[key] = moved
    for j, level in enumerate(levels):
        later = levels[j + 1:]
        for key, c in level.own.items():
            moved = _through(c, later)
            if moved is None:
                flat.pop(key, None)
            else:
                flat[key] = moved
    doc.containers = flat


def _through(c: Container, levels: list) -> Container | None:
    """``c`` mapped through ``levels`` (oldest first); None when an edit replaced it."""
    shift = 0
    for level in levels:
        start, end = c.start + shift, c.end + shift
        if start >= level.old_end:
            shift += level.delta
        elif not (end <= level.start and start < level.start):
            return None
    return shift_container(c, shift) if shift else c


def changed_span(old: str, new: str) -> tuple[int, int, int]:
    """The one replaced span: ``old[start:old_end]`` became ``new[start:new_end]``
    (compared block by block: slices of the whole text would copy it many times)."""
    n = min(len(old), len(new))
    start = _common(lambda i, j: old[i:j] == new[i:j], n)
    m = n - start
    lo, hi = len(old), len(new)
    tail = _common(lambda i, j: old[lo - j:lo - i] == new[hi - j:hi - i], m)
    return start, len(old) - tail, len(new) - tail


def _common(same, limit: int, block: int = 4096) -> int:
    """Length of the common run that ``same(i, j)`` (the texts agree on ``[i, j)``) finds."""
    at = 0
    while at + block <= limit and same(at, at + block):
        at += block
    lo, hi = at, min(at + block, limit)
    while lo < hi:                          # within the block that differs: bisection
        mid = (lo + hi + 1) // 2
        if same(at, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _next_line(text: str, offset: int) -> int:
    nl = text.find("\n", offset)
    return len(text) if nl == -1 else nl + 1


def endpoint_items(doc: Document):
    """(the top-level ``endpoints`` list, its container) of a document that parsed without
    problems, anchors or aliases (JSON has none); None otherwise."""
    if not doc.parsed or doc.problems or not (doc.syntax == "json" or doc.plain_tree):
        return None
    items = doc.data.get("endpoints") if isinstance(doc.data, dict) else None
    if not isinstance(items, list) or not items:
        return None
    info = doc.container(items)
    if info is None or len(info.entries) != len(items):
        return None
    return items, info


def reparse(old: Document, new_text: str) -> Document | None:
    """``new_text`` parsed by re-parsing one endpoint of ``old``; None when that cannot be
    proved to equal a full parse (the caller then parses the whole text)."""
    if old.syntax not in ("yaml", "json") or "\r" in new_text or "\r" in old.text \
            or depth(old) >= MAX_DEPTH or new_text.startswith("\ufeff"):
        return None
    found = endpoint_items(old)
    if found is None or found[1].flow != (old.syntax == "json"):
        return None
    items, seq = found
    text = old.text
    a, b_old, b_new = changed_span(text, new_text)
    if a == b_old == b_new:
        return None                                  # the same text: nothing to splice
    if old.syntax == "yaml":
        from .incremental_frame import reparse_frame
        framed = reparse_frame(old, new_text, (a, b_old, b_new), seq)
        if framed is not None:
            return framed                            # an edit of one top-level entry of the frame
    starts = [seq.entries[j].value_start for j in range(len(items))]
    i = max(bisect_right(starts, a) - 1, 0)
    if old.syntax == "json":
        return _reparse_json(old, new_text, (a, b_old, b_new), i)
    entry = seq.entries[i]
    region = _line_start(text, entry.value_start)
    if not _DASH_LINE.fullmatch(text, region, entry.value_start):
        return None
    last = i == len(items) - 1
    region_end = (_next_line(text, entry.value_end) if last
                  else _line_start(text, seq.entries[i + 1].value_start))
    if i + 1 < len(items) and a >= region_end:
        return None
    if a < region or b_old >= region_end:
        return None                                  # not within this item's lines
    delta = len(new_text) - len(text)
    chunk_text = new_text[region:region_end + delta]
    if LONE_SURROGATE.search(chunk_text):
        return None                                  # parse_text's own road reports it
    chunk = _parse_item(chunk_text, seq.start - _line_start(text, seq.start))
    if chunk is None:
        return None
    item, item_entry, containers, chunk_seq = chunk
    new_entry = shift_entry(item_entry, region)
    seq_start = region + chunk_seq.start if i == 0 else seq.start
    seq_end = new_entry.value_end if last else seq.end + delta
    return _splice(old, new_text, (item, new_entry, containers, region), i, (a, b_old, delta), last,
                   (seq_start, seq_end))


def _reparse_json(old: Document, new_text: str, edit: tuple, i: int) -> Document | None:
    """JSON: the item's value (an object or array) is its own delimited text; an edit strictly
    inside its brackets re-parses that text alone."""
    from .json_parser import parse_json
    a, b_old, b_new = edit
    seq = old.container(old.data["endpoints"])
    entry = seq.entries[i]
    if entry.style not in ("map", "seq") or a <= entry.value_start or b_old >= entry.value_end:
        return None
    delta = b_new - b_old
    chunk_text = new_text[entry.value_start:entry.value_end + delta]
    if LONE_SURROGATE.search(chunk_text):
        return None
    chunk = parse_json(chunk_text)
    if not chunk.parsed or chunk.problems or type(chunk.data) is not type(old.data["endpoints"][i]):
        return None
    end = len(chunk_text)
    item_entry = Entry(0, end, 0, end, entry.style, 0, end)
    new_entry = shift_entry(item_entry, entry.value_start)
    last = i == len(seq.entries) - 1
    return _splice(old, new_text, (chunk.data, new_entry, chunk.containers, entry.value_start), i,
                   (a, b_old, delta), last, (seq.start, seq.end + delta))


def _parse_item(chunk_text: str, column: int):
    """The chunk parsed alone: (item data, its entry, its containers) when it is exactly one
    block sequence item at ``column`` with no problems, anchors or aliases; else None."""
    from .yaml_parser import parse_yaml
    doc = parse_yaml(chunk_text)
    if not doc.parsed or doc.problems or not doc.plain_tree or not isinstance(doc.data, list) \
            or len(doc.data) != 1:
        return None
    seq = doc.containers.get(id(doc.data))
    if seq is None or seq.flow or seq.start != _line_start(chunk_text, seq.start) + column:
        return None
    own = dict(doc.containers)
    del own[id(doc.data)]
    return doc.data[0], seq.entries[0], own, seq


def _splice(old: Document, new_text: str, chunk, i: int, edit, last: bool, seq_span) -> Document:
    """The new document: item ``i`` replaced by the chunk's (``new_entry`` absolute, the
    chunk's containers at ``region``), the frame's spans moved, the rest read through."""
    a, b_old, delta = edit
    item, new_entry, chunk_containers, region = chunk
    seq_start, seq_end = seq_span
    root, items = old.data, old.data["endpoints"]
    root_info, seq = old.container(root), old.container(items)
    old_item_end = seq.entries[i].value_end

    def moved(x: int) -> int:
        if last and x == old_item_end:
            return new_entry.value_end
        return x + delta if x >= b_old else x

    own = {k: shift_container(c, region) for k, c in chunk_containers.items()}
    new_items = list(items)
    new_items[i] = item
    entries = {}
    for j, e in seq.entries.items():
        entries[j] = e if j < i else new_entry if j == i else shift_entry(e, delta)
    own[id(new_items)] = Container(seq_start, seq_end, seq.flow, entries)
    new_root = dict(root)
    new_root["endpoints"] = new_items
    root_entries = {}
    for k, e in root_info.entries.items():
        if k == "endpoints":
            root_entries[k] = Entry(e.key_start, e.key_end, seq_start, seq_end, e.style,
                                    e.entry_start, seq_end)
        else:
            root_entries[k] = e if e.entry_end <= a and e.value_end <= a else shift_entry(e, delta)
    own[id(new_root)] = Container(root_info.start, moved(root_info.end), root_info.flow, root_entries)

    doc = type(old)(new_text, old.path)
    doc.data, doc.parsed, doc.plain_tree = new_root, True, old.plain_tree
    doc.root_span = (old.root_span[0], moved(old.root_span[1]))
    doc.containers = SplicedContainers(old.containers, a, b_old, delta, own)
    doc._lines = old.lines.replaced(a, b_old, new_text[a:b_old + delta], new_text)
    return doc
