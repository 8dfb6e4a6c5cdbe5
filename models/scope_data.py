"""The payload side of the scope head's data: published payloads by source, in carriers.

``data/security_positives.jsonl`` (built by ``security_positives.py`` from PyPI packages, see
models/README.md) holds each payload with its ``source`` (package) and ``family``. A payload
reaches a tool list inside some carrier: plain, or wrapped in HTML, Markdown, a code block, a
JSON value or a log line. The head is trained on each payload plain and in ``CARRIED`` carriers
chosen by a fixed seed, and on real clean texts in the same carriers, so that a carrier is no
evidence by itself.

``EVALUATION_ONLY`` names sources never trained on (measured as they come by
``benchmarks/payload_loso.py``). It is empty: every source trains, and leave-one-source-out
measures each in turn. Trained on while the threshold was the highest score of a single real
field, the seven later sources lowered the head's reach (docs/security.md, "More sources";
models/README.md, "Calibration").
"""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
POSITIVES = DATA / "security_positives.jsonl"
SEED = 30
CARRIED = 2          # carriers per payload in training, besides the plain text
CLEAN_CARRIED = 600  # real clean texts put in one carrier each, as negatives
EVALUATION_ONLY: frozenset[str] = frozenset()

CARRIERS = {
    "plain": lambda p: p,
    "html": lambda p: f"<p>Returns the page content.</p><!-- {p} -->",
    "markdown": lambda p: f"## Notes\n\n> **Important:** {p}",
    "code block": lambda p: f"Example output:\n```\n{p}\n```",
    "json value": lambda p: json.dumps({"status": "ok", "note": p}, ensure_ascii=False),
    "log line": lambda p: f"2025-03-14T09:12:44Z INFO [worker-3] {p}",
}


_EXTRA: list[dict] = []


def rows(label: int | None = 1) -> list[dict]:
    out = [json.loads(line) for line in POSITIVES.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in out + _EXTRA if label is None or r["label"] == label]


@contextmanager
def extra_sources(extra: list[dict]):
    """Train (and measure) with ``extra`` ({text, source, family, label}) as further sources
    while the block runs: ``benchmarks/payload_loso.py --payloads FILE --loso``."""
    _EXTRA[:] = extra
    try:
        yield
    finally:
        _EXTRA.clear()


def sources() -> list[str]:
    return sorted({r["source"] for r in rows()})


def training_sources(exclude: frozenset[str] = frozenset()) -> list[str]:
    return [s for s in sources() if s not in exclude | EVALUATION_ONLY]


def carried(texts: list[str], k: int, seed: int = SEED) -> list[str]:
    """Each text in ``k`` carriers other than plain, chosen by a fixed seed (the text's index)."""
    names = [n for n in CARRIERS if n != "plain"]
    out = []
    for i, t in enumerate(texts):
        rng = random.Random(seed * 100_003 + i)
        out.extend(CARRIERS[n](t) for n in rng.sample(names, k))
    return out


def positives(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 1: every payload whose source is not excluded, plain and in CARRIED carriers."""
    texts = [r["text"] for r in rows(1) if r["source"] not in exclude | EVALUATION_ONLY]
    return list(dict.fromkeys(texts + carried(texts, CARRIED)))


def package_negatives(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 0: the packages' own benign control texts (hard negatives: 'ignore', 'act as', 'system' in ordinary use)."""
    return [r["text"] for r in rows(0) if r["source"] not in exclude | EVALUATION_ONLY]


def clean_in_carriers(clean: list[str], n: int = CLEAN_CARRIED) -> list[str]:
    pool = sorted(t for t in set(clean) if 20 <= len(t) <= 300)
    pick = random.Random(SEED).sample(pool, min(n, len(pool)))
    return carried(pick, 1, seed=SEED + 1)
