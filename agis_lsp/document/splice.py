"""A spliced document's containers: its own, then the previous version's read through the
edit and shifted on first use (``document.incremental`` makes them; the frame re-parse of
``document.incremental_frame`` too)."""
from __future__ import annotations

from .tree import Container, Entry


class SplicedContainers:
    """``id(obj) -> Container`` for a spliced document: its own containers (absolute), then
    the previous version's containers mapped through the edit (cut ``[start, old_end)``,
    later offsets moved by ``delta``). Containers are never mutated: a shifted one is a copy,
    cached here."""

    __slots__ = ("base", "start", "old_end", "delta", "own", "cache", "depth")

    def __init__(self, base, start: int, old_end: int, delta: int, own: dict) -> None:
        self.base = base
        self.start, self.old_end, self.delta = start, old_end, delta
        self.own = own
        self.cache: dict = {}
        self.depth = getattr(base, "depth", 0) + 1

    def get(self, key, default=None):
        c = self.cache.get(key)
        if c is not None:
            return c
        trail = []                          # the splices between this version and where it is
        node = self
        while isinstance(node, SplicedContainers):
            c = node.own.get(key)
            if c is None and node is not self:
                c = node.cache.get(key)
            if c is not None:
                break
            trail.append(node)
            node = node.base
        else:
            c = node.get(key)
        if c is None:
            return default
        shift = 0                           # mapped through each splice, oldest first: one copy
        for level in reversed(trail):
            start, end = c.start + shift, c.end + shift
            if start >= level.old_end:
                shift += level.delta
            elif not (end <= level.start and start < level.start):
                return default              # the replaced item's (no object of this version)
        if shift:
            c = shift_container(c, shift)
        self.cache[key] = c
        return c

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key):
        c = self.get(key)
        if c is None:
            raise KeyError(key)
        return c


def shift_entry(e: Entry, delta: int) -> Entry:
    return Entry(e.key_start + delta, e.key_end + delta, e.value_start + delta, e.value_end + delta,
                 e.style, e.entry_start + delta, e.entry_end + delta)


def shift_container(c: Container, delta: int) -> Container:
    return Container(c.start + delta, c.end + delta, c.flow,
                     {k: shift_entry(e, delta) for k, e in c.entries.items()})
