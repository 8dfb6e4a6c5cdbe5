"""The directive head (AGSC901) on real prose and on payloads, through the shipped linter.

    python benchmarks/directive_eval.py                 # dev rows (what the threshold is set on)
    python benchmarks/directive_eval.py --heldout       # adds the held-out rows (read to report)
    python benchmarks/directive_eval.py --show 5        # print up to 5 findings / misses a row
    python benchmarks/directive_eval.py --corpora DIR   # also every *.json tool list / AGIS file under DIR
    python benchmarks/directive_eval.py --dev-corpora --payloads-only
        # only: the dev halves of benchmarks/corpora (MCP servers, API documents) per fold, and the
        # dev payloads in three MCP roles, patterns alone vs patterns + AGSC901, per family

Each set becomes MCP tool lists (``tools.mcp.json``): a text that is an operation's own
statement or a payload is a tool ``description``; a parameter or schema text is the
``description`` of an ``inputSchema`` property. Both are linted by the engine (``Linter``)
with the model on and only AGSC901 selected (``AGSC901 /1,000``), and payloads also with
every security rule (``AGSC`` + AGIS515). Data: models/data/ (models/README.md, "Security
head"). Real rows count findings per 1,000 prose fields; payload rows count texts caught.

``AGIS_BUILD_CACHE=/tmp/x.pkl`` (the file models/train_security.py writes) preloads vectors the
same encoder computed before and saves the new ones: on the shared 2-core machine embedding is
the whole cost, and the encoder is batch-independent, so the verdicts are the same either way.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "models"))

from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402
from blind_splits import in_blind_folder  # noqa: E402
from train_security import benign, guidance, payloads, real_rows, scope_payloads  # noqa: E402

MODEL_ONLY = Config(select=("AGSC901",))
SECURITY = Config(select=("AGSC", "AGIS515"))
CHUNK = 400
OPERATION_ROLES = ("operation-summary", "operation-description", "operation-intent")


def tool_list(texts: list[str], places: list[str]) -> str:
    tools = []
    for i, (t, place) in enumerate(zip(texts, places)):
        tool = {"name": f"tool_{i}", "inputSchema": {"type": "object", "properties": {}}}
        if place == "tool":
            tool["description"] = t
        else:
            tool["description"] = "Runs the operation."
            tool["inputSchema"]["properties"]["value"] = {"type": "string", "description": t}
        tools.append(tool)
    return json.dumps({"tools": tools})


def lint(texts: list[str], places: list[str], config: Config) -> list[list]:
    """The findings landing on each text (a list of (code, message) per text)."""
    out: list[list] = [[] for _ in texts]
    linter = Linter(config_of=lambda _p: config)
    for start in range(0, len(texts), CHUNK):
        part, where = texts[start:start + CHUNK], places[start:start + CHUNK]
        result = linter.check(target=linter.prepare("eval.tools.mcp.json", text=tool_list(part, where)))
        if any("skipped" in n for n in result.notes):
            raise SystemExit("the model is not available: " + "; ".join(result.notes))
        for d in result.diagnostics:
            if len(d.path) >= 2 and d.path[0] == "tools" and isinstance(d.path[1], int) \
                    and (d.path[2:3] == ("description",) or "properties" in d.path):
                out[start + d.path[1]].append((d.code, d.message))
    return out


def place_of(role: str) -> str:
    return "tool" if role in OPERATION_ROLES or role in ("payload", "guidance") else "parameter"


def real_row(name: str, rows: list[dict], show: int) -> None:
    texts = [r["text"] for r in rows]
    found = lint(texts, [place_of(r["role"]) for r in rows], MODEL_ONLY)
    n_find = sum(len(f) for f in found)
    print(f"| {name} | {len(texts)} | {n_find} | {1000 * n_find / max(1, len(texts)):.2f} | "
          f"{100 * sum(1 for f in found if f) / max(1, len(texts)):.2f}% |")
    for t, f in [(t, f) for t, f in zip(texts, found) if f][:show]:
        print(f"|   flagged: {f[0][1][:160]!r} | | | | |")


def payload_row(name: str, texts: list[str], show: int, place: str = "tool") -> list[bool]:
    model = [bool(f) for f in lint(texts, [place] * len(texts), MODEL_ONLY)]
    full = [bool(f) for f in lint(texts, [place] * len(texts), SECURITY)]
    print(f"| {name} | {len(texts)} | {100 * sum(model) / len(texts):.1f}% | {100 * sum(full) / len(texts):.1f}% |")
    for t in [t for t, c in zip(texts, full) if not c][:show]:
        print(f"|   missed: {t[:110]!r} | | | |")
    return full


def corpora_rows(directory: str, show: int) -> None:
    """Findings of AGSC901 on real documents as they are (tool lists, AGIS files)."""
    linter = Linter(config_of=lambda _p: MODEL_ONLY)
    from agis_lsp.formats.prose import prose_fields
    total_fields = total = 0
    for path in sorted(Path(directory).rglob("*.json")):
        if in_blind_folder(path.relative_to(directory).parts):   # the unread splits (docs/corpora.md)
            continue
        target = linter.prepare(str(path), text=path.read_text(encoding="utf-8", errors="replace"))
        result = linter.check(target=target)
        fields = len(prose_fields(target.kind, target.doc)) if getattr(target, "doc", None) else 0
        found = [d for d in result.diagnostics if d.code == "AGSC901"]
        total_fields += fields
        total += len(found)
        for d in found[:show]:
            print(f"|   {path.name}: {d.message[:150]!r} | | | | |")
    print(f"| corpora under {directory} | {total_fields} | {total} | {1000 * total / max(1, total_fields):.2f} | |")


def dev_corpora_rows(show: int) -> None:
    """AGSC901 and all security findings on the DEV units of benchmarks/corpora (never the held-out
    ones), per fold of models/security_corpora.py: ``fit`` was trained on, ``calibrate`` set the
    threshold. MCP servers as they are; API documents' fields placed in an MCP tool list at a slot
    of their role, as benchmarks/real_precision.py does."""
    from collections import defaultdict
    from agis_lsp.formats.prose import prose_fields
    from api_host import host_document
    from real_precision import CORPORA
    from security_corpora import folds, openapi_rows
    assign = json.loads((CORPORA / "splits.json").read_text())["corpora"]
    linter = Linter(config_of=lambda _p: SECURITY)
    units: dict = defaultdict(list)   # (corpus, unit) -> [(name, text)]
    for unit, side in sorted(assign["mcp"].items()):
        if side == "dev":
            for name in (f"{unit}.tools.mcp.json", f"{unit}.listing.mcp.json"):
                if (CORPORA / "mcp" / name).exists():
                    units[("mcp", unit)].append((name, (CORPORA / "mcp" / name).read_text()))
    by_doc = defaultdict(list)
    for r in openapi_rows():
        by_doc[r["document"] if "document" in r else r["unit"]].append(r)
    for doc, rows in sorted(by_doc.items()):
        units[("openapi", doc)].append((f"{doc}.tools.mcp.json", json.dumps(host_document(rows))))
    sizes: dict = {}
    results = {}
    for key, files in units.items():
        n = found = sec = 0
        shown = []
        for name, text in files:
            target = linter.prepare(name.replace(":", "_").replace("/", "_"), text=text)
            result = linter.check(target=target)
            n += len(prose_fields(target.kind, target.doc))
            found += sum(1 for d in result.diagnostics if d.code == "AGSC901")
            sec += sum(1 for d in result.diagnostics if d.code.startswith("AGSC"))
            shown += [f"{key[1]}: {d.message[:170]!r}" for d in result.diagnostics if d.code == "AGSC901"]
        results[key] = (n, found, sec, shown)
        sizes.setdefault(key[0], {})[key[1]] = n
    fold = {c: folds(v) for c, v in sizes.items()}
    print("\n| dev corpus | fold | units | prose fields | AGSC901 | per 1,000 | all AGSC | per 1,000 |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for corpus in ("mcp", "openapi"):
        for f in ("fit", "calibrate", "both"):
            keys = [k for k in results if k[0] == corpus and f in ("both", fold[corpus][k[1]])]
            n = sum(results[k][0] for k in keys)
            a = sum(results[k][1] for k in keys)
            s = sum(results[k][2] for k in keys)
            print(f"| {corpus} | {f} | {len(keys)} | {n:,} | {a} | {1000 * a / max(1, n):.2f} | {s} | "
                  f"{1000 * s / max(1, n):.2f} |")
    for k in results:
        for line in results[k][3][:show]:
            print(f"|   {fold[k[0]][k[1]]} {line} | | | | | | | |")


MCP_ROLES = ("tool description", "parameter description", "server instructions")


def payload_families(show: int) -> None:
    """Dev payloads (models/data/security_payloads_dev.txt; benchmarks/corpora/payloads holds only
    held-out ones) in three MCP roles: caught by the pattern rules alone, by patterns + AGSC901."""
    from real_precision import ROLES
    rows = payloads("dev")
    docs = [(fam, t, role, json.dumps(ROLES[role](t))) for fam, t in rows for role in MCP_ROLES]
    fam_counts: dict = {}
    misses = []
    for semantic in (False, True):
        linter = Linter(config_of=lambda _p: SECURITY.merged(semantic=semantic))
        for fam, t, role, text in docs:
            result = linter.check(target=linter.prepare("p.tools.mcp.json", text=text))
            hit = any(d.code.startswith("AGSC") or d.code == "AGIS515" for d in result.diagnostics)
            c = fam_counts.setdefault(fam, [0, 0, 0])
            c[1 + semantic] += hit
            c[0] += not semantic
            if semantic and not hit:
                misses.append((fam, role, t))
    print("\n| dev payload family | n (x3 roles) | patterns alone | patterns + AGSC901 |")
    print("|---|---:|---:|---:|")
    tot = [0, 0, 0]
    for fam, (n, p, m) in sorted(fam_counts.items()):
        tot = [tot[0] + n, tot[1] + p, tot[2] + m]
        print(f"| {fam} | {n} | {p} | {m} |")
    print(f"| **all** | {tot[0]} | {tot[1]} ({tot[1] / tot[0]:.1%}) | {tot[2]} ({tot[2] / tot[0]:.1%}) |")
    for fam, role, t in misses[:show]:
        print(f"|   missed [{fam}] {role}: {t[:110]!r} | | | |")


def _cache(save: bool = False) -> None:
    path = os.environ.get("AGIS_BUILD_CACHE")
    if not path:
        return
    import numpy as np
    from agis_lsp.semantic import get_model
    enc = get_model().security_encoder   # the graph the head reads (scope.onnx when shipped): a
    old = {}                             # cache written through another graph is not this one's
    if os.path.exists(path):
        with open(path, "rb") as fh:
            old = pickle.load(fh)
    if not save:
        if old:
            enc.preload(list(old), np.stack(list(old.values())))
        return
    old.update({t: np.asarray(v) for t, v in enc._cache.items()})   # what this run embedded
    with open(path, "wb") as fh:
        pickle.dump(old, fh)


def main() -> None:
    _cache()
    try:
        run()
    finally:
        _cache(save=True)


def run() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--heldout", action="store_true", help="also the held-out rows (report only)")
    ap.add_argument("--show", type=int, default=0)
    ap.add_argument("--corpora", help="a directory of real tool lists / AGIS documents")
    ap.add_argument("--sample", type=int, default=0,
                    help="a fixed-seed sample of N rows of each real set (0: all; embedding is the cost)")
    ap.add_argument("--dev-corpora", action="store_true", help="the dev halves of benchmarks/corpora, per fold")
    ap.add_argument("--payloads-only", action="store_true", help="only the dev payloads in MCP roles, per family")
    args = ap.parse_args()
    if args.dev_corpora or args.payloads_only:
        sys.path.insert(0, str(HERE))
        if args.dev_corpora:
            dev_corpora_rows(args.show)
        if args.payloads_only:
            payload_families(args.show)
        return

    def pick(rows: list) -> list:
        if not args.sample or len(rows) <= args.sample:
            return rows
        import random
        return random.Random(22).sample(rows, args.sample)

    splits = ["dev"] + (["heldout"] if args.heldout else [])
    print("| real set | prose fields | AGSC901 findings | per 1,000 | fields flagged |")
    print("|---|---:|---:|---:|---:|")
    for split in splits:
        intents = real_rows("directive_intents.jsonl", split)   # all: few have a cue word
        real_row(f"{split} real operation intents (OpenAPI summaries, AWS first sentences) as tool descriptions",
                 intents, args.show)
        prose = pick(real_rows("directive_real.jsonl", split))
        real_row(f"{split} real prose with a cue word (AWS, OpenAPI: operations, parameters, schemas)",
                 prose, args.show)
        older = pick(real_rows("security_real.jsonl", split))
        real_row(f"{split} real Airflow texts (security_real.jsonl)", older, args.show)
        guide = [{"text": t, "role": "guidance"} for t in guidance(split)]
        real_row(f"{split} hand-written usage guidance", guide, args.show)
        real_row(f"{split} hand-written legitimate imperatives",
                 [{"text": t, "role": "guidance"} for t in benign(split)], args.show)
    if args.corpora:
        corpora_rows(args.corpora, args.show)
    print("\n| payloads | n | caught by AGSC901 | caught by patterns + AGSC901 |")
    print("|---|---:|---:|---:|")
    for split in splits:
        rows = payloads(split)
        full = payload_row(f"{split} payloads as tool descriptions", [t for _, t in rows], args.show)
        payload_row(f"{split} payloads as parameter descriptions", [t for _, t in rows], 0, place="parameter")
        by: dict[str, list] = {}
        for (fam, _), c in zip(rows, full):
            by.setdefault(fam, []).append(c)
        print(f"|   by family: " + ", ".join(f"{f} {sum(v)}/{len(v)}" for f, v in sorted(by.items())) + " | | | |")
    payload_row("train scope payloads (trained on; a sanity row)", [t for _, t in scope_payloads()], 0)


if __name__ == "__main__":
    main()
