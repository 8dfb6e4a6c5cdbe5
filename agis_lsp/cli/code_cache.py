"""The code of the methods ``dataclasses`` generates, kept between runs of the command line.

Each ``@dataclass`` writes the source of its ``__init__``, ``__repr__``, ``__eq__`` ... and
compiles it: for the ~45 classes a run on one small file defines, compiling that source is
about a tenth of the run. The source says everything the code depends on, so the compiled
code is kept in the cache directory (:mod:`agis_lsp.engine.cachedir`), looked up by the source text,
under a key naming the interpreter (its version string and bytecode magic number) and
this module's format; a missing or unreadable entry only means the source is compiled as
usual, and sources compiled for the first time are added when the run ends (:func:`save`).

Installed by the console script only (:mod:`.entry`), as the ``exec`` that
the ``dataclasses`` module's functions see (they call ``exec(source, globals, locals)``);
the code is compiled exactly as that call compiles it (file name ``<string>``, no
``__future__`` flags: the ``dataclasses`` module has none).
"""
from __future__ import annotations

import builtins
import os
import sys

from . import marshal_table

_FORMAT = 1
_MAX_ENTRIES = 2000
_table: dict | None = None
_new: dict = {}
_installed = False


def _path() -> str:
    from importlib.util import MAGIC_NUMBER

    from ..engine import cachedir
    ident = f"{_FORMAT}|{sys.implementation.name}|{sys.version}|{MAGIC_NUMBER.hex()}"
    return os.path.join(cachedir.cache_dir(), "code", marshal_table.entry_name(ident))


def supported() -> bool:
    import dataclasses
    return sys.implementation.name == "cpython" and "exec" not in vars(dataclasses)


def install() -> bool:
    global _table, _installed
    if _installed:
        return True
    if not supported():
        return False
    import dataclasses

    _table = marshal_table.load(_path())
    dataclasses.exec = _exec
    _installed = True
    return True


def uninstall() -> None:
    global _table, _installed
    if _installed:
        import dataclasses
        if vars(dataclasses).get("exec") is _exec:
            del dataclasses.exec
        _table, _installed = None, False
        _new.clear()


def _exec(source, globals=None, locals=None, /, **kwargs):
    """``exec`` for the ``dataclasses`` module: a source string's code from the cache."""
    if globals is None:   # the caller's namespace, as the builtin would use (dataclasses passes its own)
        frame = sys._getframe(1)
        globals, locals = frame.f_globals, frame.f_locals if locals is None else locals
    if type(source) is not str or kwargs or _table is None:
        return builtins.exec(source, globals, locals, **kwargs)
    code = _table.get(source)
    if type(code) is not type(_exec.__code__):
        code = compile(source, "<string>", "exec", dont_inherit=True)
        if len(_table) + len(_new) < _MAX_ENTRIES:
            _new[source] = code
    return builtins.exec(code, globals, locals)


def save() -> None:
    """Add this run's new code to the cache entry (nothing to do on a warm run)."""
    if _table is not None:
        marshal_table.save(_path(), _table, _new)