"""The server's state per open document: one object per URI, created on open, dropped on close.

``OpenDocument`` holds the client's text for the version last received (the server applies
``didChange`` itself, with LSP's line breaks and UTF-16 columns: pygls' own buffer splits
lines at NEL, LS, PS, VT and FF and would drift from the client's text), the parse of that
text and the last document that parsed (names in scope while typing). ``Documents`` is the
table of them. (The pull requests waiting for a document's diagnostics are the publisher's.)

``View`` is what a feature handler answers from: the text and version as they were when
the request arrived, parsed off the event loop. Every position a feature returns is
converted with that text's line index, so it lies inside the version answered.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from ...document import Document, parse_text
from ...document.positions import LONE_SURROGATE, LineIndex
from ...formats.kinds import detect
from ..protocol.uris import from_path, to_path


_SURROGATE = LONE_SURROGATE


def _join_pairs(text: str) -> str:
    """Surrogate pairs back into the characters they encode (lone halves stay)."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


@dataclass(eq=False)
class OpenDocument:
    uri: str                                   # as the client spells it
    text: str
    version: int | None
    kind: str | None = None                    # what the last parse or check found it to be
    parsed: tuple | None = None                # (version, Document) of the current text
    last_good: Document | None = None          # the last parse that succeeded
    last_change: float | None = None           # monotonic time of the last didChange
    _lines: LineIndex | None = None

    @property
    def path(self) -> str | None:
        return to_path(self.uri)

    @property
    def lines(self) -> LineIndex:
        if self._lines is None or self._lines.text is not self.text:
            self._lines = LineIndex(self.text)
        return self._lines

    def apply(self, changes, version: int | None) -> None:
        """Apply ``didChange`` content changes (full or incremental) in order."""
        for change in changes:
            rng = getattr(change, "range", None)
            if rng is None:
                self.text = change.text
            else:
                self._split_at(rng.start)
                self._split_at(rng.end)
                lines = self.lines
                start = lines.offset(rng.start.line, rng.start.character)
                end = lines.offset(rng.end.line, rng.end.character)
                if end < start:
                    start, end = end, start
                self.text = self.text[:start] + change.text + self.text[end:]
                # the next change's positions: this index with the edit applied (a keystroke in
                # a 700 KB document re-scanned it all, ~5 ms on the event loop, before)
                self._lines = lines.replaced(start, end, change.text, self.text)
                if _SURROGATE.search(self.text, max(start - 1, 0), start + len(change.text) + 1):
                    self.text = _join_pairs(self.text)   # a pair can only form where the text changed
                continue
            if _SURROGATE.search(self.text):
                self.text = _join_pairs(self.text)
        self.version = version
        self.last_change = time.monotonic()

    def _split_at(self, position) -> None:
        """A position between the two UTF-16 units of an astral character (an edit that
        splits it, as clients may send): store that character as its surrogate pair, so the
        position exists in the text (UTF-16 columns are unchanged)."""
        lines = self.lines
        offset = lines.offset(position.line, position.character)
        if offset == 0 or position.line >= lines.line_count or \
                lines.position(offset).character <= position.character:
            return
        ch = self.text[offset - 1]
        if ord(ch) <= 0xFFFF:
            return
        code = ord(ch) - 0x10000
        pair = chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF))
        self.text = self.text[:offset - 1] + pair + self.text[offset:]

    def parse_of(self, version, text: str) -> Document | None:
        """The stored parse of ``version`` when it is of this very text."""
        cached = self.parsed
        if cached is not None and cached[0] == version and cached[1].text == text:
            return cached[1]
        return None

    def remember(self, version, doc: Document) -> None:
        """Keep a parse of ``version`` (called from any thread; stale ones are ignored)."""
        if doc.parsed:
            self.last_good = doc
        if version == self.version:
            self.parsed = (version, doc)


class Documents:
    """The open documents, keyed by the unquoted URI (clients differ in their quoting)."""

    def __init__(self) -> None:
        self._docs: dict[str, OpenDocument] = {}

    @staticmethod
    def key(uri: str) -> str:
        return unquote(uri)

    def open(self, uri: str, text: str, version: int | None) -> OpenDocument:
        doc = OpenDocument(uri, text, version)
        self._docs[self.key(uri)] = doc
        return doc

    def get(self, uri: str) -> OpenDocument | None:
        return self._docs.get(self.key(uri))

    def close(self, uri: str) -> OpenDocument | None:
        return self._docs.pop(self.key(uri), None)

    def __contains__(self, uri: str) -> bool:
        return self.key(uri) in self._docs

    def all(self) -> list[OpenDocument]:
        return list(self._docs.values())

    def for_path(self, path: str) -> OpenDocument | None:
        for doc in self.all():
            if doc.path == path:
                return doc
        return None

    def uri_for_path(self, path: str) -> str:
        """The URI of a file: the client's own spelling when it has the file open."""
        doc = self.for_path(path)
        return doc.uri if doc is not None else from_path(path)

    def overlay(self) -> dict:
        """The editor's buffers: absolute path -> text, for cross-file checks."""
        return {doc.path: doc.text for doc in self.all() if doc.path}


@dataclass
class View:
    """One version of an open document, as a feature request saw it."""
    state: OpenDocument
    text: str
    version: int | None
    entry: Any = None             # the diagnostics entry, when it is for this very text

    @property
    def uri(self) -> str:
        return self.state.uri

    @property
    def path(self) -> str | None:
        return self.state.path

    def parse(self) -> tuple[Document, str | None]:
        """The parse of this text and its kind (runs off the event loop)."""
        if self.entry is not None:
            target = self.entry.target
            return target.doc, target.kind
        doc = self.state.parse_of(self.version, self.text)
        if doc is None:
            doc = parse_text(self.text, self.path)
            self.state.remember(self.version, doc)
        kind = detect(doc, self.state.kind)
        return doc, kind

    @property
    def last_good(self) -> Document | None:
        return self.state.last_good


def view_of(docs: Documents, store, uri: str) -> View | None:
    """The current version of ``uri`` (None when it is not open)."""
    state = docs.get(uri)
    if state is None:
        return None
    entry = store.get(state.uri)
    if entry is None or not entry.opened or entry.version != state.version or \
            entry.target.doc.text != state.text:
        entry = None
    return View(state, state.text, state.version, entry)
