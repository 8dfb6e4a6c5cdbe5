"""The first look of the security head (``agis_lsp.semantic.directive.Screen``): which pieces of
text are worth the transformer at all.

Each token of the shared vocabulary is read alone by the frozen shared encoder
(``encoder.onnx``, ``[CLS] token [SEP]``, the token's output vector): a static table that no
payload shaped. A piece's features are the mean of its tokens' rows; one hidden layer of ReLU
units over them (``train_security.train_mlp``, the head's trainer, on the head's training
texts and labels) scores it. The first layer is folded into the table (``s_t1`` = table x w1,
stored as float16), so the shipped first look is a lookup, a mean and 64 weights.

Its bar keeps, by construction, the verdict of every text the head scores over its lowest bar
(``low``: the least of its threshold and its agreement bars) among the head's training texts,
the development payloads and clean texts, and the calibrate fold of the real corpora's dev
units: the rule judges a text by its best piece, so the bar is the least, over those texts, of
the best first-look score among the pieces in the text's highest class of the head's bars
(``verdict_needs``). A piece whose verdict a sibling of the same class carries does not hold the
bar down. So it changes no verdict on the data the head's bars were picked on; what it changes on data it never saw is measured by
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
# The share of those texts whose verdict the first look may drop (k = floor(share x texts) of the
# lowest): 0, none. At 1e-3 (2 of ~2,800 texts) it would pass half as many tokens of the calibrate
# fold (docs/benchmarks.md), and cost verdicts.
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


def score_bars(meta: dict) -> list[float]:
    """Every score of the head at which a verdict of the rule changes (its threshold, its
    agreement and warning bars), ascending."""
    bars = {float(meta["threshold"])}
    bars |= {float(v) for k, v in (meta.get("agreement") or {}).items()
             if k.endswith("_threshold") and not k.startswith(NOT_SCORES_PREFIX)}
    return sorted(bars)


def lowest_bar(meta: dict) -> float:
    """The least score at which the head's verdict counts anywhere in the rule."""
    return score_bars(meta)[0]


def verdict_needs(head, screen: Screen, tokenizer, bars: list[float], texts: list[str], embed) -> list[float]:
    """For each text the head gives a verdict (a piece scored from the lowest of ``bars``), the
    least first-look bar at which that verdict stays: the best first-look score among the pieces
    in the text's highest class of ``bars``. The rule judges a text by its best piece, so a
    verdict stays when one piece of its class passes, whatever the first look does to the others."""
    jobs = [(i, t[a:b]) for i, t in enumerate(texts) for a, b in scored_spans(t)]
    if not jobs:
        return []
    pieces = [p for _, p in jobs]
    classes = np.searchsorted(np.asarray(bars), head.scores(embed(pieces).astype(np.float32)), side="right")
    first = screen.scores(token_ids(tokenizer, pieces))
    best: dict[int, tuple[int, float]] = {}
    for (i, _), c, f in zip(jobs, classes, first):
        if c and (i not in best or (c, f) > best[i]):
            best[i] = (int(c), float(f))
    return [f for _, f in best.values()]


def fit_screen(enc, head, meta: dict, texts: list[str], y: np.ndarray, say=print) -> tuple[dict, dict]:
    """The first look for ``head`` (trained on ``texts``, ``y``; ``enc`` the head's
    ``CachedEncoder``, ``meta`` its json with the agreement bars): (npz arrays, json block)."""
    from train_security import train_mlp
    table = static_table()
    params = train_mlp(features(table, token_ids(enc.enc.tokenizer, texts)), y)
    t1 = (table @ params["w1"]).astype(np.float16)
    screen = Screen(t1.astype(np.float32), params["b1"], params["w"], float(params["b"][0]), 0.0)
    block = {"b": float(params["b"][0]), **keeping_bar(enc, head, screen, meta, texts, say),
             "table": "encoder.onnx, each token alone", "rule": "models/security_screen.py"}
    return {"s_t1": t1, "s_b1": params["b1"], "s_w": params["w"]}, block


def keeping_bar(enc, head, screen: Screen, meta: dict, texts: list[str], say=print) -> dict:
    """The first look's bar and its measures (the json's ``screen`` block but ``b``): the highest
    bar at which every text of the head's training set (``texts``), of the development payloads
    and clean texts, and of the calibrate fold of the real corpora keeps the class of verdict the
    head gives it (``verdict_needs``), less POOL_LOSS of them; and the share of the calibrate
    fold's pieces it passes."""
    from security_sets import corpus_fold, dev_clean, dev_payloads
    tokenizer, bars = enc.enc.tokenizer, score_bars(meta)
    cal = corpus_fold("calibrate")[0]
    sets = {"train": texts, "dev payloads": [t for _, t in dev_payloads()], "dev clean": dev_clean(),
            "calibrate": cal}
    pool = np.sort(np.concatenate([np.asarray(verdict_needs(head, screen, tokenizer, bars, v, enc.embed), np.float32)
                                   for v in sets.values()]))
    enc.save()
    bar = float(pool[int(np.floor(POOL_LOSS * len(pool)))]) if len(pool) else 0.5
    pieces = _pieces(cal)
    passed = float(np.mean(screen.scores(token_ids(tokenizer, pieces)) >= bar)) if pieces else 0.0
    say(f"first look: bar {bar:.4f} keeps the verdicts of the {len(pool)} texts the head scores from "
        f"{bars[0]:.4f}; passes {passed:.3f} of the calibrate fold's {len(pieces)} pieces")
    return {"bar": bar, "low": bars[0], "pool": int(len(pool)), "calibrate_pieces": len(pieces),
            "calibrate_passed": round(passed, 4)}


# The share of the calibrate fold's pieces without a cue (``directive.quiet_spans``) that the
# first look's stricter bar passes (``Screen.quiet_bar``): the transformer reads them, and under
# the head's threshold a piece of ``directive.QUIET_BAND_WORDS`` words or more counts in its
# bands (the contract). 3 in 100 (about 210 pieces of the fold, against some 1,250 pieces with a
# cue): with the band read, the second fresh set (development) gives 85.5% of its files at 1 in
# 100, 86.5% at a bar of 0.80 (about 2.4 in 100), 86.7% at 3 in 100 and 86.9% at 0.60 (about 4.7
# in 100), none with a finding more on the development half of the real corpora; the scope graph
# reads 3.9% more tokens on the 76 servers at 3 in 100 (docs/security.md, "Texts without a cue").
QUIET_SHARE = 0.03


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
