"""Conversions as LSP commands and source actions (pure builders; the handler is in
``features/commands.py``).

    agis.convert  [uri, target]   target: one of ``agis_lsp.convert.TARGETS``

The command converts the document's current text (the editor's buffer) with
``agis_lsp.convert``, creates the output next to it through ``workspace/applyEdit``
(never overwriting a file) and answers ``{"files": [uri...], "review": [{uri, range,
message}]}``. The source actions offer it where it fits: "Generate MCP tools/list
from this AGIS document", "Generate /.well-known/agis.json from this AGIS document",
"Convert this MCP tool list to AGIS", and the same for OpenAPI, A2T, ADP and AINP: the
converter's table ``agis_lsp.convert.EDITOR_ACTIONS`` says which and how they are titled.
"""
from __future__ import annotations

import os

from lsprotocol import types

COMMAND = "agis.convert"
SOURCE_KIND = "source.convert"


def source_actions(uri: str, data, only) -> list[types.CodeAction]:
    """The conversion actions for a document whose parsed data is ``data``."""
    from ...convert import EDITOR_ACTIONS, detect_format
    from .actions import wanted
    if not only or not wanted(SOURCE_KIND, only):
        return []       # offered when source actions are asked for (VS Code's "Source Action...")
    try:
        fmt = detect_format(data)
    except Exception:  # noqa: BLE001 - a half-typed document is no format yet
        return []
    out = []
    for (src, target), title in EDITOR_ACTIONS.items():
        if src == fmt:
            out.append(types.CodeAction(title=title, kind=SOURCE_KIND,
                                        command=types.Command(title=title, command=COMMAND,
                                                              arguments=[uri, target])))
    return out


def output_path(source_path: str, name: str) -> str:
    """Where a converted file goes: next to the source (``agis.json`` under ``.well-known``)."""
    base = os.path.dirname(source_path)
    if name == "agis.json":
        return os.path.join(base, ".well-known", "agis.json")
    return os.path.join(base, *name.split("/"))


def build(uri_path: str, text: str, target: str, semantic: bool):
    """(files [(path, text)], review [(path, range, message)], error or None)."""
    from ...convert import ConvertError, convert_text
    from ...document import parse_text
    try:
        conv = convert_text(text, target, name=uri_path, semantic=semantic)
    except ConvertError as exc:
        return [], [], str(exc)
    files = []
    for f in conv.files:
        dest = output_path(uri_path, f.name)
        if os.path.exists(dest):
            return [], [], f"{dest} exists; not overwritten"
        files.append((dest, f.text, f.name))
    review = []
    docs = {}
    for r in conv.review:
        dest = next((d for d, _, n in files if n == r.file), None)
        if dest is None:
            continue
        if dest not in docs:
            docs[dest] = parse_text(next(t for d, t, _ in files if d == dest), dest)
        try:
            rng = docs[dest].range(tuple(r.path), "value")
        except Exception:  # noqa: BLE001
            rng = docs[dest].range((), "value")
        review.append((dest, rng, r.message))
    return [(d, t) for d, t, _ in files], review, None


def workspace_edit(files: list, to_uri) -> types.WorkspaceEdit:
    changes: list = []
    for path, text in files:
        uri = to_uri(path)
        changes.append(types.CreateFile(uri=uri, options=types.CreateFileOptions(overwrite=False,
                                                                                 ignore_if_exists=False)))
        changes.append(types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None),
            edits=[types.TextEdit(range=types.Range(start=types.Position(line=0, character=0),
                                                    end=types.Position(line=0, character=0)),
                                  new_text=text)]))
    return types.WorkspaceEdit(document_changes=changes)
