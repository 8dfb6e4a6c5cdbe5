"""The shipped encoder gives the vectors recorded for it.

``data/encoder_reference.json`` holds the vectors of six texts (single words, an intent, an API
description, a payload) as the shipped ``Encoder`` computed them when models/encoder.onnx was
built. A graph whose weights are read wrongly gives vectors far from these (measured when the
test was written, cosine to the recorded vectors: block scales on the wrong axis 0.02-0.09, a
zero point off by one 0.94-0.98). The bound leaves room for what moves between machines:
onnxruntime picks its int8 attention kernels by CPU (docs/model.md: AVX2 sums saturate where
VNNI's do not). The float feed-forward build that was tried (models/ffn_float.py, not
shipped: docs/benchmarks.md) gives 0.996-0.999 against these, inside the bound too: this test
guards how the weights are read, not the verdicts (the golden tests and benchmarks/
model_verdicts.py do that).
"""

import json
from pathlib import Path

import numpy as np

REFERENCE = json.loads((Path(__file__).parent / "data" / "encoder_reference.json").read_text())["vectors"]
BOUND = 0.99


def test_shipped_encoder_matches_recorded_vectors(model):
    texts = list(REFERENCE)
    model.encoder.cache_clear()
    got = model.encoder.forward(texts)          # the raw forward pass, no cache
    ref = np.array([REFERENCE[t] for t in texts], dtype=np.float32)
    cos = (got * ref).sum(axis=1) / np.linalg.norm(ref, axis=1)
    low = {t: round(float(c), 6) for t, c in zip(texts, cos) if c < BOUND}
    assert not low, f"vectors moved from the recorded ones (cosine < {BOUND}): {low}"


def test_reference_vectors_are_not_interchangeable():
    """The recorded texts are far apart, so matching them is not matching any unit vector."""
    ref = np.array(list(REFERENCE.values()), dtype=np.float32)
    sims = ref @ ref.T
    np.fill_diagonal(sims, 0)
    assert sims.max() < 0.9
