#!/usr/bin/env python3
"""The encoder alone: tokens per second and CPU per token, and where the time goes by op type.

    python benchmarks/encoder_speed.py [--models DIR[,DIR...]] [--texts 600] [--threads N] [--profile]
                                       [--shapes] [--spin]

Texts: the distinct prose fields of the development half of the converted real OpenAPI
documents (``benchmarks/corpora/openapi/converted``, split ``dev`` of ``splits.json``), in
document order, the first ``--texts`` of them: real text at real lengths (the security head
also embeds their sentences and windows, so the lint's own mix is shorter on average).
Each model directory (default: the shipped ``models/``) is loaded by the shipped
``agis_lsp.semantic.encoder.Encoder`` with an empty cache, warmed on 20 texts, then timed on
one ``embed`` call over all the texts (the shipped batching). Printed per directory: tokens
(each text up to 128), wall and process CPU seconds, tokens per wall second, CPU ms per
token, and the cosine of each text's vector to the first directory's (min / 1% quantile /
mean). ``--profile`` also runs the same batches through a session of the same options with
onnxruntime's profiler on and prints the kernel time per op type (the folded graph: what runs).
``--shapes`` prints the CPU per token of one forward call by batch shape (rows x tokens, dummy
ids, the best of three). ``--spin`` times the shipped session (its threads sleep between parallel
sections) against one whose threads spin, alternately, on the same batches of the texts and on
one short text, and checks that the vectors are equal bit for bit (use ``--threads 2``: one
thread has no pool to spin).
The machine is shared: the load average is printed; CPU per token is the steadier figure.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agis_lsp.document import parse_text  # noqa: E402
from agis_lsp.formats.kinds import detect  # noqa: E402
from agis_lsp.formats.prose import prose_fields  # noqa: E402
from agis_lsp.semantic.encoder import MAX_TOKENS, Encoder, _arrays, plan_batches  # noqa: E402

CORPORA = ROOT / "benchmarks" / "corpora"


def dev_texts(limit: int) -> list[str]:
    """Distinct prose fields of the dev-split converted documents, in document order."""
    assign = json.loads((CORPORA / "splits.json").read_text())["corpora"]["openapi"]
    conv = CORPORA / "openapi" / "converted"
    out: dict[str, None] = {}
    for review in sorted(conv.glob("*.review.json")):
        rv = json.loads(review.read_text())
        if assign.get(rv["document"]) != "dev":
            continue
        path = conv / rv["files"][0]
        doc = parse_text(path.read_text(), str(path))
        for p in prose_fields(detect(doc), doc):
            if p.text.strip():
                out.setdefault(p.text, None)
        if len(out) >= limit:
            break
    return list(out)[:limit]


def profile(enc: Encoder, onnx_path: Path, texts: list[str], threads: int) -> list[tuple[str, float]]:
    """Kernel seconds per op type over the shipped batches of ``texts``."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    opts.enable_profiling = True
    with tempfile.TemporaryDirectory() as tmp:
        opts.profile_file_prefix = str(Path(tmp) / "encoder")
        session = ort.InferenceSession(str(onnx_path), opts, providers=["CPUExecutionProvider"])
        ids = [e.ids for e in enc._tokenizer.encode_batch(texts)]
        for batch in plan_batches([len(i) for i in ids]):
            i, m = _arrays([ids[j] for j in batch])
            session.run(None, {"input_ids": i, "attention_mask": m})
        events = json.loads(Path(session.end_profiling()).read_text())
    by: collections.Counter = collections.Counter()
    for e in events:
        if e.get("cat") == "Node" and e.get("name", "").endswith("_kernel_time"):
            by[e["args"]["op_name"]] += e["dur"] / 1e6
    return by.most_common()


def shapes(enc: Encoder) -> None:
    """CPU ms per token of one forward call by rows x width (dummy token ids)."""
    import numpy as np
    rows = (1, 4, 8, 16, 32, 64)
    print("\nCPU ms per token of one forward call, by batch shape (best of 3):\n")
    print("| tokens \\ rows | " + " | ".join(map(str, rows)) + " |")
    print("|---:|" + "---:|" * len(rows))
    for width in (16, 32, 64, 128):
        cells = []
        for r in rows:
            ids = np.full((r, width), 1000, dtype=np.int64)
            mask = np.ones_like(ids)
            enc._run(ids, mask)
            best = min(_cpu(lambda: enc._run(ids, mask)) for _ in range(3))
            cells.append(f"{1000 * best / (r * width):.3f}")
        print(f"| {width} | " + " | ".join(cells) + " |", flush=True)


def _cpu(fn) -> float:
    c = time.process_time()
    fn()
    return time.process_time() - c


def spin(enc: Encoder, onnx_path: Path, texts: list[str], threads: int, rounds: int = 2) -> None:
    """The shipped session against a spinning one: same batches, alternated; vectors compared."""
    import numpy as np
    import onnxruntime as ort
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.log_severity_level = 3
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1")
    spinning = ort.InferenceSession(str(onnx_path), opts, providers=["CPUExecutionProvider"])
    ids = [e.ids for e in enc._tokenizer.encode_batch(texts)]
    batches = [_arrays([ids[j] for j in b]) for b in plan_batches([len(i) for i in ids])]
    one = enc.tokenize(["Returns the current weather for the given city and its forecast"])
    sessions = {"sleeping (shipped)": enc._session, "spinning": spinning}
    rows: dict[str, list[str]] = {k: [] for k in sessions}
    out: dict[str, np.ndarray] = {}
    for _ in range(rounds):
        for name, session in sessions.items():
            enc._session = session
            c0, t0 = time.process_time(), time.perf_counter()
            out[name] = np.concatenate([enc._run(i, m) for i, m in batches])
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            lat = []
            c1 = time.process_time()
            for _ in range(100):
                t = time.perf_counter()
                enc._run(*one)
                lat.append(time.perf_counter() - t)
            per = 10 * (time.process_time() - c1)
            rows[name].append(f"{wall:.2f} s / {cpu:.2f} s | {1000 * float(np.median(lat)):.1f} ms / {per:.1f} ms")
    enc._session = sessions["sleeping (shipped)"]
    print(f"\n{threads} thread(s), {len(texts)} texts in {len(batches)} calls, then one 12-token text "
          f"100 times, {rounds} alternated rounds:\n")
    print("| session | texts: wall / CPU | one text: median / CPU a call |\n|---|---|---|")
    for name, cells in rows.items():
        for c in cells:
            print(f"| {name} | {c} |")
    same = np.array_equal(out["sleeping (shipped)"], out["spinning"])
    print(f"\nvectors equal bit for bit: {same}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=str(ROOT / "models"), help="model directories, comma-separated")
    ap.add_argument("--texts", type=int, default=600)
    ap.add_argument("--threads", type=int, default=None, help="intra-op threads (default: the shipped default)")
    ap.add_argument("--profile", action="store_true", help="kernel time per op type (onnxruntime profiler)")
    ap.add_argument("--shapes", action="store_true", help="CPU per token by batch shape")
    ap.add_argument("--spin", action="store_true", help="the shipped session against a spinning one")
    a = ap.parse_args()
    texts = dev_texts(a.texts)
    print(f"load average {os.getloadavg()[0]:.1f}; {len(texts)} texts (dev converted documents); "
          f"threads {a.threads or 'default'}")
    print("| model | texts | tokens | wall | CPU | tokens/s (wall) | CPU ms/token | cosine to the first: min / 1% / mean |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    first = None
    profiles = {}
    for d in a.models.split(","):
        d = Path(d)
        enc = Encoder(d / "encoder.onnx", d / "tokenizer.json", threads=a.threads, cache_size=len(texts) + 100)
        tokens = sum(min(len(e.ids), MAX_TOKENS) for e in enc._tokenizer.encode_batch(texts))
        enc.embed(texts[:20])
        enc.cache_clear()
        c0, t0 = time.process_time(), time.perf_counter()
        vecs = enc.embed(texts)
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        if first is None:
            first, cos = vecs, "1 (reference)"
        else:
            import numpy as np
            c = (first * vecs).sum(axis=1)
            cos = f"{c.min():.6f} / {np.quantile(c, 0.01):.6f} / {c.mean():.6f}"
        print(f"| {d} | {len(texts)} | {tokens:,} | {wall:.2f} s | {cpu:.2f} s | {tokens / wall:,.0f} | "
              f"{1000 * cpu / tokens:.3f} | {cos} |", flush=True)
        if a.profile:
            profiles[d] = profile(enc, d / "encoder.onnx", texts, a.threads or 1)
        if a.shapes and first is vecs:
            shapes(enc)
        if a.spin and first is vecs:
            spin(enc, d / "encoder.onnx", texts, a.threads or 2)
    for d, rows in profiles.items():
        total = sum(s for _, s in rows)
        print(f"\nkernel time by op type, {d} ({a.threads or 1} thread(s), {total:.2f} s):\n")
        print("| op type | seconds | share |\n|---|---:|---:|")
        for op, s in rows[:12]:
            print(f"| {op} | {s:.2f} | {100 * s / total:.1f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
