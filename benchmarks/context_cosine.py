"""Does the tool's own contract tell a payload from real text? The cosine between a field and its tool.

    AGIS_BUILD_CACHE=/tmp/emb.pkl python benchmarks/context_cosine.py BAR dev [heldout] [PAYLOADS.jsonl ...]

A head-level measure, not the linter's: each prose field of the published MCP servers' tool lists
(``benchmarks/corpora/mcp/*.tools.mcp.json`` of a split of ``splits.json``) that has a cue word is
read the security head's way (the best of its pieces, ``directive.scored_spans``, through the
shipped ``scope.onnx`` and ``security_head``), and the piece's vector is compared with the vector
of its tool's context, "<name in words>: <parameter names>" (cosine). Each payload of a JSON-lines
set is placed in the recall benchmark's tool ("get forecast: city") and in a random development
tool. Printed: per band of the head's score (under the agreement bar 0.898, to the threshold
0.9938, to the warning bar 0.9969, over it), how many fields and how many under the cosine BAR.
A bar chosen on ``dev`` is measured on ``heldout`` and on payload sets after. Uses the build
cache of ``models/train_security.py`` (``AGIS_BUILD_CACHE``) for the embeddings.
"""
import glob
import json
import os
import random
import re
import sys
from pathlib import Path

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "models"))

from agis_lsp.semantic.directive import DirectiveHead, has_cue, scored_spans  # noqa: E402
from train_security import CachedEncoder  # noqa: E402

splits = json.load(open(f"{ROOT}/benchmarks/corpora/splits.json"))["corpora"]["mcp"]
BANDS = ((0.0, 0.898), (0.898, 0.9938), (0.9938, 0.9969), (0.9969, 2))


def words(name):
    name = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    return re.sub(r"[_\-.]+", " ", name).lower()


def tools_of(split):
    out = []
    for f in sorted(glob.glob(f"{ROOT}/benchmarks/corpora/mcp/*.tools.mcp.json")):
        unit = os.path.basename(f)[:-len(".tools.mcp.json")]
        if splits.get(unit) != split:
            continue
        for t in json.load(open(f)).get("tools", []):
            props = ((t.get("inputSchema") or {}).get("properties") or {})
            ctx = f"{words(t.get('name', ''))}: {', '.join(words(p) for p in props)}"
            fields = [t.get("description") or ""] + [(v or {}).get("description") or "" for v in props.values() if isinstance(v, dict)]
            out.append((ctx, [x for x in fields if isinstance(x, str) and has_cue(x)]))
    return out


enc = CachedEncoder(Path(f"{ROOT}/models/scope.onnx"))
head = DirectiveHead.load(Path(f"{ROOT}/models"))


def best(texts):
    jobs = [(i, t[a:b]) for i, t in enumerate(texts) for a, b in scored_spans(t)]
    V = enc.embed([p for _, p in jobs]).astype(np.float32)
    S = head.scores(V)
    score = np.zeros(len(texts)); vec = np.zeros((len(texts), V.shape[1]), np.float32)
    for (i, _), s, v in zip(jobs, S, V):
        if s >= score[i]:
            score[i], vec[i] = s, v
    return score, vec


def cosines(pairs):
    s, V = best([t for _, t in pairs])
    C = enc.embed([c for c, _ in pairs]).astype(np.float32)
    V = V / (np.linalg.norm(V, axis=1, keepdims=True) + 1e-9); C = C / np.linalg.norm(C, axis=1, keepdims=True)
    return s, np.sum(V * C, axis=1)


def show(name, s, c, bar):
    print(f"\n### {name}: {len(s)} fields; cosine min {c.min():.3f}, 1st percentile {np.percentile(c, 1):.3f}, "
          f"median {np.median(c):.3f}\n")
    print(f"| head score | fields | cosine under {bar} |")
    print("|---|---:|---:|")
    for lo, hi in BANDS:
        m = (s >= lo) & (s < hi)
        print(f"| [{lo}, {hi if hi < 2 else 1}) | {m.sum()} | {(m & (c < bar)).sum()} |")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.split("\n\n")[1])
    bar = float(sys.argv[1])
    which = sys.argv[2:]
    dev = tools_of("dev")
    for split in [w for w in which if w in ("dev", "heldout")]:
        real = [(c, x) for c, fs in tools_of(split) for x in fs]
        s, c = cosines(real); show(f"real MCP {split} cue fields", s, c, bar)
    rng = random.Random(5)
    for f in [w for w in which if w.endswith(".jsonl")]:
        pay = [json.loads(l)["text"] for l in open(f) if l.strip()]
        pay = [p for p in pay if has_cue(p)]
        for label, pairs in (("forecast tool", [("get forecast: city", p) for p in pay]),
                             ("random dev tool", [(rng.choice(dev)[0], p) for p in pay])):
            s, c = cosines(pairs); show(f"{os.path.basename(f)} in the {label}", s, c, bar)
    enc.save()
