"""Compiled regular expressions kept between runs of the command line.

A terminal run on one small file compiles ~130 regular expressions (the rule modules',
the YAML reader's, the standard library's) and sre's parser and code generator, written
in Python, are about a tenth of that run. What they produce (the engine's code words, the
group names) depends only on the pattern, the flags and the interpreter's sre engine, so
it is kept in the cache directory (:mod:`agis_lsp.engine.cachedir`) under a key naming the interpreter
(its full version string, ``_sre.MAGIC`` and ``CODESIZE``) and this module's format: an
upgraded or different interpreter reads another entry, and a missing or unreadable entry
only means the patterns are compiled as usual. Patterns compiled for the first time are
added when the run ends (:func:`save`).

Installed by the console script only (:mod:`.entry`), never on import, and
only where ``re._compiler.compile`` has the shape :func:`_compile` reproduces (CPython
3.11 to 3.13); any other interpreter keeps the standard compile. A cached pattern is the
same object the standard compile builds: sre patterns compare equal by their code, which
``tests/test_regex_cache.py`` checks for every pattern a run stores.
"""
from __future__ import annotations

import os
import sys

from . import marshal_table

_FORMAT = 1
_MAX_ENTRIES = 4000      # patterns built from input (re.escape of a value) must not grow it forever
_table: dict | None = None
_new: dict = {}
_original = None


def _path() -> str:
    import _sre

    from ..engine import cachedir
    ident = f"{_FORMAT}|{sys.implementation.name}|{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"
    return os.path.join(cachedir.cache_dir(), "regex", marshal_table.entry_name(ident))


def supported() -> bool:
    import re
    compiler, parser = getattr(re, "_compiler", None), getattr(re, "_parser", None)
    return (sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13)
            and all(hasattr(compiler, n) for n in ("compile", "_code", "SRE_FLAG_DEBUG"))
            and hasattr(parser, "parse"))


def install() -> bool:
    """Route ``re``'s compile through the cache; False where it is not supported."""
    global _table, _original
    if _original is not None:
        return True
    if not supported():
        return False
    import re
    _table = marshal_table.load(_path())
    _original = re._compiler.compile
    re._compiler.compile = _compile
    return True


def uninstall() -> None:
    global _original, _table
    if _original is not None:
        import re
        re._compiler.compile = _original
        _original, _table = None, None
        _new.clear()


def _compile(p, flags=0):
    """``re._compiler.compile`` for a pattern string, from the cache when it is there."""
    import _sre
    from re import _compiler, _parser
    if type(p) not in (str, bytes) or flags & _compiler.SRE_FLAG_DEBUG:   # exact types: marshal keys
        return _original(p, flags)
    key = (p, int(flags))
    args = _table.get(key) if _table is not None else None
    if args is None:
        parsed = _parser.parse(p, flags)
        code = [int(c) for c in _compiler._code(parsed, flags)]   # opcodes are an int subclass
        groupindex = parsed.state.groupdict
        indexgroup = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        args = (int(flags | parsed.state.flags), code, parsed.state.groups - 1, dict(groupindex),
                tuple(indexgroup))
        if _table is not None and len(_table) + len(_new) < _MAX_ENTRIES:
            _new[key] = args
    flags_out, code, groups, groupindex, indexgroup = args
    return _sre.compile(p, flags_out, code, groups, groupindex, indexgroup)


def save() -> None:
    """Add this run's new patterns to the cache entry (nothing to do on a warm run)."""
    if _table is not None:
        marshal_table.save(_path(), _table, _new)