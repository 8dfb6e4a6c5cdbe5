"""Loading catalog files, cached per file (device, inode), mtime and size; the shipped catalog
is the default.

A process that runs the command line also keeps each parsed catalog in the cache directory
(:func:`use_store`; this package imports no engine module, so the command line hands the
store over): validating the shipped catalog's ~400 verbs from its JSON was ~4% of a run on
one small file, reading the kept form a tenth of that. An entry is keyed by the
file's device, inode, size and modification and status-change times (nanoseconds; any
write or replacement sets the status-change time to the present, which no user process can
set back), so an edited catalog is always parsed, and its errors reported, again.
"""
from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

from .parsed import Catalog, CatalogError, MethodTable
from .parse import parse_catalog

_FORMAT = 1
MAX_CATALOG = 64 * 1024 * 1024     # bytes of a catalog read at most
_store = None   # read(name) -> bytes | None, write(name, data) -> bool


def use_store(store) -> None:
    """Keep parsed catalogs in ``store`` (None: parse every catalog every run)."""
    global _store
    _store = store

SHIPPED_CATALOG = Path(__file__).with_name("methods-1.0.0.json")


class CatalogLoader:
    """Loads catalog files, caching each by its device and inode, mtime and size.

    Catalogs are immutable, so one loader can be shared; a server that wants
    its own cache lifetime can own an instance instead of using the default.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], tuple[tuple[int, int], Catalog]] = {}
        self._lock = threading.Lock()

    def load(self, path: str | os.PathLike[str] | None = None) -> Catalog:
        p = Path(path) if path is not None else SHIPPED_CATALOG
        try:
            st = os.stat(p)   # (the file a symbolic link names: keyed by its device and inode,
        except OSError as exc:  # not by a resolved path, which cost a stat per directory a lint)
            raise CatalogError(f"cannot read catalog: {exc.strerror or exc}", path=str(p)) from None
        resolved = (st.st_dev, st.st_ino)
        stamp = (st.st_mtime_ns, st.st_size)
        with self._lock:
            hit = self._cache.get(resolved)
            if hit is not None and hit[0] == stamp:
                return hit[1]
        entry = (f"catalog-{_FORMAT}-{st.st_dev}-{st.st_ino}-{st.st_size}-{st.st_mtime_ns}-"
                 f"{st.st_ctime_ns}.marshal") if _store is not None else None
        catalog = _kept(entry, str(p))
        if catalog is None:
            text = _read_text(p, st)
            catalog = parse_catalog(text, str(p))
            if entry is not None:
                _keep(entry, catalog)
        with self._lock:
            self._cache[resolved] = (stamp, catalog)
        return catalog

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()


def _read_text(p: Path, st: os.stat_result) -> str:
    """The catalog's text. Only a regular file of at most :data:`MAX_CATALOG` bytes is read
    (a FIFO or a device named as the catalog would block the run or never end), opened
    without blocking, checked on the descriptor and read no further than the limit."""
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_CATALOG:
        why = "not a regular file" if not stat.S_ISREG(st.st_mode) else \
            f"larger than {MAX_CATALOG // (1024 * 1024)} MiB"
        raise CatalogError(f"cannot read catalog: {why}", path=str(p))
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise CatalogError("cannot read catalog: not a regular file", path=str(p))
            raw = fh.read(MAX_CATALOG + 1)
        if len(raw) > MAX_CATALOG:
            raise CatalogError(f"cannot read catalog: larger than {MAX_CATALOG // (1024 * 1024)} MiB",
                               path=str(p))
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(f"cannot read catalog: {exc}", path=str(p)) from None


def _kept(entry: str | None, source: str) -> Catalog | None:
    """The catalog kept under ``entry`` (None: not there, unreadable or foreign)."""
    raw = _store.read(entry) if entry is not None else None
    if not raw:
        return None
    import marshal
    try:
        fmt, version, rows, embedded, legacy, legacy_desc, categories = marshal.loads(raw)
    except (ValueError, EOFError, TypeError):
        return None
    if fmt != _FORMAT or not all(isinstance(x, dict) for x in (rows, legacy, legacy_desc, categories)):
        return None
    from types import MappingProxyType
    return Catalog(version=version, methods=MethodTable(rows), embedded=frozenset(embedded),
                   legacy=MappingProxyType(legacy), legacy_descriptions=MappingProxyType(legacy_desc),
                   categories=MappingProxyType(categories), source=source)


def _keep(entry: str, catalog: Catalog) -> None:
    import marshal
    methods = catalog.methods
    rows = methods.rows() if isinstance(methods, MethodTable) else {
        n: (m.categories, m.description, m.deprecated_in, m.removed_in, m.successor)
        for n, m in methods.items()}
    try:
        data = marshal.dumps((_FORMAT, catalog.version, rows, sorted(catalog.embedded),
                              dict(catalog.legacy), dict(catalog.legacy_descriptions),
                              dict(catalog.categories)))
    except ValueError:
        return
    _store.write(entry, data)


_default_loader = CatalogLoader()


def load_catalog(path: str | os.PathLike[str] | None = None) -> Catalog:
    """Load a catalog file; ``None`` loads the shipped catalog.

    Raises CatalogError (with line/col where known) for an unreadable file,
    invalid JSON or a wrong shape.
    """
    return _default_loader.load(path)


def default_catalog() -> Catalog:
    """The catalog shipped with agis-lsp."""
    return _default_loader.load(None)
