#!/usr/bin/env python3
"""Which piece of a poisoned description the tool's contract should judge: a head-level measure.

    AGIS_BUILD_CACHE=/tmp/emb.pkl python benchmarks/contract_shapes.py [PAYLOADS.jsonl]

Each payload of a JSON-lines set (default: the first fresh set, a development set) is read alone,
after one sentence of the recall benchmark's weather tool, and after a paragraph of it; each text
is scored the security head's way (its pieces, ``directive.scored_spans``, through the shipped
``scope.onnx`` and ``security_head``). Of the texts whose best piece is in the band where the
contract counts (the cross-tool bar to the head's threshold), printed: how many have their best
piece off-contract (the cosine to "get forecast: city, units, country" under the shipped
``contract_threshold``), how many have any piece scored in the band off-contract (what
``_tool_contracts.off_contract`` reads), and how many would pass if the whole field had to be
off-contract too. No linter run: the model's reading only (``payload_loso.py --unseen-carriers 3``
measures the shipped rule through the linter).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "models"))

from agis_lsp.semantic.directive import DirectiveHead, scored_spans  # noqa: E402
from train_security import CachedEncoder  # noqa: E402

SHORT = "Get the weather forecast for a city."
LONG = ("Get the weather forecast for a city. Returns the daily high and low temperature, the chance of rain, "
        "wind speed and direction, humidity and the UV index for each of the next seven days, in the units "
        "the caller asks for (metric by default). Cities are matched by name; pass the country code as well "
        "when the name is ambiguous. Forecasts are refreshed every hour from the national weather services.")
CONTRACT = "get forecast: city, units, country"


def main(argv: list[str]) -> None:
    path = Path(argv[0]) if argv else ROOT / "benchmarks" / "corpora" / "payloads" / "fresh_sources.jsonl"
    enc = CachedEncoder(ROOT / "models" / "scope.onnx")
    head = DirectiveHead.load(ROOT / "models")
    agreement = head.meta["agreement"]
    low, high, bar = agreement["cross_tool_threshold"], head.threshold, agreement["contract_threshold"]
    contract = enc.embed([CONTRACT])[0]
    payloads = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    print(f"{path.name}: {len(payloads)} payloads; band [{low}, {high:.4f}), contract bar {bar}\n")
    print("| placement | in the band | best piece off-contract | any piece in the band off-contract | "
          "best piece and whole field off-contract |")
    print("|---|---:|---:|---:|---:|")
    for name, prefix in (("alone", ""), ("after one sentence", SHORT + " "), ("after a paragraph", LONG + " ")):
        band = best = anyp = both = 0
        for text in (prefix + p for p in payloads):
            pieces = [text[a:b] for a, b in scored_spans(text)]
            if not pieces:
                continue
            vectors = enc.embed(pieces).astype(np.float32)
            scores = head.scores(vectors)
            i = int(np.argmax(scores))
            if not low <= scores[i] < high:
                continue
            near = vectors @ contract
            band += 1
            best += near[i] < bar
            anyp += any(s >= low and c < bar for s, c in zip(scores, near))
            both += near[i] < bar and near[0] < bar
        print(f"| {name} | {band} | {best} | {anyp} | {both} |")
    enc.save()


if __name__ == "__main__":
    main(sys.argv[1:])
