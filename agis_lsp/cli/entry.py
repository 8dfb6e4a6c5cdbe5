"""The ``agis-lint`` console script and ``python -m agis_lsp.cli``: the command line of
:mod:`.main`, with the regular expressions it compiles kept between runs
(:mod:`agis_lsp.engine.regex_cache`, issue 14). The cache is installed before the
engine's modules are imported (most patterns are compiled at import) and only in a
process that runs the command line, never in one that imports the package."""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    from ..engine import regex_cache
    regex_cache.install()
    try:
        from .main import main as run
        return run(argv)
    finally:
        regex_cache.save()
