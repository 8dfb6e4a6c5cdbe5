"""`agis-lint check` over many files: cached results first, then the rest on ``--jobs``
processes, the results in the order of the input whatever order the processes finish in.

Each worker process lints whole files with its own :class:`engine.linter.Linter` (the
same orchestration as every other lint). The semantic model is loaded lazily, per
process, by the first rule that needs it, so a worker that only meets files without
anything for the model never loads it.
"""
from __future__ import annotations

import gc
import os
from dataclasses import dataclass, field

from ..document.positions import LineIndex
from ..engine.config import config_for, load_config_file
from ..engine.linter import Linter
from ..files.reading import read_file
from ..engine.findings import Severity
from ..formats import kinds
from ..formats.agtp.vocabulary import ENDPOINTS_DIR
from ..formats.deployment import norm
from ..formats.kinds import AGTP_FILES
from .cache import ResultCache


@dataclass
class FileResult:
    display: str
    text: str                     # the document's text (offsets of the diagnostics)
    diagnostics: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    internal: int = 0
    linted: bool = True           # False: not a document of a supported kind, skipped
    fail_level: Severity = Severity.ERROR  # of the configuration that judged the file (after
                                           # the command line's overrides): the exit status


class TextDoc:
    """What the output formats read of a document: its text and line index."""

    __slots__ = ("text", "_lines")

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines = None

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines


class Settings:
    """How a file's configuration is found (picklable, sent to every worker)."""

    def __init__(self, overrides: dict, config_file: str | None) -> None:
        self.overrides = overrides
        self.config_file = config_file
        self._fixed = None
        self._by_dir: dict = {}
        self._same: dict = {}

    def config_of(self, path: str | None):
        """The configuration of ``path``: found once per directory (the search walks up
        the tree from the file's real directory, so a symbolic link is looked up alone)."""
        if self.config_file:
            if self._fixed is None:
                self._fixed = load_config_file(self.config_file).merged(**self.overrides)
            return self._fixed
        key = os.path.dirname(os.path.abspath(path)) if path and not os.path.islink(path) else None
        if key is None or key not in self._by_dir:
            config = config_for(path).merged(**self.overrides)
            if key is None:
                return config
            # equal configurations (every directory without a file of its own) are one
            # object, so what is memoised on a Config (Config.enabled) is computed once
            self._by_dir[key] = self._same.setdefault(repr(config), config)
        return self._by_dir[key]

    def respects_gitignore(self, folder: str) -> bool:
        """Does a walk of ``folder`` leave out what git ignores? The configuration of the
        folder (found from it upwards) or of ``--config``, after the command line's
        ``--no-respect-gitignore``."""
        if self.config_file:
            return self.config_of(folder).respect_gitignore
        return config_for(folder).merged(**self.overrides).respect_gitignore

    def __getstate__(self):
        return {"overrides": self.overrides, "config_file": self.config_file, "_fixed": None,
                "_by_dir": {}, "_same": {}}


def skipped_note(display: str) -> str:
    """What the CLI says of a file named explicitly that is no document it knows."""
    return f"{display}: not a document of a supported kind, skipped"


def lint_file(display: str, path: str, linter: Linter) -> FileResult:
    try:
        target = linter.prepare(path, doc=_shared_doc(path, linter))
    except OSError as exc:
        return FileResult(display, "", notes=[f"{display}: cannot be read: {exc.strerror or exc}"],
                          internal=1, linted=False)
    if target.kind is None:  # named explicitly (a directory walk only yields documents it knows)
        return FileResult(display, target.doc.text,
                          notes=[skipped_note(display)], linted=False)
    outcome = linter.check(target=target)
    return FileResult(display, target.doc.text, outcome.diagnostics, list(outcome.notes),
                      outcome.internal_errors, fail_level=target.config.fail_level)


def _shared_doc(path: str, linter: Linter):
    """A file of an AGTP deployment from the Linter's document cache: its siblings' lints
    parse it too (the recipes' rules read every endpoint), so it is parsed once, not once
    for itself and again as a sibling. Only for a normalised absolute path, the cache's key
    and the name the document is parsed under, so that the document is the one
    ``Linter.read`` would make. None: read it as any other file."""
    if not os.path.isabs(path) or norm(path) != path or \
            not kinds.in_deployment(kinds.kind_by_name(path)):
        return None
    return linter.documents.get(path)


_linter: Linter | None = None


def _init_worker(settings: Settings, model_threads: int = 0) -> None:
    global _linter
    if model_threads:   # the workers share the cores: each model gets its share of them
        from ..semantic import THREADS_ENV
        os.environ.setdefault(THREADS_ENV, str(model_threads))
    _linter = Linter(config_of=settings.config_of)
    _fewer_collections()


def _fewer_collections() -> None:
    """A batch allocates a parse tree and a lint context a file, and keeps few of them:
    the cyclic collector's default of a collection every 700 allocations, each re-tracing
    what lives on (the modules, rules, catalog; in the parent, every result so far), was
    4% of a 10,000-file run. What is alive now is frozen (never traced again; with fork,
    the workers' copies stay shared) and the youngest generation is collected less often."""
    gc.freeze()
    g0, g1, g2 = gc.get_threshold()
    if g0:  # 0: the collector is off, leave it so
        gc.set_threshold(max(g0, 20_000), g1, g2)


def _work(task: tuple) -> FileResult:
    display, path = task
    return lint_file(display, path, _linter)


class WorkerDied(Exception):
    """A worker process ended without a result (killed, out of memory)."""


def _pool_context():
    import multiprocessing
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def check_files(inputs: list, settings: Settings, cache: ResultCache, jobs: int) -> list:
    """FileResults for ``inputs`` ((display, path) pairs), in their order."""
    linter = Linter(config_of=settings.config_of)
    results: list = [None] * len(inputs)
    todo: list = []
    deployment_of = _deployments_by_folder(linter)
    for i, (display, path) in enumerate(inputs):
        key = None
        if cache.enabled:
            try:    # bounded: a file over the limit is linted (AGIS007) but not cached
                got = read_file(path, settings.config_of(path).max_file_size)
                raw = None if got.over else got.raw
            except OSError:
                raw = None
            if raw is not None:
                key = cache.entry_key(display, path, raw, settings.config_of(path),
                                      deployment_of(path))
                results[i] = cache.get(key)
        if results[i] is None:
            todo.append((i, key))
    tasks = [inputs[i] for i, _ in todo]
    threshold, quiet = gc.get_threshold(), len(tasks) > 1
    if quiet:
        _fewer_collections()
    try:
        fresh = _lint_all(tasks, settings, linter, jobs)
    finally:
        if quiet:  # as it was: main() may run in a longer-lived process (the tests)
            gc.unfreeze()
            gc.set_threshold(*threshold)
    for (i, key), res in zip(todo, fresh):
        results[i] = res
        if key is not None and not res.internal:
            cache.put(key, res)
    return results


def _lint_all(tasks: list, settings: Settings, linter: Linter, jobs: int) -> list:
    if jobs > 1 and len(tasks) > 1:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        workers = min(jobs, len(tasks))
        try:
            with ProcessPoolExecutor(workers, mp_context=_pool_context(), initializer=_init_worker,
                                     initargs=(settings, max(1, default_jobs() // workers))) as pool:
                fresh = list(pool.map(_work, tasks, chunksize=max(1, len(tasks) // (workers * 8))))
        except BrokenProcessPool as exc:
            raise WorkerDied(str(exc)) from exc
        return fresh
    return [lint_file(d, p, linter) for d, p in tasks]


def _deployments_by_folder(linter: Linter):
    """``linter.deployment_of(path)`` (kind-free: the deployment whose directory holds the
    file), asked once per deployment root or directory: a server or recipes file's root is
    its directory, an endpoint file's the parent of ``endpoints/``, any other file's
    deployment depends on its directory alone (``formats.deployment.deployment_root``).
    A warm run asked, with a dozen stat calls or a directory listing, for every file."""
    known: dict = {}

    def deployment_of(path: str):
        folder, name = os.path.split(norm(path))
        name = name.lower()
        if name in AGTP_FILES:
            key = ("root", folder)
        elif name.endswith(".toml") and os.path.basename(folder).lower() == ENDPOINTS_DIR:
            key = ("root", os.path.dirname(folder))
        else:
            key = ("folder", folder)
        if key not in known:
            known[key] = linter.deployment_of(path)
        return known[key]
    return deployment_of


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1
