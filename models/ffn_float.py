#!/usr/bin/env python3
"""The encoder's feed-forward layers as float MatMul on the very same 8-bit weights (build time).

**Not part of the build**: tried, measured and not shipped, because the vectors move
enough to move verdicts calibrated on the shipped graph (docs/benchmarks.md, "A float
feed-forward: tried, not shipped"). Kept to re-run the experiment, e.g. with re-calibrated heads.

    python models/ffn_float.py [models/encoder.onnx]       # rewrites the file in place

``build.py encoder`` quantizes the feed-forward layers (384 -> 1536 -> 384, six layers, two
thirds of the FLOPs) to ``MatMulNBits`` (8-bit weights, blocks of 32 along K, one float scale
per block, no zero point: 128) at accuracy level 4, which also rounds each row's activations to
int8 per block. On the AVX2 machine these ran at about 1.6x the time of a float MatMul
(``benchmarks/encoder_speed.py --profile``). This step replaces each ``MatMulNBits`` node by

    Cast(int8 weights [K, N]) -> Reshape [K/32, 32, N] -> Mul(scales [K/32, 1, N]) -> Reshape [K, N] -> MatMul

so the file keeps the 8-bit weights (same size, ~24 MB), and onnxruntime's constant folding
turns the Cast/Mul chain into a float weight once, when the session is built (the folded graph
has plain ``MatMul`` nodes; should folding ever not happen, the chain runs at every call and
gives the same numbers, only slower). Each weight is ``(q - 128) * scale``, the value
``MatMulNBits`` multiplies by; the activations are no longer rounded to int8, so outputs change
by that rounding only (models/README.md gives the cosine to the previous build and the verdict
comparison). Needs the ``onnx`` package (build time only; the runtime never imports it).
Idempotent: a graph without ``MatMulNBits`` is left as it is.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def float_ffn(model) -> int:
    """Rewrite ``model`` (an onnx ModelProto) in place; returns the number of nodes replaced."""
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper

    g = model.graph
    inits = {i.name: i for i in g.initializer}
    nodes, used_by_nbits, done = [], set(), 0
    for n in g.node:
        if n.op_type != "MatMulNBits":
            nodes.append(n)
            continue
        a = {x.name: helper.get_attribute_value(x) for x in n.attribute}
        k, cols, bs = a["K"], a["N"], a["block_size"]
        if a["bits"] != 8 or len(n.input) != 3 or k % bs:
            raise SystemExit(f"{n.name}: only 8-bit MatMulNBits without zero points or bias is handled")
        packed = numpy_helper.to_array(inits[n.input[1]])                      # [N, K/bs, bs] uint8
        scales = numpy_helper.to_array(inits[n.input[2]]).reshape(cols, k // bs)  # [N, K/bs]
        q = (packed.astype(np.int16) - 128).astype(np.int8).reshape(cols, k).T.copy()  # [K, N]
        s = np.ascontiguousarray(scales.T.reshape(k // bs, 1, cols), dtype=np.float32)
        used_by_nbits.update(n.input[1:])
        base = n.name[:-3] if n.name.endswith("_Q8") else n.name
        names = {x: f"{base}/ffn_float/{x}" for x in ("q", "scales", "shape3", "shape2", "wf", "wb", "wd", "w")}
        g.initializer.extend([
            numpy_helper.from_array(q, names["q"]),
            numpy_helper.from_array(s, names["scales"]),
            numpy_helper.from_array(np.array([k // bs, bs, cols], np.int64), names["shape3"]),
            numpy_helper.from_array(np.array([k, cols], np.int64), names["shape2"]),
        ])
        x = n.input[0]
        nodes += [
            helper.make_node("Cast", [names["q"]], [names["wf"]], to=TensorProto.FLOAT, name=f"{base}/ffn_float/Cast"),
            helper.make_node("Reshape", [names["wf"], names["shape3"]], [names["wb"]], name=f"{base}/ffn_float/Blocks"),
            helper.make_node("Mul", [names["wb"], names["scales"]], [names["wd"]], name=f"{base}/ffn_float/Scale"),
            helper.make_node("Reshape", [names["wd"], names["shape2"]], [names["w"]], name=f"{base}/ffn_float/Weight"),
            helper.make_node("MatMul", [x, names["w"]], list(n.output), name=base),
        ]
        done += 1
    still_used = {i for n in nodes for i in n.input}
    del g.node[:]
    g.node.extend(nodes)
    keep = [i for i in g.initializer if i.name not in used_by_nbits or i.name in still_used]
    del g.initializer[:]
    g.initializer.extend(keep)
    return done


def main(argv: list[str]) -> None:
    import onnx

    path = Path(argv[0]) if argv else HERE / "encoder.onnx"
    model = onnx.load(str(path))
    n = float_ffn(model)
    if n:
        onnx.checker.check_model(model)
        onnx.save(model, str(path))
    print(f"{path}: {n} MatMulNBits node(s) replaced by float MatMul")


if __name__ == "__main__":
    main(sys.argv[1:])
