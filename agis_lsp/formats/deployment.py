"""An AGTP deployment directory: ``agtp-server.toml``, ``agtp-recipes.toml``, ``endpoints/*.toml``.

Cross-file rules are ordinary document rules that look at the siblings of
the document being linted through ``ctx.deployment`` and report on the
*current* document (with a ``Related`` pointing at the other file). So the
language server only has to re-lint the dependents of a changed file.

Parsing is cached per file by ``(mtime, size)`` on disk or by the text of an
unsaved editor buffer (the ``overlay``), so linting one endpoint of a
deployment of fifty does not re-read or re-parse the other forty-nine. A
:class:`Deployment` whose files are all unchanged is reused as a whole,
with its indexes.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from ..document import Document, parse_text, read_document
from ..document.size import DEFAULT_MAX_FILE_SIZE, oversized_document, too_large
from .agtp import (ENDPOINTS_DIR, RECIPES_FILE, SERVER_FILE, EndpointFileView, EndpointView,
                         PolicyView, RecipesView, ServerView)


def norm(path: str) -> str:
    return os.path.normcase(os.path.abspath(path))


class DocumentCache:
    """Parsed documents keyed by path, valid while (mtime_ns, size) or the overlay text match."""

    def __init__(self, max_entries: int = 4096) -> None:
        self._docs: dict[str, tuple[tuple, Document]] = {}   # path -> ((stamp, max_size), doc)
        self._deployments: dict[str, tuple[tuple, "Deployment"]] = {}
        self._lock = threading.Lock()
        self.max_entries = max_entries
        # files larger than this are not parsed (document.size; the Linter sets the limit of
        # the configuration in effect)
        self.max_size = DEFAULT_MAX_FILE_SIZE
        self.parses = 0           # how many times a file was actually parsed (for tests/benchmarks)

    def stamp(self, path: str, overlay: dict | None) -> object | None:
        if overlay and path in overlay:
            return ("overlay", overlay[path])
        try:
            st = os.stat(path)
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def get(self, path: str, overlay: dict | None = None, stamp: object = None) -> Document | None:
        stamp = stamp if stamp is not None else self.stamp(path, overlay)
        if stamp is None:
            return None
        with self._lock:
            hit = self._docs.get(path)
            if hit is not None and hit[0] == (stamp, self.max_size):
                return hit[1]
        limit = self.max_size
        if isinstance(stamp, tuple) and stamp and stamp[0] == "overlay":
            text = stamp[1]
            size = len(text.encode("utf-8", "surrogatepass")) if limit and len(text) > limit else 0
            doc = oversized_document(text, path, size, limit) if too_large(size, limit) \
                else parse_text(text, path)
        else:
            try:    # a FIFO or a device among the files is no document (NotRegularFile)
                doc = read_document(path, limit=limit)
            except OSError:
                return None
        with self._lock:
            self.parses += 1
            if len(self._docs) >= self.max_entries:
                self._docs.pop(next(iter(self._docs)))
            self._docs[path] = ((stamp, limit), doc)
        return doc

    def clear(self) -> None:
        with self._lock:
            self._docs.clear()
            self._deployments.clear()


def _overlay(overlay: dict | None) -> dict:
    return {norm(k): v for k, v in (overlay or {}).items()}


def deployment_root(path: str | os.PathLike, overlay: dict | None = None) -> str | None:
    """The deployment directory of ``path`` (a deployment directory or any file in one)."""
    p = norm(os.fspath(path))
    ov = _overlay(overlay)

    def is_root(d: str) -> bool:
        return any(os.path.isfile(os.path.join(d, n)) or os.path.join(d, n) in ov
                   for n in (SERVER_FILE, RECIPES_FILE)) or \
            os.path.isdir(os.path.join(d, ENDPOINTS_DIR)) or \
            any(os.path.dirname(k) == os.path.join(d, ENDPOINTS_DIR) for k in ov)

    if os.path.isdir(p):
        return p if is_root(p) else None
    folder, name = os.path.split(p)
    if name.lower() in (SERVER_FILE, RECIPES_FILE):
        return folder
    if os.path.basename(folder).lower() == ENDPOINTS_DIR and name.lower().endswith(".toml"):
        return os.path.dirname(folder)
    return folder if is_root(folder) else None


def find_deployment(path: str | os.PathLike, overlay: dict[str, str] | None = None,
                    cache: DocumentCache | None = None) -> "Deployment | None":
    """The deployment that ``path`` belongs to, or None.

    ``overlay`` maps absolute paths to unsaved editor text, which wins over the
    file on disk (and adds files that do not exist on disk yet). ``cache`` is the
    caller's (the Linter owns one); without it the files are parsed afresh.
    """
    cache = cache if cache is not None else DocumentCache()
    ov = _overlay(overlay)
    root = deployment_root(path, ov)
    if root is None:
        return None
    files = _files(root, ov)
    stamps = tuple((f, cache.stamp(f, ov)) for f in files)
    with cache._lock:
        hit = cache._deployments.get(root)
        if hit is not None and hit[0] == stamps:
            return hit[1]
    dep = Deployment(root, {f: s for f, s in stamps if s is not None}, cache)
    with cache._lock:
        cache._deployments[root] = (stamps, dep)
    return dep


def _files(root: str, ov: dict) -> list[str]:
    out = []
    for name in (SERVER_FILE, RECIPES_FILE):
        f = os.path.join(root, name)
        if os.path.isfile(f) or f in ov:
            out.append(f)
    folder = os.path.join(root, ENDPOINTS_DIR)
    names: set = set()
    try:
        with os.scandir(folder) as it:
            for entry in it:
                if entry.name.lower().endswith(".toml") and entry.is_file():
                    names.add(norm(entry.path))
    except OSError:
        pass
    names.update(k for k in ov if os.path.dirname(k) == folder and k.lower().endswith(".toml"))
    out.extend(sorted(names))
    return out


@dataclass
class EndpointRef:
    """One endpoint of the deployment, with the file it lives in."""
    file: str
    doc: Document
    view: EndpointView


class Deployment:
    """Parsed, cached sibling documents and the indexes cross-file rules use."""

    def __init__(self, root: str, stamps: dict, cache: DocumentCache) -> None:
        self.root = root
        self._stamps = stamps
        self._cache = cache
        self.server_path = os.path.join(root, SERVER_FILE)
        self.recipes_path = os.path.join(root, RECIPES_FILE)
        self.endpoint_paths = [f for f in stamps if os.path.dirname(f) ==
                               os.path.join(root, ENDPOINTS_DIR)]

    def __repr__(self) -> str:
        return f"<Deployment {self.root}: {len(self.endpoint_paths)} endpoints>"

    # -- files and documents
    def files(self) -> list[str]:
        """Every file of the deployment, server and recipes first."""
        return list(self._stamps)

    def doc(self, path: str) -> Document | None:
        key = norm(path)
        if key not in self._stamps:
            return None
        return self._cache.get(key, stamp=self._stamps[key])

    def is_self(self, doc: Document, other: str) -> bool:
        return bool(doc.path) and norm(doc.path) == norm(other)

    @cached_property
    def server_doc(self) -> Document | None:
        return self.doc(self.server_path)

    @cached_property
    def recipes_doc(self) -> Document | None:
        return self.doc(self.recipes_path)

    # -- views
    @cached_property
    def server(self) -> ServerView | None:
        d = self.server_doc
        return ServerView(d) if d is not None and d.parsed else None

    @property
    def policy(self) -> PolicyView | None:
        return self.server.policies if self.server else None

    @cached_property
    def recipes(self) -> RecipesView | None:
        d = self.recipes_doc
        return RecipesView(d) if d is not None and d.parsed else None

    @cached_property
    def endpoints(self) -> list[EndpointRef]:
        out = []
        for f in self.endpoint_paths:
            d = self.doc(f)
            if d is not None and d.parsed and isinstance(d.data, dict):
                out.append(EndpointRef(f, d, EndpointFileView(d).endpoint))
        return out

    def other_endpoints(self, doc: Document) -> Iterable[EndpointRef]:
        """Endpoints of the other files (the current document is judged from ``doc``)."""
        return (e for e in self.endpoints if not self.is_self(doc, e.file))

    def custom_methods(self, catalog) -> set:
        return self.policy.custom_methods(catalog) if self.policy else set()

    def recipe_names(self) -> dict:
        return self.recipes.by_name() if self.recipes else {}

