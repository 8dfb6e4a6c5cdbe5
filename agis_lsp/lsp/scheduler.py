"""Scheduling checks: the mechanical passes in the lint worker, then the model's follow-up.

On every change the mechanical passes run in the lint worker thread (the newest version
wins; older results are dropped) and are published as soon as they are ready; the
model-backed passes then run in the model worker and are merged only if the document
version is still the same. Files of a deployment that are not open are checked from the
disk, and re-checked when a sibling changes.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .analysis import Analysis, analyse, analyse_semantic, deployment_files
from .uris import to_path

if TYPE_CHECKING:
    from .server import AgisLanguageServer

log = logging.getLogger("agis_lsp.lsp")

DEPENDENT_DELAY = 0.3          # seconds before re-checking the other files of a deployment
BURST_GAP = 0.15               # changes closer than this are a burst of typing...
BURST_DELAY = 0.05             # ...whose checks wait this long for the next keystroke


@dataclass
class Job:
    """The checks under way for one URI (open or not)."""
    task: asyncio.Task | None = None
    semantic: asyncio.Task | None = None
    cascade: bool = False      # the pending check re-checks the deployment's other files


class Scheduler:
    def __init__(self, server: "AgisLanguageServer") -> None:
        self.server = server
        self.lint_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="agis-lint")
        self.model_pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="agis-model")
        self.jobs: dict[str, Job] = {}

    def pending(self, uri: str) -> bool:
        job = self.jobs.get(uri)
        return job is not None and job.task is not None and not job.task.done()

    def unopened_checks(self) -> list[asyncio.Task]:
        """Checks of files that are not open, still running."""
        return [j.task for uri, j in self.jobs.items()
                if j.task is not None and not j.task.done() and uri not in self.server.documents]

    def change_delay(self, previous_change: float | None) -> float:
        """How long to wait before checking a change (``agis.debounceMs`` when set).

        By default an isolated edit is checked at once (a fixed 50 ms debounce adds
        ~50 ms to every one: 200 endpoints, p95 ~95 -> ~145 ms), and a change that
        follows the previous one within 150 ms (typing) waits 50 ms for the next
        keystroke, so fewer checks are thrown away (last keystroke of 5 typed 50 ms
        apart, p95 over three runs: 170-208 ms without any wait, 154-182 ms with this
        one; docs/lsp.md, benchmarks/lsp_latency.py --burst 5).
        """
        settings = self.server.settings
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
        job.task = self.server.loop.create_task(self._check(uri, delay, cascade))

    def drop(self, uri: str) -> None:
        job = self.jobs.pop(uri, None)
        if job is not None:
            for task in (job.task, job.semantic):
                if task is not None and not task.done():
                    task.cancel()

    def relint_all(self) -> None:
        ls = self.server
        uris = {d.uri for d in ls.documents.all()} | set(ls.publisher.store.uris())
        for uri in uris:
            self.schedule(uri, cascade=False)

    async def _check(self, uri: str, delay: float, cascade: bool) -> None:
        ls = self.server
        try:
            if delay:
                await asyncio.sleep(delay)
            state = ls.documents.get(uri)
            path = to_path(uri)
            if state is not None:
                version, text = state.version, state.text
            else:
                if path is None or not os.path.isfile(path):
                    ls.forget(uri)
                    return
                version, text = None, await ls.loop.run_in_executor(self.lint_pool, read_text, path)
            job = functools.partial(self._analyse_job, uri, path, text, version, state)
            analysis = await ls.loop.run_in_executor(self.lint_pool, job)
            if analysis is None or ls.documents.get(uri) is not state or \
                    (state is not None and state.version != version):
                return  # a newer version (or an open/close) superseded this check
            self.accept(analysis, state)
            if cascade and analysis.deployment is not None:
                self.schedule_dependents(uri, analysis)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a document must never take the server down
            log.exception("checking %s failed", uri)

    def _analyse_job(self, uri, path, text, version, state) -> Analysis | None:
        """Runs in the lint worker."""
        ls = self.server
        if state is not None and state.version != version:
            return None  # superseded while queued
        entry = ls.publisher.store.get(uri)
        previous = state.kind if state is not None else (entry.analysis.kind if entry else None)
        overlay = ls.overlay()
        if path:
            # the deployment sees this very text, not a newer version typed since (its
            # cross-file findings on this document would point into that other text)
            overlay[path] = text
        analysis = analyse(uri, path, text, version, settings=ls.settings, root=ls.root,
                           previous_kind=previous, overlay=overlay)
        if state is not None:
            state.remember(version, analysis.doc)
        return analysis

    def accept(self, analysis: Analysis, state) -> None:
        """Store a mechanical result, publish it, and start the model's follow-up."""
        ls = self.server
        uri = analysis.uri
        if analysis.kind is None:  # a file the server leaves alone
            if ls.publisher.store.get(uri) is not None:
                ls.forget(uri)
            ls.publisher.resolve_waiters(uri, None)
            return
        if state is not None:
            state.kind = analysis.kind
        for note in analysis.notes:
            ls.say_once(note)
        ls.publisher.store.set_mechanical(analysis, state is not None)
        ls.publisher.publish(uri)
        ls.model.start()
        if analysis.has_semantic and ls.settings.semantic is not False:
            self.jobs.setdefault(uri, Job()).semantic = ls.loop.create_task(
                self._semantic(uri, analysis))

    async def _semantic(self, uri: str, analysis: Analysis) -> None:
        ls = self.server
        store = ls.publisher.store
        try:
            await ls.model.wait()
            if store.get(uri) is None or store.get(uri).analysis is not analysis:
                return
            diagnostics, notes = await ls.loop.run_in_executor(
                self.model_pool, self._semantic_job, uri, analysis)
            if diagnostics is None:
                return
            for note in notes:
                ls.say_once(note)
            entry = store.merge_semantic(uri, analysis.version, diagnostics)
            if entry is not None and entry.analysis is analysis:
                ls.publisher.publish(uri)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("semantic check of %s failed", uri)

    def _semantic_job(self, uri: str, analysis: Analysis):
        """Runs in the model worker."""
        state = self.server.documents.get(uri)
        if analysis.version is not None and (state is None or state.version != analysis.version):
            return None, []
        return analyse_semantic(analysis)

    def schedule_dependents(self, uri: str, analysis: Analysis) -> None:
        """Re-check the other files of the deployment (open or not): cross-file findings."""
        ls = self.server
        me = to_path(uri)
        scans = []
        for path in deployment_files(analysis.deployment):
            if path == me:
                continue
            other = ls.uri_for_path(path)
            self.schedule(other, delay=DEPENDENT_DELAY, cascade=False)
            if other not in ls.documents:
                scans.append(self.jobs[other].task)
        if scans:
            ls.loop.create_task(self._scan_progress(scans))

    async def _scan_progress(self, tasks: list) -> None:
        async with self.server.progress(f"Checking {len(tasks)} deployment file(s)"):
            await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        """Stop everything (shutdown): running checks are cancelled, queued work dropped."""
        for job in list(self.jobs.values()):
            for task in (job.task, job.semantic):
                if task is not None and not task.done():
                    task.cancel()
        self.lint_pool.shutdown(wait=False, cancel_futures=True)
        self.model_pool.shutdown(wait=False, cancel_futures=True)


def read_text(path: str) -> str:
    from ..document import decode_bytes
    with open(path, "rb") as fh:
        return decode_bytes(fh.read())[0]
