"""Publishing diagnostics: push (``publishDiagnostics``) and pull from one store.

Push notifications carry the version the diagnostics were computed for. A pull answer
carries no version, so it is given for the text the request was made against: a stored
result of another text is moved through the edits since (findings inside the edited
region are dropped); it never points outside that text.
"""
from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

from lsprotocol import types

from .convert import RuleDocs, to_diagnostic
from .store import DiagnosticsEntry, DiagnosticsStore, carry_over

if TYPE_CHECKING:
    from .protocols import Server
    from .state import View

log = logging.getLogger("agis_lsp.lsp")

PULL_WAIT = 3.0     # longest a pull request waits for a running check (answers stay < 5 s)


class Publisher:
    def __init__(self, server: "Server") -> None:
        self.server = server
        self.store = DiagnosticsStore()
        self.rule_docs = RuleDocs()
        self._refresh_pending = False
        self.scans: dict = {}       # uri -> {server name: server_scan.ScanResult} ("Scan this server")

    # -- conversion ---------------------------------------------------------------------
    def lsp_diagnostics(self, entry: DiagnosticsEntry) -> list[types.Diagnostic]:
        if entry.lsp is None:
            entry.lsp = self.convert(entry.diagnostics, entry.uri, entry.target.doc.lines)
        scans = self.scans.get(entry.uri)
        if not scans:
            return entry.lsp
        # a server's scan shows while the text it was placed on is the checked text
        text = entry.target.doc.text
        return entry.lsp + [d for r in scans.values() if r.text == text for d in r.items]

    def set_scan(self, uri: str, name: str, result) -> None:
        """Show one server's scan results on ``uri`` (a new result id, then push or refresh)."""
        self.scans.setdefault(uri, {})[name] = result
        entry = self.store.get(uri)
        if entry is not None:
            entry.result_id = f"{entry.result_id.split('+')[0]}+scan{id(result)}"
            self.publish(uri)

    def convert(self, diagnostics: list, uri: str, lines) -> list[types.Diagnostic]:
        ls = self.server
        href = functools.partial(self.rule_docs.href, base_url=ls.settings.docs_base_url)
        return [to_diagnostic(d, uri, lines, ls.features, href=href,
                              uri_of=ls.uri_for_path) for d in diagnostics]

    def for_view(self, entry: DiagnosticsEntry, view: "View") -> list[types.Diagnostic]:
        """The entry's diagnostics for the text of ``view`` (moved through edits if needed)."""
        old = entry.target.doc
        if old.text == view.text:
            return self.lsp_diagnostics(entry)
        target = view.state if view.text is view.state.text else _Text(view.text)
        return self.convert(carry_over(entry.diagnostics, old, target), entry.uri, target.lines)

    # -- push and pull -------------------------------------------------------------------
    def publish(self, uri: str) -> None:
        entry = self.store.get(uri)
        if entry is None:
            return
        items = self.lsp_diagnostics(entry)
        answered = self.resolve_waiters(uri, entry)  # requests waiting for this check (both modes)
        self.refresh_stale_tokens(uri, entry)
        if self.server.use_pull:
            if not answered:
                self.request_refresh()
            return
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=items, version=entry.version if entry.opened else None))

    def forget(self, uri: str) -> None:
        """Drop a document's diagnostics (and tell the client)."""
        self.store.remove(uri)
        self.scans.pop(uri, None)
        if self.server.use_pull:
            self.request_refresh()
        else:
            self.server.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def request_refresh(self) -> None:
        """Ask a pull client to pull again (coalesced within one loop iteration)."""
        ls = self.server
        if not ls.features.diagnostic_refresh or self._refresh_pending or ls.loop is None:
            return
        self._refresh_pending = True

        def send() -> None:
            self._refresh_pending = False
            try:
                ls.workspace_diagnostic_refresh(None)
            except Exception:  # noqa: BLE001
                log.debug("diagnostic refresh failed", exc_info=True)

        ls.loop.call_soon(send)

    def refresh_stale_tokens(self, uri: str, entry: DiagnosticsEntry) -> None:
        """Semantic tokens answered for this text before its check was done lack the ``invalid``
        of its pass 2-3 findings (a method flagged only by a finding, e.g. GET): ask the client
        to request them again (``workspace/semanticTokens/refresh``)."""
        ls = self.server
        cache = ls.token_cache
        if not ls.features.semantic_tokens_refresh or ls.loop is None:
            return
        last = cache.last(uri)
        if last is None or last.text != entry.target.doc.text:
            return
        flagged = tuple(sorted((d.start, d.end) for d in entry.diagnostics if d.pass_no in (2, 3)))
        if flagged == last.flagged:
            return

        def send() -> None:
            try:
                ls.workspace_semantic_tokens_refresh(None)
            except Exception:  # noqa: BLE001
                log.debug("semantic tokens refresh failed", exc_info=True)

        ls.loop.call_soon(send)

    def resolve_waiters(self, uri: str, entry: DiagnosticsEntry | None) -> bool:
        """Answer the pull requests waiting for this (or an older) version."""
        state = self.server.documents.get(uri)
        if state is None or not state.waiters:
            return False
        keep, resolved = [], False
        for version, fut in state.waiters:
            if entry is None or entry.version is None or version is None or \
                    entry.version >= version:
                if not fut.done():
                    fut.set_result(entry)
                    resolved = True
            else:
                keep.append((version, fut))
        state.waiters = keep
        return resolved

    def release_waiters(self, state) -> None:
        """A document closed: its waiting pull requests are answered with nothing."""
        for _, fut in state.waiters:
            if not fut.done():
                fut.set_result(None)
        state.waiters = []

    async def current_entry(self, uri: str, wait: float = PULL_WAIT) -> DiagnosticsEntry | None:
        """The store's entry for the current version, waiting (at most ``wait`` seconds) for
        a running check; then whatever the store has."""
        ls = self.server
        state = ls.documents.get(uri)
        entry = self.store.get(uri)
        if state is None or (entry is not None and entry.version == state.version):
            return entry
        if not ls.scheduler.pending(uri):
            ls.scheduler.schedule(uri)
        fut = ls.loop.create_future()
        state.waiters.append((state.version, fut))
        try:
            return await asyncio.wait_for(fut, wait)
        except asyncio.TimeoutError:
            return self.store.get(uri)


class _Text:
    """A bare text with its line index (what ``carry_over`` needs of a document)."""

    def __init__(self, text: str) -> None:
        from ..document.positions import LineIndex
        self.text = text
        self.lines = LineIndex(text)
