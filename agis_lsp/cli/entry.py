"""The ``agis-lint`` console script and ``python -m agis_lsp.cli``: the command line of
:mod:`.main`, with what it compiles at every start kept between runs (issue 14): the
regular expressions (:mod:`agis_lsp.engine.regex_cache`) and the methods ``dataclasses``
generates (:mod:`agis_lsp.engine.code_cache`). Both are installed before the engine's
modules are imported (most of that compiling happens at import) and only in a process
that runs the command line, never in one that imports the package."""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from ..engine import code_cache, regex_cache
    regex_cache.install()
    code_cache.install()
    try:
        from .main import main as run
        return run(argv)
    finally:
        regex_cache.save()
        code_cache.save()
