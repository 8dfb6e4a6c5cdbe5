"""The batched semantic phase gives what the per-field path gives.

Real documents nobody here wrote (converted public OpenAPI documents, published MCP servers'
tool lists) are linted with the model twice through the real engine: as shipped (a
document's texts gathered first, embedded once each in length buckets, then scored), and
along the per-field path, where every text is embedded alone (``Encoder.forward([text])``,
no batch, no padding, no gathering). The diagnostics must be the same and every head score
the same within float tolerance.
"""
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from agis_lsp.engine import runner
from agis_lsp.engine.linter import Linter
from agis_lsp.semantic.directive import DirectiveHead
from agis_lsp.semantic.encoder import DIM, Encoder
from agis_lsp.semantic.heads import SemanticModel

CORPORA = Path(__file__).resolve().parents[2] / "benchmarks" / "corpora"
DOCUMENTS = [
    "openapi/converted/apisguru-other--openuv.io.agis",
    "openapi/converted/apisguru-payments-comms--twilio.com_twilio_oauth_v1.agis",
    "mcp/exa-mcp-server.tools.mcp.json",
    "mcp/mcp-server-fetch.tools.mcp.json",
    "mcp/modelcontextprotocol_server-puppeteer.tools.mcp.json",
]


def _one_by_one(self, texts):
    """Each text embedded alone (the shipped vectors of the catalog verbs as they are)."""
    texts = list(texts)
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    return np.stack([self._static[t] if t in self._static else self.forward([t])[0] for t in texts])


@contextmanager
def _nothing_gathered(*_a, **_k):
    yield


def _lint(path: Path, model, monkeypatch, per_field: bool):
    scores: list = []
    real_head, real_pair = DirectiveHead.scores, SemanticModel._scores
    with monkeypatch.context() as m:
        m.setattr(DirectiveHead, "scores", lambda self, v: scores.append(real_head(self, v)) or scores[-1])
        m.setattr(SemanticModel, "_scores", lambda self, *a: scores.append(real_pair(self, *a)) or scores[-1])
        if per_field:
            m.setattr(Encoder, "embed", _one_by_one)
            m.setattr(runner, "_held_model_texts", _nothing_gathered)
        model.encoder.cache_clear()
        linter = Linter()
        result = linter.check(target=linter.prepare(str(path)))
    diagnostics = [(d.code, d.start, d.end, d.message) for d in result.diagnostics]
    return diagnostics, scores


@pytest.mark.parametrize("name", DOCUMENTS)
def test_batched_equals_per_field(name, model, monkeypatch):
    path = CORPORA / name
    if not path.exists():
        pytest.skip(f"{path} is not in this checkout (scripts/fetch_corpora.py --convert-only writes it)")
    batched, batched_scores = _lint(path, model, monkeypatch, per_field=False)
    alone, alone_scores = _lint(path, model, monkeypatch, per_field=True)
    assert batched == alone
    assert len(batched_scores) == len(alone_scores)
    assert batched_scores, "the document gave the heads nothing to score"
    for a, b in zip(batched_scores, alone_scores):
        assert np.abs(np.asarray(a) - np.asarray(b)).max() <= 1e-4
