"""The document layer: the only code that knows syntax and positions."""
from __future__ import annotations

import os

from .tree import Container, Document, Entry, ParseProblem
from .paths import Path, format_path
from .positions import LONE_SURROGATE, LineIndex, Position, Range

__all__ = ["Container", "Document", "Entry", "ParseProblem", "Path", "format_path", "LineIndex",
           "Position", "Range", "parse_text", "parse_bytes", "read_document", "detect_syntax", "decode_bytes"]


def detect_syntax(text: str, path: str | None = None) -> str:
    """By content first (AGIS section 9: YAML and JSON whatever the extension)."""
    if path and path.endswith(".toml"):
        return "toml"
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in ("{", "["):
        return "json"
    return "yaml"


_SURROGATE = LONE_SURROGATE


def parse_text(text: str, path: str | None = None, syntax: str | None = None) -> Document:
    """The parsed document; a leading byte-order mark is not part of its text (offsets start
    after it) and is recorded as ``doc.bom``, so that writing the document back keeps it."""
    if text.startswith("\ufeff"):
        doc = _parse_text(text[1:], path, syntax)
        doc.bom = True
        return doc
    return _parse_text(text, path, syntax)


def _parse_text(text: str, path: str | None, syntax: str | None) -> Document:
    lone = _SURROGATE.search(text)
    if lone is not None:
        # An editor buffer can hold half of a surrogate pair (an edit that split it); no
        # parser can encode it. Parse a copy with U+FFFD in its place (same offsets) and
        # report the first one where it is.
        doc = _parse(_SURROGATE.sub("\ufffd", text), path, syntax)
        doc.text, doc._lines = text, None
        doc.problems.append(ParseProblem(
            "AGIS005", f"lone UTF-16 surrogate U+{ord(lone.group()):04X} (half of a character); "
            "AGIS documents are UTF-8 text", lone.start(), lone.end()))
        return doc
    return _parse(text, path, syntax)


def _parse(text: str, path: str | None, syntax: str | None) -> Document:
    syntax = syntax or detect_syntax(text, path)
    if syntax == "json":
        from .json_parser import parse_json
        return parse_json(text, path)
    if syntax == "toml":
        from .toml_parser import parse_toml  # provided by the AGTP formats
        return parse_toml(text, path)
    from .yaml_parser import parse_yaml
    return parse_yaml(text, path)


def decode_bytes(raw: bytes) -> tuple[str, ParseProblem | None]:
    """Decode UTF-8; undecodable or binary input becomes a positioned finding."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        prefix = raw[: exc.start].decode("utf-8", errors="replace")
        kind = "binary data" if b"\x00" in raw[:8192] else "bytes that are not UTF-8"
        return text, ParseProblem("AGIS005", f"file contains {kind} (byte 0x{raw[exc.start]:02x} at "
                                  f"offset {exc.start}); AGIS documents are UTF-8 text",
                                  len(prefix), len(prefix) + 1)
    if "\x00" in text:
        at = text.index("\x00")
        return text, ParseProblem("AGIS005", "file contains NUL bytes (binary data?); "
                                  "AGIS documents are UTF-8 text", at, at + 1)
    return text, None


def parse_bytes(raw: bytes, path: str | None = None, syntax: str | None = None) -> Document:
    """A document from raw bytes: undecodable input keeps its text (with U+FFFD) and a
    positioned AGIS005 problem, and is not parsed."""
    text, problem = decode_bytes(raw)
    if problem is not None:
        doc = Document(text, path)
        doc.problems.append(problem)
        return doc
    return parse_text(text, path, syntax)


def read_document(path: str | os.PathLike, syntax: str | None = None) -> Document:
    with open(path, "rb") as fh:
        raw = fh.read()
    return parse_bytes(raw, os.fspath(path), syntax)
