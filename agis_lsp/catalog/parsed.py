"""The parsed catalog: methods, legacy map, categories, version order, and the diff of two catalogs."""
from __future__ import annotations

from collections.abc import Mapping as _Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from .distance import damerau_levenshtein, typo_limit


class CatalogError(Exception):
    """A catalog file that cannot be read, is not JSON, or has the wrong shape.

    ``line`` and ``col`` are 1-based when known (JSON syntax errors always
    have them; shape errors point at the offending key when it can be found).
    """

    def __init__(
        self,
        message: str,
        line: int | None = None,
        col: int | None = None,
        path: str | None = None,
    ) -> None:
        self.message = message
        self.line = line
        self.col = col
        self.path = path
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or "<catalog>"
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class MethodInfo:
    """One catalog verb."""

    name: str
    categories: tuple[str, ...]
    description: str
    deprecated_in: str | None = None
    removed_in: str | None = None
    successor: str | None = None

    @property
    def deprecated(self) -> bool:
        return self.deprecated_in is not None


class MethodTable(_Mapping):
    """A catalog's ``methods``: verb name -> :class:`MethodInfo`, each made on first use from
    its row ``(categories, description, deprecated_in, removed_in, successor)``. A lint asks
    about a handful of the catalog's ~400 verbs; making every MethodInfo up front was a third
    of loading the shipped catalog. Read-only, like the mapping proxy it replaces."""

    __slots__ = ("_rows", "_made")

    def __init__(self, rows: dict) -> None:
        self._rows = rows
        self._made: dict = {}

    def __getitem__(self, name):
        info = self._made.get(name)
        if info is None:
            info = self._made[name] = MethodInfo(name, *self._rows[name])
        return info

    def __contains__(self, name) -> bool:
        return name in self._rows

    def __iter__(self):
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        return f"MethodTable({dict(self.items())!r})"

    def rows(self) -> dict:
        """name -> row, in catalog order (what the cache directory keeps)."""
        return self._rows


def version_key(version: str) -> tuple:
    """Order semver-ish strings: numeric parts numerically, the rest as text."""
    core = version.strip().lstrip("vV").split("+", 1)[0]
    main, _, pre = core.partition("-")
    parts: list[tuple[int, Any]] = []
    for piece in main.split("."):
        # ASCII digits only ("²".isdigit() is true), and few enough for int()
        parts.append((0, int(piece)) if piece.isascii() and piece.isdigit() and len(piece) <= 100
                     else (1, piece))
    # A pre-release sorts before the release itself (1.0.0-rc1 < 1.0.0).
    return (tuple(parts), 0 if pre else 1, pre)


@dataclass(frozen=True)
class Catalog:
    """An immutable, parsed method catalog."""

    version: str
    methods: Mapping[str, MethodInfo]
    embedded: frozenset[str]
    legacy: Mapping[str, str]
    legacy_descriptions: Mapping[str, str]
    categories: Mapping[str, str]
    source: str

    # -- lookups ---------------------------------------------------------
    @cached_property
    def method_names(self) -> frozenset:
        """The method names, one set per catalog (kept in the instance's ``__dict__``, which
        ``cached_property`` writes without going through the frozen ``__setattr__``)."""
        return frozenset(self.methods)

    def get(self, name: str) -> MethodInfo | None:
        """The verb ``name`` (case-insensitive), or None if not in the catalog."""
        if not isinstance(name, str):
            return None
        return self.methods.get(name.strip().upper())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.strip().upper() in self.methods

    def __len__(self) -> int:
        return len(self.methods)

    def __iter__(self) -> Iterator[str]:
        return iter(self.methods)

    def is_legacy(self, name: str) -> bool:
        return name.strip().upper() in self.legacy

    def preferred_for_legacy(self, name: str) -> str | None:
        return self.legacy.get(name.strip().upper())

    def by_category(self, category: str) -> list[str]:
        """Verb names in ``category``, in catalog order."""
        return [m.name for m in self.methods.values() if category in m.categories]

    def is_removed(self, name: str, at_version: str | None = None) -> bool:
        """True if ``name`` has a ``removed_in`` at or before ``at_version``.

        ``at_version`` defaults to this catalog's own version. A name that is
        not in this catalog at all returns False: whether an unknown verb is
        acceptable is a membership question, not a removal one.
        """
        info = self.get(name)
        if info is None or info.removed_in is None:
            return False
        target = at_version if at_version is not None else self.version
        return version_key(info.removed_in) <= version_key(target)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Catalog verbs close to ``name`` by edit distance, best first.

        Only plausible typos are returned: at most 1 edit for words of up to
        4 letters, 2 up to 8 letters, 3 beyond. Ties are broken by a shared
        first letter, then alphabetically. An exact (case-insensitive) match
        returns an empty list: there is nothing to correct.
        """
        if not isinstance(name, str) or n <= 0:
            return []
        word = name.strip().upper()
        if not word or word in self.methods:
            return []
        limit = typo_limit(len(word))
        scored: list[tuple[int, int, str]] = []
        for cand in self.methods:
            d = damerau_levenshtein(word, cand, limit)
            if d <= limit:
                scored.append((d, 0 if cand[0] == word[0] else 1, cand))
        scored.sort()
        return [c for _, _, c in scored[:n]]

    # -- consistency -----------------------------------------------------
    def problems(self) -> list[str]:
        """Internal inconsistencies that do not stop the catalog loading.

        E.g. a floor verb or legacy target missing from ``methods``, a
        successor that is not a catalog verb, or a verb in an undeclared
        category. Empty for the shipped catalog.
        """
        out: list[str] = []
        for name in sorted(self.embedded):
            if name not in self.methods:
                out.append(f"embedded verb {name} is not in methods")
        for legacy, preferred in sorted(self.legacy.items()):
            if preferred not in self.methods:
                out.append(f"legacy {legacy} prefers {preferred}, which is not in methods")
        for m in self.methods.values():
            if m.successor is not None and m.successor not in self.methods:
                out.append(f"{m.name}: successor {m.successor} is not in methods")
            if self.categories:
                for c in m.categories:
                    if c not in self.categories:
                        out.append(f"{m.name}: category {c!r} is not declared")
        return out


@dataclass(frozen=True)
class CatalogDiff:
    """What changed between two catalogs (the agtp-catalog-diff report)."""

    old_version: str
    new_version: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    newly_deprecated: Mapping[str, str | None] = field(default_factory=dict)
    category_changes: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict
    )

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.newly_deprecated or self.category_changes)


def diff_catalogs(old: Catalog, new: Catalog) -> CatalogDiff:
    """Compare two catalogs.

    ``newly_deprecated`` maps each verb that is deprecated in ``new`` but was
    not deprecated (or did not exist) in ``old`` to its successor (or None).
    ``category_changes`` maps verbs present in both whose category sets differ
    to ``(old_categories, new_categories)``.
    """
    old_names, new_names = set(old.methods), set(new.methods)
    newly: dict[str, str | None] = {}
    for name in sorted(new_names):
        m = new.methods[name]
        before = old.methods.get(name)
        if m.deprecated and (before is None or not before.deprecated):
            newly[name] = m.successor
    changes: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for name in sorted(old_names & new_names):
        a, b = old.methods[name].categories, new.methods[name].categories
        if set(a) != set(b):
            changes[name] = (a, b)
    return CatalogDiff(
        old_version=old.version,
        new_version=new.version,
        added=tuple(sorted(new_names - old_names)),
        removed=tuple(sorted(old_names - new_names)),
        newly_deprecated=MappingProxyType(newly),
        category_changes=MappingProxyType(changes),
    )
