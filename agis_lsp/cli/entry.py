"""The ``agis-lint`` console script and ``python -m agis_lsp.cli``: the command line of
:mod:`.main`, with what it builds at every start kept between runs in the cache directory:
the regular expressions (:mod:`.regex_cache`) and the methods ``dataclasses``
generates (:mod:`.code_cache`), installed before the engine's modules are imported (most
of that compiling happens at import); the lexicon's packed word table, the parsed catalog
and the model files' verification, through the stores handed to those packages (they
import no engine module). All of it only in a process that runs the command line, never in
one that imports the package.

Two more things only a process that ends with the command does:

* the cyclic garbage collector runs rarely while the run imports its ~230 modules: what
  they allocate all stays alive, and collecting it every 700 allocations, each full
  collection re-tracing everything imported so far, was ~5% of a small file's run;
* started as a program (no ``argv`` given), the process ends with ``os._exit`` once the
  output is flushed and the caches written, instead of tearing the interpreter down (freeing
  every module, class and object one by one: ~10% of a small file's run, for memory the
  operating system takes back anyway). mypy ends the same way (``util.hard_exit``).

And numpy's BLAS runs on one thread (``engine.linter.single_blas_thread``), as in the server.
"""
from __future__ import annotations

import gc
import os
import sys

# gc's youngest-generation threshold while the command line runs (the default is 700); a
# batch keeps at least 20,000 (cli/batch.py), a worker process inherits this one
_GEN0 = 100_000


def main(argv: list[str] | None = None) -> int:
    threshold = gc.get_threshold()
    if threshold[0]:   # 0: the collector is off, leave it so
        gc.set_threshold(max(threshold[0], _GEN0), *threshold[1:])
    try:
        code = _run(argv)
        if argv is None:
            _exit(code)   # (restoring the threshold first would start a collection)
    finally:
        gc.set_threshold(*threshold)
    return code


def _run(argv: list[str] | None) -> int:
    from . import code_cache, regex_cache
    regex_cache.install()
    code_cache.install()
    from ..engine.linter import single_blas_thread
    single_blas_thread()
    from .. import semantic
    from ..catalog import loader
    from ..engine.cachedir import Store
    from ..lexicon import packed
    packed.use_store(Store("lexicon"))
    semantic.use_store(Store("model-verified"))
    loader.use_store(Store("catalog"))
    try:
        from .main import main as run
        return run(argv)
    finally:
        regex_cache.save()
        code_cache.save()


def _exit(code: int) -> None:
    """End the process now with ``code``: the output flushed, the logging handlers too; no
    interpreter teardown. Returns (and the caller exits as usual) when the output cannot be
    flushed, so that the interpreter reports it as it would."""
    try:
        if "logging" in sys.modules:
            sys.modules["logging"].shutdown()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except Exception:  # noqa: BLE001 - let the normal exit path say what went wrong
        return
    os._exit(code)
