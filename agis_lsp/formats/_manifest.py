"""A manifest whose ``capabilities`` list names the operations (ADP, AINP)."""
from __future__ import annotations

from functools import cached_property

from . import _common as c
from .registry import Operation


class CapabilityManifest:
    """The typed view of a manifest: its capabilities and the operations they name.

    ``name_keys`` are the keys that may hold a capability's name, tried in order (AINP allows
    an ``id`` where ``name`` is missing); ``operation_extra`` adds what a format's rules need.
    """
    name_keys: tuple[str, ...] = ("name",)

    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = c.as_dict(doc.data)

    @cached_property
    def capabilities(self) -> list[tuple[int, tuple, dict]]:
        return list(c.items(self.data.get("capabilities"), ("capabilities",)))

    @cached_property
    def operations(self) -> list[Operation]:
        out = []
        for _, path, cap in self.capabilities:
            key = next((k for k in self.name_keys if isinstance(cap.get(k), str) and cap[k].strip()), None)
            if key is None:
                continue
            desc = cap.get("description")
            out.append(Operation(cap[key], path + (key,), desc if isinstance(desc, str) else None,
                                 path + ("description",), "capability", self.operation_extra(path)))
        return out

    def operation_extra(self, path: tuple) -> dict:
        return {}
