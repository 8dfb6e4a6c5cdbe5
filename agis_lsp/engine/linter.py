"""The one orchestration of a lint: the CLI, the server, ``catalog-diff``, the fixer and the
tests all call :class:`Linter`, so their results cannot disagree.

A lint of one file is:

1. **read** — bytes from disk or standard input (decode problems kept as AGIS005), or an
   editor's text;
2. **detect the kind** (``formats.kinds``) — a file that is no AGIS/AGTP/agent-interface
   document gets no findings;
3. **resolve the configuration** (a ``config_of(path)`` callable the caller provides: the
   CLI's options, the server's client settings) and **load the catalog** it names (a broken
   catalog is a :class:`~agis_lsp.catalog.CatalogError` for the caller to report: exit 2 in
   the CLI, an error message in the editor — never a silent fall-back);
4. **find the deployment** of an AGTP file (with the editor's unsaved buffers as overlay);
5. run the **mechanical** phase, then the **semantic** phase (the model, from the
   :class:`ModelProvider`), and **finish**: suppressions (AGIS006 once both phases are in),
   consequences folded, sorted (``engine.runner.finish``);
6. **fix**, round by round (``engine.fixer``).

``check`` does it all at once (the CLI); ``prepare`` + ``mechanical`` + ``semantic`` do the
same in two steps (the server publishes the mechanical findings before the model's), and
``tests/test_parity.py`` proves both roads give the same diagnostics. The Linter owns its
caches — catalogs, parsed deployment siblings, the model — as constructor arguments; there
are no module-level ones on this road.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

from ..document import Document, parse_bytes, parse_text, read_document
from ..formats import kinds
from .config import Config, config_for
from .fixer import FixResult, fix_loop
from .registry import get_rule, rules_for
from .runner import finish


def _is_semantic(code: str) -> bool:
    rule = get_rule(code)
    return rule is not None and rule.semantic


BLAS_THREADS_ENV = "OPENBLAS_NUM_THREADS"


def single_blas_thread() -> None:
    """One thread for the BLAS library numpy brings (OpenBLAS), for a process that runs the
    command line or the server: called before numpy is imported (the library reads the
    variable when it loads), never overriding a value the user set.

    The model's heads multiply small matrices (a document's vectors by a head's weights);
    OpenBLAS parallelises them on its own thread, which then spins waiting for the next one,
    taking CPU from the encoder and the rules. One thread gives the same findings and saved
    0.6-1.3 s of the 17 s of CPU of a model-on check of the development MCP servers
    (``benchmarks/lint_phases.py``; docs/benchmarks.md)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault(BLAS_THREADS_ENV, "1")


class ModelProvider:
    """The semantic model for the rules that need it, loaded once, on first use.

    ``get()`` loads in the calling thread (the CLI: no native thread is ever alive at
    interpreter exit) or waits for a load ``start()`` began in the background (the
    server). Raises ``SemanticUnavailable`` with the reason.
    """

    def __init__(self, directory: str | None = None) -> None:
        self.directory = directory

    def start(self):
        from ..semantic import start_loading
        return start_loading(self.directory)

    def get(self):
        from ..semantic import get_model
        return get_model(self.directory)

    def started(self) -> bool:
        from ..semantic import loading_started
        return loading_started(self.directory)


@dataclass
class Target:
    """A document ready to lint: what every phase of one lint shares."""
    path: str | None
    doc: Document
    kind: str | None
    config: Config
    catalog: Any = None
    deployment: Any = None

    @property
    def lintable(self) -> bool:
        return self.kind is not None

    @property
    def has_semantic(self) -> bool:
        """Whether a semantic phase can add anything (the server starts the model for it)."""
        return self.kind is not None and self.doc.parsed and self.config.semantic and any(
            r.semantic for r in rules_for(self.kind))


@dataclass
class Outcome:
    """The result of a lint (or of one phase of it)."""
    target: Target
    diagnostics: list = field(default_factory=list)   # finished: what the user sees
    raw: list = field(default_factory=list)           # before suppression and folding
    notes: list = field(default_factory=list)
    internal_errors: int = 0
    skipped: set = field(default_factory=set)
    complete: bool = True                             # False: the semantic phase is pending
    memo: Any = None                                  # engine.incremental.Memo: what the next edit reuses
    incremental: bool = False                         # only the changed endpoints were checked again
    semantic_memo: Any = None                         # the same, for the semantic phase
    cross_file: frozenset = frozenset()               # rules that read the deployment (re-run alone
                                                      # when only a sibling changed)

    @property
    def doc(self) -> Document:
        return self.target.doc

    def semantic_diagnostics(self) -> list:
        """The findings of the semantic phase (model-backed rules)."""
        return [d for d in self.diagnostics if _is_semantic(d.code)]

    @property
    def kind(self) -> str | None:
        return self.target.kind


class Linter:
    """Performs every lint. Build one per process (CLI run, server, worker process)."""

    def __init__(self, *, config_of: Callable[[str | None], Config] | None = None,
                 catalogs=None, documents=None, model: ModelProvider | None = None) -> None:
        from ..catalog import CatalogLoader
        from ..formats.deployment import DocumentCache
        self.config_of = config_of or config_for
        self.catalogs = catalogs if catalogs is not None else CatalogLoader()
        self.documents = documents if documents is not None else DocumentCache()
        self.model = model if model is not None else ModelProvider()

    # -- 1-4: read, detect, configure, catalog, deployment --------------------------------
    def read(self, path: str, limit: int | None = None) -> Document:
        """A file as a document; undecodable bytes are an AGIS005 finding, not an error, and
        a file over ``limit`` bytes (0 or None: no limit) is read no further than the limit
        and gets one AGIS007 (``document.size``). Raises OSError when the file cannot be read
        (``files.reading.NotRegularFile``: a FIFO, a device, a symlink loop). ``limit`` None:
        the limit of the last configuration this Linter met (the server's reads of closed
        files)."""
        return read_document(path, limit=self.documents.max_size if limit is None else limit)

    @staticmethod
    def _oversized(path: str | None, text: str | None, raw: bytes | None, limit: int):
        """The AGIS007 document of an editor buffer or of standard input over ``limit`` bytes,
        else None (a file is measured while it is read: :meth:`read`). Standard input is read
        up to the limit and one byte more (``files.reading.read_stream``): its size is then
        only known to be over the limit."""
        from ..document.size import oversized_document, too_large
        if text is not None:
            if len(text) > limit:   # cheap: UTF-8 is at least a byte a character
                size = len(text.encode("utf-8", "surrogatepass"))
                if too_large(size, limit):
                    return oversized_document(text, path, size, limit)
            return None
        if raw is not None and too_large(len(raw), limit):
            from ..files.reading import HEAD
            return oversized_document(raw[:HEAD].decode("utf-8", "replace"), path,
                                      len(raw) if len(raw) > limit + 1 else None, limit)
        return None

    def prepare(self, path: str | None, *, text: str | None = None, raw: bytes | None = None,
                doc: Document | None = None, overlay: dict | None = None,
                previous_kind: str | None = None, default_kind: str | None = None,
                previous: Document | None = None) -> Target:
        """Everything but the rules. The document is ``doc``, else parsed from ``text`` (an
        editor buffer; with ``previous``, an earlier parse of the same buffer, only the
        endpoint an edit changed is parsed again when that gives the same tree:
        ``document.incremental``) or ``raw`` (standard input), else read from ``path``. Raises
        ``CatalogError``/``ConfigError`` for a broken catalog or configuration, OSError for
        an unreadable file."""
        config = self.config_of(path)
        limit = self.documents.max_size = config.max_file_size
        if doc is None and limit and (text is not None or raw is not None):
            doc = self._oversized(path, text, raw, limit)
        if doc is None:
            if text is not None and previous is not None:
                from ..document.incremental import reparse
                doc = reparse(previous, text) or parse_text(text, path)
            elif text is not None:
                doc = parse_text(text, path)
            elif raw is not None:
                doc = parse_bytes(raw, path)
            else:
                doc = self.read(path, limit)
        kind = kinds.detect(doc, previous_kind) or default_kind
        target = Target(path, doc, kind, config)
        if kind is None:
            return target
        target.catalog = self.catalogs.load(config.catalog)
        target.deployment = self.deployment_of(path, kind, overlay)
        return target

    def deployment_of(self, path: str | None, kind: str | None = None, overlay: dict | None = None):
        """The deployment of ``path`` when a document of ``kind`` is linted with one; without
        ``kind``, the deployment whose directory holds ``path`` whatever the file is (the result
        cache keys every file by it, so a changed sibling re-checks the others)."""
        if not path or (kind is not None and not kinds.in_deployment(kind)):
            return None
        from ..formats.deployment import find_deployment
        return find_deployment(path, overlay, self.documents)

    # -- 5: the phases ----------------------------------------------------------------------
    def check(self, path: str | None = None, **prepare_kw) -> Outcome:
        """The whole lint of one file: both phases, finished (the CLI's road)."""
        target = prepare_kw.pop("target", None) or self.prepare(path, **prepare_kw)
        return self._run(target, "all")

    def check_deployment(self, root: str, *, overlay: dict | None = None) -> list:
        """Every file of the AGTP deployment at ``root`` (server and recipes first), each
        checked with the deployment's shared, cached siblings: ``[(path, Outcome)]``."""
        from ..formats.deployment import find_deployment
        dep = find_deployment(root, overlay, self.documents)
        if dep is None:
            return []
        out = []
        for f in dep.files():
            doc = dep.doc(f)
            if doc is not None:
                out.append((f, self.check(target=self.prepare(f, doc=doc, overlay=overlay))))
        return out

    def mechanical(self, target: Target, previous: Outcome | None = None) -> Outcome:
        """The mechanical phase, finished with the semantic one pending (a first publish).
        With ``previous`` (this document's last mechanical outcome) only what the edit can
        affect is checked again (``engine.incremental``); the result equals a full check
        (``tests/test_incremental_lint.py``, ``tests/test_incremental_deployment.py``)."""
        return self._run(target, "mechanical", previous)

    def semantic(self, target: Target, mechanical: Outcome, previous: Outcome | None = None) -> Outcome:
        """The semantic phase, merged with ``mechanical`` and finished: equal to ``check``.
        With ``previous`` (this document's last merged outcome) the model's per-endpoint rules
        judge only the endpoints whose text changed (``engine.incremental``)."""
        if not target.lintable or not target.config.semantic:
            return Outcome(target, mechanical.diagnostics, mechanical.raw, list(mechanical.notes),
                           mechanical.internal_errors, set(mechanical.skipped))
        from .incremental_run import run_phase
        own = run_phase(target, "semantic", previous, model=self.model)
        raw = mechanical.raw + own.raw
        skipped = mechanical.skipped | own.skipped
        notes = list(mechanical.notes) + [n for n in own.notes if n not in mechanical.notes]
        return Outcome(target, self._finish(target, raw, pending=False, skipped=skipped), raw,
                       notes, mechanical.internal_errors + own.internal_errors, skipped,
                       memo=mechanical.memo, semantic_memo=own.memo, incremental=own.incremental,
                       cross_file=mechanical.cross_file | own.cross_file)

    def _run(self, target: Target, phase: str, previous: Outcome | None = None) -> Outcome:
        if not target.lintable:
            return Outcome(target)
        from .incremental_run import run_phase
        run = run_phase(target, phase, previous, model=self.model)
        pending = phase == "mechanical" and target.config.semantic
        return Outcome(target, self._finish(target, run.raw, pending=pending, skipped=run.skipped),
                       run.raw, run.notes, run.internal_errors, run.skipped, complete=not pending,
                       memo=run.memo, incremental=run.incremental, cross_file=run.cross_file)

    @staticmethod
    def _finish(target: Target, raw: list, *, pending: bool, skipped) -> list:
        return finish(target.doc, target.config, raw, semantic=target.config.semantic,
                      pending_semantic=pending, skipped=skipped)

    # -- 6: fixes --------------------------------------------------------------------------
    def fix(self, target: Target, *, unsafe: bool = False, semantic: bool | None = None) -> FixResult:
        """Apply fixes to ``target``'s text until nothing changes (safe ones; ``unsafe``
        adds the rest). ``semantic`` (default: the configuration's) lets the model's fixes
        take part; the deployment stays the one found for the original text."""
        config = target.config if semantic is None else target.config.merged(semantic=semantic)
        if not target.doc.parsed or target.kind is None:
            return FixResult(target.doc.text)

        def lint_round(doc: Document) -> list:
            step = Target(target.path, doc, kinds.detect(doc, target.kind) or target.kind, config,
                          target.catalog, target.deployment)
            return self._run(step, "all").diagnostics

        return fix_loop(target.doc.text, target.path, lint_round, unsafe=unsafe)


