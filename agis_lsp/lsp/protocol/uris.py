"""URIs <-> file system paths."""
from __future__ import annotations

import os

from pygls import uris


def to_path(uri: str) -> str | None:
    """The absolute file system path of a ``file:`` URI (None for other schemes)."""
    if not uri.startswith("file:"):
        return None
    path = uris.to_fs_path(uri)
    return os.path.abspath(path) if path else None


def from_path(path: str) -> str:
    return uris.from_fs_path(os.path.abspath(path))
