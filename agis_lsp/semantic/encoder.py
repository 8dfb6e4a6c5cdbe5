"""Sentence encoder: WordPiece tokenizer + int8 ONNX MiniLM, mean pooling, L2 norm.

The ONNX graph (``models/encoder.onnx``) takes ``input_ids`` and
``attention_mask`` (int64, shape [batch, seq]) and returns
``last_hidden_state`` ([batch, seq, 384]).  Pooling is done here, exactly as
sentence-transformers does for all-MiniLM-L6-v2: the mean of the token
vectors weighted by the attention mask, then L2 normalisation.

Embeddings are cached by text (an LRU behind a lock), so re-linting a
document after one intent changed embeds only that intent. The texts of one
call are embedded once each, tokenized once, and run in batches of texts of
nearly the same length (a padded token costs as much as a real one; a forward
call costs about ``CALL_TOKENS`` tokens more), so a whole document's texts,
gathered by the engine before its semantic rules run (``hold``), cost one
pass over their distinct tokens.

A text is read up to ``MAX_TOKENS`` tokens (the window the heads were trained
on); ``windows`` names the further, overlapping windows of a longer text, for
a head that must not miss what its tail says (the security head).

The session's threads do not spin while they wait for work: the same vectors, and on a shared
machine a spinning thread takes the core its partner needs. At load average 12 on the 2-core
machine, 2 threads, 1,275 texts of 41,954 tokens: 4.5-4.7 s of CPU against 7.3-7.7 s spinning
(``benchmarks/encoder_speed.py --threads 2 --spin``; docs/benchmarks.md). A worker of
``agis-lint check --jobs`` runs one thread, which has nothing to spin for.

Runtime imports: numpy (a dependency of onnxruntime), onnxruntime,
tokenizers and the standard library, nothing else.
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from .environment import THREADS_ENV

MAX_TOKENS = 128  # intents are single sentences (AGIS recommends <= 500 chars)
OVERLAP = 32      # tokens two consecutive windows of a long text share (windows)
BATCH_SIZE = 32   # texts per forward call at most (forward's callers; embed plans its own)
BATCH_ROWS = 64   # embed: texts per forward call at most
BATCH_TOKENS = 4096  # embed: rows x padded width of one forward call at most
CALL_TOKENS = 6   # a forward call costs about as much as this many more tokens (measured:
                  # 2.8 ms a call, 0.45 ms a token on the 2-core machine), so a batch is
                  # closed when the next text would add more padding than that
DIM = 384


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, e.g. a container's cpuset)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def default_threads() -> int:
    """intra-op threads: ``$AGIS_LSP_MODEL_THREADS`` when set (``agis-lint check --jobs N``
    sets it in its workers to their share of the cores, so N workers never run more threads
    than there are cores), else every core this process may use."""
    value = os.environ.get(THREADS_ENV, "")
    if value.strip().isdigit() and int(value) > 0:
        return int(value)
    return usable_cores()


def plan_batches(lengths: Sequence[int]) -> list[list[int]]:
    """Indices of ``lengths`` grouped into forward calls: by increasing length, a call
    closed when it would exceed ``BATCH_ROWS`` texts or ``BATCH_TOKENS`` padded tokens, or
    when the next text would pad the call by more than a call costs (``CALL_TOKENS``)."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    out: list[list[int]] = []
    cur: list[int] = []
    width = 0
    for i in order:
        n = lengths[i]
        if cur and (len(cur) >= BATCH_ROWS or (len(cur) + 1) * n > BATCH_TOKENS
                    or (n - width) * len(cur) > CALL_TOKENS):
            out.append(cur)
            cur = []
        cur.append(i)
        width = n
    if cur:
        out.append(cur)
    return out


class Encoder:
    """Thread-safe embedding function with a text-keyed LRU cache."""

    def __init__(self, onnx_path: Path, tokenizer_path: Path, *,
                 cache_size: int = 4096, threads: int | None = None,
                 while_building: Callable[["Encoder"], object] | None = None,
                 tokenizer=None) -> None:
        """The ONNX session is built on a background thread (onnxruntime releases the GIL
        while it builds, ~90 ms) while this thread loads the tokenizer and runs
        ``while_building(self)`` (the model's heads, a second encoder: its tokenizer is
        loaded by then); the helper is joined before the constructor returns or raises, so
        no thread outlives it. ``tokenizer``: another encoder's (``Encoder.tokenizer``), shared
        instead of loaded again (``tokenizer_path`` is then not read): the same tokens and
        windows for both graphs."""
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads or default_threads()
        opts.inter_op_num_threads = 1
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3
        # the pool's threads sleep between parallel sections instead of spinning (module docstring)
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.add_session_config_entry("session.inter_op.allow_spinning", "0")
        built: dict = {}

        def build() -> None:
            try:
                built["session"] = ort.InferenceSession(
                    str(onnx_path), sess_options=opts, providers=["CPUExecutionProvider"])
            except BaseException as exc:  # noqa: BLE001 - raised below, in the constructing thread
                built["error"] = exc

        helper = threading.Thread(target=build, name="agis-onnx-session", daemon=False)
        helper.start()
        try:
            tok = tokenizer
            if tok is None:
                tok = Tokenizer.from_file(str(tokenizer_path))
                tok.no_padding()
                # the overflow (windows past the first) is computed only for longer texts
                tok.enable_truncation(MAX_TOKENS, stride=OVERLAP)
            self._tokenizer = tok
            if while_building is not None:
                while_building(self)
        finally:
            helper.join()
        if "error" in built:
            raise built["error"]
        self._session = built["session"]
        names = {i.name for i in self._session.get_inputs()}
        if not {"input_ids", "attention_mask"} <= names <= {"input_ids", "attention_mask", "token_type_ids"}:
            raise ValueError(f"{Path(onnx_path).name} is not a sentence encoder's graph: its inputs are "
                             f"{', '.join(sorted(names))}, not input_ids and attention_mask")
        self._needs_token_types = "token_type_ids" in names

        self._static: dict[str, np.ndarray] = {}   # shipped vectors (never evicted)
        self._held: dict[str, list] = {}           # text -> [vector, holders] (see hold)
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    @property
    def tokenizer(self):
        """The configured tokenizer (no padding, truncation at ``MAX_TOKENS`` with overflow)."""
        return self._tokenizer

    # -- tokenisation and the raw forward pass (no cache) -----------------

    def tokenize(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Token ids and attention mask, padded with [PAD]=0 to the longest text."""
        return _arrays([e.ids for e in self._tokenizer.encode_batch([tokenizable(t) for t in texts])])

    def forward(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` (one batch) without touching the cache."""
        return self._run(*self.tokenize(texts))

    def _run(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feed = {"input_ids": ids, "attention_mask": mask}
        if self._needs_token_types:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feed)[0]
        return mean_pool(hidden, mask)

    def windows(self, text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
        """The windows of ``text[start:end]`` past the first ``MAX_TOKENS`` tokens (offsets into
        ``text``; [] when it fits): each as long as the model reads, each sharing ``OVERLAP``
        tokens with the one before, so every token is read and any run of up to ``OVERLAP``
        tokens lies whole inside one window."""
        end = len(text) if end is None else end
        piece = text[start:end]
        if len(piece) < MAX_TOKENS - 2:   # a token covers at least one character
            return []
        out = []
        for enc in self._tokenizer.encode(tokenizable(piece)).overflowing:
            spans = [o for o, special in zip(enc.offsets, enc.special_tokens_mask) if not special]
            if spans:
                out.append((start + spans[0][0], start + spans[-1][1]))
        return out

    def read_end(self, text: str, start: int = 0, end: int | None = None) -> int:
        """Where the model's reading of ``text[start:end]`` ends: ``end`` when the piece fits its
        window, else the end of the last token of the first window (the further windows are
        pieces of their own, ``windows``)."""
        end = len(text) if end is None else end
        if end - start < MAX_TOKENS - 2:   # a token covers at least one character
            return end
        enc = self._tokenizer.encode(tokenizable(text[start:end]))
        spans = [o for o, special in zip(enc.offsets, enc.special_tokens_mask) if not special]
        return start + spans[-1][1] if spans and enc.overflowing else end

    # -- cached embedding --------------------------------------------------

    def embed(self, texts: Iterable[str]) -> np.ndarray:
        """Embeddings for ``texts`` (shape [n, 384], float32, unit length)."""
        texts = list(texts)
        out: list[np.ndarray | None] = [None] * len(texts)
        todo: dict[str, list[int]] = {}
        with self._lock:
            for i, t in enumerate(texts):
                vec = self._static.get(t)
                if vec is not None:
                    out[i] = vec
                    continue
                held = self._held.get(t)
                if held is not None:
                    self._hits += 1
                    out[i] = held[0]
                    continue
                vec = self._cache.get(t)
                if vec is not None:
                    self._cache.move_to_end(t)
                    self._hits += 1
                    out[i] = vec
                elif t in todo:
                    self._hits += 1  # duplicate within this call: embedded once
                    todo[t].append(i)
                else:
                    self._misses += 1
                    todo[t] = [i]
        if todo:
            pending = list(todo)
            ids = [e.ids for e in self._tokenizer.encode_batch([tokenizable(t) for t in pending])]
            for batch in plan_batches([len(i) for i in ids]):
                vecs = self._run(*_arrays([ids[j] for j in batch]))
                with self._lock:
                    for j, v in zip(batch, vecs):
                        t = pending[j]
                        v.setflags(write=False)
                        self._cache[t] = v
                        self._cache.move_to_end(t)
                        for i in todo[t]:
                            out[i] = v
                    while len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        return np.stack(out).astype(np.float32, copy=False)

    @contextmanager
    def hold(self, texts: Iterable[str]):
        """Embed ``texts`` now, in one batched pass, and keep their vectors until the block
        ends, whatever the LRU evicts meanwhile: the engine gathers the texts of a whole
        document's semantic rules first, then the rules read the vectors they need."""
        unique = list(dict.fromkeys(texts))
        vecs = self.embed(unique) if unique else ()
        with self._lock:
            for t, v in zip(unique, vecs):
                entry = self._held.get(t)
                if entry is None:
                    self._held[t] = [v, 1]
                else:
                    entry[1] += 1
        try:
            yield
        finally:
            with self._lock:
                for t in unique:
                    entry = self._held.get(t)
                    if entry is not None:
                        entry[1] -= 1
                        if entry[1] <= 0:
                            del self._held[t]

    def preload(self, texts: Sequence[str], vecs: np.ndarray) -> None:
        """Install vectors computed at build time by this same encoder (e.g. the
        catalog verbs), so suggestions need no forward pass.  Not counted in
        cache_info."""
        with self._lock:
            for t, v in zip(texts, vecs):
                v = np.asarray(v, dtype=np.float32)
                v.setflags(write=False)
                self._static[t] = v

    def cache_info(self) -> dict:
        with self._lock:
            return {"hits": self._hits, "misses": self._misses,
                    "size": len(self._cache), "maxsize": self._cache_size}

    def cache_clear(self) -> None:
        with self._lock:
            self._cache.clear()
            self._hits = self._misses = 0


_SURROGATE = re.compile("[\ud800-\udfff]")


def tokenizable(text: str) -> str:
    """``text`` with each UTF-16 surrogate (half of a character, which an editor buffer or a
    JSON escape may hold) as U+FFFD: the tokenizer rejects them. One character for one, so every
    offset into the text stays."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _arrays(rows: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Token ids and attention mask, padded with [PAD]=0 to the longest row."""
    width = max(len(r) for r in rows)
    ids = np.zeros((len(rows), width), dtype=np.int64)
    mask = np.zeros((len(rows), width), dtype=np.int64)
    for row, r in enumerate(rows):
        ids[row, :len(r)] = r
        mask[row, :len(r)] = 1
    return ids, mask


def mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Attention-masked mean over tokens, then L2 normalisation."""
    m = mask[..., None].astype(np.float32)
    summed = (hidden * m).sum(axis=1)
    counts = np.maximum(m.sum(axis=1), 1e-9)
    vec = summed / counts
    norms = np.maximum(np.linalg.norm(vec, axis=1, keepdims=True), 1e-12)
    return (vec / norms).astype(np.float32)
