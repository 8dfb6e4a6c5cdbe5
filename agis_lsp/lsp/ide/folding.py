"""Folding ranges and selection ranges, from the parse's spans.

Folding: every mapping entry or sequence item written over more than one line folds from
its first line to its last line with content (YAML blocks and flow collections, JSON objects
and arrays, TOML tables and arrays of tables, block scalars), and each run of two or more
comment lines folds as a comment.

Selection: from the word under the cursor outwards, the value (or key), the whole entry, then
each enclosing entry, up to the whole text; each range holds the one before it.
"""
from __future__ import annotations

from lsprotocol import types

from ...document.locate import path_at, word_at
from ..protocol.to_lsp import offsets_range
from ..protocol import cancel


def folding_spans(doc) -> list[tuple[int, int]]:
    """(start, end) offsets of the entries that span lines (end: past the last content)."""
    if not doc.parsed:
        return []
    text = doc.text
    out = []
    for info in doc.iter_containers():
        cancel.check()
        for entry in info.entries.values():
            start, end = entry.key_start, entry.value_end
            if not 0 <= start < end <= len(text):
                continue
            while end > start and text[end - 1] in " \t\r\n,":
                end -= 1
            if "\n" in text[start:end] or "\r" in text[start:end]:
                out.append((start, end))
    return out


def _comment_runs(doc) -> list[types.FoldingRange]:
    out, run_start, prev = [], None, None
    lines = doc.lines
    for n in range(lines.line_count):
        cancel.check()
        is_comment = lines.line_text(n).lstrip().startswith(("#", "//"))
        if is_comment and run_start is None:
            run_start = n
        if not is_comment:
            if run_start is not None and prev is not None and prev > run_start:
                out.append(types.FoldingRange(start_line=run_start, end_line=prev,
                                              kind=types.FoldingRangeKind.Comment))
            run_start = None
        prev = n if is_comment else prev
    if run_start is not None and prev is not None and prev > run_start:
        out.append(types.FoldingRange(start_line=run_start, end_line=prev,
                                      kind=types.FoldingRangeKind.Comment))
    return out


def build_folding(doc, spans: list[tuple[int, int]] | None = None) -> list[types.FoldingRange]:
    """Folding ranges of ``doc``; ``spans``: offsets into ``doc.text`` (by default its own)."""
    spans = folding_spans(doc) if spans is None else spans
    lines = doc.lines
    seen = set()
    out = []
    for start, end in spans:
        cancel.check()
        first, last = lines.line_of(start), lines.line_of(max(start, end - 1))
        if last > first and (first, last) not in seen:
            seen.add((first, last))
            out.append(types.FoldingRange(start_line=first, end_line=last))
    out.sort(key=lambda r: (r.start_line, -r.end_line))
    return out + _comment_runs(doc)


def selection_spans(doc, offset: int) -> list[tuple[int, int]]:
    """Nested (start, end) offsets around ``offset``, innermost first."""
    text = doc.text
    offset = max(0, min(offset, len(text)))
    spans = []
    w_start, w_end = word_at(text, offset)
    if w_end > w_start:
        spans.append((w_start, w_end))
    if doc.parsed and doc.data is not None:
        path, part = path_at(doc, offset)
        for i in range(len(path), 0, -1):
            sub = path[:i]
            if not doc.exists(sub):
                continue
            if i == len(path):
                spans.append(doc.span(sub, part))
            spans.append(doc.span(sub, "entry"))
    spans.append((0, len(text)))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if not 0 <= s <= offset <= e <= len(text):
            continue
        if out and not (s <= out[-1][0] and out[-1][1] <= e):
            continue
        if out and (s, e) == out[-1]:
            continue
        out.append((s, e))
    return out


def build_selection_ranges(doc, offsets: list[int]) -> list[types.SelectionRange]:
    lines = doc.lines
    result = []
    for offset in offsets:
        cancel.check()
        parent = None
        for s, e in reversed(selection_spans(doc, offset)):
            parent = types.SelectionRange(range=offsets_range(lines, s, e), parent=parent)
        result.append(parent)
    return result
