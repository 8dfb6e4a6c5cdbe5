"""The semantic layer: model verdicts for AGIS pass 3 and pass 6.

    from agis_lsp.semantic import get_model, start_loading, SemanticUnavailable, model_dir

    fut = start_loading()          # Future; loads in a background thread; idempotent
    m = get_model()                # loads in this thread (or waits for start_loading); raises SemanticUnavailable(reason)
    m.judge_verbs(["BOOK", "AVAILABLE"])                   # -> list[VerbJudgement]
    m.judge_consistency([("BOOK", "Books a table ...")])    # -> list[ConsistencyJudgement]
    m.cache_info()                 # {"hits", "misses", "size", "maxsize"}

The model directory is, in order: the ``model_dir`` argument, the
``AGIS_LSP_MODEL_DIR`` environment variable, ``agis_lsp/models`` inside the
installed package (if a wheel ships it there), then the checkout's top-level
``models/`` (``<package>/../models``; editable installs).  Every file named in
``models/SHA256SUMS`` is verified before it is used.

Two encoder graphs. ``encoder.onnx`` is read by pass 3, pass 6 and the verb and naming
heads. ``scope.onnx``, when the model directory has it (listed in SHA256SUMS like every
file), is a second graph with the same inputs and output, fine-tuned for the scope
judgment: the security head (AGSC901, ``directive.py``) embeds through it, and through
``encoder.onnx`` when it is absent (``SemanticModel.security_encoder``).

Runtime dependencies: onnxruntime, tokenizers and numpy (numpy is not declared
by agis-lsp itself; onnxruntime requires it), plus the standard library.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .environment import ENV_VAR, THREADS_ENV  # noqa: F401 - THREADS_ENV: the package names it

if TYPE_CHECKING:  # imported where a load starts: a run without the model never needs it
    from concurrent.futures import Future

_LAZY = ("ConsistencyJudgement", "SemanticModel", "VerbJudgement", "KINDS", "KIND_LABELS")


def __getattr__(name: str):
    """The model classes on first use: ``.model`` imports numpy, which a run that only
    asks where the model is (the result cache, --no-semantic) does not need."""
    if name in _LAZY:
        from . import heads as model
        return getattr(model, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["get_model", "start_loading", "loading_started", "SemanticUnavailable", "model_dir",
           "SemanticModel", "VerbJudgement", "ConsistencyJudgement", "KINDS", "KIND_LABELS"]

REQUIRED = ("encoder.onnx", "tokenizer.json", "heads.json", "heads.npz")
SCOPE = "scope.onnx"   # optional: the security head's own encoder graph (module docstring)


class SemanticUnavailable(RuntimeError):
    """The model can't be used; ``reason`` says why (shown to the user)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def model_dir(model_dir: str | os.PathLike | None = None) -> Path:
    """Where the model files are looked for (the first candidate that exists)."""
    if model_dir is not None:
        return Path(model_dir)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    pkg = Path(__file__).resolve().parent.parent          # agis_lsp/
    for candidate in (pkg / "models", pkg.parent / "models"):
        if (candidate / "SHA256SUMS").is_file():
            return candidate
    return pkg.parent / "models"


def _sha256(path: Path) -> str:
    import hashlib  # (OpenSSL's start-up: only where a model is verified)
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify(directory: Path) -> None:
    """Check SHA256SUMS and that every required file is present and listed."""
    sums = directory / "SHA256SUMS"
    if not sums.is_file():
        raise SemanticUnavailable(f"model files not found: {sums} is missing "
                                  f"(set {ENV_VAR} to the models directory)")
    expected: dict[str, str] = {}
    for line in sums.read_text().splitlines():
        if line.strip():
            digest, _, name = line.strip().partition("  ")
            expected[name.strip()] = digest.strip()
    for name in REQUIRED:
        if name not in expected:
            raise SemanticUnavailable(f"{sums} does not list {name}")
    if SCOPE not in expected and (directory / SCOPE).exists():
        raise SemanticUnavailable(f"{sums} does not list {SCOPE}, which is in {directory} "
                                  f"(list it, or remove it to judge security with encoder.onnx)")
    for name in expected:
        if not (directory / name).is_file():
            raise SemanticUnavailable(f"model file missing: {directory / name}")
    marker = _verified_marker(directory, sums, expected)
    if marker is not None and _store.exists(marker):
        return
    for name, digest in expected.items():
        path = directory / name
        actual = _sha256(path)
        if actual != digest:
            raise SemanticUnavailable(
                f"checksum mismatch for {path}: SHA256 {actual[:16]}..., "
                f"SHA256SUMS says {digest[:16]}... (file corrupted or replaced)")
    if marker is not None:
        _store.write(marker, b"verified\n")


_store = None   # where verifications are remembered (exists(name), write(name, data)); see use_store


def use_store(store) -> None:
    """Remember verifications in ``store`` (a subdirectory of the cache directory that the
    command line hands over: this package imports no engine module); None: hash every load."""
    global _store
    _store = store


def _verified_marker(directory: Path, sums: Path, expected: dict) -> str | None:
    """Where a verification of these very files is remembered (hashing the 26 MB
    of model files was ~25 ms of every start with the model). The key covers the directory,
    SHA256SUMS and every listed file's device, inode, size, modification and status-change
    times (nanoseconds): writing to a file or replacing it changes its status-change time,
    which no user process can set back, so changed bytes are always hashed again."""
    if _store is None:
        return None
    import hashlib
    h = hashlib.sha256(f"model-verified 1\0{directory}\0".encode())
    try:
        h.update(sums.read_bytes())
        for name in sorted(expected):
            st = os.stat(directory / name)
            h.update(f"\0{name}\0{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}".encode())
    except OSError:
        return None
    return h.hexdigest()[:32]


def load(directory: Path) -> SemanticModel:
    """Verify and load (no caching; see get_model)."""
    from .encoder import Encoder
    from .heads import Heads, SemanticModel

    verify(directory)
    try:
        loaded: list = []

        def meanwhile(first: Encoder) -> None:
            """While encoder.onnx's session builds: the heads, then scope.onnx's encoder (its
            session builds on a background thread of its own, beside the first; the tokenizer is
            the first's)."""
            loaded.append(Heads.load(directory))
            if (directory / SCOPE).is_file():
                loaded.append(Encoder(directory / SCOPE, directory / "tokenizer.json",
                                      tokenizer=first.tokenizer))

        encoder = Encoder(directory / "encoder.onnx", directory / "tokenizer.json",
                          while_building=meanwhile)
        heads, scope = loaded[0], (loaded[1] if len(loaded) > 1 else None)
        encoder.preload(heads.meta.get("preload", []), heads.a.get("preload", []))
    except SemanticUnavailable:
        raise
    except Exception as exc:  # onnxruntime / tokenizers / numpy errors
        raise SemanticUnavailable(f"could not load the model from {directory}: "
                                  f"{type(exc).__name__}: {exc}") from exc
    model = SemanticModel(encoder, heads, scope=scope)
    model.directory = directory     # optional heads (the security pass's) load from here on demand
    return model


_lock = threading.Lock()
_futures: dict[Path, Future] = {}


def _claim(directory: Path) -> tuple[Future, bool]:
    """The Future for ``directory`` and whether the caller must run the load."""
    with _lock:
        fut = _futures.get(directory)
        if fut is not None:
            return fut, False
        from concurrent.futures import Future
        fut = Future()
        _futures[directory] = fut
        return fut, True


def _run(directory: Path, fut: Future) -> None:
    if not fut.set_running_or_notify_cancel():
        return
    try:
        fut.set_result(load(directory))
    except BaseException as exc:  # delivered to whoever waits on the future
        # forget failures, so a later call retries (files may have been fixed)
        with _lock:
            if _futures.get(directory) is fut:
                del _futures[directory]
        fut.set_exception(exc if isinstance(exc, SemanticUnavailable)
                          else SemanticUnavailable(f"{type(exc).__name__}: {exc}"))


def start_loading(model_dir: str | os.PathLike | None = None) -> Future:
    """Start loading in a background thread (for the language server); the same
    Future for the same directory (a failed load is forgotten, so the next call
    tries again).

    The thread is not a daemon: the interpreter waits for it at exit.  A process
    that exits while a daemon thread is inside onnxruntime's session constructor
    aborts (``terminate called without an active exception``, exit status 134),
    after all its output.  Command-line use never needs the thread: ``get_model``
    loads in the calling thread when no background load is under way."""
    directory = _resolve(model_dir)
    fut, mine = _claim(directory)
    if mine:
        threading.Thread(target=_run, args=(directory, fut), name="agis-semantic-load",
                         daemon=False).start()
    return fut


def get_model(model_dir: str | os.PathLike | None = None) -> SemanticModel:
    """The loaded model; raises SemanticUnavailable.  Loads it in the calling thread
    unless a background load (``start_loading``) is under way, then waits for that."""
    directory = _resolve(model_dir)
    fut, mine = _claim(directory)
    if mine:
        _run(directory, fut)
    return fut.result()


def loading_started(model_dir: str | os.PathLike | None = None) -> bool:
    """Whether this process has started (or finished) loading the model."""
    with _lock:
        return _resolve(model_dir) in _futures


def _resolve(d) -> Path:
    p = model_dir(d)
    try:
        return p.resolve()
    except OSError:
        return p
