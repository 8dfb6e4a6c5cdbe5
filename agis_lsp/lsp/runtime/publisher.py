"""Publishing diagnostics: push (``publishDiagnostics``) and pull from one store.

Push notifications carry the version the diagnostics were computed for. A pull answer
carries no version, so it is given for the text the request was made against: a stored
result of another text is moved through the edits since (findings inside the edited
region are dropped); it never points outside that text.

The publisher owns the pull requests waiting for a check (``wait_for``; answered by
``publish``, released when the document closes). It is given the ``DiagnosticsStore`` the
scheduler fills, the token cache (a check may make tokens answered before it stale), the rule
documentation links, and the spelling of a file's URI; it speaks to the client through a
``session.Session``. It never starts a check: the handler that wants a current result asks
the scheduler for one (``features.checked_entry``).
"""
from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Callable

from lsprotocol import types

from ..protocol.to_lsp import RuleDocs, to_diagnostic
from .state import Documents
from .store import DiagnosticsEntry, DiagnosticsStore, carry_over

if TYPE_CHECKING:
    from .session import Session
    from .state import View
    from .token_cache import TokenCache

log = logging.getLogger("agis_lsp.lsp")

PULL_WAIT = 3.0     # longest a pull request waits for a running check (answers stay < 5 s)


class Publisher:
    def __init__(self, store: DiagnosticsStore, token_cache: TokenCache, rule_docs: RuleDocs,
                 session: Session, *, uri_of: Callable[[str], str]) -> None:
        self.store = store
        self.token_cache = token_cache
        self.rule_docs = rule_docs
        self.session = session
        self.uri_of = uri_of        # a file's URI (the client's spelling when it is open)
        self.waiters: dict[str, list] = {}   # Documents.key(uri) -> [(version, Future)]
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
        session = self.session
        href = functools.partial(self.rule_docs.href, base_url=session.settings.docs_base_url)
        return [to_diagnostic(d, uri, lines, session.features, href=href,
                              uri_of=self.uri_of) for d in diagnostics]

    def for_view(self, entry: DiagnosticsEntry, view: "View") -> list[types.Diagnostic]:
        """The entry's diagnostics for the text of ``view`` (moved through edits if needed)."""
        old = entry.target.doc
        if old.text == view.text:
            return self.lsp_diagnostics(entry)
        target = view.state if view.text is view.state.text else _Text(view.text)
        return self.convert(carry_over(entry.diagnostics, old, target), entry.uri, target.lines)

    # -- push and pull -------------------------------------------------------------------
    def publish(self, uri: str) -> None:
        """The store's entry for ``uri`` is new: answer the pull requests waiting for it and
        push it (or ask a pull client to pull). No entry (a file the server leaves alone, a
        check refused): the waiting requests are answered with nothing."""
        entry = self.store.get(uri)
        if entry is None:
            self.resolve_waiters(uri, None)
            return
        items = self.lsp_diagnostics(entry)
        answered = self.resolve_waiters(uri, entry)  # requests waiting for this check (both modes)
        self.refresh_stale_tokens(uri, entry)
        if self.session.use_pull:
            if not answered:
                self.request_refresh()
            return
        self.session.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=items, version=entry.version if entry.opened else None))

    def forget(self, uri: str) -> None:
        """Drop a document's diagnostics (and tell the client)."""
        self.store.remove(uri)
        self.scans.pop(uri, None)
        if self.session.use_pull:
            self.request_refresh()
        else:
            self.session.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def request_refresh(self) -> None:
        """Ask a pull client to pull again (coalesced within one loop iteration)."""
        session = self.session
        if not session.features.diagnostic_refresh or self._refresh_pending or session.loop is None:
            return
        self._refresh_pending = True

        def send() -> None:
            self._refresh_pending = False
            try:
                session.workspace_diagnostic_refresh(None)
            except Exception:  # noqa: BLE001
                log.debug("diagnostic refresh failed", exc_info=True)

        session.loop.call_soon(send)

    def refresh_stale_tokens(self, uri: str, entry: DiagnosticsEntry) -> None:
        """Semantic tokens answered for this text before its check was done lack the ``invalid``
        of its pass 2-3 findings (a method flagged only by a finding, e.g. GET): ask the client
        to request them again (``workspace/semanticTokens/refresh``)."""
        session = self.session
        cache = self.token_cache
        if not session.features.semantic_tokens_refresh or session.loop is None:
            return
        last = cache.last(uri)
        if last is None or last.text != entry.target.doc.text:
            return
        flagged = tuple(sorted((d.start, d.end) for d in entry.diagnostics if d.pass_no in (2, 3)))
        if flagged == last.flagged:
            return

        def send() -> None:
            try:
                session.workspace_semantic_tokens_refresh(None)
            except Exception:  # noqa: BLE001
                log.debug("semantic tokens refresh failed", exc_info=True)

        session.loop.call_soon(send)

    # -- the pull requests waiting for a check ------------------------------------------------
    def resolve_waiters(self, uri: str, entry: DiagnosticsEntry | None) -> bool:
        """Answer the pull requests waiting for this (or an older) version."""
        key = Documents.key(uri)
        waiting = self.waiters.get(key)
        if not waiting:
            return False
        keep, resolved = [], False
        for version, fut in waiting:
            if entry is None or entry.version is None or version is None or \
                    entry.version >= version:
                if not fut.done():
                    fut.set_result(entry)
                    resolved = True
            else:
                keep.append((version, fut))
        if keep:
            self.waiters[key] = keep
        else:
            del self.waiters[key]
        return resolved

    def release_waiters(self, uri: str) -> None:
        """A document closed: its waiting pull requests are answered with nothing."""
        for _, fut in self.waiters.pop(Documents.key(uri), ()):
            if not fut.done():
                fut.set_result(None)

    async def wait_for(self, uri: str, version, wait: float = PULL_WAIT) -> DiagnosticsEntry | None:
        """The store's entry for ``version`` of ``uri``, waiting (at most ``wait`` seconds) for
        the check under way; then whatever the store has. The caller has made sure a check
        of that version is scheduled."""
        entry = self.store.get(uri)
        if entry is not None and entry.version == version:
            return entry
        fut = asyncio.get_running_loop().create_future()
        key = Documents.key(uri)
        self.waiters.setdefault(key, []).append((version, fut))
        try:
            return await asyncio.wait_for(fut, wait)
        except asyncio.TimeoutError:
            return self.store.get(uri)
        finally:
            waiting = self.waiters.get(key)
            if waiting is not None:
                waiting[:] = [w for w in waiting if w[1] is not fut]
                if not waiting:
                    del self.waiters[key]


class _Text:
    """A bare text with its line index (what ``carry_over`` needs of a document)."""

    def __init__(self, text: str) -> None:
        from ...document.positions import LineIndex
        self.text = text
        self.lines = LineIndex(text)
