"""The semantic tokens answered last, per document: a declared part of the server.

``features/semantic_tokens.py`` remembers each answer here (its resultId answers a delta request);
the publisher reads it to ask for a refresh when a check flags a token answered before the
check was done; closing a document forgets it.
"""
from __future__ import annotations

import itertools
import threading

from ..ide.token_splice import Snapshot


class TokenCache:
    """uri -> (resultId, Snapshot) of the last answer (any thread)."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[str, Snapshot]] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def remember(self, uri: str, snap: Snapshot) -> str:
        with self._lock:
            result_id = str(next(self._ids))
            self._last[uri] = (result_id, snap)
            return result_id

    def last(self, uri: str) -> Snapshot | None:
        with self._lock:
            hit = self._last.get(uri)
        return hit[1] if hit is not None else None

    def previous(self, uri: str, result_id: str | None) -> list[int] | None:
        """The data answered under ``result_id`` (None: not the last answer for ``uri``)."""
        with self._lock:
            hit = self._last.get(uri)
        return hit[1].data if hit is not None and hit[0] == result_id else None

    def forget(self, uri: str) -> None:
        with self._lock:
            self._last.pop(uri, None)
