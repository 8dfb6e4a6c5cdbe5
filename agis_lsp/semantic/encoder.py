"""Sentence encoder: WordPiece tokenizer + int8 ONNX MiniLM, mean pooling, L2 norm.

The ONNX graph (``models/encoder.onnx``) takes ``input_ids`` and
``attention_mask`` (int64, shape [batch, seq]) and returns
``last_hidden_state`` ([batch, seq, 384]).  Pooling is done here, exactly as
sentence-transformers does for all-MiniLM-L6-v2: the mean of the token
vectors weighted by the attention mask, then L2 normalisation.

Embeddings are cached by text (an LRU behind a lock), so re-linting a
document after one intent changed embeds only that intent.

Runtime imports: numpy (a dependency of onnxruntime), onnxruntime,
tokenizers and the standard library, nothing else.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

MAX_TOKENS = 128  # intents are single sentences (AGIS recommends <= 500 chars)
BATCH_SIZE = 32
DIM = 384


def default_threads() -> int:
    """intra-op threads: all cores up to 2 (the model is too small to scale further)."""
    return max(1, min(2, os.cpu_count() or 1))


class Encoder:
    """Thread-safe embedding function with a text-keyed LRU cache."""

    def __init__(self, onnx_path: Path, tokenizer_path: Path, *,
                 cache_size: int = 4096, threads: int | None = None,
                 while_building: Callable[[], object] | None = None) -> None:
        """The ONNX session is built on a helper thread (onnxruntime releases the GIL
        while it builds, ~90 ms) while this thread loads the tokenizer and runs
        ``while_building`` (the model's heads); the helper is joined before the
        constructor returns or raises, so no thread outlives it (issue 14)."""
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads or default_threads()
        opts.inter_op_num_threads = 1
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        opts.log_severity_level = 3
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
            tok = Tokenizer.from_file(str(tokenizer_path))
            tok.no_padding()
            tok.enable_truncation(MAX_TOKENS)
            self._tokenizer = tok
            if while_building is not None:
                while_building()
        finally:
            helper.join()
        if "error" in built:
            raise built["error"]
        self._session = built["session"]
        names = {i.name for i in self._session.get_inputs()}
        self._needs_token_types = "token_type_ids" in names

        self._static: dict[str, np.ndarray] = {}   # shipped vectors (never evicted)
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    # -- tokenisation and the raw forward pass (no cache) -----------------

    def tokenize(self, texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Token ids and attention mask, padded with [PAD]=0 to the longest text."""
        encs = self._tokenizer.encode_batch(list(texts))
        width = max(len(e.ids) for e in encs)
        ids = np.zeros((len(encs), width), dtype=np.int64)
        mask = np.zeros((len(encs), width), dtype=np.int64)
        for row, enc in enumerate(encs):
            n = len(enc.ids)
            ids[row, :n] = enc.ids
            mask[row, :n] = 1
        return ids, mask

    def forward(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` (one batch) without touching the cache."""
        ids, mask = self.tokenize(texts)
        feed = {"input_ids": ids, "attention_mask": mask}
        if self._needs_token_types:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feed)[0]
        return mean_pool(hidden, mask)

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
            # sort by length so each batch pads little
            pending = sorted(todo, key=len)
            for start in range(0, len(pending), BATCH_SIZE):
                chunk = pending[start:start + BATCH_SIZE]
                vecs = self.forward(chunk)
                with self._lock:
                    for t, v in zip(chunk, vecs):
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


def mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Attention-masked mean over tokens, then L2 normalisation."""
    m = mask[..., None].astype(np.float32)
    summed = (hidden * m).sum(axis=1)
    counts = np.maximum(m.sum(axis=1), 1e-9)
    vec = summed / counts
    norms = np.maximum(np.linalg.norm(vec, axis=1, keepdims=True), 1e-12)
    return (vec / norms).astype(np.float32)
