"""The first look of the security head (``agis_lsp.semantic.directive.Screen``): which pieces of
text are worth the transformer at all.

Each token of the shared vocabulary is read alone by the frozen shared encoder
(``encoder.onnx``, ``[CLS] token [SEP]``, the token's output vector): a static table that no
payload shaped. A piece's features are the mean of its tokens' rows; one hidden layer of ReLU
units over them (``train_security.train_mlp``, the head's trainer, on the head's training
texts and labels) scores it. The first layer is folded into the table (``s_t1`` = table x w1,
stored as float16), so the shipped first look is a lookup, a mean and 64 weights.

Its bar keeps, by construction, every piece the head scores over its lowest bar (``low``: the
least of its threshold and its agreement bars) among the head's training texts, the
development payloads and clean texts, and the calibrate fold of the real corpora's dev units:
the first look's least score over them. So it changes no verdict on the data the head's bars
were picked on; what it changes on data it never saw is measured by
``benchmarks/payload_loso.py`` (each fold trains its own first look without its sources) and
``benchmarks/real_precision.py``; what it saves by ``benchmarks/encoder_work.py`` and
``benchmarks/cisco_speed.py`` (docs/benchmarks.md).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from agis_lsp.semantic.directive import Screen, quiet_spans, scored_spans

HERE = Path(__file__).resolve().parent
# The share of those pieces the first look may drop (k = floor(share x pieces) of the lowest):
# 0, none. At 1e-3 (3 of ~3,000 pieces: payloads behind a clean first sentence, read whole) it
# would pass a third as many tokens of the calibrate fold (docs/benchmarks.md), and cost verdicts.
POOL_LOSS = 0.0


@lru_cache(maxsize=1)
def static_table(encoder: Path = HERE / "encoder.onnx") -> np.ndarray:
    """vocabulary x 384: each token's output vector when read alone by ``encoder``."""
    import onnxruntime as ort
    from tokenizers import Tokenizer
    size = Tokenizer.from_file(str(HERE / "tokenizer.json")).get_vocab_size()
    session = ort.InferenceSession(str(encoder), providers=["CPUExecutionProvider"])
    out = np.zeros((size, 384), np.float32)
    for start in range(0, size, 1024):
        ids = np.array([[101, t, 102] for t in range(start, min(size, start + 1024))], np.int64)
        out[start:start + len(ids)] = session.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids)})[0][:, 1]
    return out


def token_ids(tokenizer, texts: list[str]) -> list[list[int]]:
    return [[t for t in e.ids if t not in Screen.SPECIAL] for e in tokenizer.encode_batch(list(texts))]


def features(table: np.ndarray, ids: list[list[int]]) -> np.ndarray:
    x = np.zeros((len(ids), table.shape[1]), np.float32)
    for i, row in enumerate(ids):
        if row:
            x[i] = table[row].mean(0)
    return x


def _pieces(texts: list[str]) -> list[str]:
    return [t[a:b] for t in texts for a, b in scored_spans(t)]


# Bars of the agreement block that are not scores of the head: the contract bars
# (``contract_threshold``, ``contract_warn_threshold``) are cosines between a piece and a tool's
# contract (``_tool_contracts``), on another scale. Every bar of that scale is named so.
NOT_SCORES_PREFIX = "contract_"


def lowest_bar(meta: dict) -> float:
    """The least score at which the head's verdict counts anywhere in the rule."""
    bars = [float(meta["threshold"])]
    bars += [float(v) for k, v in (meta.get("agreement") or {}).items()
             if k.endswith("_threshold") and not k.startswith(NOT_SCORES_PREFIX)]
    return min(bars)


def fit_screen(enc, head, meta: dict, texts: list[str], y: np.ndarray, say=print) -> tuple[dict, dict]:
    """The first look for ``head`` (trained on ``texts``, ``y``; ``enc`` the head's
    ``CachedEncoder``, ``meta`` its json with the agreement bars): (npz arrays, json block)."""
    from security_sets import corpus_fold, dev_clean, dev_payloads
    from train_security import train_mlp
    tokenizer = enc.enc.tokenizer
    table = static_table()
    params = train_mlp(features(table, token_ids(tokenizer, texts)), y)
    t1 = (table @ params["w1"]).astype(np.float16)
    screen = Screen(t1.astype(np.float32), params["b1"], params["w"], float(params["b"][0]), 0.0)
    low = lowest_bar(meta)
    cal = _pieces(corpus_fold("calibrate")[0])
    sets = {"train": texts, "dev payloads": _pieces([t for _, t in dev_payloads()]),
            "dev clean": _pieces(dev_clean()), "calibrate": cal}
    kept = []
    for name, pieces in sets.items():
        full = head.scores(enc.embed(pieces).astype(np.float32))
        first = screen.scores(token_ids(tokenizer, pieces))
        kept.append(first[full >= low])
    enc.save()
    pool = np.concatenate(kept)
    bar = float(np.sort(pool)[int(np.floor(POOL_LOSS * len(pool)))]) if len(pool) else 0.5
    passed = float(np.mean(screen.scores(token_ids(tokenizer, cal)) >= bar)) if cal else 0.0
    say(f"first look: bar {bar:.4f} keeps the {len(pool)} pieces the head scores from {low:.4f}; "
        f"passes {passed:.3f} of the calibrate fold's {len(cal)} pieces")
    block = {"b": float(params["b"][0]), "bar": bar, "low": low, "pool": int(len(pool)),
             "calibrate_pieces": len(cal), "calibrate_passed": round(passed, 4),
             "table": "encoder.onnx, each token alone", "rule": "models/security_screen.py"}
    return {"s_t1": t1, "s_b1": params["b1"], "s_w": params["w"]}, block


# The share of the calibrate fold's pieces without a cue (``directive.quiet_spans``) that the
# first look's stricter bar passes (``Screen.quiet_bar``): the transformer reads them, and the
# head judges them at its threshold only. 1 in 100 (about 70 pieces of the fold, against some
# 1,250 pieces with a cue): on the development payloads without a cue, the bar that passes 1 in
# 20 keeps 13 of those the head scores over its threshold, this one 10 (docs/security.md,
# "Texts without a cue").
QUIET_SHARE = 0.01


def quiet_bar(enc, head) -> dict:
    """``quiet_bar`` and its measures for the json's ``screen`` block: the first look's score
    that at most QUIET_SHARE of the calibrate fold's judged-role pieces without a cue reach
    (``head``: the trained ``DirectiveHead`` with its first look), and how many of those fields
    the head then scores over its threshold (each would be a finding)."""
    from agis_lsp.rules.security.learned import STATEMENT_ROLES, SUGGESTION_ROLES
    from security_corpora import dev_rows
    texts = list(dict.fromkeys(r["text"] for r in dev_rows() if r["fold"] == "calibrate"
                               and r["role"] not in STATEMENT_ROLES and r["role"] not in SUGGESTION_ROLES))
    jobs = [(i, t[a:b]) for i, t in enumerate(texts) for a, b in quiet_spans(t)]
    first = head.screen.scores(token_ids(enc.enc.tokenizer, [p for _, p in jobs]))
    ranked = np.sort(first)[::-1]
    k = int(np.floor(QUIET_SHARE * len(ranked)))
    bar = float(ranked[k]) + 1e-6 if k < len(ranked) else 1.0
    read = [(i, p) for (i, p), f in zip(jobs, first) if f >= bar]
    over = set()
    if read:
        full = head.scores(enc.embed([p for _, p in read]).astype(np.float32))
        over = {i for (i, _), v in zip(read, full) if v >= head.threshold}
    return {"quiet_bar": round(bar, 6), "quiet_share": QUIET_SHARE, "quiet_pieces": len(jobs),
            "quiet_passed": len(read), "quiet_over_threshold": len(over)}
