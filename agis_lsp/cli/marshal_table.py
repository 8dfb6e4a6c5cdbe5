"""A table kept in the cache directory as one ``marshal`` file (the compiled regular
expressions, the ``dataclasses`` code): read whole when the command line starts, what the run
added written back when it ends. A missing, unreadable or foreign file is an empty table."""
from __future__ import annotations

import marshal
import re


def entry_name(ident: str) -> str:
    """The file name of the entry for ``ident`` (what the entry depends on, a line of text):
    the text itself, with every run of other characters than letters, digits and dots made one
    dash. No digest: hashlib's import starts OpenSSL, a tenth of the cost of the rest of a
    small file's run."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", ident).strip("-") + ".marshal"


def load(path: str) -> dict:
    from ..engine import cachedir
    raw = cachedir.read(path)
    try:
        table = marshal.loads(raw) if raw else {}
    except (ValueError, EOFError, TypeError):
        table = {}
    return table if isinstance(table, dict) else {}


def save(path: str, table: dict, new: dict) -> None:
    """Write ``table`` with ``new`` added; on success ``new`` moves into ``table``. Nothing
    is written when a value cannot be marshalled (the entry stays as it was)."""
    if not new:
        return
    from ..engine import cachedir
    merged = dict(table)
    merged.update(new)
    try:
        data = marshal.dumps(merged)
    except ValueError:
        return
    if cachedir.write_atomic(path, data):
        table.update(new)
        new.clear()
