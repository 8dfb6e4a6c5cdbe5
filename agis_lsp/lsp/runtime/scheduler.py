"""Scheduling checks: the mechanical phase in the lint worker, then the model's follow-up.

Both are the server's :class:`~agis_lsp.engine.linter.Linter` (``prepare`` +
``mechanical``, then ``semantic``, which merges and finishes exactly as ``agis-lint check``
does). On every change the mechanical phase runs in the lint worker thread (the newest
version wins; older results are dropped) and is published as soon as it is ready; the
semantic phase then runs in the model worker and is merged only if the document version
is still the same. Files of a deployment that are not open are checked from the disk
(bytes, so a decode problem is AGIS005 as in the CLI), and re-checked when a sibling
changes.

The scheduler is given its collaborators (``server.py`` wires them): the open
``Documents``, the ``Linter``, the ``DiagnosticsStore`` it fills, the ``ModelLoader`` the
semantic phase waits for, and two callbacks of the publisher: ``publish(uri)`` (the store's
entry for ``uri`` is new: tell the client, answer the waiting pull requests; with no entry,
answer them with nothing) and ``forget(uri)`` (drop it and tell the client). It reads the
client's settings and speaks to it through a ``session.Session``.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ...catalog import CatalogError
from ...engine.config import ConfigError
from ...engine.linter import Outcome
from ..protocol.uris import to_path

if TYPE_CHECKING:
    from ...engine.linter import Linter
    from .model_loader import ModelLoader
    from .session import Session
    from .state import Documents
    from .store import DiagnosticsStore

log = logging.getLogger("agis_lsp.lsp")

SETUP_FAILED = object()        # a check refused: the configuration or catalog is broken
SETUP_ERRORS = (ConfigError, CatalogError)   # what refuses a check (exit status 2 in the CLI)
DEPENDENT_DELAY = 0.3          # seconds before re-checking the other files of a deployment
BURST_GAP = 0.15               # changes closer than this are a burst of typing...
BURST_DELAY = 0.05             # ...whose checks wait this long for the next keystroke


@dataclass
class Job:
    """The checks under way for one URI (open or not)."""
    task: asyncio.Task | None = None
    semantic: asyncio.Task | None = None
    cascade: bool = False      # the pending check re-checks the deployment's other files
    merged: Outcome | None = None   # the last merged outcome: the next semantic phase reuses it


class Scheduler:
    def __init__(self, documents: Documents, linter: Linter, store: DiagnosticsStore,
                 model: ModelLoader, session: Session, *,
                 publish: Callable[[str], None], forget: Callable[[str], None]) -> None:
        self.documents = documents
        self.linter = linter
        self.store = store
        self.model = model
        self.session = session
        self.publish = publish
        self.forget = forget
        self.lint_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="agis-lint")
        self.model_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="agis-model")
        self.jobs: dict[str, Job] = {}

    def pending(self, uri: str) -> bool:
        job = self.jobs.get(uri)
        return job is not None and job.task is not None and not job.task.done()

    def unopened_checks(self) -> list[asyncio.Task]:
        """Checks of files that are not open, still running."""
        return [j.task for uri, j in self.jobs.items()
                if j.task is not None and not j.task.done() and uri not in self.documents]

    def change_delay(self, previous_change: float | None) -> float:
        """How long to wait before checking a change (``agis.debounceMs`` when set).

        By default an isolated edit is checked at once (a fixed 50 ms debounce adds
        ~50 ms to every one: 200 endpoints, p95 ~95 -> ~145 ms), and a change that
        follows the previous one within 150 ms (typing) waits 50 ms for the next
        keystroke, so fewer checks are thrown away (last keystroke of 5 typed 50 ms
        apart, p95 over three runs: 170-208 ms without any wait, 154-182 ms with this
        one; docs/lsp.md, benchmarks/lsp_latency.py --burst 5).
        """
        settings = self.session.settings
        if settings.debounce_ms is not None:
            return settings.debounce_ms / 1000
        if previous_change is not None and time.monotonic() - previous_change < BURST_GAP:
            return BURST_DELAY
        return 0.0

    def schedule(self, uri: str, *, delay: float = 0.0, cascade: bool = True) -> None:
        """(Re)check ``uri``; a newer request for the same document replaces a pending one."""
        job = self.jobs.setdefault(uri, Job())
        if job.task is not None and not job.task.done():
            job.task.cancel()
            cascade = cascade or job.cascade  # keep a pending re-check of siblings
        job.cascade = cascade
        if job.semantic is not None and not job.semantic.done():
            job.semantic.cancel()
        job.semantic = None
        job.task = asyncio.get_running_loop().create_task(self._check(uri, delay, cascade))

    def drop(self, uri: str) -> None:
        job = self.jobs.pop(uri, None)
        if job is not None:
            for task in (job.task, job.semantic):
                if task is not None and not task.done():
                    task.cancel()

    def relint_all(self) -> None:
        uris = {d.uri for d in self.documents.all()} | set(self.store.uris())
        for uri in uris:
            self.schedule(uri, cascade=False)

    async def _check(self, uri: str, delay: float, cascade: bool) -> None:
        try:
            if delay:
                await asyncio.sleep(delay)
            state = self.documents.get(uri)
            path = to_path(uri)
            if state is not None:
                version, text = state.version, state.text
            else:
                if path is None or not os.path.isfile(path):
                    self.forget(uri)
                    return
                version, text = None, None  # read from the disk by the Linter
            job = functools.partial(self._mechanical_job, uri, path, text, version, state)
            outcome = await asyncio.get_running_loop().run_in_executor(self.lint_pool, job)
            if outcome is SETUP_FAILED:  # said once; findings of another setup must not linger
                self._withdraw(uri)
                return
            if outcome is None or self.documents.get(uri) is not state or \
                    (state is not None and state.version != version):
                return  # a newer version (or an open/close) superseded this check
            self.accept(uri, version, outcome, state)
            if cascade and outcome.target.deployment is not None:
                self.schedule_dependents(uri, outcome.target.deployment)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a document must never take the server down
            log.exception("checking %s failed", uri)

    def _withdraw(self, uri: str) -> None:
        """No result for ``uri``: drop what the store has, answer the waiting pulls with nothing."""
        if self.store.get(uri) is not None:
            self.forget(uri)
        self.publish(uri)

    def _mechanical_job(self, uri, path, text, version, state):
        """Runs in the lint worker: ``Linter.prepare`` + ``Linter.mechanical``."""
        if state is not None and state.version != version:
            return None  # superseded while queued
        entry = self.store.get(uri)
        previous = state.kind if state is not None else (entry.target.kind if entry else None)
        overlay = self.documents.overlay()
        if path and text is not None:
            # the deployment sees this very text, not a newer version typed since (its
            # cross-file findings on this document would point into that other text)
            overlay[path] = text
        cached = state.parse_of(version, text) if state is not None else None
        # the last check of this file: an edit re-checks what it changed (an open AGIS document:
        # the changed endpoints; a deployment file whose sibling changed: its cross-file rules)
        before = entry.mechanical if entry is not None else None
        base = None                     # an earlier parse of this buffer: edits re-parse one endpoint
        if before is not None and state is not None and before.target.doc.parsed:
            base = before.target.doc
        elif state is not None:
            base = state.last_good
        try:
            target = self.linter.prepare(path, text=text, doc=cached, overlay=overlay,
                                         previous_kind=previous, previous=base)
        except OSError as exc:
            log.info("cannot read %s: %s", path, exc)
            return None
        except SETUP_ERRORS as exc:  # a broken configuration or catalog: said, not linted
            self.session.say_once(f"agis-lint cannot check {path or uri}: {exc}", logging.ERROR)
            self.session.show_error_once(str(exc))
            return SETUP_FAILED
        if state is not None:
            state.remember(version, target.doc)
        return self.linter.mechanical(target, previous=before)

    def accept(self, uri: str, version, outcome: Outcome, state) -> None:
        """Store a mechanical result, publish it, and start the model's follow-up."""
        target = outcome.target
        if target.kind is None:  # a file the server leaves alone
            self._withdraw(uri)
            return
        if state is not None:
            state.kind = target.kind
        for note in outcome.notes:
            self.session.say_once(note)
        self.store.set_mechanical(uri, version, target, outcome, state is not None)
        self.publish(uri)
        from ...document.incremental import COMPACT_AT, compact, depth
        if depth(target.doc) >= COMPACT_AT:      # flatten a long chain of splices while idle
            self.lint_pool.submit(compact, target.doc)
        self.model.start()
        if target.has_semantic and self.session.settings.semantic is not False:
            self.jobs.setdefault(uri, Job()).semantic = asyncio.get_running_loop().create_task(
                self._semantic(uri, version, outcome))

    async def _semantic(self, uri: str, version, mechanical: Outcome) -> None:
        store = self.store
        try:
            await self.model.wait()
            if store.get(uri) is None or store.get(uri).mechanical is not mechanical:
                return
            merged = await asyncio.get_running_loop().run_in_executor(
                self.model_pool, self._semantic_job, uri, version, mechanical)
            if merged is None:
                return
            for note in merged.notes:
                self.session.say_once(note)
            if uri in self.jobs:
                self.jobs[uri].merged = merged
            entry = store.merge_semantic(uri, version, merged)
            if entry is not None:
                self.publish(uri)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("semantic check of %s failed", uri)

    def _semantic_job(self, uri: str, version, mechanical: Outcome) -> Outcome | None:
        """Runs in the model worker: ``Linter.semantic`` (merged and finished)."""
        state = self.documents.get(uri)
        if version is not None and (state is None or state.version != version):
            return None
        job = self.jobs.get(uri)
        previous = job.merged if job is not None else None
        return self.linter.semantic(mechanical.target, mechanical, previous=previous)

    def schedule_dependents(self, uri: str, deployment) -> None:
        """Re-check the other files of the deployment (open or not): cross-file findings."""
        me = to_path(uri)
        scans = []
        for path in deployment.files():
            path = os.path.abspath(path)
            if path == me:
                continue
            other = self.documents.uri_for_path(path)
            self.schedule(other, delay=DEPENDENT_DELAY, cascade=False)
            if other not in self.documents:
                scans.append(self.jobs[other].task)
        if scans:
            asyncio.get_running_loop().create_task(self._scan_progress(scans))

    async def _scan_progress(self, tasks: list) -> None:
        async with self.session.progress(f"Checking {len(tasks)} deployment file(s)"):
            await asyncio.gather(*tasks, return_exceptions=True)

    def in_background(self, job) -> None:
        """Run ``job`` in the lint worker, queued before the next check (the server's warm-up:
        rules and catalog load while documents open). Nothing waits for it."""
        self.lint_pool.submit(job)

    def close(self) -> None:
        """Stop everything (shutdown): running checks are cancelled, queued work dropped."""
        for job in list(self.jobs.values()):
            for task in (job.task, job.semantic):
                if task is not None and not task.done():
                    task.cancel()
        self.lint_pool.shutdown(wait=False, cancel_futures=True)
        self.model_pool.shutdown(wait=False, cancel_futures=True)
