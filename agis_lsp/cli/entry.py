"""The ``agis-lint`` console script and ``python -m agis_lsp.cli``: the command line of
:mod:`.main`, with what it builds at every start kept between runs in the cache directory
(issue 14): the regular expressions (:mod:`.regex_cache`) and the methods ``dataclasses``
generates (:mod:`.code_cache`), installed before the engine's modules are imported (most
of that compiling happens at import); the lexicon's packed word table and the model
files' verification, through the stores handed to those packages (they import no engine
module). All of it only in a process that runs the command line, never in one that
imports the package."""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from . import code_cache, regex_cache
    regex_cache.install()
    code_cache.install()
    from .. import semantic
    from ..engine.cachedir import Store
    from ..lexicon import packed
    packed.use_store(Store("lexicon"))
    semantic.use_store(Store("model-verified"))
    try:
        from .main import main as run
        return run(argv)
    finally:
        regex_cache.save()
        code_cache.save()
