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
units); the held-out split is never read here.
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from agis_lsp.semantic.directive import FILES, has_cue, pieces, scored_spans  # noqa: E402
from agis_lsp.semantic.encoder import Encoder  # noqa: E402
from security_corpora import dev_rows, heldout_aws_services  # noqa: E402
import scope_data  # noqa: E402

DATA = HERE / "data"
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
PRIOR = 0.0      # train_from's pull toward its starting weights (0.001-0.005 cost dev precision: models/README.md)


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


def corpus_fold(fold: str, corpus: str | None = None) -> tuple[list[str], int]:
    """The texts AGSC901 judges in the dev units of one fold of the real corpora (MCP servers and
    API documents, models/security_corpora.py; ``corpus`` "mcp" or "openapi" for one of them),
    and how many prose fields that fold has."""
    rows = [r for r in dev_rows() if r["fold"] == fold and corpus in (None, r["corpus"])]
    return list(dict.fromkeys(r["text"] for r in rows if r["judged"])), len(rows)


def descriptive_train(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 0: legitimate text, however imperative; every text and each of its sentences; the
    payload packages' own benign controls; a fixed-seed sample of these in carriers (scope_data)."""
    real_new = aws_only(sample(real_texts("directive_real.jsonl", "train"), REAL_TRAIN_N), "directive_real.jsonl")
    intents = aws_only(sample(real_texts("directive_intents.jsonl", "train"), INTENT_TRAIN_N),
                       "directive_intents.jsonl")
    clean = with_sentences(benign("train") + guidance("train") + real_new + intents + corpus_fold("fit")[0])
    return list(dict.fromkeys(clean + scope_data.package_negatives(exclude) + scope_data.clean_in_carriers(clean)))


def dev_clean() -> list[str]:
    return (benign("dev") + guidance("dev")
            + aws_only(sample(real_texts("directive_real.jsonl", "dev"), DEV_REAL_N), "directive_real.jsonl")
            + aws_only(sample(real_texts("directive_intents.jsonl", "dev"), DEV_INTENT_N),
                       "directive_intents.jsonl"))


def directive_train(exclude: frozenset[str] = frozenset()) -> list[str]:
    """Label 1: the train payloads and the boundary-crossing texts, their sentences that do not
    read as a description, and each behind a clean first sentence (payloads hide behind
    documentation: a real operation statement or a line of usage guidance); the published
    payloads of every source not in ``exclude``, plain and in carriers (scope_data)."""
    pay = [t for _, t in payloads("train")] + [t for _, t in scope_payloads()]
    prefixes = [t for t in benign("train") + guidance("train") if len(t) < 80 and t.endswith(".")]
    scope = [t for _, t in scope_payloads()]
    own = directive_pieces(pay) + [f"{prefixes[(7 * i) % len(prefixes)]} {t}" for i, t in enumerate(scope)]
    return list(dict.fromkeys(own + scope_data.positives(exclude)))


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


def dev_payloads() -> list[tuple[str, str]]:
    """(family, text): the hand-written dev payloads and the development half of the second
    published set (benchmarks/corpora/payloads/published2_dev.jsonl); never trained on."""
    p2 = HERE.parent / "benchmarks" / "corpora" / "payloads" / "published2_dev.jsonl"
    return payloads("dev") + [(r["family"], r["text"]) for r in map(json.loads, p2.read_text().splitlines())]


def fit(enc, exclude: frozenset[str] = frozenset(), verbose: bool = True) -> tuple[np.ndarray, float, dict]:
    """Train on every source but ``exclude``; the threshold from development data only."""
    clean_train = descriptive_train(exclude)
    directive = directive_train(exclude)
    texts = directive + clean_train
    y = np.array([1] * len(directive) + [0] * len(clean_train), dtype=float)
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
    k = int(np.floor(DEV_CLEAN_FLAG_TARGET * len(dev_clean_texts)))
    bars = [float(np.sort(s_clean)[::-1][k]) + 1e-4, 0.5]
    scores = np.sort(s_cal)[::-1]
    k_real = int(np.floor(REAL_FIELD_FLAG_RATE * cal_fields))
    bars.append(float(scores[k_real]) + 1e-4 if k_real < len(scores) else 0.5)
    threshold = max(bars)
    say(f"dev: threshold {threshold:.3f}; payloads over it {np.mean(s_pay > threshold):.3f} (n={len(dev_pay)}); "
        f"clean over it {np.mean(s_clean > threshold):.4f} (n={len(dev_clean_texts)}); "
        f"calibrate fold {int(np.sum(s_cal > threshold))} over it of {cal_fields} fields ({len(cal_texts)} judged)")
    for t, s in sorted(zip(dev_clean_texts + cal_texts, np.concatenate([s_clean, s_cal])),
                       key=lambda p: -p[1])[:8]:
        say(f"  top dev clean {s:.3f} {t[:100]!r}")
    say("  dev payloads over it by the head alone, per family: " + ", ".join(
        f"{f} {int(sum(s_pay[i] > threshold for i in range(len(fams)) if fams[i] == f))}/{fams.count(f)}"
        for f in sorted(set(fams))))
    for t, s in sorted(zip(dev_pay, s_pay), key=lambda p: p[1])[:8]:
        say(f"  lowest dev payload {s:.3f} {t[:100]}")

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
            "calibrate_top": [round(float(v), 4) for v in scores[:10]],
            "trained_by": "models/train_security.py"}
    return params, b, meta


# The thresholds at which the model's score counts in the rule's context (``learned.py``,
# ``agreement_threshold`` and ``cross_tool_threshold``), picked by ``agreement_thresholds`` on
# the calibrate fold of the real corpora's dev units: no field there that a pattern rule
# reports may be agreed with (an agreement raises a pattern finding to an error), no field that
# orders a call to a name its own document does not define may be flagged, and at most
# AGREEMENT_FIELD_RATE of the fold's prose fields may score over either (the fold has few
# reported fields: the score of the one highest must not alone set the bar).
AGREEMENT_FIELD_RATE = 1e-3


def _calibrate_documents() -> list[tuple[str, str]]:
    """(name, text) of the documents of the calibrate fold's dev units as the linter reads
    them: each MCP server's files, each API document's prose in an MCP tool list at a slot of
    its role (``benchmarks/real_precision.py``, ``host_document``)."""
    from security_corpora import CORPORA, dev_rows
    sys.path.insert(0, str(HERE.parent / "benchmarks"))
    from real_precision import host_document
    rows = [r for r in dev_rows() if r["fold"] == "calibrate"]
    out = []
    for unit in sorted({r["unit"] for r in rows if r["corpus"] == "mcp"}):
        for name in (f"{unit}.tools.mcp.json", f"{unit}.listing.mcp.json"):
            if (CORPORA / "mcp" / name).exists():
                out.append((name, (CORPORA / "mcp" / name).read_text(encoding="utf-8")))
    api = defaultdict(list)
    for line in sorted((CORPORA / "openapi").glob("*.jsonl")):
        for r in map(json.loads, line.read_text(encoding="utf-8").splitlines()):
            api[r["document"]].append(r)
    for unit in sorted({r["unit"] for r in rows if r["corpus"] == "openapi"}):
        out.append((f"api-{len(out):03d}.tools.mcp.json", json.dumps(host_document(api[unit]))))
    return out


def _calibrate_fields(enc, head) -> list[dict]:
    """Every judged prose field of the calibrate fold: its best piece's score, whether a pattern
    rule of the security pass reports it (the shipped engine, model off) and whether that piece
    orders a call to a tool-like name its own document does not define."""
    from agis_lsp.engine.config import Config
    from agis_lsp.engine.linter import Linter
    from agis_lsp.formats.prose import prose_fields
    from agis_lsp.rules.security._scan import own_names
    from agis_lsp.rules.security.learned import calls_another_tool
    from security_corpora import _judged
    linter = Linter(config_of=lambda _p: Config(select=("AGSC",), semantic=False))
    fields = []
    for name, text in _calibrate_documents():
        outcome = linter.mechanical(linter.prepare(name, text=text))
        reported = [tuple(d.path) for d in outcome.diagnostics if d.code.startswith("AGSC")]
        own = own_names(outcome.doc.data)
        for p in prose_fields(outcome.kind, outcome.doc):
            if _judged(p.role, p.text):
                path = tuple(p.path)
                fields.append({"text": p.text, "own": own,
                               "reported": any(r[:len(path)] == path for r in reported)})
    jobs = [(i, a, b) for i, f in enumerate(fields) for a, b in scored_spans(f["text"])]
    scores = head.scores(enc.embed([fields[i]["text"][a:b] for i, a, b in jobs]).astype(np.float32))
    for (i, a, b), s in zip(jobs, scores):
        if float(s) > fields[i].get("score", -1.0):
            fields[i].update(score=float(s), piece=fields[i]["text"][a:b])
    for f in fields:
        f["crosses"] = calls_another_tool(f["piece"], f.pop("own"))
    return fields


def pick_bar(kind: list[float], everything: list[float], n_fields: int, head_threshold: float,
             rate: float = AGREEMENT_FIELD_RATE) -> float:
    """The lowest score over every field of ``kind`` (the fields the bar must not let through)
    and over all but ``floor(rate x n_fields)`` of ``everything`` (the judged fields of a fold
    of ``n_fields`` prose fields); at least 0.5, never over ``head_threshold``."""
    ranked = sorted(everything, reverse=True)
    k = int(np.floor(rate * n_fields))
    by_rate = ranked[k] + 1e-4 if k < len(ranked) else 0.5
    return min(max(by_rate, max(kind, default=0.0) + 1e-4, 0.5), head_threshold)


def agreement_thresholds(enc, head, dev_payload_scores: np.ndarray | None = None) -> dict:
    """``agree_threshold`` and ``cross_tool_threshold`` for ``security_head.json``, from the
    calibrate fold of the real corpora's dev units (never trained on): each the lowest score
    over which (a) no field of its kind scores there (a field a pattern rule reports, for the
    agreement; an unreported field that orders a call to a name its document does not define,
    for the cross-tool bar) and (b) at most AGREEMENT_FIELD_RATE of the fold's prose fields
    score; never over the head's own threshold (both only lower it). ``head`` is the trained
    ``DirectiveHead`` (its ``threshold`` set); ``dev_payload_scores``, the head's scores of the
    dev payloads, gives the share each bar lets through (reported, not used)."""
    fields = _calibrate_fields(enc, head)
    _texts, n_fields = corpus_fold("calibrate")
    scores = [f["score"] for f in fields]
    out: dict = {"rule": "models/train_security.py agreement_thresholds", "calibrate_fields": n_fields,
                 "field_rate": AGREEMENT_FIELD_RATE}
    for key, kind in (("agree_threshold", "reported"), ("cross_tool_threshold", "crosses")):
        mine = [f["score"] for f in fields if f[kind] and (kind == "reported" or not f["reported"])]
        bar = pick_bar(mine, scores, n_fields, float(head.threshold))
        out[key] = round(bar, 4)
        out[key.replace("threshold", "fields")] = len(mine)
        out[key.replace("threshold", "highest")] = round(max(mine, default=0.0), 4)
        if dev_payload_scores is not None:
            out[key.replace("threshold", "dev_payloads_over")] = round(float(np.mean(dev_payload_scores >= bar)), 4)
    return out


def write_head(directory: Path, params, meta: dict) -> None:
    """The head's files: ``params`` is the trained dict (w, w1, b1) or a linear head's ``w``."""
    (directory / FILES[0]).write_text(json.dumps(meta, indent=1) + "\n")
    arrays = {k: v for k, v in params.items() if k != "b"} if isinstance(params, dict) else {"w": params}
    save_npz(directory / FILES[1], **{k: np.asarray(v, np.float32) for k, v in arrays.items()})


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
    enc = CachedEncoder()
    if "--agreement-only" in (sys.argv[1:] if argv is None else argv):
        fill_agreement(enc, HERE)   # the shipped head's weights stay as they are
    else:
        params, b, meta = fit(enc)
        from agis_lsp.semantic.directive import DirectiveHead
        head = DirectiveHead(params["w"], b, meta["threshold"], meta, (params["w1"], params["b1"]))
        meta["agreement"] = agreement_thresholds(enc, head, piece_max(enc, head, [t for _, t in dev_payloads()]))
        write_head(HERE, params, meta)
    enc.save()
    update_sums()


def fill_agreement(enc, directory: Path) -> dict:
    """``agreement_thresholds`` of the head in ``directory``, written into its json (the npz,
    the weights, untouched): ``python models/train_security.py --agreement-only``."""
    from agis_lsp.semantic.directive import DirectiveHead
    head = DirectiveHead.load(directory)
    meta = dict(head.meta)
    meta["agreement"] = agreement_thresholds(enc, head, piece_max(enc, head, [t for _, t in dev_payloads()]))
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
