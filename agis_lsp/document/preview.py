"""A short, bounded rendering of a document value for messages.

``repr`` recurses into containers (a list nested thousands deep raises
RecursionError) and copies strings whole (a 1 MB value becomes a 1 MB
message). Rules quote values through :func:`preview` instead: at most a few
levels, a few items and ``limit`` characters.
"""
from __future__ import annotations

import reprlib

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40


def preview(value, limit: int = 80) -> str:
    """``repr(value)`` shortened: nested levels, items and long strings elided with '...'."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
