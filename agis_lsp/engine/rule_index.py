"""Which rules module registers rules for which document kind, so that linting one
kind of file imports only the rule families it needs (a terminal run on one ``.agis``
file skips the AGTP, MCP, A2T, ... families and what they import).

The index is written by :func:`registry.load_all` into the cache directory
(:mod:`.cachedir`) under a key made of the package version and a SHA-256 of the path,
size and modification time (nanoseconds) of every source file that can change a
registration (``rules/``, ``formats/`` and the registry itself), the stamp the result
cache's tool key also trusts (:func:`agis_lsp.cli.cache.tool_key`): an upgrade or an
edit gives a new key, and a missing, unreadable or stale index only means every rule
module is imported, as before. (Hashing the ~110 files' content instead cost ~12 ms of
CPU a run, a tenth of a terminal run on one small file.)
"""
from __future__ import annotations

import hashlib
import json
import os

from .. import __version__
from . import cachedir

_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SOURCES = ("rules", "formats", os.path.join("engine", "registry.py"),
            os.path.join("engine", "rule_index.py"))
_key: str | None = None
_index: dict | None = None
_tried = False


def source_key() -> str:
    """Version + hash of the registering sources' stamps (computed once per process)."""
    global _key
    if _key is None:
        h = hashlib.sha256(__version__.encode())
        for rel in _SOURCES:
            full = os.path.join(_PKG, rel)
            files = [full] if os.path.isfile(full) else sorted(
                os.path.join(root, n) for root, dirs, names in os.walk(full)
                for n in names if n.endswith(".py"))
            for f in sorted(files):
                try:
                    st = os.stat(f)
                    stamp = f"{st.st_size}:{st.st_mtime_ns}"
                except OSError:
                    stamp = "missing"
                h.update(f"{os.path.relpath(f, _PKG)}\0{stamp}\0".encode())
        _key = f"{__version__}-{h.hexdigest()[:20]}"
    return _key


def _path() -> str:
    return os.path.join(cachedir.cache_dir(), "rule-index", source_key() + ".json")


def load() -> dict | None:
    """The index for the installed sources, or None when there is none yet."""
    global _index, _tried
    if not _tried:
        _tried = True
        raw = cachedir.read(_path())
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = None
        if isinstance(data, dict) and {"kinds", "codes", "names"} <= set(data):
            _index = data
    return _index


def save(rules: dict, origin: dict) -> None:
    """Record, after every rule module has been imported, where each rule comes from."""
    kinds: dict[str, list] = {}
    codes: dict[str, str] = {}
    names: dict[str, str] = {}
    for code, r in rules.items():
        module = origin.get(code)
        if not module or not module.startswith("agis_lsp.rules"):
            continue  # registered by a test or a plug-in, not by a shipped module
        codes[code] = module
        names[r.name] = code
        for k in r.kinds:
            if module not in kinds.setdefault(k, []):
                kinds[k].append(module)
    data = {"version": __version__, "kinds": kinds, "codes": codes, "names": names}
    if load() == data:
        return
    cachedir.write_atomic(_path(), json.dumps(data, sort_keys=True).encode())
