"""What a conversion returns: output files, review items, and the errors that stop it."""
from __future__ import annotations

from dataclasses import dataclass, field


class ConvertError(Exception):
    """The input cannot be converted (unreadable, unknown format, a name collision).

    ``line``/``column`` (1-based) locate the problem in the input when known.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.line}:{self.column or 1}: {self.message}"
        return self.message


@dataclass(frozen=True)
class ReviewItem:
    """A choice the converter made that a human must confirm.

    ``path`` is a document path inside the output file ``file`` (the value the
    reviewer should look at); ``source`` names the original tool, operation or
    capability, and is part of the message.
    """
    file: str
    path: tuple
    message: str
    source: str
    code: str = "review"


@dataclass
class OutputFile:
    name: str          # relative name: "api.agis", "endpoints/fetch_user.toml", "-" for a single stream
    text: str
    kind: str          # "agis" | "mcp" | "well-known" | "agtp-endpoint" | "agtp-server"


@dataclass
class Conversion:
    source_format: str
    target: str
    files: list[OutputFile] = field(default_factory=list)
    review: list[ReviewItem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # the formats a chained conversion went through, e.g. ["openapi", "agis", "mcp"]; empty when direct
    chain: list[str] = field(default_factory=list)
    # documents made on the way and not written (the AGIS document of a chain); review items of
    # earlier steps point into these
    intermediate: list[OutputFile] = field(default_factory=list)

    def file(self, name: str) -> OutputFile | None:
        return next((f for f in self.files if f.name == name), None)

    def source_file(self, name: str) -> OutputFile | None:
        """An output file, or else a document made on the way."""
        return self.file(name) or next((f for f in self.intermediate if f.name == name), None)
