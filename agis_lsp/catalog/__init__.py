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

import json
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping

__all__ = [
    "Catalog",
    "CatalogDiff",
    "CatalogError",
    "MethodInfo",
    "SHIPPED_CATALOG",
    "default_catalog",
    "diff_catalogs",
    "load_catalog",
]

SHIPPED_CATALOG = Path(__file__).with_name("methods-1.0.0.json")

_METHOD_NAME = re.compile(r"^[A-Z]+$")


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


def _version_key(version: str) -> tuple:
    """Order semver-ish strings: numeric parts numerically, the rest as text."""
    core = version.strip().lstrip("vV").split("+", 1)[0]
    main, _, pre = core.partition("-")
    parts: list[tuple[int, Any]] = []
    for piece in main.split("."):
        parts.append((0, int(piece)) if piece.isdigit() else (1, piece))
    # A pre-release sorts before the release itself (1.0.0-rc1 < 1.0.0).
    return (tuple(parts), 0 if pre else 1, pre)


def damerau_levenshtein(a: str, b: str, limit: int | None = None) -> int:
    """Optimal-string-alignment distance (adjacent swaps count as one edit).

    With ``limit``, returns ``limit + 1`` as soon as the distance is known to
    exceed it, which keeps did-you-mean scans over the whole catalog cheap.
    """
    if a == b:
        return 0
    la, lb = len(a), len(b)
    if limit is not None and abs(la - lb) > limit:
        return limit + 1
    if not la:
        return lb
    if not lb:
        return la
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        ai = a[i - 1]
        row_min = cur[0]
        for j in range(1, lb + 1):
            cost = 0 if ai == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ai == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < row_min:
                row_min = v
        if limit is not None and row_min > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[lb]


def typo_limit(length: int) -> int:
    """How many edits still count as a plausible typo for a word this long."""
    if length <= 4:
        return 1
    if length <= 8:
        return 2
    return 3


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
        return _version_key(info.removed_in) <= _version_key(target)

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


# ---------------------------------------------------------------------------
# Parsing


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def _locate(text: str, keys: tuple[str, ...]) -> tuple[int | None, int | None]:
    """Best-effort position of the member ``keys[-1]`` nested under ``keys[:-1]``.

    Walks forward through the text finding each ``"key":`` in turn, which is
    exact for the usual one-object-per-key catalog layout and a fair pointer
    otherwise.
    """
    pos = 0
    found = None
    for key in keys:
        pattern = re.compile(r'"' + re.escape(json.dumps(key)[1:-1]) + r'"\s*:')
        m = pattern.search(text, pos)
        if m is None:
            break
        found = m.start()
        pos = m.end()
    if found is None:
        return None, None
    return _line_col(text, found)


class _Parser:
    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source

    def fail(self, message: str, *keys: str) -> CatalogError:
        line, col = _locate(self.text, keys) if keys else (None, None)
        if line is None:
            line, col = 1, 1
        return CatalogError(message, line, col, self.source)

    def _opt_str(self, obj: dict, key: str, *where: str) -> str | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{'.'.join(where + (key,))} must be a non-empty string", *where, key)
        return value.strip()

    def parse(self) -> Catalog:
        try:
            data = json.loads(self.text)
        except json.JSONDecodeError as exc:
            raise CatalogError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno, self.source) from None
        if not isinstance(data, dict):
            raise CatalogError("a catalog must be a JSON object", 1, 1, self.source)

        version = data.get("version")
        if not isinstance(version, str) or not version.strip():
            raise self.fail('"version" must be a non-empty string', "version")

        methods = self._methods(data)
        embedded = self._embedded(data)
        legacy, legacy_desc = self._legacy(data)
        categories = self._categories(data)

        return Catalog(
            version=version.strip(),
            methods=MappingProxyType(methods),
            embedded=frozenset(embedded),
            legacy=MappingProxyType(legacy),
            legacy_descriptions=MappingProxyType(legacy_desc),
            categories=MappingProxyType(categories),
            source=self.source,
        )

    def _methods(self, data: dict) -> dict[str, MethodInfo]:
        if "methods" not in data:
            raise CatalogError('missing "methods" object', 1, 1, self.source)
        raw = data["methods"]
        # The draft's section 4.2 example shows verbs as objects with a
        # "name"; accept a list of those as well as the name-keyed object.
        if isinstance(raw, list):
            items = []
            for i, entry in enumerate(raw):
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    raise self.fail(f"methods[{i}] must be an object with a string \"name\"", "methods")
                items.append((entry["name"], entry))
        elif isinstance(raw, dict):
            items = list(raw.items())
        else:
            raise self.fail('"methods" must be an object mapping verb names to entries', "methods")

        out: dict[str, MethodInfo] = {}
        for name, entry in items:
            if not _METHOD_NAME.match(name):
                raise self.fail(
                    f"method name {name!r} must be uppercase letters A-Z only", "methods", name
                )
            if name in out:
                raise self.fail(f"method {name} is listed twice", "methods", name)
            if not isinstance(entry, dict):
                raise self.fail(f"methods.{name} must be an object", "methods", name)
            cats = entry.get("categories")
            if cats is None and isinstance(entry.get("category"), str):
                cats = [entry["category"]]
            if cats is None:
                cats = []
            if not isinstance(cats, list) or not all(isinstance(c, str) and c for c in cats):
                raise self.fail(
                    f"methods.{name}.categories must be a list of strings", "methods", name, "categories"
                )
            desc = entry.get("description", "")
            if not isinstance(desc, str):
                raise self.fail(
                    f"methods.{name}.description must be a string", "methods", name, "description"
                )
            successor = self._opt_str(entry, "successor", "methods", name)
            if successor is not None:
                successor = successor.upper()
            out[name] = MethodInfo(
                name=name,
                categories=tuple(cats),
                description=desc.strip(),
                deprecated_in=self._opt_str(entry, "deprecated_in", "methods", name),
                removed_in=self._opt_str(entry, "removed_in", "methods", name),
                successor=successor,
            )
        return out

    def _embedded(self, data: dict) -> list[str]:
        raw = data.get("embedded", [])
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.fail('"embedded" must be a list of verb names', "embedded")
        return [x.strip().upper() for x in raw]

    def _legacy(self, data: dict) -> tuple[dict[str, str], dict[str, str]]:
        raw = data.get("legacy", {})
        if not isinstance(raw, dict):
            raise self.fail('"legacy" must be an object', "legacy")
        pref: dict[str, str] = {}
        desc: dict[str, str] = {}
        for name, entry in raw.items():
            key = name.strip().upper()
            if isinstance(entry, str):  # shorthand: "GET": "FETCH"
                pref[key] = entry.strip().upper()
                desc[key] = ""
                continue
            if not isinstance(entry, dict) or not isinstance(entry.get("preferred"), str):
                raise self.fail(
                    f'legacy.{name} must be an object with a string "preferred"', "legacy", name
                )
            d = entry.get("description", "")
            if not isinstance(d, str):
                raise self.fail(f"legacy.{name}.description must be a string", "legacy", name)
            pref[key] = entry["preferred"].strip().upper()
            desc[key] = d.strip()
        return pref, desc

    def _categories(self, data: dict) -> dict[str, str]:
        raw = data.get("categories", {})
        if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
            return {c: "" for c in raw}
        if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
            raise self.fail('"categories" must map category names to descriptions', "categories")
        return {k: v.strip() for k, v in raw.items()}


def parse_catalog(text: str, source: str = "<string>") -> Catalog:
    """Parse catalog JSON text (no caching)."""
    return _Parser(text, source).parse()


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
        catalog = _Parser(text, str(p)).parse()
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
