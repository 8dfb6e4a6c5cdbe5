"""Rename a method (``textDocument/prepareRename``, ``textDocument/rename``) and find the
references of a method, recipe, schema or error name (``textDocument/references``).

In an AGTP deployment both reach every file of it: the open ones as the editor has them
(with their versions, for ``documentChanges``), the others from the disk. A refused rename
(a bad new name) is answered with a ``RequestFailed`` error carrying the reason.
"""
from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcException

from ...formats.registry import DEPLOYMENT, has_trait
from ..ide.rename import FileToEdit, RenameRefused, build_prepare_rename, build_rename
from ..protocol.uris import from_path
from . import answer_view, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View

log = logging.getLogger("agis_lsp.lsp")


class RequestFailed(JsonRpcException):
    CODE = -32803   # LSP ErrorCodes.RequestFailed


def _norm(path: str) -> str:
    return os.path.normcase(os.path.abspath(path))


def open_views(ls: Server) -> dict:
    """normalised path -> View of every open document (taken on the loop)."""
    out = {}
    for state in ls.documents.all():
        if state.path:
            view = ls.view(state.uri)
            if view is not None:
                out[_norm(state.path)] = view
    return out


def files_for(ls: Server, view: View, kind: str | None, doc, views: dict) -> list[FileToEdit]:
    """The documents a rename or a reference search covers: the deployment's (open files as
    the editor has them, the others as the Linter's document cache reads them), or this one."""
    here = FileToEdit(view.uri, view.version, doc, kind)
    if not has_trait(kind, DEPLOYMENT) or not view.path:
        return [here]
    from ...formats.deployment import find_deployment
    from ...formats.kinds import detect
    dep = find_deployment(view.path, {p: v.text for p, v in views.items()}, ls.linter.documents)
    if dep is None:
        return [here]
    out = []
    for path in dep.files():
        key = _norm(path)
        if view.path and key == _norm(view.path):
            out.append(here)
            continue
        other = views.get(key)
        if other is not None:
            other_doc, _ = other.parse()
            out.append(FileToEdit(other.uri, other.version, other_doc, detect(other_doc)))
            continue
        other_doc = dep.doc(path)
        if other_doc is not None:
            out.append(FileToEdit(from_path(path), None, other_doc, detect(other_doc)))
    return out


def prepare(ls: Server, view: View, position: types.Position):
    doc, kind = view.parse()
    if kind is None:
        return None
    return build_prepare_rename(doc, kind, doc.lines.offset(position.line, position.character))


def target_at(view: View, position: types.Position, found) -> tuple | None:
    """(document, kind, offset) when ``found(doc, kind, offset)`` names something at
    ``position`` (what rename and references start from); else None."""
    doc, kind = view.parse()
    if kind is None:
        return None
    offset = doc.lines.offset(position.line, position.character)
    return (doc, kind, offset) if found(doc, kind, offset) is not None else None


def rename(ls: Server, view: View, position: types.Position, new_name: str,
           views: dict):
    from ..ide.rename import method_at
    target = target_at(view, position, method_at)
    if target is None:
        return None
    doc, kind, offset = target
    files = files_for(ls, view, kind, doc, views)
    return build_rename(doc, kind, offset, new_name, files, ls.catalog_for(view.uri),
                        ls.features.document_changes)


@guarded(lambda: None)
async def on_prepare_rename(ls: Server, params: types.PrepareRenameParams):
    return await answer_view(ls, params.text_document.uri, "prepareRename", prepare, params.position)


async def on_rename(ls: Server, params: types.RenameParams):
    try:
        return await answer_view(ls, params.text_document.uri, "rename", rename, params.position,
                                 params.new_name, open_views(ls))
    except RenameRefused as exc:
        raise RequestFailed(str(exc)) from None
    except Exception:  # noqa: BLE001 - a failing feature logs and answers nothing
        log.exception("on_rename failed")
        return None


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)(on_prepare_rename)
    server.feature(types.TEXT_DOCUMENT_RENAME)(on_rename)
