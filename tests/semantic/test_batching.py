"""How the encoder spends its forward calls: length buckets, held texts,
threads from the cores this process may use."""
import os

import numpy as np

from agis_lsp.semantic import THREADS_ENV
from agis_lsp.semantic.encoder import BATCH_ROWS, BATCH_TOKENS, CALL_TOKENS, default_threads, plan_batches


def test_batches_group_texts_of_nearly_the_same_length():
    lengths = [5, 40, 6, 41, 5, 7, 120, 39]
    batches = plan_batches(lengths)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    for b in batches:
        widths = [lengths[i] for i in b]
        # a text joins a call only if the padding it adds costs less than another call
        assert (max(widths) - min(widths)) * (len(b) - 1) <= CALL_TOKENS * len(b)
        assert len(b) <= BATCH_ROWS and len(b) * max(widths) <= BATCH_TOKENS
    assert [sorted(lengths[i] for i in b) for b in batches] == [[5, 5, 6, 7], [39, 40, 41], [120]]


def test_many_texts_of_one_length_fill_calls_up_to_the_limits():
    batches = plan_batches([100] * 100)
    assert [len(b) for b in batches] == [40, 40, 20]      # 40 x 100 tokens <= BATCH_TOKENS


def test_a_document_is_embedded_in_one_pass_per_length_bucket(model):
    enc = model.encoder
    calls = []
    real = enc._run
    texts = [f"Returns the batching test record number {i} of the account" for i in range(50)]
    texts += [f"Deletes record {i}" for i in range(30)] + texts[:10]      # duplicates: once
    enc._run = lambda ids, mask: calls.append(ids.shape) or real(ids, mask)
    try:
        before = enc.cache_info()["misses"]
        vecs = enc.embed(texts)
    finally:
        del enc._run
    assert enc.cache_info()["misses"] - before == 80
    assert sum(rows for rows, _ in calls) == 80 and len(calls) <= 4
    alone = np.stack([enc.forward([t])[0] for t in texts[:3] + texts[50:52]])
    assert np.abs(vecs[[0, 1, 2, 50, 51]] - alone).max() <= 1e-4


def test_held_texts_survive_the_lru(model):
    enc = model.encoder
    texts = [f"Held text {i} for the hold test" for i in range(5)]
    with enc.hold(texts):
        enc.cache_clear()
        misses = enc.cache_info()["misses"]
        enc.embed(texts)
        assert enc.cache_info()["misses"] == misses         # read from the held vectors
    assert not any(t in enc._held for t in texts)             # released at the end of the block


def test_threads_follow_the_cpu_affinity_and_the_worker_share(monkeypatch):
    monkeypatch.delenv(THREADS_ENV, raising=False)
    assert default_threads() == len(os.sched_getaffinity(0))
    monkeypatch.setenv(THREADS_ENV, "1")
    assert default_threads() == 1


def test_check_workers_split_the_cores(monkeypatch):
    from agis_lsp.cli import batch
    monkeypatch.delenv(THREADS_ENV, raising=False)
    monkeypatch.setattr(batch, "Linter", lambda **kw: None)
    monkeypatch.setattr(batch, "_fewer_collections", lambda: None)
    monkeypatch.setattr(batch, "_linter", None)
    batch._init_worker(type("Settings", (), {"config_of": None})(), 1)
    assert os.environ[THREADS_ENV] == "1"
