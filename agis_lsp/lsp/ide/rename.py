"""Rename a method: every place that names it, in the document or across an AGTP deployment.

In an AGIS document: the endpoints' methods (either endpoint shape) and
``vocabulary.declared_verbs``. In an AGTP deployment (any of its files): every endpoint
TOML's method, every recipe step's method and the server's method policy (``allow``,
``disallow``, ``redirects``). Methods compare case-insensitively (``book`` and ``BOOK`` are
one method; the rename writes the new name as given).

The new name is validated first: one upper-case word of letters that is a catalog verb, a
legacy verb, or an English action verb in its base form. A refusal raises
:class:`RenameRefused` with the reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types

from ... import lexicon
from ..protocol.to_lsp import offsets_range
from .places import METHOD, Place, place_at, places_of, same_symbol
from ..protocol import cancel

_WORD = re.compile(r"^[A-Za-z]+$")


class RenameRefused(Exception):
    """Why a rename cannot be done (sent to the client as the request's error message)."""


@dataclass
class FileToEdit:
    """One document the rename may touch: its URI, version (None: not open) and parse."""
    uri: str
    version: int | None
    doc: object
    kind: str | None


def validate_name(new_name: str, catalog=None) -> str:
    """The new method name, or :class:`RenameRefused` saying what is wrong with it."""
    name = (new_name or "").strip()
    if not name:
        raise RenameRefused("The new method name is empty: give an upper-case action verb "
                            "such as RESERVE.")
    if not _WORD.match(name):
        raise RenameRefused(f"'{name}' is not a method name: a method is one word of letters "
                            "(no spaces, digits, '_' or '-'), such as RESERVE.")
    if name != name.upper():
        raise RenameRefused(f"Method names are upper case: use '{name.upper()}'.")
    if catalog is not None and (catalog.get(name) is not None or catalog.is_legacy(name)):
        return name
    inflected = lexicon.inflection_of(name)
    if inflected is not None:
        raise RenameRefused(f"'{name}' is an inflected form ({inflected.kind}); a method is "
                            f"the base form of the verb: '{inflected.base}'.")
    why = lexicon.non_action_class(name)
    if why is not None:
        raise RenameRefused(f"'{name}' is not an action verb (it reads as {why}); a method "
                            "names the action, such as RESERVE.")
    return name


def method_at(doc, kind: str | None, offset: int) -> Place | None:
    """The method place under ``offset``, if there is one."""
    if not doc.parsed:
        return None
    place = place_at(places_of(doc, kind), offset)
    return place if place is not None and place.kind == METHOD else None


def build_prepare_rename(doc, kind: str | None, offset: int):
    """The method's range and name under the cursor, or None (not a method: no rename)."""
    place = method_at(doc, kind, offset)
    if place is None:
        return None
    return types.PrepareRenamePlaceholder(range=offsets_range(doc.lines, place.start, place.end),
                                          placeholder=place.name)


def method_edits(files: list[FileToEdit], target: Place, new_name: str) -> list[tuple]:
    """(file, [TextEdit]) of every file that names ``target``'s method."""
    out = []
    for f in files:
        cancel.check()
        if not f.doc.parsed:
            continue
        edits = [types.TextEdit(range=offsets_range(f.doc.lines, p.start, p.end), new_text=new_name)
                 for p in places_of(f.doc, f.kind) if same_symbol(p, target)
                 and p.name != new_name]
        if edits:
            out.append((f, edits))
    return out


def build_rename(doc, kind: str | None, offset: int, new_name: str, files: list[FileToEdit],
                 catalog=None, document_changes: bool = False) -> types.WorkspaceEdit | None:
    """The WorkspaceEdit renaming the method under ``offset``; ``files``: every document
    to rename in (the current one included: the deployment's files, or just this one).

    None when the cursor is not on a method; :class:`RenameRefused` for a bad new name
    or a file of the deployment that does not parse (its methods could not be renamed).
    """
    target = method_at(doc, kind, offset)
    if target is None:
        return None
    name = validate_name(new_name, catalog)
    broken = [f.uri for f in files if not f.doc.parsed]
    if broken:
        raise RenameRefused("Cannot rename across the deployment while a file does not parse: "
                            + ", ".join(broken))
    changed = method_edits(files, target, name)
    if document_changes:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=f.uri,
                                                                        version=f.version),
            edits=edits) for f, edits in changed])
    return types.WorkspaceEdit(changes={f.uri: edits for f, edits in changed})
