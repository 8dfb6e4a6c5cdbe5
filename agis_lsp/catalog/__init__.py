"""The AGTP method catalog, shipped as data, and lookups over it.

The catalog file format is the one the AGTP-API draft (sections 3 and 4)
describes and the reference server ships::

    {
      "version": "1.0.0",
      "embedded": ["QUERY", ...],                      # protocol floor verbs
      "legacy": {"GET": {"preferred": "FETCH", "description": "..."}, ...},
      "categories": {"discovery": "...", ...},
      "methods": {
        "FETCH": {"categories": ["retrieval"], "description": "...",
                  "deprecated_in": "1.2.0", "removed_in": "2.0.0",   # optional
                  "successor": "RETRIEVE"},                          # optional
        ...
      }
    }

The shipped ``methods-1.0.0.json`` carries the verb names, categories, floor
set, legacy map and version of catalog 1.0.0; every description in it is the
project's own wording. ``load_catalog(path)`` reads any file in this format
(``--catalog FILE``), including the reference server's own file.

Only the standard library is used. Parsed catalogs are immutable and cached
per (path, mtime, size), so repeated loads are free and an edited file is
picked up on the next load.
"""
from __future__ import annotations

from .distance import damerau_levenshtein, typo_limit
from .loader import SHIPPED_CATALOG, CatalogLoader, default_catalog, load_catalog
from .parsed import Catalog, CatalogDiff, CatalogError, MethodInfo, diff_catalogs, version_key
from .parse import parse_catalog

__all__ = [
    "Catalog",
    "CatalogDiff",
    "CatalogError",
    "CatalogLoader",
    "MethodInfo",
    "SHIPPED_CATALOG",
    "damerau_levenshtein",
    "default_catalog",
    "diff_catalogs",
    "load_catalog",
    "parse_catalog",
    "typo_limit",
    "version_key",
]
