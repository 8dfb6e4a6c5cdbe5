"""Offsets <-> LSP positions.

The document layer works in code-point offsets into the decoded text. LSP and our
JSON output speak (line, character) with characters counted in UTF-16 code units;
this module is the one place that converts between the two.
"""
from __future__ import annotations

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


def _utf16_len(s: str) -> int:
    if s.isascii():
        return len(s)
    return len(s.encode("utf-16-le")) // 2


class LineIndex:
    """Maps code-point offsets of ``text`` to LSP positions and back."""

    __slots__ = ("text", "starts")

    def __init__(self, text: str) -> None:
        self.text = text
        starts = [0]
        find = text.find
        i = find("\n")
        while i != -1:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self.starts = starts

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset) - 1

    def line_text(self, line: int) -> str:
        start = self.starts[line]
        end = self.starts[line + 1] - 1 if line + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r")

    def position(self, offset: int) -> Position:
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.starts[line]
        return Position(line, _utf16_len(self.text[start:offset]))

    def range(self, start: int, end: int) -> Range:
        return Range(self.position(start), self.position(end))

    def offset(self, line: int, character: int) -> int:
        """Inverse of :meth:`position` (clamped to the line)."""
        if line >= len(self.starts):
            return len(self.text)
        start = self.starts[max(line, 0)]
        end = self.starts[line + 1] - 1 if line + 1 < len(self.starts) else len(self.text)
        segment = self.text[start:end]
        if segment.isascii():
            return start + min(character, len(segment))
        units = 0
        for i, ch in enumerate(segment):
            if units >= character:
                return start + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return end

    def column(self, offset: int) -> int:
        """Code-point column of an offset (for indentation decisions)."""
        return offset - self.starts[self.line_of(offset)]
