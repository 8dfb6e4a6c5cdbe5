"""Fix operations: changes named by document path, and the text edits they become.

Rules describe a fix as :class:`FixOp` values (set a value, rename a key, remove,
append, add a key); only the document layer (``edits``, ``toml_edits``) knows how
to render them as :class:`TextEdit` offsets in a document's text.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["FixOp", "SetValue", "MappingAsList", "RenameKey", "Remove", "Append", "AddKey", "TextEdit"]


@dataclass(frozen=True)
class FixOp:
    path: tuple


@dataclass(frozen=True)
class SetValue(FixOp):
    """Replace the value at ``path`` (scalar or subtree)."""
    value: Any


@dataclass(frozen=True)
class MappingAsList(SetValue):
    """Rewrite the mapping at ``path`` as the list ``value``: each ``key: text`` entry becomes
    ``{name_key: key, value_key: text}`` and each ``key:`` without a value the bare ``key``.
    A YAML block mapping is edited in place (keys, values, quoting and comments stay as
    written); elsewhere it is rendered as a SetValue of ``value``."""
    name_key: str
    value_key: str


@dataclass(frozen=True)
class RenameKey(FixOp):
    """Rename the mapping key at ``path`` to ``new_key``."""
    new_key: str


@dataclass(frozen=True)
class Remove(FixOp):
    """Remove the mapping entry or sequence item at ``path``."""


@dataclass(frozen=True)
class Append(FixOp):
    """Append ``value`` to the sequence at ``path``."""
    value: Any


@dataclass(frozen=True)
class AddKey(FixOp):
    """Add ``key: value`` to the mapping at ``path`` (after its last entry)."""
    key: str
    value: Any


@dataclass(frozen=True)
class TextEdit:
    """A concrete edit in code-point offsets of the document text."""
    start: int
    end: int
    new_text: str
