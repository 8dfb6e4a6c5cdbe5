"""The positioned document: plain data plus a side table of source spans.

Parsers (YAML, JSON, TOML) produce plain Python data (dict / list / scalars, the
JSON data model) and, for every container, a :class:`Container` recording where
the container and each of its entries sit in the text. Rules read ``doc.data``
and name places by path; only this package turns a path into a span.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from .paths import Path, format_path
from .positions import LineIndex, Range


#: Containers nested deeper than this are refused by every parser with one finding at the
#: container that crosses the limit (AGIS001). Real documents nest a few dozen levels at most;
#: the limit keeps every rule (and jsonschema, ``repr``, ``json.dumps``, which recurse) far
#: from Python's recursion limit.
MAX_NESTING = 256


def too_deep_message(syntax: str) -> str:
    return (f"{syntax}: collections nested more than {MAX_NESTING} levels deep here; agis-lint does not "
            "read documents nested this deeply")


@dataclass(slots=True)
class Entry:
    """Where one mapping entry or sequence item sits in the text."""
    key_start: int          # == value_start for sequence items
    key_end: int
    value_start: int
    value_end: int
    style: str = ""         # scalar style: '' plain, '"' or "'" quoted, '|' '>' block; 'map'/'seq' for containers
    entry_start: int = -1   # start of the whole entry ("- " or key) for deletions
    entry_end: int = -1


@dataclass(slots=True)
class Container:
    start: int
    end: int
    flow: bool                                  # JSON / YAML flow style / TOML inline
    entries: dict = field(default_factory=dict)  # key or index -> Entry


@dataclass(slots=True)
class ParseProblem:
    """A finding the document layer makes itself (syntax, encoding, duplicates)."""
    code: str
    message: str
    start: int
    end: int


class Document:
    """A parsed document of any supported syntax."""

    syntax = "text"

    def __init__(self, text: str, path: str | None = None) -> None:
        self.text = text
        self.path = path
        self.data: Any = None
        self.parsed = False                 # False when syntax errors prevented a tree
        self.containers: dict[int, Container] = {}
        self.root_span: tuple[int, int] = (0, len(text))
        self.problems: list[ParseProblem] = []
        self.plain_tree = False             # YAML without anchors or aliases (document.incremental)
        self.bom = False                    # the source began with a byte-order mark (not in text)
        self._lines: LineIndex | None = None

    # -- positions ---------------------------------------------------------
    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def container(self, obj: Any) -> Container | None:
        if isinstance(obj, (dict, list)):
            return self.containers.get(id(obj))
        return None

    def iter_containers(self) -> list:
        """Every container of the document's data (a spliced document's table is read
        through its edits: ``document.incremental``)."""
        if isinstance(self.containers, dict):
            return list(self.containers.values())
        out, seen, stack = [], set(), [self.data]
        while stack:
            obj = stack.pop()
            if not isinstance(obj, (dict, list)) or id(obj) in seen:
                continue
            seen.add(id(obj))
            info = self.containers.get(id(obj))
            if info is not None:
                out.append(info)
            stack.extend(obj.values() if isinstance(obj, dict) else obj)
        return out

    def resolve(self, path: Path) -> tuple[Any, Path]:
        """Follow ``path`` as far as it exists. Returns (value, existing prefix)."""
        cur = self.data
        for i, part in enumerate(path):
            if isinstance(cur, dict) and isinstance(part, str) and part in cur:
                cur = cur[part]
            elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
                cur = cur[part]
            else:
                return cur, tuple(path[:i])
        return cur, tuple(path)

    def entry(self, path: Path) -> Entry | None:
        if not path:
            return None
        parent, prefix = self.resolve(path[:-1])
        if len(prefix) != len(path) - 1:
            return None
        info = self.container(parent)
        if info is None:
            return None
        return info.entries.get(path[-1])

    def span(self, path: Path, part: str = "value") -> tuple[int, int]:
        """Source span of ``path``; falls back to the nearest existing ancestor.

        ``part`` is ``"value"``, ``"key"`` (the mapping key; the value for items)
        or ``"entry"`` (key and value).
        """
        _, prefix = self.resolve(path)
        if len(prefix) < len(path):
            # The path does not exist: point at the key of the deepest ancestor
            # that does (e.g. a missing field is reported on its parent's key).
            part = "key"
        while prefix:
            e = self.entry(prefix)
            if e is not None:
                if part == "key":
                    return e.key_start, e.key_end
                if part == "entry":
                    return e.key_start, e.value_end
                return e.value_start, e.value_end
            prefix = prefix[:-1]
        start, end = self.root_span
        # An empty/unparsed root: point at the first line only.
        first_nl = self.text.find("\n", start)
        if first_nl != -1 and first_nl < end and part == "key":
            end = first_nl
        return start, end

    def subspan(self, path: Path, start: int, end: int) -> tuple[int, int] | None:
        """Source span of ``value[start:end]`` of the string at ``path``; None when the
        source is written differently from the value (escapes): report the whole value."""
        from .substring import value_subspan
        return value_subspan(self, path, start, end)

    @property
    def newline(self) -> str:
        """The line ending the text uses: CRLF when every line break is one, else LF."""
        cached = self.__dict__.get("_newline")
        if cached is None or cached[0] is not self.text:   # counted once per text
            crlf = self.text.count("\r\n")
            cached = (self.text, "\r\n" if crlf and crlf == self.text.count("\n") else "\n")
            self.__dict__["_newline"] = cached
        return cached[1]

    def written(self, path: Path) -> str | None:
        """The source text of the scalar at ``path`` as written (``1.20``, ``0x1F``, ``1e400``),
        for messages and fixes that keep the author's digits; None for a container, a missing
        path or a value with no text of its own."""
        if isinstance(self.get(path), (dict, list)):
            return None
        e = self.entry(path)
        if e is None or e.value_end <= e.value_start:
            return None
        return self.text[e.value_start:e.value_end]

    def range(self, path: Path, part: str = "value") -> Range:
        return self.lines.range(*self.span(path, part))

    def exists(self, path: Path) -> bool:
        return len(self.resolve(path)[1]) == len(path)

    def get(self, path: Path, default: Any = None) -> Any:
        value, prefix = self.resolve(path)
        return value if len(prefix) == len(path) else default

    def walk(self, obj: Any = None, path: Path = ()) -> Iterator[tuple[Path, Any]]:
        """Depth-first (path, value) pairs. Iterative; shared (aliased) nodes visited once."""
        stack = [(path, self.data if obj is None else obj)]
        seen: set[int] = set()
        while stack:
            p, v = stack.pop()
            yield p, v
            if isinstance(v, (dict, list)):
                if id(v) in seen:
                    continue
                seen.add(id(v))
                items = v.items() if isinstance(v, dict) else enumerate(v)
                stack.extend(reversed([(p + (k,), c) for k, c in items]))

    def describe(self, path: Path) -> str:
        return format_path(path)
