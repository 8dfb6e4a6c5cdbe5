"""The input size limit: a file larger than ``max-file-size`` is answered with one finding at
its top (AGIS007) and is not parsed.

Linting costs time and memory in proportion to the input (benchmarks/size_scaling.py
measures it); a generated or vendored giant file would otherwise stall a CI job. The limit
comes from the configuration (engine.config), default 10 MiB.
"""
from __future__ import annotations

import os

from .tree import Document, ParseProblem
from .positions import char_end

DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024
HEAD = 65536      # what is kept of an oversized file: enough for its kind's textual marks


def show_size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB".replace(".0 MiB", " MiB")
    if n >= 1024:
        return f"{n / 1024:.1f} KiB".replace(".0 KiB", " KiB")
    return f"{n} bytes"


def too_large(size: int, limit: int | None) -> bool:
    return bool(limit) and size > limit


def oversized_document(text: str, path: str | None, size: int, limit: int) -> Document:
    """A document that is not parsed: ``text`` (all of it for an editor buffer, the head of
    a file on disk) and one AGIS007 problem at its first character."""
    doc = Document(text, path)
    doc.problems.append(ParseProblem(
        "AGIS007", f"the file is {show_size(size)}, more than max-file-size ({show_size(limit)}); "
        "it is not checked (split it, or raise max-file-size in the configuration)",
        0, char_end(text, 0) if text else 0))
    return doc


def read_head(path: str | os.PathLike) -> str:
    with open(path, "rb") as fh:
        raw = fh.read(HEAD)
    return raw.decode("utf-8", errors="replace")


def file_size(path: str | os.PathLike) -> int:
    return os.stat(path).st_size
