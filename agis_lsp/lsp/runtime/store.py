"""The server's diagnostics store: one per document, serving push and pull alike.

Each entry holds the :class:`~agis_lsp.engine.linter.Target` of one (uri, version), its
mechanical :class:`~agis_lsp.engine.linter.Outcome` and, once the model has run, the
merged outcome (``Linter.semantic``: the same diagnostics ``agis-lint check`` gives).
Every change of the content gets a new ``result_id`` (pull clients send it back to learn
that nothing changed).

While the model re-checks a new version, the previous version's semantic findings stay
visible, moved along with the text around them (a finding inside the edited region is
dropped), so they do not blink off on every keystroke; they are replaced as soon as the
fresh ones arrive.
"""
from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field, replace

from ...engine.linter import Outcome, Target
from ...document.incremental import changed_span as changed_region
from ...engine.findings import TextEdit


@dataclass
class DiagnosticsEntry:
    uri: str
    version: int | None
    target: Target
    mechanical: Outcome
    merged: Outcome | None = None                    # both phases, for this very version
    carried: list = field(default_factory=list)      # the previous version's semantic findings, moved
    result_id: str = "0"
    opened: bool = True
    lsp: list | None = None                          # converted diagnostics (cache)

    @property
    def diagnostics(self) -> list:
        if self.merged is not None:
            return self.merged.diagnostics
        if not self.carried:
            return self.mechanical.diagnostics
        return sorted(self.mechanical.diagnostics + self.carried, key=_sort_key)

    @property
    def semantic(self) -> list:
        """The semantic findings shown now (carried over to the next version)."""
        return self.merged.semantic_diagnostics() if self.merged is not None else self.carried

    @property
    def semantic_fresh(self) -> bool:
        return self.merged is not None


def _sort_key(d):
    return d.sort_key()


class DiagnosticsStore:
    def __init__(self) -> None:
        self._entries: dict[str, DiagnosticsEntry] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def _next_id(self) -> str:
        with self._lock:
            return str(next(self._ids))

    def get(self, uri: str) -> DiagnosticsEntry | None:
        return self._entries.get(uri)

    def uris(self) -> list[str]:
        return list(self._entries)

    def entries(self) -> list[DiagnosticsEntry]:
        return list(self._entries.values())

    def remove(self, uri: str) -> DiagnosticsEntry | None:
        return self._entries.pop(uri, None)

    def set_mechanical(self, uri: str, version, target: Target, mechanical: Outcome,
                       opened: bool = True) -> DiagnosticsEntry:
        prev = self._entries.get(uri)
        carried: list = []
        if prev is not None and prev.semantic and target.has_semantic:
            carried = carry_over(prev.semantic, prev.target.doc, target.doc)
        entry = DiagnosticsEntry(uri, version, target, mechanical, None, carried,
                                 self._next_id(), opened)
        self._entries[uri] = entry
        return entry

    def merge_semantic(self, uri: str, version, merged: Outcome) -> DiagnosticsEntry | None:
        """Take both phases' outcome if it is for the stored version; else None.

        The result id changes only when what is shown does: the model's follow-up of a
        document it finds nothing in (every AGTP file since the security pass AGSC901
        applies to them) leaves the content, and so the id, as it was, and a pull client
        that sends it back is answered ``unchanged``."""
        entry = self._entries.get(uri)
        if entry is None or entry.version != version or entry.target is not merged.target:
            return None
        changed = merged.diagnostics != entry.diagnostics
        entry.merged = merged
        entry.carried = []
        if changed:
            entry.result_id = self._next_id()
            entry.lsp = None
        return entry


# -- moving findings along with an edit ---------------------------------------------
# changed_region: the one span an edit replaced (document.incremental's, shared with the parse)
def carry_over(diagnostics: list, old_doc, new_doc) -> list:
    """``diagnostics`` of ``old_doc`` moved to their places in ``new_doc``."""
    if old_doc.text == new_doc.text:
        return list(diagnostics)
    start, old_end, new_end = changed_region(old_doc.text, new_doc.text)
    delta = new_end - old_end

    def move(a: int, b: int):
        if b <= start and not (a == b == start):
            return a, b
        if a >= old_end and a > start:
            return a + delta, b + delta
        return None

    out = []
    lines = new_doc.lines
    for d in diagnostics:
        span = move(d.start, d.end)
        if span is None:
            continue
        fixes = []
        for fix in d.fixes:
            edits = [move(e.start, e.end) for e in fix.edits]
            if all(e is not None for e in edits):
                fixes.append(replace(fix, edits=[TextEdit(a, b, e.new_text)
                                                 for (a, b), e in zip(edits, fix.edits)]))
        related = []
        for rel in d.related:
            if rel.file is None and rel.range is not None:
                a = old_doc.lines.offset(rel.range.start.line, rel.range.start.character)
                b = old_doc.lines.offset(rel.range.end.line, rel.range.end.character)
                moved = move(a, b)
                if moved is None:
                    continue
                related.append(replace(rel, range=lines.range(*moved)))
            else:
                related.append(rel)
        out.append(replace(d, start=span[0], end=span[1], range=lines.range(*span), fixes=fixes,
                           related=related))
    return out


def offset_mover(old: str, new: str):
    """``move(offset)``: an offset of ``old`` at its place in ``new``.

    Offsets before the edited region stay, offsets after it shift, offsets inside it go to
    its start. The function is monotone, so a range stays a range (and nesting is kept),
    and every result lies inside ``new``.
    """
    if old == new:
        return lambda offset: max(0, min(offset, len(new)))
    start, old_end, new_end = changed_region(old, new)
    delta = new_end - old_end

    def move(offset: int) -> int:
        if offset <= start:
            return max(offset, 0)
        if offset >= old_end:
            return min(offset + delta, len(new))
        return start

    return move
