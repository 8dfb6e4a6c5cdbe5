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
    if text.startswith("\ufeff"):
        text = text[1:]
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


#: Byte-order marks of the encodings that are not UTF-8 (UTF-32 first: its little-endian mark
#: starts with UTF-16's).
_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32LE", "UTF-32 (little-endian)"),
              (b"\x00\x00\xfe\xff", "UTF-32BE", "UTF-32 (big-endian)"),
              (b"\xff\xfe", "UTF-16LE", "UTF-16 (little-endian)"),
              (b"\xfe\xff", "UTF-16BE", "UTF-16 (big-endian)"))


def _wide(raw: bytes) -> tuple[str, ParseProblem] | None:
    """UTF-16 or UTF-32 text with a byte-order mark: decoded (so that what is shown of it
    reads), and named as such in one AGIS005 at its start; not parsed (a rewrite in UTF-8
    would change every byte of the file, so no rule and no fix runs on it)."""
    for bom, codec, name in _WIDE_BOMS:
        if raw.startswith(bom):
            text = raw[len(bom):].decode(codec, errors="replace")
            return text, ParseProblem("AGIS005", f"the file is {name} text (byte-order mark "
                                      f"{bom.hex(' ').upper()}); AGIS documents are UTF-8 text: "
                                      f"convert it (iconv -f {codec.replace('LE', '').replace('BE', '')} "
                                      "-t UTF-8)", 0, 1 if text else 0)
    return None


def decode_bytes(raw: bytes) -> tuple[str, ParseProblem | None]:
    """Decode UTF-8; undecodable or binary input becomes a positioned finding, UTF-16 and
    UTF-32 with a byte-order mark are decoded and named."""
    if raw[:1] in (b"\xff", b"\xfe", b"\x00"):
        wide = _wide(raw)
        if wide is not None:
            return wide
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


def read_document(path: str | os.PathLike, syntax: str | None = None,
                  limit: int | None = None) -> Document:
    """The document of the regular file ``path``; one over ``limit`` bytes (0 or None: no
    limit) is its head with one AGIS007 problem (``document.size``), not parsed. Raises
    OSError (``files.reading.NotRegularFile`` for a FIFO, a device, a symlink loop...)."""
    from ..files.reading import read_file
    got = read_file(path, limit)
    if got.over:
        from .size import oversized_document
        return oversized_document(got.raw.decode("utf-8", errors="replace"), os.fspath(path),
                                  got.size, limit)
    return parse_bytes(got.raw, os.fspath(path), syntax)
