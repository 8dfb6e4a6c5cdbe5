"""Which kind of document a file is: the one detector, and what derives from it.

Used by the :class:`engine.linter.Linter` (the kind of every document it lints), the CLI's
directory walk (:func:`is_lintable`) and the server's watched files (:func:`watch_globs`),
so the three cannot disagree about which files are documents.

A document that parses is judged by name, then content (``formats.detect_kind``). One that
does not parse keeps the kind its name implies, else the kind its text marks show (each
format declares them), else the kind it had before (an editor buffer mid-edit stays an AGIS
document while it is broken).
"""
from __future__ import annotations

import logging
import os
import re

from ..document import Document
from ..files.gitignore import Ignorer
from ..files.reading import HEAD, not_regular, read_file, what_is
from . import AGIS_SUFFIXES, detect_kind, registry
from .agtp.kinds import json_kind_by_marks, toml_kind_by_marks
from .agtp.vocabulary import ENDPOINTS_DIR, RECIPES_FILE, SERVER_FILE

log = logging.getLogger("agis_lsp.formats")

AGTP_FILES = (SERVER_FILE, RECIPES_FILE)
DEPLOYMENT_KINDS = ("agtp-endpoint", "agtp-server", "agtp-recipes", "agtp-manifest", "agtp-catalog")
#: Build output, installed packages, caches and version-control folders: never walked into
#: (as ruff's and Spectral's default excludes), whatever .gitignore says.
SKIP_DIRS = frozenset({".git", ".hg", ".svn", ".bzr", "node_modules", "__pycache__", "__pypackages__",
                       ".venv", "venv", ".tox", ".nox", ".eggs", "dist", "build", "_build",
                       "site-packages", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".direnv"})
#: An AGIS document's textual mark: its ``agis`` version key (section 5).
AGIS_MARK = registry.key_mark("agis")
_JSON_MARKERS = (b'"agtp_version"', b'"agtp_api_version"', b'"embedded_methods"', b'"embedded"')


def kind_by_name(path: str | None) -> str | None:
    """What a file is from its name alone."""
    if not path:
        return None
    norm = path.replace(os.sep, "/")
    name = norm.rsplit("/", 1)[-1].lower()
    if name.endswith(AGIS_SUFFIXES):
        return "agis"
    if name == SERVER_FILE:
        return "agtp-server"
    if name == RECIPES_FILE:
        return "agtp-recipes"
    if name.endswith(".toml") and \
            os.path.basename(os.path.dirname(os.path.abspath(path))).lower() == ENDPOINTS_DIR:
        return "agtp-endpoint"
    return registry.kind_by_name(norm)


def kind_by_marks(doc: Document) -> str | None:
    """The kind a document that does not parse shows in its text: each format's textual
    marks (an ``[endpoint]`` header, an ``agis:`` key, an MCP tool's ``inputSchema``...).
    Its parse error is reported whatever the kind; the kind decides that it is reported."""
    text = doc.text
    if doc.syntax == "toml" or (doc.path or "").lower().endswith(".toml"):
        return toml_kind_by_marks(text)
    syntax = "json" if text.lstrip()[:1] in ("{", "[") else "yaml"
    return registry.kind_by_marks(text, syntax) or \
        ("agis" if re.search(AGIS_MARK, text) else None) or json_kind_by_marks(text)


def detect(doc: Document, previous: str | None = None) -> str | None:
    """The kind of ``doc`` (None: a file agis-lint leaves alone)."""
    by_name = kind_by_name(doc.path)
    if not doc.parsed:
        return by_name or kind_by_marks(doc) or previous
    try:
        kind = detect_kind(doc)
    except Exception:  # noqa: BLE001 - detection must never take a document down
        log.exception("kind detection failed for %s", doc.path)
        kind = None
    return kind or by_name


def in_deployment(kind: str | None) -> bool:
    """Whether a document of ``kind`` is linted with its AGTP deployment's other files."""
    return kind in DEPLOYMENT_KINDS


# -- files on disk: the CLI's walk and the server's watched globs ---------------------------
def _sniff_json(path: str) -> bool:
    """A server manifest, method catalog or agent-interface JSON, judged from the first 64 KB."""
    try:
        head = read_file(path, HEAD).raw
    except OSError:     # a FIFO, a device, a symlink loop, unreadable
        return False
    return any(m in head for m in _JSON_MARKERS + registry.sniff_markers())


def is_lintable(path: str) -> bool:
    """Does a directory walk pick up ``path``? (A file named explicitly is always linted.)"""
    if kind_by_name(path) is not None:
        return True
    return os.path.basename(path).lower().endswith(".json") and _sniff_json(path)


def walk(folder: str, *, respect_gitignore: bool = True, skipped: list | None = None):
    """The lintable regular files under ``folder``, in a stable (sorted) order. Left out:
    :data:`SKIP_DIRS`, hidden folders no format uses, what git ignores (``.gitignore`` files
    and ``.git/info/exclude``, read by ``files.gitignore``; ``respect_gitignore=False``: not
    read), and anything that is no regular file (a FIFO, a device, a socket, a symlink loop:
    never opened, so a FIFO cannot block the walk), each of which is named in ``skipped``."""
    ignorer = Ignorer.for_folder(folder) if respect_gitignore else None
    rel = ignorer.rel(folder) if ignorer is not None else ""
    yield from _walk(folder, "" if rel == "." else rel, registry.dot_dirs(), ignorer, skipped)


def _walk(folder: str, rel: str, dots, ignorer, skipped: list | None):
    """One directory of :func:`walk`: its files, then its folders, each in name order (the
    order of ``os.walk``; a symbolic link to a folder is not followed)."""
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        return
    folders = []
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            if name not in SKIP_DIRS and (not name.startswith(".") or name in dots) and \
                    not entry.is_symlink():
                folders.append(entry)
            continue
        full = entry.path
        named = kind_by_name(full) is not None
        if not named and not name.lower().endswith(".json"):
            continue                      # not a document's name: never opened
        if ignorer is not None and ignorer.ignored(f"{rel}/{name}" if rel else name, False):
            continue
        what = _not_regular(entry)
        if what is not None:
            if skipped is not None:
                said = what if what.startswith("a sym") else f"not a regular file ({what})"
                skipped.append(f"{full}: {said}, skipped")
            continue
        if named or _sniff_json(full):
            yield full
    for entry in folders:
        sub = f"{rel}/{entry.name}" if rel else entry.name
        if ignorer is not None and ignorer.ignored(sub, True):
            continue
        yield from _walk(entry.path, sub, dots, ignorer, skipped)


def _not_regular(entry: os.DirEntry) -> str | None:
    """What a directory entry is when it is no regular file; the type the directory listing
    gives is enough but for a symbolic link (its target is looked up: a loop, a device, or
    nothing at all)."""
    try:
        if entry.is_file(follow_symlinks=False):
            return None
        if not entry.is_symlink():
            return what_is(entry.stat(follow_symlinks=False).st_mode)
    except OSError:
        pass
    what = not_regular(entry.path)
    if what is None and not os.path.exists(entry.path):
        return "a symbolic link to a missing file"
    return what


def watch_globs() -> tuple[str, ...]:
    """The workspace globs of every document kind (the server's watched files)."""
    own = tuple("**/*" + s for s in AGIS_SUFFIXES) + tuple(f"**/{n}" for n in AGTP_FILES) + \
        (f"**/{ENDPOINTS_DIR}/*.toml",)
    return own + tuple(g for g in registry.watch_globs() if g not in own)
