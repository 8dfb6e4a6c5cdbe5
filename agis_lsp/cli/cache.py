"""The result cache of `agis-lint check` (like ruff's): what linting one file found,
reused while nothing that could change it has changed.

An entry's key is a SHA-256 of

* the tool: the package version and the content of every source and data file of the
  installed package (rules, engine, parsers, lexicon, schemas, the shipped catalog,
  severities; not the model files, see next);
* the model, when the semantic passes are on: the model directory, its ``SHA256SUMS``
  and the size and modification time of every file it names, and of ``scope.onnx``
  listed or not (present and unlisted, the model refuses to load);
* the configuration in effect for the file (every field, after the command-line
  overrides) and the content of a ``--catalog`` / configured catalog file;
* the file: its absolute path, the name it is shown under, its bytes;
* for a file of an AGTP deployment: the path and bytes of every file of the deployment
  (server, recipes, every endpoint file), so that a change in a sibling invalidates the
  cross-file results of all of them;
* for a file whose lint reads which other files exist (a skill's folder): their names.

Entries live in ``<cache dir>/results/`` (see :mod:`agis_lsp.engine.cachedir`: by default
``$XDG_CACHE_HOME/agis-lint`` or ``~/.cache/agis-lint``, overridden by
``$AGIS_LINT_CACHE_DIR``). They are pickles, which is why the cache is in the user's own
cache directory and never in the project (a pickle in a cloned repository would be code
run by whoever lints it). ``--no-cache`` neither reads nor writes it. A run whose lint
crashed a rule (an internal error) is not stored.
"""
from __future__ import annotations

import os

from .. import __version__
from ..engine import cachedir

_PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SKIP_DIRS = {"__pycache__", "models"}
_FORMAT = b"agis-lint result cache 2"  # 2: an entry carries its fail level
_tool_key: str | None = None


def tool_key() -> str:
    """Version + hash of the package's own files (once per process).

    Hashing 2 MB of sources costs more than a cached run's whole lint, so the content
    hash is itself remembered in the cache directory under a key made of every file's
    path, size and modification time (nanoseconds): any edit, install or upgrade changes
    that key and the content is hashed again."""
    global _tool_key
    if _tool_key is None:
        import hashlib  # (here, not at the top: a --no-cache run does not start OpenSSL)
        files = []
        for root, dirs, names in os.walk(_PKG):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
            files += [os.path.join(root, n) for n in sorted(names) if not n.endswith((".pyc", ".pyo"))]
        stamp = hashlib.sha256(_FORMAT + __version__.encode() + _PKG.encode())
        for full in files:
            try:
                st = os.stat(full)
                stamp.update(f"{full}:{st.st_size}:{st.st_mtime_ns}\0".encode())
            except OSError:
                stamp.update(f"{full}:missing\0".encode())
        memo = os.path.join(cachedir.cache_dir(), "tool-key", stamp.hexdigest())
        known = cachedir.read(memo)
        if known and len(known) == 64:
            _tool_key = known.decode("ascii", "replace")
        else:
            h = hashlib.sha256(_FORMAT + __version__.encode())
            for full in files:
                h.update(os.path.relpath(full, _PKG).encode() + b"\0")
                h.update(hashlib.sha256(cachedir.read(full) or b"").digest())
            _tool_key = h.hexdigest()
            cachedir.write_atomic(memo, _tool_key.encode("ascii"))
    return _tool_key


def model_key() -> str:
    """Which model files the semantic passes would load (without loading them)."""
    import hashlib

    from ..semantic import SCOPE, model_dir  # the package, not the model: numpy is not imported here
    directory = model_dir()
    sums = cachedir.read(os.path.join(directory, "SHA256SUMS")) or b""
    h = hashlib.sha256(os.fspath(directory).encode() + b"\0" + sums)
    names = [line.strip().partition("  ")[2].strip() for line in sums.decode("utf-8", "replace").splitlines()]
    # the optional second graph: present and unlisted, the model refuses to load (semantic.verify)
    for name in names + [n for n in (SCOPE,) if n not in names]:
        try:
            st = os.stat(os.path.join(directory, name))
            h.update(f"{name}:{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            h.update(f"{name}:missing".encode())
    return h.hexdigest()


_model_key: str | None = None


def config_key(config) -> str:
    global _model_key
    import hashlib
    h = hashlib.sha256(repr(config).encode())
    if config.catalog:
        h.update(cachedir.read(config.catalog) or b"missing catalog")
    if config.semantic:
        if _model_key is None:
            _model_key = model_key()
        h.update(_model_key.encode())
    return h.hexdigest()


class ResultCache:
    """Entries keyed by :func:`entry_key`; a disabled cache finds nothing and keeps nothing."""

    def __init__(self, enabled: bool = True, directory: str | None = None) -> None:
        self.enabled = enabled
        self.dir = os.path.join(directory or cachedir.cache_dir(), "results")
        self._deployments: dict[str, str] = {}
        self._configs: dict[str, str] = {}
        self._by_object: dict[int, tuple] = {}   # id(config) -> (config, its key); holds it
        self._made: set = set()                  # entry directories known to exist
        self._writes = 0

    def entry_key(self, display: str, path: str, raw: bytes, config, deployment) -> str:
        import hashlib
        known = self._by_object.get(id(config))
        if known is None or known[0] is not config:  # repr() of a Config, per file, was 10%
            text = repr(config)                      # of a warm run: once per Config object
            if text not in self._configs:
                self._configs[text] = config_key(config)
            known = self._by_object[id(config)] = (config, self._configs[text])
        h = hashlib.sha256(tool_key().encode() + known[1].encode())
        h.update(os.path.abspath(path).encode() + b"\0" + display.encode() + b"\0")
        h.update(hashlib.sha256(raw).digest())
        if deployment is not None:
            h.update(self._deployment_key(deployment).encode())
        from ..formats.registry import dependencies
        for name in dependencies(path):
            h.update(b"\0" + name.encode("utf-8", "surrogateescape"))
        return h.hexdigest()

    def _deployment_key(self, deployment) -> str:
        root = deployment.root
        if root not in self._deployments:
            import hashlib
            h = hashlib.sha256()
            for f in sorted(deployment.files()):
                h.update(f.encode() + b"\0")
                h.update(hashlib.sha256(cachedir.read(f) or b"").digest())
            self._deployments[root] = h.hexdigest()
        return self._deployments[root]

    def _path(self, key: str) -> str:
        return os.path.join(self.dir, key[:2], key[2:])

    def get(self, key: str):
        if not self.enabled:
            return None
        raw = cachedir.read(self._path(key))
        if raw is None:
            return None
        import pickle  # not imported by a --no-cache run
        try:
            return pickle.loads(raw)
        except Exception:  # a truncated or foreign entry is a miss, not an error
            return None

    def put(self, key: str, entry) -> None:
        """Write the entry atomically (a reader never sees half of it): a temporary file
        named after this process, then a rename. Cheaper than ``cachedir.write_atomic``
        (mkstemp's random names, makedirs for every entry: 120 us against 50 us an entry,
        a tenth of a cold run's per-file time); that one is the fall-back."""
        if not self.enabled:
            return
        path = self._path(key)
        import pickle
        data = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
        folder = os.path.dirname(path)
        self._writes += 1
        tmp = f"{folder}{os.sep}.tmp-{os.getpid()}-{self._writes}"
        try:
            if folder not in self._made:
                os.makedirs(folder, exist_ok=True)
                self._made.add(folder)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        except OSError:
            cachedir.write_atomic(path, data)
            return
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
