"""Text synchronisation: didOpen, didChange, didClose (the server keeps its own text)."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lsprotocol import types

from ..protocol.uris import to_path
from . import guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server


@guarded()
def on_did_open(ls: Server, params: types.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    previous = ls.documents.get(item.uri)
    state = ls.documents.open(item.uri, item.text, item.version)
    if previous is not None:
        state.kind = previous.kind
    ls.scheduler.schedule(item.uri)


@guarded()
def on_did_change(ls: Server, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.documents.get(uri)
    if state is None:
        return  # a change to a document that was never opened
    previous = state.last_change
    state.apply(params.content_changes, params.text_document.version)
    ls.scheduler.schedule(state.uri, delay=ls.scheduler.change_delay(previous))


@guarded()
def on_did_close(ls: Server, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    state = ls.documents.close(uri)
    if state is not None:
        uri = state.uri
        ls.publisher.release_waiters(uri)
        ls.token_cache.forget(uri)
    entry = ls.store.get(uri)
    path = to_path(uri)
    if entry is not None and entry.target.deployment is not None and path \
            and os.path.isfile(path):
        ls.scheduler.schedule(uri)  # stays part of its deployment: re-checked from the disk
    else:
        ls.scheduler.drop(uri)
        if entry is not None:
            ls.forget(uri)


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_DID_OPEN)(on_did_open)
    server.feature(types.TEXT_DOCUMENT_DID_CHANGE)(on_did_change)
    server.feature(types.TEXT_DOCUMENT_DID_CLOSE)(on_did_close)
