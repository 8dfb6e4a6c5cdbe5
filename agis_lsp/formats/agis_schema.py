"""The shipped normative AGIS JSON Schema (draft-hood-independent-agis-01), loaded in one place.

Rules derive their validators from it (``rules/agis/_schema.py``) and the language
server reads field documentation and enums from it (``lsp/ide/schema.py``).
"""
from __future__ import annotations

import json
import os
from functools import lru_cache

SCHEMA_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "schemas", "agis-1.0.schema.json")


@lru_cache(maxsize=1)
def agis_schema() -> dict:
    """The parsed schema; callers must not change it (copy first)."""
    # beside the package's modules, like the lexicon's and the catalog's data (importlib.resources
    # and the zipfile machinery it imports cost ~10 ms of a terminal run's start)
    with open(SCHEMA_FILE, "rb") as fh:
        return json.load(fh)
