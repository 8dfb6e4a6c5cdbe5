"""What rules produce and what the engine hands to the CLI and the server.

Rules yield :class:`Finding` objects that name places by *document path* and
describe fixes as path-based operations (:class:`FixOp`). The engine turns them
into positioned :class:`Diagnostic` objects with concrete text edits; only the
document layer knows how.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

# Fix operations and text edits belong to the document layer (it renders them); they are
# re-exported here because rules build them next to Finding and Fix.
from ..document.ops import AddKey, Append, FixOp, MappingAsList, Remove, RenameKey, SetValue, TextEdit

__all__ = ["Severity", "FixOp", "SetValue", "MappingAsList", "RenameKey", "Remove", "Append", "AddKey", "TextEdit",
           "Fix", "Related", "Finding", "Diagnostic"]


class Severity(IntEnum):
    """Numbered as LSP's DiagnosticSeverity."""
    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, value: str) -> "Severity":
        aliases = {"info": "information", "warn": "warning"}
        value = aliases.get(value.lower(), value.lower())
        return cls[value.upper()]


@dataclass
class Fix:
    title: str
    safe: bool
    ops: list = field(default_factory=list)        # list[FixOp]
    edits: list = field(default_factory=list)      # list[TextEdit], filled by the engine
    preferred: bool = False                        # the fix that corrects the mistake (Auto Fix
                                                   # applies it when it is safe: engine.fixer.auto_fix)
    declares: tuple = ()                           # document paths whose values the fix copies as
                                                   # declarations (a method into declared_verbs): the
                                                   # fix is dropped while one of them is a mistake
                                                   # (engine.consequences)

    @property
    def safety(self) -> str:
        return "safe" if self.safe else "unsafe"


@dataclass
class Related:
    path: tuple
    message: str
    part: str = "value"
    uri: str | None = None       # None: the same document


@dataclass
class RelatedLocation:
    """A place a diagnostic points to besides its own: in the same document (``file`` is
    None) or in another file of the deployment (``file`` an absolute path). ``range`` is
    resolved by the engine from the document it lies in; None only when that document
    cannot be read or parsed (the CLI then prints the path alone, the server a zero range)."""
    message: str
    range: Any = None            # document.positions.Range, or None
    file: str | None = None      # None: the diagnostic's own document
    path: tuple = ()             # the document path the rule named
    part: str = "value"


@dataclass
class Finding:
    """A rule's verdict about one place."""
    path: tuple
    message: str
    part: str = "value"          # "value" | "key" | "entry"
    fixes: list = field(default_factory=list)
    related: list = field(default_factory=list)
    tags: tuple = ()             # "deprecated", "unnecessary"
    span: tuple | None = None    # explicit (start, end) offsets; document-layer findings only
    restates: tuple = ()         # paths whose primary finding makes this one a consequence
    uri: str | None = None       # report against another document (cross-file rules)
    data: dict = field(default_factory=dict)
    at_most: Severity | None = None   # the severity the rule's evidence supports: the configured
                                      # severity stays a ceiling, this lowers it (security pass)
    corroborated: Severity | None = None   # ... and what it supports when another rule's finding
                                           # on the same path corroborates it (engine.consequences)
    corroborates: bool = False   # a signal for the finding on its path, not a finding of its own


@dataclass
class Diagnostic:
    """A positioned, severity-assigned finding: the engine's output."""
    code: str
    name: str
    pass_no: int | None
    severity: Severity
    message: str
    path: tuple
    start: int
    end: int
    range: Any                   # document.positions.Range
    fixes: list = field(default_factory=list)
    related: list = field(default_factory=list)   # list[RelatedLocation]
    tags: tuple = ()
    uri: str | None = None
    data: dict = field(default_factory=dict)
    restates: tuple = ()         # document paths (see Finding.restates)
    finding: Any = field(default=None, compare=False, repr=False)  # kept for rules whose findings
                                 # can be positioned again in the next version (engine.incremental)
    corroborated: Severity | None = None   # see Finding.corroborated (the ceiling applied)
    corroborates: bool = False   # see Finding.corroborates

    def sort_key(self):
        return (self.range.start.line, self.range.start.character, self.pass_no or 0, self.code)
