"""Semantic tokens, full and delta (``textDocument/semanticTokens/full[/delta]``).

The last answer per document is kept (its ``resultId`` and a ``token_splice.Snapshot``):
the next request's tokens are spliced from it when the edit since allows (an edit inside an
AGIS document's endpoints: work in proportion to the edit), else built in full. A delta
request that names the last answer gets the one edit between the two; any other
``previousResultId`` gets the full tokens. While the text does not parse, the
tokens of the last parse that succeeded are moved onto it (those whose name is still
written there), so colours do not flicker mid-edit.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from ...formats.registry import DEPLOYMENT, has_trait
from ..ide.places import Place, places_of
from ..ide.token_splice import Snapshot, snapshot, splice
from ..ide.tokens import LEGEND, delta
from ..runtime.store import offset_mover
from . import answer, guarded

if TYPE_CHECKING:
    from ..runtime.protocols import Server
    from ..runtime.state import View


def _moved_places(good, doc, kind) -> list[Place]:
    """The last good parse's places, moved onto the current text (where still written)."""
    move = offset_mover(good.text, doc.text)
    out = []
    for p in places_of(good, kind):
        start, end = move(p.start), move(p.end)
        if end - start == p.end - p.start and doc.text[start:end] == good.text[p.start:p.end]:
            out.append(Place(start, end, p.kind, p.name, p.role, p.path, p.endpoint))
    return out


def _custom_methods(ls, view: View, kind, catalog, overlay) -> set:
    """Non-catalog methods an AGTP deployment's policy allows."""
    if not has_trait(kind, DEPLOYMENT) or not view.path or catalog is None:
        return set()
    from ...formats.deployment import find_deployment
    dep = find_deployment(view.path, overlay)
    return dep.custom_methods(catalog) if dep is not None else set()


def tokens(ls: Server, view: View, overlay: dict, last: Snapshot | None
           ) -> Snapshot | None:
    """The tokens of the view's text: spliced from ``last`` (the previous answer) when the
    edit since allows it (``token_splice``), else built in full."""
    doc, kind = view.parse()
    if kind is None:
        return None
    catalog = ls.catalog_for(view.uri)
    flagged = [(d.start, d.end) for d in view.entry.diagnostics if d.pass_no in (2, 3)] \
        if view.entry is not None else []
    custom = _custom_methods(ls, view, kind, catalog, overlay)
    if doc.parsed or view.last_good is None:
        if last is not None:
            spliced = splice(last, doc, kind, catalog, custom, flagged)
            if spliced is not None:
                return spliced
        return snapshot(doc, kind, catalog, custom, flagged)
    return snapshot(doc, kind, catalog, custom, flagged,
                    places=_moved_places(view.last_good, doc, kind))


def _overlay(ls, view) -> dict:
    return ls.overlay() if has_trait(view.state.kind, DEPLOYMENT) else {}


async def _snapshot(ls: Server, uri: str):
    """(view, tokens of its text) or (view or None, None): the work both requests share."""
    view = ls.view(uri)
    if view is None:
        return None, None
    snap = await answer(ls, "semanticTokens", tokens, ls, view, _overlay(ls, view),
                        ls.token_cache.last(view.uri))
    return view, snap


@guarded(lambda: None)
async def on_full(ls: Server, params: types.SemanticTokensParams):
    view, snap = await _snapshot(ls, params.text_document.uri)
    if snap is None:
        return None
    return types.SemanticTokens(data=snap.data, result_id=ls.token_cache.remember(view.uri, snap))


@guarded(lambda: None)
async def on_delta(ls: Server, params: types.SemanticTokensDeltaParams):
    view, snap = await _snapshot(ls, params.text_document.uri)
    if snap is None:
        return None
    old = ls.token_cache.previous(view.uri, params.previous_result_id)
    result_id = ls.token_cache.remember(view.uri, snap)
    if old is None:
        return types.SemanticTokens(data=snap.data, result_id=result_id)
    return types.SemanticTokensDelta(edits=delta(old, snap.data), result_id=result_id)


def register(server) -> None:
    server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, LEGEND)(on_full)
    server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL_DELTA, LEGEND)(on_delta)
