"""Loading catalog files, cached per (path, mtime, size); the shipped catalog is the default."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from .parsed import Catalog, CatalogError
from .parse import parse_catalog

SHIPPED_CATALOG = Path(__file__).with_name("methods-1.0.0.json")


class CatalogLoader:
    """Loads catalog files, caching each by (path, mtime, size).

    Catalogs are immutable, so one loader can be shared; a server that wants
    its own cache lifetime can own an instance instead of using the default.
    """

    def __init__(self) -> None:
        self._cache: dict[str, tuple[tuple[int, int], Catalog]] = {}
        self._lock = threading.Lock()

    def load(self, path: str | os.PathLike[str] | None = None) -> Catalog:
        p = Path(path) if path is not None else SHIPPED_CATALOG
        try:
            resolved = str(p.resolve())
            st = os.stat(resolved)
        except OSError as exc:
            raise CatalogError(f"cannot read catalog: {exc.strerror or exc}", path=str(p)) from None
        stamp = (st.st_mtime_ns, st.st_size)
        with self._lock:
            hit = self._cache.get(resolved)
            if hit is not None and hit[0] == stamp:
                return hit[1]
        try:
            text = Path(resolved).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CatalogError(f"cannot read catalog: {exc}", path=str(p)) from None
        catalog = parse_catalog(text, str(p))
        with self._lock:
            self._cache[resolved] = (stamp, catalog)
        return catalog

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()


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
