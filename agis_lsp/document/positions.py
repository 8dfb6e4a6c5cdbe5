"""Offsets <-> LSP positions.

The document layer works in code-point offsets into the decoded text. LSP and our
JSON output speak (line, character) with characters counted in UTF-16 code units;
this module is the one place that converts between the two.
"""
from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Position:
    line: int       # 0-based
    character: int  # 0-based, UTF-16 code units


@dataclass(frozen=True, slots=True)
class Range:
    start: Position
    end: Position

    def to_json(self) -> dict:
        return {"start": {"line": self.start.line, "character": self.start.character},
                "end": {"line": self.end.line, "character": self.end.character}}


def utf16_len(s: str) -> int:
    """Length of ``s`` in UTF-16 code units; a lone surrogate counts one (never raises)."""
    if s.isascii():
        return len(s)
    return len(s.encode("utf-16-le", "surrogatepass")) // 2


_utf16_len = utf16_len
_BREAK = re.compile(r"\r\n?|\n")
_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")   # two UTF-16 units each
LONE_SURROGATE = re.compile("[\ud800-\udfff]")   # half a UTF-16 character (from an edit or a JSON escape)


def line_starts(text: str) -> list[int]:
    """Offsets where lines start, with LSP's line breaks: ``\n``, ``\r\n`` and ``\r``.

    (YAML also breaks lines at NEL, LS and PS; LSP clients do not, so neither does this.)
    """
    starts = [0]
    if "\r" in text:
        starts.extend(m.end() for m in _BREAK.finditer(text))
        return starts
    find = text.find
    i = find("\n")
    while i != -1:
        starts.append(i + 1)
        i = find("\n", i + 1)
    return starts


class LineIndex:
    """Maps code-point offsets of ``text`` to LSP positions and back.

    Lines end at ``\n``, ``\r\n`` or ``\r`` (as LSP defines them). A position is never
    past the end of its line's content: an offset inside a line break (between ``\r``
    and ``\n``) maps to the end of the line, and so does a character past it.
    """

    __slots__ = ("text", "starts", "_astral")

    def __init__(self, text: str) -> None:
        self.text = text
        # an array of machine integers: a list of int objects took 173 KB for a 4,800-line
        # document, this 38 KB (a server holds one or two per open document)
        self.starts = array("q", line_starts(text))
        self._astral: dict = {}     # line -> offsets of its astral characters (found once)

    def _astral_in(self, line: int) -> list:
        """Offsets of the characters of ``line`` outside the BMP, which count two UTF-16 units:
        found once per line, so a column costs a bisection, not an encoding of the line's start
        (46,921 findings on one 246 KB line took 17 s of encoding)."""
        found = self._astral.get(line)
        if found is None:
            start, end = self.starts[line], self.line_end(line)
            found = [m.start() for m in _ASTRAL.finditer(self.text, start, end)]
            self._astral[line] = found
        return found

    def replaced(self, start: int, end: int, replacement: str, new_text: str) -> "LineIndex":
        """The index of ``new_text`` = this text with ``[start, end)`` replaced: line starts
        before the edit kept, those after it moved, only the replacement scanned (an editor's
        keystroke in a large document; ``\r`` anywhere: built afresh)."""
        if "\r" in replacement or "\r" in self.text:
            return LineIndex(new_text)
        starts = self.starts
        delta = len(replacement) - (end - start)
        keep = bisect_right(starts, start)           # line starts at offsets <= start stay
        after = bisect_right(starts, end)            # starts past the edit's old end move
        middle = []
        find = new_text.find
        at = find("\n", start, start + len(replacement))
        while at != -1:
            middle.append(at + 1)
            at = find("\n", at + 1, start + len(replacement))
        index = LineIndex.__new__(LineIndex)
        index.text = new_text
        moved = array("q", starts[:keep])
        moved.extend(middle)
        moved.extend(map(delta.__add__, starts[after:]))
        index.starts = moved
        index._astral = {}
        return index

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset) - 1

    def line_end(self, line: int) -> int:
        """Offset just past the content of ``line`` (before its line break)."""
        if line + 1 >= len(self.starts):
            return len(self.text)
        end = self.starts[line + 1] - 1            # the break's last character
        if end > self.starts[line] and self.text[end] == "\n" and self.text[end - 1] == "\r":
            end -= 1
        return end

    def line_text(self, line: int) -> str:
        return self.text[self.starts[line]:self.line_end(line)]

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.starts[line]
        offset = min(offset, self.line_end(line))
        astral = self._astral_in(line)
        return Position(line, offset - start + (bisect_right(astral, offset - 1) if astral else 0))

    def range(self, start: int, end: int) -> Range:
        return Range(self.position(start), self.position(end))

    def offset(self, line: int, character: int) -> int:
        """Inverse of :meth:`position` (clamped to the document and to the line's content)."""
        if line >= len(self.starts):
            return len(self.text)
        if line < 0:
            return 0
        start = self.starts[line]
        end = self.line_end(line)
        character = max(character, 0)
        if not self._astral_in(line):
            return start + min(character, end - start)
        segment = self.text[start:end]
        units = 0
        for i, ch in enumerate(segment):
            if units >= character:
                return start + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return end

    def column(self, offset: int) -> int:
        """Code-point column of an offset (for indentation decisions)."""
        return offset - self.starts[self.line_of(offset)]

    def valid(self, position: Position) -> bool:
        """Whether ``position`` lies inside this text (a line that exists, within its content)."""
        if not 0 <= position.line < len(self.starts) or position.character < 0:
            return False
        return position.character <= utf16_len(self.line_text(position.line))


def char_end(text: str, index: int) -> int:
    """End of the one-character span at ``index``; empty on a line break or at the end.

    Problems reported "at a character" use it, so their range never runs past the end of
    their line (a span over the ``\\n`` would end on the next line).
    """
    return index + 1 if 0 <= index < len(text) and text[index] not in "\r\n" else index
