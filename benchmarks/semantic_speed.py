#!/usr/bin/env python3
"""Speed and memory of the semantic layer (not a test: prints a table).

    python benchmarks/semantic_speed.py [--threads N] [--repeat R]

Measures, in a fresh process: import time, model load (checksums + ONNX
session + heads), the latency of one uncached intent (encoder alone and the
whole judge_consistency), batched throughput at several batch sizes, the cost
of a cache hit, judge_verbs, the re-lint of a document where one intent
changed, and the RSS the model adds.  Numbers depend on what else runs on the
machine; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return float("nan")


SUBJECTS = ["restaurant reservation", "patient record", "bank transfer", "invoice", "shipment",
            "user account", "support ticket", "calendar event", "subscription", "virtual machine",
            "insurance claim", "loan application", "delivery route", "API key", "data export"]
HEADS = ["Returns the details of the", "Creates a new", "Cancels the pending", "Updates the",
         "Deletes the", "Sends a reminder about the", "Lists all", "Calculates the cost of the",
         "Approves the", "Transfers the", "Schedules the", "Books a", "Validates the"]


def intents(n: int, rnd: random.Random, tag: str) -> list[str]:
    return [f"{rnd.choice(HEADS)} {rnd.choice(SUBJECTS)} number {i} on behalf of the "
            f"requesting agent ({tag})" for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=None, help="intra-op threads (default: up to 2)")
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    rnd = random.Random(7)
    rows = []

    r0 = rss_mb()
    t = time.perf_counter()
    import numpy  # noqa: F401
    import onnxruntime  # noqa: F401
    import tokenizers  # noqa: F401
    rows.append(("import numpy/onnxruntime/tokenizers", f"{time.perf_counter() - t:.3f} s"))

    from agis_lsp.semantic import load, model_dir
    from agis_lsp.semantic.encoder import Encoder
    t = time.perf_counter()
    m = load(model_dir())
    rows.append(("model load (verify + session + heads)", f"{time.perf_counter() - t:.3f} s"))
    if args.threads:
        d = model_dir()
        m.encoder = Encoder(d / "encoder.onnx", d / "tokenizer.json", threads=args.threads)
    r_loaded = rss_mb()

    m.judge_consistency([("BOOK", "Warms up the session")])
    for label, fn in (("encoder, one uncached intent", lambda x: m.encoder.embed([x])),
                      ("judge_consistency, one uncached intent",
                       lambda x: m.judge_consistency([("BOOK", x)]))):
        lat = []
        for x in intents(args.repeat, rnd, label):
            t = time.perf_counter()
            fn(x)
            lat.append(1000 * (time.perf_counter() - t))
        lat.sort()
        rows.append((label, f"median {statistics.median(lat):.2f} ms, p90 {lat[int(.9 * len(lat))]:.2f} ms"))

    x = "Books a restaurant reservation on behalf of the requesting agent"
    m.judge_consistency([("BOOK", x)])
    t = time.perf_counter()
    for _ in range(args.repeat):
        m.judge_consistency([("BOOK", x)])
    rows.append(("judge_consistency, cached intent", f"{1000 * (time.perf_counter() - t) / args.repeat:.2f} ms"))

    for bs in (8, 32, 128, 512):
        batch = [("CANCEL", s) for s in intents(bs if bs >= 128 else 256, rnd, f"batch{bs}")]
        t = time.perf_counter()
        for i in range(0, len(batch), bs):
            m.judge_consistency(batch[i:i + bs])
        rate = len(batch) / (time.perf_counter() - t)
        rows.append((f"judge_consistency, batches of {bs}", f"{rate:.0f} intents/s"))

    doc = [("CANCEL", s) for s in intents(60, rnd, "doc")]
    m.judge_consistency(doc)
    doc[17] = ("CANCEL", doc[17][1] + " edited")
    before = m.cache_info()["misses"]
    t = time.perf_counter()
    m.judge_consistency(doc)
    rows.append(("re-lint 60 intents, one changed",
                 f"{1000 * (time.perf_counter() - t):.1f} ms, {m.cache_info()['misses'] - before} embedded"))

    words = [w + "ize" for w in ("geocod", "tokeniz", "vectoriz", "summar", "optim")] + ["HEALTHINESS", "SUNNY"]
    t = time.perf_counter()
    m.judge_verbs(words)
    rows.append((f"judge_verbs, {len(words)} unknown tokens", f"{1000 * (time.perf_counter() - t):.1f} ms"))

    rows.append(("RSS added (import + load)", f"{r_loaded - r0:.0f} MB"))
    rows.append(("RSS added (after the runs)", f"{rss_mb() - r0:.0f} MB"))
    try:
        la = os.getloadavg()
        rows.append(("load average (1/5/15 min)", f"{la[0]:.2f} / {la[1]:.2f} / {la[2]:.2f}"))
    except OSError:
        pass
    rows.append(("cpu cores / intra-op threads", f"{os.cpu_count()} / {args.threads or 'default (<=2)'}"))

    w = max(len(a) for a, _ in rows)
    print(f"{'measure':<{w}}  value")
    print(f"{'-' * w}  {'-' * 30}")
    for a, b in rows:
        print(f"{a:<{w}}  {b}")


if __name__ == "__main__":
    main()
