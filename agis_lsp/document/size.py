"""The input size limit: a file larger than ``max-file-size`` is answered with one finding at
its top (AGIS007) and is not parsed.

Linting costs time and memory in proportion to the input (benchmarks/size_scaling.py
measures it); a generated or vendored giant file would otherwise stall a CI job. The limit
comes from the configuration (engine.config), default 10 MiB.
"""
from __future__ import annotations

from .tree import Document, ParseProblem
from .positions import char_end

DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024


def show_size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB".replace(".0 MiB", " MiB")
    if n >= 1024:
        return f"{n / 1024:.1f} KiB".replace(".0 KiB", " KiB")
    return f"{n} bytes"


def too_large(size: int, limit: int | None) -> bool:
    return bool(limit) and size > limit


def oversized_document(text: str, path: str | None, size: int | None, limit: int) -> Document:
    """A document that is not parsed: ``text`` (all of it for an editor buffer, the head of
    a file on disk or of standard input) and one AGIS007 problem at its first character.
    ``size`` None: only known to be over the limit (a stream is read up to the limit and one
    byte more, never to its end)."""
    doc = Document(text, path)
    said = f"the file is {show_size(size)}, more" if size is not None else "the input is more"
    doc.problems.append(ParseProblem(
        "AGIS007", f"{said} than max-file-size ({show_size(limit)}); "
        "it is not checked (split it, or raise max-file-size in the configuration)",
        0, char_end(text, 0) if text else 0))
    return doc
