"""Which parts of an AGIS document's frame the per-endpoint rules read.

The frame is the document outside its ``endpoints`` list: the top-level ``description``,
``version``, ``vocabulary``, ``schemas``... An edit there used to re-check every endpoint.
Now, as :attr:`LintContext.deployment <agis_lsp.engine.context.LintContext.deployment>`
records which rules read the deployment, the lint context records which top-level keys
the per-endpoint rules read (:class:`FrameRoot`: ``ctx.data`` and the AGIS view's data),
and an edit of keys none of them read re-checks no endpoint (``engine.incremental``).

What is recorded: every ``get``, ``[]`` and ``in`` of a top-level key (``endpoints`` aside:
the endpoints have their own bookkeeping); anything that enumerates the mapping (iteration,
``items()``, ``len``, comparison) records :data:`ALL`. Reads through ``ctx.doc.data`` (the
document's own root) are not recorded: a rule reads it only for what it reports *in the
frame* (pass 1's schema check of the top level, the prose walk of the security pass), and
the frame's findings are computed again on every frame edit (a focused run, whose frame
findings equal a full run's: ``tests/rules/test_per_endpoint.py``).
"""
from __future__ import annotations

ALL = "*"          # the whole mapping was enumerated: any change of the frame counts


class FrameRoot(dict):
    """A shallow copy of a document's top-level mapping that records the keys read into
    ``reads`` (values are the document's own objects)."""

    __slots__ = ("reads",)

    def __init__(self, data: dict, reads: set) -> None:
        dict.__init__(self, data)
        self.reads = reads

    def _key(self, key) -> None:
        if key != "endpoints":
            self.reads.add(key)

    def get(self, key, default=None):
        self._key(key)
        return dict.get(self, key, default)

    def __getitem__(self, key):
        self._key(key)
        return dict.__getitem__(self, key)

    def __contains__(self, key) -> bool:
        self._key(key)
        return dict.__contains__(self, key)

    def _all(self) -> None:
        self.reads.add(ALL)

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def keys(self):
        self._all()
        return dict.keys(self)

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def __len__(self) -> int:
        self._all()
        return dict.__len__(self)

    def __eq__(self, other) -> bool:
        self._all()
        return dict.__eq__(self, other)

    def __ne__(self, other) -> bool:
        self._all()
        return dict.__ne__(self, other)

    __hash__ = None

    def copy(self) -> dict:
        self._all()
        return dict(dict.items(self))

    def __reduce__(self):
        self._all()
        return (dict, (dict(dict.items(self)),))


def changed_keys(old, new) -> set | None:
    """The top-level keys (``endpoints`` aside) whose entry differs between two parsed
    versions of a mapping document (their text, or their value); :data:`ALL` when keys were
    added, removed or reordered. None when either has no top-level mapping with positions."""
    o, n = old.data, new.data
    if not isinstance(o, dict) or not isinstance(n, dict):
        return None
    if list(o) != list(n):
        return {ALL}
    oi, ni = old.container(o), new.container(n)
    if oi is None or ni is None:
        return None
    out = set()
    for k in o:
        if k == "endpoints":
            continue
        oe, ne = oi.entries.get(k), ni.entries.get(k)
        if oe is None or ne is None:
            return None
        if old.text[oe.entry_start:oe.entry_end] != new.text[ne.entry_start:ne.entry_end] \
                or type(o[k]) is not type(n[k]) or o[k] != n[k]:
            out.add(k)
    return out


def affected(reads, changed: set) -> bool:
    """Whether rules that read ``reads`` (None: not recorded) may find otherwise after the
    keys ``changed`` changed."""
    if not changed:
        return False
    return reads is None or ALL in reads or ALL in changed or not reads.isdisjoint(changed)
