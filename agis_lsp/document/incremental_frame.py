"""Re-parse only the top-level entry an edit of the frame touched (``document.incremental``).

An edit outside the ``endpoints`` list of a YAML AGIS document (the top-level
``description``, ``version``, the vocabulary, ...) lies within the lines of one top-level
entry. Those lines parse alone as a one-key mapping at column 0; the result is spliced into
a new :class:`Document` equal, container for container and span for span, to a full parse
(``tests/test_incremental_parse.py``). The endpoints are the previous version's objects,
their spans read through the edit (:class:`~agis_lsp.document.splice.SplicedContainers`).

Refused (``None``: the caller parses the whole text): JSON, an edit spanning two entries or
touching the ``endpoints`` entry's lines, text before the first entry (comments, ``---``),
a chunk that does not parse alone as exactly one plain entry at column 0, a key that is
``endpoints`` or another entry's.
"""
from __future__ import annotations

from .tree import Container, Document, Entry
from .positions import LONE_SURROGATE
from .splice import SplicedContainers, shift_container, shift_entry


def reparse_frame(old: Document, new_text: str, edit: tuple, seq) -> Document | None:
    """``new_text`` parsed by re-parsing the one top-level entry ``edit`` (a, b_old, b_new)
    lies in; ``seq`` is the endpoints list's container. None when that cannot be proved."""
    a, b_old, b_new = edit
    root = old.data
    info = old.container(root)
    if info is None or info.flow or old.syntax != "yaml":
        return None
    text = old.text
    keys = list(info.entries)
    starts = [_line_start(text, info.entries[k].entry_start) for k in keys]
    if starts != sorted(starts) or a < starts[0]:
        return None
    j = max(i for i, s in enumerate(starts) if s <= a)
    region = starts[j]
    region_end = starts[j + 1] if j + 1 < len(keys) else len(text)
    if keys[j] == "endpoints" or b_old > region_end or (b_old == region_end and j + 1 < len(keys)) \
            or info.entries[keys[j]].key_start != region:
        return None                                  # not within one frame entry's lines
    delta = b_new - b_old
    chunk_text = new_text[region:region_end + delta]
    if LONE_SURROGATE.search(chunk_text) or not chunk_text.strip():
        return None
    from .yaml_parser import parse_yaml
    chunk = parse_yaml(chunk_text)
    if not chunk.parsed or chunk.problems or not chunk.plain_tree or not isinstance(chunk.data, dict) \
            or len(chunk.data) != 1:
        return None
    (key, value), = chunk.data.items()
    if key == "endpoints" or (key != keys[j] and key in root) or not isinstance(key, str):
        return None
    chunk_root = chunk.containers.get(id(chunk.data))
    if chunk_root is None or chunk_root.flow or chunk_root.start != 0:
        return None
    own = {k: shift_container(c, region) for k, c in chunk.containers.items() if k != id(chunk.data)}
    new_root = {}
    entries = {}
    for i, k in enumerate(keys):
        if i == j:
            new_root[key] = value
            entries[key] = shift_entry(chunk_root.entries[key], region)
        else:
            new_root[k] = root[k]
            e = info.entries[k]
            entries[k] = e if i < j else shift_entry(e, delta)
    last = j == len(keys) - 1
    end = entries[key].entry_end if last else info.end + delta
    own[id(new_root)] = Container(info.start, end, False, entries)
    doc = type(old)(new_text, old.path)
    doc.data, doc.parsed, doc.plain_tree = new_root, True, old.plain_tree
    root_end = old.root_span[1]
    doc.root_span = (old.root_span[0], end if last and root_end == info.end else
                     root_end + delta if root_end >= b_old else root_end)
    doc.containers = SplicedContainers(old.containers, a, b_old, delta, own)
    doc._lines = old.lines.replaced(a, b_old, new_text[a:b_new], new_text)
    return doc


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1
