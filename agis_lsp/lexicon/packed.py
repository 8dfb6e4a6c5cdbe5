"""The word table (``words.tsv.gz``: 56,000 words) in a form that loads in about a
millisecond: the words sorted in one string, looked up by bisection, kept in the cache
directory. Building the dict from the data file costs ~20 ms, most of a
terminal run's lexicon time, for the ten or so words one small file asks about.

The cache entry is keyed by this format's number and the data file's device, inode, size
and modification and status-change times (nanoseconds: any write or replacement of the
file sets its status-change time to the present, which no user process can set back), so
an upgrade or an edited table never reads a stale entry, and a run that finds the entry
does not read the data file (a SHA-256 of it, with hashlib's start of OpenSSL, cost more
than the look-ups it serves); a missing, unreadable or foreign entry only means the dict
is built as before (and the entry written for the next run). The lexicon imports no other
package of agis_lsp: the store (a subdirectory of the cache directory,
``engine.cachedir.Store``) is handed to it by the command line
(:func:`use_store`); without one, every run builds the dict.
"""
from __future__ import annotations

import marshal
import os
from array import array
from bisect import bisect_left

_FORMAT = 1
_BISECTIONS = 300  # ~20 us each; the dict costs ~8 ms to build from the packed form


class PackedWords:
    """``word -> (POS flags, rank cost)``: the ``get`` and ``in`` of the dict it replaces."""

    __slots__ = ("_blob", "_starts", "_rows", "_meta", "_n", "_left", "_dict")

    def __init__(self, blob: str, starts: array, rows: array, meta: list) -> None:
        self._blob, self._starts, self._rows, self._meta = blob, starts, rows, meta
        self._n = len(rows)
        self._left = _BISECTIONS     # look-ups by bisection before the dict is built
        self._dict: dict | None = None

    def _as_dict(self) -> dict:
        """The dict, once enough look-ups (a long compound split) make it cheaper."""
        if self._dict is None:
            meta = self._meta
            self._dict = dict(zip(self._blob[:-1].split("\n"), (meta[r] for r in self._rows)))
        return self._dict

    def _word(self, i: int) -> str:
        return self._blob[self._starts[i]:self._starts[i + 1] - 1]

    def _index(self, w: str) -> int:
        i = bisect_left(range(self._n), w, key=self._word)
        return i if i < self._n and self._word(i) == w else -1

    def get(self, w: str, default=None):
        self._left -= 1
        if self._left < 0:
            return self._as_dict().get(w, default)
        i = self._index(w)
        return default if i < 0 else self._meta[self._rows[i]]

    def __contains__(self, w) -> bool:
        self._left -= 1
        if self._left < 0:
            return w in self._as_dict()
        return isinstance(w, str) and self._index(w) >= 0

    def __len__(self) -> int:
        return self._n


def pack(table: dict) -> bytes:
    """The cache entry for ``table`` (word -> (flags, cost))."""
    meta = sorted(set(table.values()))
    row_of = {m: i for i, m in enumerate(meta)}
    words = sorted(table)
    starts, pos = array("I"), 0
    for w in words:
        starts.append(pos)
        pos += len(w) + 1
    starts.append(pos)
    rows = array("H", (row_of[table[w]] for w in words))
    return marshal.dumps((_FORMAT, "".join(w + "\n" for w in words), starts.tobytes(),
                          rows.tobytes(), [list(m) for m in meta]))


def unpack(raw: bytes) -> PackedWords | None:
    try:
        fmt, blob, starts_b, rows_b, meta = marshal.loads(raw)
        if fmt != _FORMAT:
            return None
        starts, rows = array("I"), array("H")
        starts.frombytes(starts_b)
        rows.frombytes(rows_b)
        if len(starts) != len(rows) + 1 or starts[-1] != len(blob):
            return None
        return PackedWords(blob, starts, rows, [(str(f), int(c)) for f, c in meta])
    except (ValueError, TypeError, EOFError):
        return None


_store = None   # read(name) -> bytes | None, write(name, data) -> bool


def use_store(store) -> None:
    """Keep the packed table in ``store`` (None: build the dict every run)."""
    global _store
    _store = store


def store():
    return _store


def entry_name(path) -> str | None:
    """The cache entry of the data file at ``path`` (None: it cannot be read)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return f"words-{_FORMAT}-{st.st_dev}-{st.st_ino}-{st.st_size}-{st.st_mtime_ns}-{st.st_ctime_ns}.bin"
