"""Where agis-lint keeps what it can reuse between runs (lint results, parsed default
severities, compiled patterns).

The location, first match wins:

1. ``$AGIS_LINT_CACHE_DIR``
2. ``$XDG_CACHE_HOME/agis-lint``
3. ``~/.cache/agis-lint``

Everything in it is keyed by the package version and by hashes of what it was built
from, so an upgrade or an edited file never reads a stale entry; deleting the directory
is always safe. A cache directory that cannot be written is not an error: the work is
simply done again.
"""
from __future__ import annotations

import os

from ..files.reading import read_file


def cache_dir() -> str:
    explicit = os.environ.get("AGIS_LINT_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "agis-lint")


def write_atomic(path: str, data: bytes) -> bool:
    """Write ``data`` to ``path`` so that a reader never sees half a file (another
    process may read or write the same entry at the same time)."""
    import tempfile  # only when writing (~5 ms of imports a run that only reads skips)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        return True
    except OSError:
        return False


class Store:
    """One subdirectory of the cache directory, for the leaf packages (lexicon, semantic):
    they import no engine module, so a front end hands them one (``lexicon.packed.use_store``,
    ``semantic.use_store``); without one they build what they need every run."""

    def __init__(self, subdir: str) -> None:
        self.subdir = subdir

    def path(self, name: str) -> str:
        return os.path.join(cache_dir(), self.subdir, name)

    def read(self, name: str) -> bytes | None:
        return read(self.path(name))

    def write(self, name: str, data: bytes) -> bool:
        return write_atomic(self.path(name), data)

    def exists(self, name: str) -> bool:
        return os.path.exists(self.path(name))


def files_stamp(paths: list[str]) -> str | None:
    """A stamp of files that changes whenever one of them is written, replaced, renamed,
    added or removed (None when one cannot be read): their number, total size and the
    latest status-change time (nanoseconds; every write, rename or replacement sets it to
    the present, and no user process can set it back), with the first one's device and
    inode. For the package's own data files, whose parsed form a run reads from here
    (content digests cost a run more than the parse they save: hashlib starts OpenSSL)."""
    try:
        stats = [os.stat(p) for p in paths]
    except OSError:
        return None
    if not stats:
        return "0"
    first = stats[0]
    return (f"{len(stats)}-{sum(s.st_size for s in stats)}-{max(s.st_ctime_ns for s in stats)}-"
            f"{first.st_dev}-{first.st_ino}")


def read(path: str) -> bytes | None:
    """A cache entry's bytes; None when it is missing, unreadable or no regular file."""
    try:
        return read_file(path, None).raw
    except OSError:
        return None
