"""Train the directive head of the security pass (rule AGSC901): does a text steer the model
beyond the tool's own contract?

    AGIS_BUILD_CACHE=/tmp/emb.pkl python models/train_security.py   # writes security_head.{json,npz}, SHA256SUMS
    python models/train_security.py --agreement-only   # only the agreement thresholds of the shipped head

Runs with the project's own runtime (onnxruntime + tokenizers + numpy): the
texts are embedded by the shipped encoder (models/encoder.onnx), exactly as at
lint time. Deterministic: fixed-seed samples and initialisation, full-batch Adam,
an .npz with a fixed date.

The head judges *scope*, not mood. Data (models/data/, see models/README.md,
"Security head" and "Scope head at scale"):
* directive (label 1): ``security_payloads_train.txt`` (the first payloads) and
  ``security_scope_train.txt`` (texts that cross the tool's boundary in seven directions),
  their sentences that do not read as a description, and the scope texts behind a clean
  first sentence (payloads hide behind documentation);
* descriptive (label 0): ``security_benign.txt`` and ``security_guidance.txt`` (usage
  guidance: when to call, argument formats, ordering, defaults, deprecation, rate limits,
  "you must" about the tool's own arguments) of split train, a fixed-seed sample of the
  real AWS/OpenAPI texts of split train (``directive_real.jsonl``, ``directive_intents.jsonl``),
  and every sentence of those;
* the published payloads of ``security_positives.jsonl`` (label 1) and their packages' benign
  controls (label 0), in carriers, and real clean texts in the same carriers (``scope_data.py``).
The head is one hidden layer of ReLU units (``train_mlp``); ``fit(exclude=...)`` trains without
some sources (``benchmarks/payload_loso.py``). ``train_from`` (a linear head from given weights)
is kept for the comparison in the README.
The threshold is set on the dev split (``security_payloads_dev.txt``, ``published2_dev.jsonl``,
benign, guidance and real texts of split dev, and the calibrate fold of the real corpora's dev
units); the held-out split is never read here. The sets are built in ``security_sets.py``, the
agreement thresholds picked in ``security_agreement.py``; this file fits the head and writes it.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from agis_lsp.semantic.directive import FILES, scored_spans  # noqa: E402
from agis_lsp.semantic.encoder import Encoder  # noqa: E402
import scope_data  # noqa: E402
# the sets and the agreement thresholds, importable from here as before
from security_sets import (DATA, DEV_INTENT_N, DEV_REAL_N, INTENT_TRAIN_N, REAL_TRAIN_N, SEED, SHORT,  # noqa: E402,F401
                           aws_only, benign, corpus_fold, descriptive_train, dev_clean, dev_payloads,
                           directive_pieces, directive_train, guidance, payloads, project_clean, real, real_rows,
                           real_texts, sample, scope_payloads, with_sentences)
from security_agreement import AGREEMENT_FIELD_RATE, agreement_thresholds, pick_bar  # noqa: E402,F401

L2 = 1e-4
STEPS = 6000
LR = 2.0
DEV_CLEAN_FLAG_TARGET = 0.0025   # the threshold flags at most this share of dev clean texts
# ... and at most this many findings per prose field of the real corpora's dev units it was
# not trained on (fold ``calibrate``, models/security_corpora.py), both corpora's folds pooled
# (MCP servers and API documents, 11,468 fields): k = floor(rate x fields) = 1 field may score
# over the threshold, so the highest score of a single text never sets it. Measured too
# (models/README.md, "Calibration"): 1e-4 in each corpus separately (k = 0 in each: one text
# decided), and 5e-4 of the MCP fold with 1.5e-4 of the API one (API prose over its budget).
REAL_FIELD_FLAG_RATE = 1e-4
REAL_FIELD_FLAG_TARGET = 1e-4   # the earlier rule, in each corpus's fold separately (models/finetune_scope.py measures at it)


def piece_max(enc, head, texts: list[str]) -> np.ndarray:
    """The rule's verdict: max over the text and its sentences, 0 without a cue (``head``: the
    shipped ``DirectiveHead``)."""
    jobs = [(i, t[a:c]) for i, t in enumerate(texts) for a, c in scored_spans(t)]
    out = np.zeros(len(texts))
    if jobs:
        scores = head.scores(enc.embed([p for _, p in jobs]).astype(np.float32))
        for (i, _), s in zip(jobs, scores):
            out[i] = max(out[i], float(s))
    return out


HIDDEN = 64          # ReLU units of the hidden layer (16-128 units, 150-1000 steps, L2 1e-3..3e-2
MLP_STEPS = 300      # and a linear head were compared on dev: models/README.md, "Scope head at scale")
MLP_LR = 0.01
MLP_L2 = 3e-3


def train_mlp(x: np.ndarray, y: np.ndarray) -> dict:
    """One hidden ReLU layer, class-balanced logistic loss, full-batch Adam from a fixed seed."""
    rng = np.random.default_rng(SEED)
    x = x.astype(np.float32)
    n, d = x.shape
    p_ = {"w1": rng.normal(0, 1 / np.sqrt(d), (d, HIDDEN)).astype(np.float32),
          "b1": np.zeros(HIDDEN, np.float32),
          "w": rng.normal(0, 1 / np.sqrt(HIDDEN), HIDDEN).astype(np.float32),
          "b": np.zeros(1, np.float32)}
    pos = y.mean()
    weight = np.where(y == 1, 0.5 / pos, 0.5 / (1 - pos)).astype(np.float32) / n
    m = {k: np.zeros_like(v) for k, v in p_.items()}
    v2 = {k: np.zeros_like(v) for k, v in p_.items()}
    for step in range(1, MLP_STEPS + 1):
        h = np.maximum(x @ p_["w1"] + p_["b1"], 0)
        prob = 1 / (1 + np.exp(-(h @ p_["w"] + p_["b"][0])))
        g = weight * (prob - y.astype(np.float32))
        dh = np.outer(g, p_["w"]) * (h > 0)
        grads = {"w": h.T @ g + MLP_L2 * p_["w"], "b": np.array([g.sum()], np.float32),
                 "w1": x.T @ dh + MLP_L2 * p_["w1"], "b1": dh.sum(0)}
        for k, gk in grads.items():
            m[k] = 0.9 * m[k] + 0.1 * gk
            v2[k] = 0.999 * v2[k] + 0.001 * gk * gk
            p_[k] -= MLP_LR * (m[k] / (1 - 0.9 ** step)) / (np.sqrt(v2[k] / (1 - 0.999 ** step)) + 1e-8)
    return p_


class CachedEncoder:
    """The encoder AGSC901 reads (``scope_model``: models/scope.onnx when it is there, else
    models/encoder.onnx), or ``model``, with an optional on-disk cache
    (``AGIS_BUILD_CACHE=/tmp/x.pkl``) between runs, keyed by the graph's SHA-256 and the text:
    vectors of one graph are never served for another."""

    def __init__(self, model: Path | None = None) -> None:
        import os
        import pickle
        self.model = Path(model) if model else scope_model(HERE)
        self.key = hashlib.sha256(self.model.read_bytes()).hexdigest()
        self.enc = Encoder(self.model, HERE / "tokenizer.json")
        self.path = os.environ.get("AGIS_BUILD_CACHE")
        self.store: dict = {}
        if self.path and os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                saved = pickle.load(fh)
            # a cache of the format before the key holds vectors of an unknown graph: not read
            if saved and all(isinstance(v, dict) for v in saved.values()):
                self.store = saved
        self.cache = self.store.setdefault(self.key, {})

    def embed(self, texts):
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            for t, v in zip(todo, self.enc.embed(todo)):
                self.cache[t] = v
        return np.stack([self.cache[t] for t in texts])

    def save(self) -> None:
        import pickle
        if self.path:
            with open(self.path, "wb") as fh:
                pickle.dump(self.store, fh)


def scope_model(directory: Path) -> Path:
    """The graph AGSC901 embeds through: the scope branch when shipped, else the shared encoder."""
    return directory / "scope.onnx" if (directory / "scope.onnx").exists() else directory / "encoder.onnx"


PRIOR = 0.0      # train_from's pull toward its starting weights (0.001-0.005 cost dev precision: models/README.md)


def train_from(x: np.ndarray, y: np.ndarray, w0: np.ndarray, b0: float) -> tuple[np.ndarray, float]:
    """Logistic regression from the previous head (w0, b0), pulled toward it by PRIOR: what that
    head learnt from its data (models/README.md) is kept where the new data says nothing."""
    pos = y.mean()
    weight = np.where(y == 1, 0.5 / pos, 0.5 / (1 - pos))
    w, b = w0.copy(), b0
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = weight * (p - y)
        w -= LR * (x.T @ g / len(y) + PRIOR * (w - w0) + L2 * w)
        b -= LR * g.mean()
    return w, b


def fit(enc, exclude: frozenset[str] = frozenset(), verbose: bool = True) -> tuple[np.ndarray, float, dict]:
    """Train on every source but ``exclude``; the threshold from development data only."""
    texts, y = training_set(exclude)
    directive, clean_train = texts[:int(y.sum())], texts[int(y.sum()):]
    x = enc.embed(texts).astype(np.float64)
    enc.save()
    from agis_lsp.semantic.directive import DirectiveHead
    params = train_mlp(x, y)
    w, b = params["w"], float(params["b"][0])
    head = DirectiveHead(w, b, 0.5, {}, (params["w1"], params["b1"]))
    train_pred = head.scores(x.astype(np.float32))
    say = print if verbose else (lambda *a, **k: None)
    say(f"train: {len(directive)} directive, {len(clean_train)} descriptive; "
        f"train accuracy {((train_pred > 0.5) == y).mean():.3f}")

    fams, dev_pay = zip(*dev_payloads())
    dev_pay, fams = list(dev_pay), list(fams)
    dev_clean_texts = dev_clean()
    s_pay = piece_max(enc, head, dev_pay)
    s_clean = piece_max(enc, head, dev_clean_texts)
    enc.save()
    cal_texts, cal_fields = corpus_fold("calibrate")
    s_cal = piece_max(enc, head, cal_texts)
    enc.save()
    threshold = dev_threshold(s_clean, s_cal, cal_fields)
    say(f"dev: threshold {threshold:.3f}; payloads over it {np.mean(s_pay > threshold):.3f} (n={len(dev_pay)}); "
        f"clean over it {np.mean(s_clean > threshold):.4f} (n={len(dev_clean_texts)}); "
        f"calibrate fold {int(np.sum(s_cal > threshold))} over it of {cal_fields} fields ({len(cal_texts)} judged)")
    _say_extremes(say, threshold, dev_clean_texts + cal_texts, np.concatenate([s_clean, s_cal]), dev_pay, fams, s_pay)

    meta = {"b": float(b), "threshold": threshold, "dim": int(x.shape[1]), "l2": MLP_L2,
            "hidden": HIDDEN, "steps": MLP_STEPS, "lr": MLP_LR,
            "train": {"directive": len(directive), "descriptive": len(clean_train),
                      "sources": scope_data.training_sources(exclude)},
            "dev": {"payloads": len(dev_pay), "clean": len(dev_clean_texts),
                    "payloads_over": float(np.mean(s_pay > threshold)),
                    "clean_over": float(np.mean(s_clean > threshold)),
                    "calibrate_fields": cal_fields, "calibrate_judged": len(cal_texts),
                    "calibrate_over": int(np.sum(s_cal > threshold))},
            "encoder": enc.model.name, "encoder_sha256": enc.key,
            "calibrate_top": [round(float(v), 4) for v in np.sort(s_cal)[::-1][:10]],
            "trained_by": "models/train_security.py"}
    return params, b, meta


def training_set(exclude: frozenset[str] = frozenset()) -> tuple[list[str], np.ndarray]:
    """The head's training texts without ``exclude``'s sources: the directive ones first (label 1)."""
    directive, clean_train = directive_train(exclude), descriptive_train(exclude)
    return directive + clean_train, np.array([1] * len(directive) + [0] * len(clean_train), dtype=float)


def complete(enc, params: dict, b: float, meta: dict, exclude: frozenset[str] = frozenset(),
             verbose: bool = True) -> tuple[dict, dict]:
    """What ``fit`` leaves to pick once the head exists: its agreement bars (``agreement_thresholds``)
    and its first look (``security_screen.fit_screen``, over the same training texts)."""
    from agis_lsp.semantic.directive import DirectiveHead, Screen
    from security_screen import fit_screen, quiet_bar
    head = DirectiveHead(params["w"], b, meta["threshold"], meta, (params["w1"], params["b1"]))
    meta["agreement"] = agreement_thresholds(enc, head, piece_max(enc, head, [t for _, t in dev_payloads()]))
    texts, y = training_set(exclude)
    arrays, meta["screen"] = fit_screen(enc, head, meta, texts, y,
                                        say=print if verbose else (lambda *a, **k: None))
    head.screen = Screen(arrays["s_t1"].astype(np.float32), arrays["s_b1"], arrays["s_w"],
                         meta["screen"]["b"], meta["screen"]["bar"])
    meta["screen"].update(quiet_bar(enc, head))
    return {**params, **arrays}, meta


def dev_threshold(s_clean: np.ndarray, s_cal: np.ndarray, cal_fields: int) -> float:
    """The head's threshold: over all but DEV_CLEAN_FLAG_TARGET of the dev clean texts' scores
    and all but ``floor(REAL_FIELD_FLAG_RATE x cal_fields)`` of the calibrate fold's, at least 0.5."""
    k = int(np.floor(DEV_CLEAN_FLAG_TARGET * len(s_clean)))
    bars = [float(np.sort(s_clean)[::-1][k]) + 1e-4, 0.5]
    scores = np.sort(s_cal)[::-1]
    k_real = int(np.floor(REAL_FIELD_FLAG_RATE * cal_fields))
    bars.append(float(scores[k_real]) + 1e-4 if k_real < len(scores) else 0.5)
    return max(bars)


def _say_extremes(say, threshold: float, clean: list[str], s_clean: np.ndarray, pay: list[str], fams: list[str],
                  s_pay: np.ndarray) -> None:
    """The highest-scoring clean texts, the dev payloads over ``threshold`` per family, the lowest payloads."""
    for t, s in sorted(zip(clean, s_clean), key=lambda p: -p[1])[:8]:
        say(f"  top dev clean {s:.3f} {t[:100]!r}")
    say("  dev payloads over it by the head alone, per family: " + ", ".join(
        f"{f} {int(sum(s_pay[i] > threshold for i in range(len(fams)) if fams[i] == f))}/{fams.count(f)}"
        for f in sorted(set(fams))))
    for t, s in sorted(zip(pay, s_pay), key=lambda p: p[1])[:8]:
        say(f"  lowest dev payload {s:.3f} {t[:100]}")


def write_head(directory: Path, params, meta: dict) -> None:
    """The head's files: ``params`` is the trained dict (w, w1, b1) or a linear head's ``w``."""
    (directory / FILES[0]).write_text(json.dumps(meta, indent=1) + "\n")
    arrays = {k: v for k, v in params.items() if k != "b"} if isinstance(params, dict) else {"w": params}
    save_npz(directory / FILES[1], **{k: np.asarray(v, np.float16 if k == "s_t1" else np.float32)
                                      for k, v in arrays.items()})   # the first look's table: half


def save_npz(path: Path, **arrays: np.ndarray) -> None:
    """``np.savez`` with a fixed date in the archive, so a rebuild gives the same bytes."""
    import io
    import zipfile
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, a in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(a), allow_pickle=False)
            z.writestr(zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0)), buf.getvalue())


def main(argv: list[str] | None = None) -> None:
    import argparse
    ap = argparse.ArgumentParser(prog="train_security.py", description="Train the security head (AGSC901) "
                                 "and write models/security_head.{json,npz} and SHA256SUMS.")
    ap.add_argument("--agreement-only", action="store_true",
                    help="only recompute the agreement thresholds of the shipped head (its weights kept)")
    args = ap.parse_args(argv)
    enc = CachedEncoder()
    if args.agreement_only:
        fill_agreement(enc, HERE)   # the shipped head's weights stay as they are
    else:
        params, b, meta = fit(enc)
        params, meta = complete(enc, params, b, meta)
        write_head(HERE, params, meta)
    enc.save()
    update_sums()


def fill_agreement(enc, directory: Path) -> dict:
    """``agreement_thresholds`` of the head in ``directory``, and its first look's bars
    (``keeping_bar``, ``quiet_bar``), written into its json (the npz, the weights, untouched): ``python
    models/train_security.py --agreement-only``."""
    from agis_lsp.semantic.directive import DirectiveHead
    head = DirectiveHead.load(directory)
    meta = dict(head.meta)
    meta["agreement"] = agreement_thresholds(enc, head, piece_max(enc, head, [t for _, t in dev_payloads()]))
    if head.screen is not None:   # its bar keeps the verdicts of the bars just picked
        from security_screen import keeping_bar, quiet_bar
        meta["screen"] = {**meta["screen"], **keeping_bar(enc, head, head.screen, meta, training_set()[0]),
                          **quiet_bar(enc, head)}
    (directory / FILES[0]).write_text(json.dumps(meta, indent=1) + "\n")
    print(json.dumps(meta["agreement"], indent=1))
    return meta["agreement"]


def update_sums() -> None:
    sums = HERE / "SHA256SUMS"
    lines = [l for l in sums.read_text().splitlines() if l.strip() and not l.endswith(FILES)]
    for name in FILES:
        lines.append(f"{hashlib.sha256((HERE / name).read_bytes()).hexdigest()}  {name}")
    sums.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
