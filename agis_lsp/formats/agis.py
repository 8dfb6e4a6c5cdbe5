"""A typed view over an AGIS document.

Endpoints come in two shapes: a list of mappings with ``method`` and ``path``
(canonical), or a mapping keyed ``"BOOK /reservation"`` (the draft's
illustrative notation). Rules iterate :class:`Endpoint` objects and never care
which shape they came from; the view knows the document paths of each part and
builds the fix operations that change a method or a path in either shape.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..document import Document
from ..document.ops import RenameKey, SetValue

_KEYED = re.compile(r"^\s*(\S+)\s+(\S.*?)\s*$")


@dataclass
class Endpoint:
    index: int
    node_path: tuple            # path of the endpoint mapping
    body: dict                  # the endpoint mapping (may be {} if not a mapping)
    method: Any                 # raw method value (str expected)
    path: Any                   # raw path value
    keyed: bool                 # endpoints given as a mapping "METHOD /path"
    key: str | None = None

    @property
    def label(self) -> str:
        return f"{self.method if isinstance(self.method, str) else '?'} " \
               f"{self.path if isinstance(self.path, str) else '?'}"

    # where things are -----------------------------------------------------
    @property
    def method_loc(self) -> tuple[tuple, str]:
        if self.keyed:
            return self.node_path, "key"
        return self.node_path + ("method",), "value"

    @property
    def path_loc(self) -> tuple[tuple, str]:
        if self.keyed:
            return self.node_path, "key"
        return self.node_path + ("path",), "value"

    def field_path(self, *parts) -> tuple:
        return self.node_path + tuple(parts)

    @property
    def semantic(self) -> dict | None:
        s = self.body.get("semantic") if isinstance(self.body, dict) else None
        return s if isinstance(s, dict) else None

    # fix operations --------------------------------------------------------
    def set_method(self, new: str):
        if self.keyed:
            return RenameKey(self.node_path, f"{new} {self.path}")
        return SetValue(self.node_path + ("method",), new)

    def set_method_and_path(self, method: str, path: str) -> list:
        if self.keyed:
            return [RenameKey(self.node_path, f"{method} {path}")]
        return [SetValue(self.node_path + ("method",), method),
                SetValue(self.node_path + ("path",), path)]

    def set_path(self, new: str):
        if self.keyed:
            return RenameKey(self.node_path, f"{self.method} {new}")
        return SetValue(self.node_path + ("path",), new)


def _listed(i: int, item) -> Endpoint:
    body = item if isinstance(item, dict) else {}
    return Endpoint(i, ("endpoints", i), body, body.get("method"), body.get("path"), False)


class AgisView:
    """``focus`` (endpoint indices of a list-shaped document) limits :attr:`endpoints` to
    those: a per-endpoint rule re-checks the endpoints an edit changed (``engine.incremental``)."""

    def __init__(self, doc: Document, focus: frozenset | None = None, data: Any = None) -> None:
        self.doc = doc
        data = doc.data if data is None else data    # (the lint context's: it may record reads)
        self.data = data if isinstance(data, dict) else {}
        self.focus = focus

    @cached_property
    def endpoints(self) -> list[Endpoint]:
        """The endpoints (with a ``focus``, only those)."""
        raw = self.data.get("endpoints")
        if self.focus is None or not isinstance(raw, list):
            return self.all_endpoints
        return [_listed(i, raw[i]) for i in sorted(self.focus) if 0 <= i < len(raw)]

    @cached_property
    def all_endpoints(self) -> list[Endpoint]:
        """Every endpoint, whatever the focus (what a document-wide fact is computed from)."""
        raw = self.data.get("endpoints")
        out: list[Endpoint] = []
        if isinstance(raw, list):
            out = [_listed(i, item) for i, item in enumerate(raw)]
        elif isinstance(raw, dict):
            for i, (key, item) in enumerate(raw.items()):
                body = item if isinstance(item, dict) else {}
                m = _KEYED.match(key)
                method, path = (m.group(1), m.group(2)) if m else (key, None)
                out.append(Endpoint(i, ("endpoints", key), body, method, path, True, key))
        return out

    @property
    def methods_used(self) -> list[tuple[Endpoint, str]]:
        """Every endpoint's method, whatever the focus (a fix that renames a method asks
        whether another endpoint still uses the old one)."""
        return [(ep, ep.method) for ep in self.all_endpoints if isinstance(ep.method, str) and ep.method]

    @cached_property
    def vocabulary(self) -> dict:
        v = self.data.get("vocabulary")
        return v if isinstance(v, dict) else {}

    @cached_property
    def declared_verbs(self) -> list:
        v = self.vocabulary.get("declared_verbs")
        return v if isinstance(v, list) else []

    @cached_property
    def schemas(self) -> dict:
        s = self.data.get("schemas")
        return s if isinstance(s, dict) else {}
