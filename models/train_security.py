"""Train the directive-vs-descriptive head of the security pass (rule AGSC901).

    python models/train_security.py            # writes security_head.{json,npz}, updates SHA256SUMS

Runs with the project's own runtime (onnxruntime + tokenizers + numpy): the
texts are embedded by the shipped encoder (models/encoder.onnx), exactly as at
lint time. Deterministic: full-batch gradient descent from zeros, no sampling.

Data (all in models/data/, see models/README.md "Security head"):
* directive (label 1): ``security_payloads_train.txt``, hand-written payloads,
  each also prefixed with a clean sentence (payloads hide behind documentation);
* descriptive (label 0): ``security_benign.txt`` (split train), hand-written
  imperative-sounding but legitimate texts; ``security_real.jsonl`` (split train:
  the Airflow 2 REST API and Jupyter Server OpenAPI documents); the AGIS intents
  of ``realistic.jsonl`` (split dev); the AGTP catalog's verb descriptions; and
  every sentence of those texts.
The threshold is set on the dev split (``security_payloads_dev.txt``, benign
dev, real dev); the held-out split is never read here.
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

DATA = HERE / "data"
L2 = 1e-4
STEPS = 6000
LR = 2.0
DEV_CLEAN_FLAG_TARGET = 0.0025   # the threshold flags at most this share of dev clean texts


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
    out, current = [], ""
    for line in (DATA / "security_benign.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# split:"):
            current = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#") and current == split:
            out.append(line.strip())
    return out


def real(split: str, roles: tuple = ()) -> list[str]:
    out = []
    for line in (DATA / "security_real.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["split"] == split and (not roles or row["role"] in roles):
            out.append(row["text"])
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


def train(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    pos = y.mean()
    weight = np.where(y == 1, 0.5 / pos, 0.5 / (1 - pos))
    w = np.zeros(x.shape[1])
    b = 0.0
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = weight * (p - y)
        w -= LR * (x.T @ g / len(y) + L2 * w)
        b -= LR * g.mean()
    return w, b


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


def main() -> None:
    enc = CachedEncoder()
    clean_train = benign("train") + real("train") + project_clean()
    clean_train = with_sentences(clean_train)
    pay = [t for _, t in payloads("train")]
    prefixes = [t for t in benign("train") + real("train", ("operation-summary", "operation-description"))
                if len(t) < 80 and t.endswith(".")]
    directive = directive_pieces(pay) + [f"{prefixes[i % len(prefixes)]} {t}" for i, t in enumerate(pay)]
    texts = directive + clean_train
    y = np.array([1] * len(directive) + [0] * len(clean_train), dtype=float)
    x = enc.embed(texts).astype(np.float64)
    w, b = train(x, y)
    train_pred = 1 / (1 + np.exp(-(x @ w + b)))
    print(f"train: {len(directive)} directive, {len(clean_train)} descriptive; "
          f"train accuracy {((train_pred > 0.5) == y).mean():.3f}")

    dev_pay = [t for _, t in payloads("dev")]
    dev_clean = benign("dev") + real("dev")
    s_pay = piece_max(enc, w, b, dev_pay)
    s_clean = piece_max(enc, w, b, dev_clean)
    k = int(np.floor(DEV_CLEAN_FLAG_TARGET * len(dev_clean)))
    threshold = float(np.sort(s_clean)[::-1][k]) + 1e-4
    threshold = max(threshold, 0.5)
    print(f"dev: threshold {threshold:.3f}; payloads over it {np.mean(s_pay > threshold):.3f} (n={len(dev_pay)}); "
          f"clean over it {np.mean(s_clean > threshold):.4f} (n={len(dev_clean)})")
    for t, s in sorted(zip(dev_clean, s_clean), key=lambda p: -p[1])[:5]:
        print(f"  top dev clean {s:.3f} {t[:90]}")

    meta = {"b": float(b), "threshold": threshold, "dim": int(x.shape[1]), "l2": L2, "steps": STEPS,
            "train": {"directive": len(directive), "descriptive": len(clean_train)},
            "trained_by": "models/train_security.py"}
    enc.save()
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
