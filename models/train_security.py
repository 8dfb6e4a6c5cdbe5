"""Train the directive head of the security pass (rule AGSC901): does a text steer the model
beyond the tool's own contract?

    AGIS_BUILD_CACHE=/tmp/emb.pkl python models/train_security.py   # writes security_head.{json,npz}, SHA256SUMS

Runs with the project's own runtime (onnxruntime + tokenizers + numpy): the
texts are embedded by the shipped encoder (models/encoder.onnx), exactly as at
lint time. Deterministic: fixed-seed samples, full-batch gradient descent.

Issue 22 made the head judge *scope*, not mood. Data (models/data/, see models/README.md,
"Security head"):
* directive (label 1): ``security_payloads_train.txt`` (issue 11's payloads) and
  ``security_scope_train.txt`` (texts that cross the tool's boundary in seven directions),
  their sentences that do not read as a description, and the scope texts behind a clean
  first sentence (payloads hide behind documentation);
* descriptive (label 0): ``security_benign.txt`` and ``security_guidance.txt`` (usage
  guidance: when to call, argument formats, ordering, defaults, deprecation, rate limits,
  "you must" about the tool's own arguments) of split train, a fixed-seed sample of the
  real AWS/OpenAPI texts of split train (``directive_real.jsonl``, ``directive_intents.jsonl``),
  and every sentence of those.
The head starts from issue 11's head (``data/security_head_v1.*``, trained on its own data,
see the README) and is pulled toward it (PRIOR), so what that head learnt from data that is
not embedded again stays where the new data says nothing.
The threshold is set on the dev split (``security_payloads_dev.txt``, benign, guidance and
real texts of split dev); the held-out split is never read here.
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from agis_lsp.semantic.directive import FILES, has_cue, pieces  # noqa: E402
from agis_lsp.semantic.encoder import Encoder  # noqa: E402
from security_corpora import dev_rows, heldout_aws_services  # noqa: E402

DATA = HERE / "data"
L2 = 1e-4
STEPS = 6000
LR = 2.0
DEV_CLEAN_FLAG_TARGET = 0.0025   # the threshold flags at most this share of dev clean texts
# ... and at most this many findings per prose field of the real corpora's dev units it was
# not trained on (fold ``calibrate``, models/security_corpora.py): issue 22's bar for a warning.
REAL_FIELD_FLAG_TARGET = 1e-4
# The head it starts from: issue 11's head, kept in models/data/ (its own data: the README).
PREVIOUS = ("data/security_head_v1.json", "data/security_head_v1.npz")
PREVIOUS_COMMIT = "7f9d272"


def payloads(split: str) -> list[tuple[str, str]]:
    """(family, text) of a payload file; '# family: x' lines start a family."""
    out, family = [], ""
    for line in (DATA / f"security_payloads_{split}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append((family, line.strip()))
    return out


def benign(split: str) -> list[str]:
    return _sections("security_benign.txt", "# split:", split)


def real(split: str, roles: tuple = ()) -> list[str]:
    return [r["text"] for r in real_rows("security_real.jsonl", split, roles)]


def real_rows(name: str, split: str, roles: tuple = ()) -> list[dict]:
    """The rows of a ``{"text", "role", "source", "split"}`` file of models/data of one split."""
    out = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["split"] == split and (not roles or row["role"] in roles):
            out.append(row)
    return out


def guidance(split: str) -> list[str]:
    """Hand-written usage guidance (``security_guidance.txt``, ``# split:`` sections)."""
    return _sections("security_guidance.txt", "# split:", split)


def scope_payloads() -> list[tuple[str, str]]:
    """(direction, text): hand-written boundary-crossing texts, train only (``security_scope_train.txt``)."""
    out, family = [], ""
    for line in (DATA / "security_scope_train.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# family:"):
            family = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            out.append((family, line.strip()))
    return out


def _sections(name: str, marker: str, wanted: str) -> list[str]:
    out, current = [], ""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith(marker):
            current = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#") and current == wanted:
            out.append(line.strip())
    return out


def project_clean() -> list[str]:
    rows = [json.loads(l) for l in (DATA / "realistic.jsonl").read_text().splitlines() if l.strip()]
    intents = [r["intent"] for r in rows if r["split"] == "dev"]
    catalog = json.loads((HERE.parent / "agis_lsp" / "catalog" / "methods-1.0.0.json").read_text())
    descriptions = [m["description"] for m in catalog["methods"].values() if isinstance(m.get("description"), str)]
    return intents + descriptions


def with_sentences(texts: list[str]) -> list[str]:
    out = []
    for t in texts:
        out.extend(t[a:b] for a, b in pieces(t))
    return list(dict.fromkeys(out))


def piece_max(enc, w, b, texts: list[str]) -> np.ndarray:
    """The rule's verdict: max over the text and its sentences, 0 without a cue."""
    out = np.zeros(len(texts))
    for i, t in enumerate(texts):
        if not has_cue(t):
            continue
        v = enc.embed([t[a:c] for a, c in pieces(t)])
        out[i] = float((1 / (1 + np.exp(-(v @ w + b)))).max())
    return out


class CachedEncoder:
    """The shipped encoder, with an optional on-disk cache (``AGIS_BUILD_CACHE=/tmp/x.pkl``) between runs."""

    def __init__(self) -> None:
        import os
        import pickle
        self.enc = Encoder(HERE / "encoder.onnx", HERE / "tokenizer.json")
        self.path = os.environ.get("AGIS_BUILD_CACHE")
        self.cache = {}
        if self.path and os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.cache = pickle.load(fh)

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
                pickle.dump(self.cache, fh)


_DESCRIPTIVE_START = re.compile(r"^[A-Z][a-z]+s\b")


def directive_pieces(texts: list[str]) -> list[str]:
    """Payloads, plus their sentences that do not read as a description (a payload often
    starts with one: "Returns the forecast. <the instruction>")."""
    out = []
    for t in texts:
        out.append(t)
        ps = pieces(t)
        out.extend(t[a:b] for a, b in ps[1:] if not _DESCRIPTIVE_START.match(t[a:b]))
    return list(dict.fromkeys(out))


# Embedding is the cost (the shared 2-core machine embedded ~2 texts a second under load):
# fixed-seed samples of the real texts, short ones (<= SHORT chars, fewer sentences).
REAL_TRAIN_N = 250
INTENT_TRAIN_N = 200
DEV_REAL_N = 250
DEV_INTENT_N = 200
SHORT = 400
SEED = 22
PRIOR = 0.0      # pull toward the previous head's weights: 0.001-0.005 cost dev precision (models/README.md)


def sample(rows: list[str], n: int, cue_only: bool = True) -> list[str]:
    """A fixed-seed sample of ``n`` short texts (with a cue word, when ``cue_only``)."""
    import random
    pool = [t for t in rows if len(t) <= SHORT and (not cue_only or has_cue(t))]
    return random.Random(SEED).sample(pool, min(n, len(pool)))


def real_texts(name: str, split: str) -> list[str]:
    return [r["text"] for r in real_rows(name, split)]


def aws_only(texts: list[str], name: str) -> list[str]:
    """Only the texts from botocore (AWS): the OpenAPI documents of directive_*.jsonl are also in
    the project's real corpus (benchmarks/corpora/, docs/corpora.md), whose own dev/held-out split
    is not this file's. Nor an AWS service whose API document is in that corpus's held-out half
    (``heldout_aws_services``: apisguru's AWS documents carry botocore's text)."""
    skip = heldout_aws_services()
    aws = {r["text"] for s in ("train", "dev", "heldout") for r in real_rows(name, s)
           if r["source"].startswith("botocore:") and r["source"].split(":", 1)[1] not in skip}
    return [t for t in texts if t in aws]


def corpus_fold(fold: str) -> tuple[list[str], int]:
    """The texts AGSC901 judges in the dev units of one fold of the real corpora (MCP servers and
    API documents, models/security_corpora.py), and how many prose fields that fold has."""
    rows = [r for r in dev_rows() if r["fold"] == fold]
    return list(dict.fromkeys(r["text"] for r in rows if r["judged"])), len(rows)


def descriptive_train() -> list[str]:
    """Label 0: legitimate text, however imperative; every text and each of its sentences."""
    real_new = aws_only(sample(real_texts("directive_real.jsonl", "train"), REAL_TRAIN_N), "directive_real.jsonl")
    intents = aws_only(sample(real_texts("directive_intents.jsonl", "train"), INTENT_TRAIN_N),
                       "directive_intents.jsonl")
    return with_sentences(benign("train") + guidance("train") + real_new + intents + corpus_fold("fit")[0])


def dev_clean() -> list[str]:
    return (benign("dev") + guidance("dev")
            + aws_only(sample(real_texts("directive_real.jsonl", "dev"), DEV_REAL_N), "directive_real.jsonl")
            + aws_only(sample(real_texts("directive_intents.jsonl", "dev"), DEV_INTENT_N),
                       "directive_intents.jsonl"))


def directive_train() -> list[str]:
    """Label 1: the train payloads and the boundary-crossing texts, their sentences that do not
    read as a description, and each behind a clean first sentence (payloads hide behind
    documentation: a real operation statement or a line of usage guidance)."""
    pay = [t for _, t in payloads("train")] + [t for _, t in scope_payloads()]
    prefixes = [t for t in benign("train") + guidance("train") if len(t) < 80 and t.endswith(".")]
    scope = [t for _, t in scope_payloads()]
    return directive_pieces(pay) + [f"{prefixes[(7 * i) % len(prefixes)]} {t}" for i, t in enumerate(scope)]


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


def main() -> None:
    enc = CachedEncoder()
    clean_train = descriptive_train()
    directive = directive_train()
    texts = directive + clean_train
    y = np.array([1] * len(directive) + [0] * len(clean_train), dtype=float)
    x = enc.embed(texts).astype(np.float64)
    enc.save()
    prev = json.loads((HERE / PREVIOUS[0]).read_text())
    with np.load(HERE / PREVIOUS[1]) as z:
        w0 = z["w"].astype(np.float64)
    w, b = train_from(x, y, w0, float(prev["b"]))
    train_pred = 1 / (1 + np.exp(-(x @ w + b)))
    print(f"train: {len(directive)} directive, {len(clean_train)} descriptive; "
          f"train accuracy {((train_pred > 0.5) == y).mean():.3f}")

    dev_pay = [t for _, t in payloads("dev")]
    dev_clean_texts = dev_clean()
    s_pay = piece_max(enc, w, b, dev_pay)
    s_clean = piece_max(enc, w, b, dev_clean_texts)
    enc.save()
    cal_texts, cal_fields = corpus_fold("calibrate")
    s_cal = piece_max(enc, w, b, cal_texts)
    enc.save()
    k = int(np.floor(DEV_CLEAN_FLAG_TARGET * len(dev_clean_texts)))
    k_real = int(np.floor(REAL_FIELD_FLAG_TARGET * cal_fields))
    threshold = max(float(np.sort(s_clean)[::-1][k]) + 1e-4, float(np.sort(s_cal)[::-1][k_real]) + 1e-4, 0.5)
    print(f"dev: threshold {threshold:.3f}; payloads over it {np.mean(s_pay > threshold):.3f} (n={len(dev_pay)}); "
          f"clean over it {np.mean(s_clean > threshold):.4f} (n={len(dev_clean_texts)}); "
          f"calibrate fold {int(np.sum(s_cal > threshold))} over it of {cal_fields} fields ({len(cal_texts)} judged)")
    for t, s in sorted(zip(dev_clean_texts + cal_texts, np.concatenate([s_clean, s_cal])),
                       key=lambda p: -p[1])[:8]:
        print(f"  top dev clean {s:.3f} {t[:100]!r}")
    fams = [f for f, _ in payloads("dev")]
    print("  dev payloads over it by the head alone, per family: " + ", ".join(
        f"{f} {int(sum(s_pay[i] > threshold for i in range(len(fams)) if fams[i] == f))}/{fams.count(f)}"
        for f in sorted(set(fams))))
    for t, s in sorted(zip(dev_pay, s_pay), key=lambda p: p[1])[:8]:
        print(f"  lowest dev payload {s:.3f} {t[:100]}")

    meta = {"b": float(b), "threshold": threshold, "dim": int(x.shape[1]), "l2": L2, "steps": STEPS,
            "train": {"directive": len(directive), "descriptive": len(clean_train)},
            "prior": {"weight": PRIOR, "from": PREVIOUS[1] + " of commit " + PREVIOUS_COMMIT},
            "dev": {"payloads": len(dev_pay), "clean": len(dev_clean_texts),
                    "payloads_over": float(np.mean(s_pay > threshold)),
                    "clean_over": float(np.mean(s_clean > threshold)),
                    "calibrate_fields": cal_fields, "calibrate_judged": len(cal_texts),
                    "calibrate_over": int(np.sum(s_cal > threshold))},
            "trained_by": "models/train_security.py"}
    (HERE / FILES[0]).write_text(json.dumps(meta, indent=1) + "\n")
    np.savez(HERE / FILES[1], w=w.astype(np.float32))
    update_sums()


def update_sums() -> None:
    sums = HERE / "SHA256SUMS"
    lines = [l for l in sums.read_text().splitlines() if l.strip() and not l.endswith(FILES)]
    for name in FILES:
        lines.append(f"{hashlib.sha256((HERE / name).read_bytes()).hexdigest()}  {name}")
    sums.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
