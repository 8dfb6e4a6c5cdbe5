"""The data of the encoder's fine-tune for the scope judgment (``models/finetune_scope.py``):
the trainer's own sets (``train_security``) without some sources, its hard negatives, the test
payloads in carriers and the texts the embedding's drift is measured on.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import scope_data
import train_security as ts
from agis_lsp.semantic.directive import scored_spans

HERE = Path(__file__).resolve().parent
SEED = 7
# The real negatives of a fine-tune: a fixed-seed sample of the trainer's real prose (~10,800
# texts once its hard negatives are set apart, from security_sets.REAL_TRAIN_N and INTENT_TRAIN_N).
# The shipped branch takes all of them. Fewer negatives saturated the real fields' top scores and
# set the head's threshold higher (models/README.md, "The shipped scope branch").
REAL_NEGATIVES = 20000


def judged_pieces(texts: list[str]) -> list[str]:
    return [t[a:b] for t in texts for a, b in scored_spans(t)]


def hard_negatives(exclude: frozenset[str], negatives: list[str]) -> set[str]:
    """The hand-written and package negatives and the clean texts in carriers: ``descriptive_train``
    but for its samples of real prose and the real corpora's fields."""
    hand = ts.with_sentences(ts.benign("train") + ts.guidance("train"))
    return set(hand) | set(scope_data.package_negatives(exclude)) | {t for t in negatives if _is_carried(t)}


_CARRIER_MARKS = ("<!-- ", "## Notes\n\n> **Important:** ", "Example output:\n```\n", '{"status": "ok", "note": ',
                  "2025-03-14T09:12:44Z INFO [worker-3] ")


def _is_carried(t: str) -> bool:
    return t.startswith("<p>Returns the page content.</p>") or t.startswith(_CARRIER_MARKS)


def test_payloads(sources: tuple[str, ...]) -> list[dict]:
    """Every payload of ``sources`` in every carrier: {text, source, family, carrier}."""
    return [{"text": c(r["text"]), "source": r["source"], "family": r["family"], "carrier": name}
            for r in scope_data.rows(1) if r["source"] in sources for name, c in scope_data.CARRIERS.items()]


def intents_for_drift() -> tuple[list[str], list[str]]:
    rows = lambda name: [json.loads(l) for l in (HERE / "data" / name).read_text().splitlines() if l.strip()]  # noqa: E731
    real = [r["text"] for r in rows("directive_intents.jsonl") if r["split"] == "dev"]
    real = random.Random(SEED).sample(real, min(300, len(real)))
    own = [r["intent"] for r in rows("realistic.jsonl") + rows("hardpairs.jsonl") if r["split"] == "dev"]
    verbs = [f"to {r['verb'].lower()}" for r in rows("verbs.jsonl")] + [r["verb"].lower() for r in rows("verbs.jsonl")]
    return list(dict.fromkeys(real + own)), verbs


def tune_data(exclude: frozenset[str], real_negatives: int) -> tuple[list[str], list[str], list[str]]:
    """(positives, the head's negatives, the fine-tune's negatives) without the ``exclude`` sources."""
    pos, neg = ts.directive_train(exclude), ts.descriptive_train(exclude)
    pos_set = set(pos)
    neg = [t for t in neg if t not in pos_set]
    hard = hard_negatives(exclude, neg)
    real = [t for t in neg if t not in hard]
    sample = random.Random(SEED).sample(real, min(real_negatives, len(real)))
    return pos, neg, [t for t in neg if t in hard] + sample
