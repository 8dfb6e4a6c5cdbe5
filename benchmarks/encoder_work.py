#!/usr/bin/env python3
"""What the model-on lint asks of the encoder: texts and tokens per rule, counted, not timed.

    python benchmarks/encoder_work.py [--corpus mcp,converted] [--split all|dev|heldout]
                                      [--scope-copy]

Runs the shipped ``agis-lint check --no-cache -q --format json --jobs 1`` in this process (the
command line's own ``main``) over each corpus and counts, per corpus:

* per semantic rule, the texts it hands the engine to embed (``Rule.model_texts``), the
  distinct ones, and their tokens (each read up to the encoder's 128);
* the security head's (AGSC901) pieces by kind: a field of one sentence, a field of several
  sentences (read whole), each of their sentences, and the further windows of a sentence past
  128 tokens;
* per encoder graph (encoder.onnx; scope.onnx, the security head's, when the model directory
  has it), the distinct texts the rules that read it ask for, and how many texts both are asked
  for: with scope.onnx those are embedded twice, once by each graph (without it, the count says
  what a second graph would add);
* the encoder's forward passes, per graph: calls, rows, real and padded tokens, and the CPU
  seconds spent inside them, against the whole process's.

``--scope-copy`` runs with a model directory whose ``scope.onnx`` is a copy of ``encoder.onnx``
(``benchmarks/scope_copy.py``: the same findings, the cost of a second graph).

The counts do not depend on the machine's load, so they compare two builds on a shared machine
where wall-clock time does not (the encoder costs about the same CPU per token whatever the
batch: docs/benchmarks.md). Corpora: ``mcp``, the tool lists of published MCP servers
(``benchmarks/corpora/mcp/*.tools.mcp.json``, 76 servers, the files of ``cisco_speed.py``);
``converted``, the real OpenAPI documents converted to AGIS
(``benchmarks/corpora/openapi/converted/*.agis``); ``--split`` keeps one half of
``benchmarks/corpora/splits.json``. Nothing here reads a payload set.
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import io
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPORA = {
    "mcp": ("mcp", "benchmarks/corpora/mcp/*.tools.mcp.json", ".tools.mcp.json"),
    "converted": ("openapi", "benchmarks/corpora/openapi/converted/*.agis", ".agis"),
}


def files_of(corpus: str, split: str) -> list[str]:
    key, pattern, suffix = CORPORA[corpus]
    splits = json.loads((ROOT / "benchmarks/corpora/splits.json").read_text())["corpora"].get(key, {})
    out = []
    for path in sorted(glob.glob(str(ROOT / pattern))):
        unit = os.path.basename(path)[: -len(suffix)]
        if split == "all" or splits.get(unit) == split:
            out.append(path)
    return out


class Counting:
    """Counters wrapped around the encoder's forward pass, the rules' ``model_texts`` and the
    security head's piece planning, for the duration of a ``with`` block."""

    def __init__(self) -> None:
        self.forward: dict[str, Counter] = defaultdict(Counter)     # graph -> counters
        self.forward_cpu: dict[str, float] = defaultdict(float)
        self.rule_texts: dict[str, list[str]] = defaultdict(list)
        self.pieces: dict[str, list[str]] = defaultdict(list)

    @contextlib.contextmanager
    def installed(self):
        from agis_lsp.engine.registry import all_rules
        from agis_lsp.semantic import directive
        from agis_lsp.semantic.encoder import Encoder
        run, plan = Encoder._run, directive.jobs
        hooks = {r.code: r.model_texts for r in all_rules() if r.model_texts is not None}

        def counted_run(enc, ids, mask):
            t = time.process_time()
            out = run(enc, ids, mask)
            graph = graph_of(enc)
            self.forward_cpu[graph] += time.process_time() - t
            self.forward[graph].update(calls=1, rows=ids.shape[0], padded=int(ids.size), real=int(mask.sum()))
            return out

        def counted_plan(model, texts, *args, **kwargs):
            out = plan(model, texts, *args, **kwargs)
            for i, a, b in out:
                spans = directive.pieces(texts[i])
                kind = ("window" if (a, b) not in spans else
                        "sentence" if (a, b) != spans[0] else
                        "field, several sentences" if len(spans) > 1 else "field, one sentence")
                self.pieces[kind].append(texts[i][a:b])
            return out

        def counted_texts(code, fn):
            def wrapped(ctx, model):
                out = fn(ctx, model)
                self.rule_texts[code].extend(out)
                return out
            return wrapped

        Encoder._run = counted_run
        directive.jobs = counted_plan
        for r in all_rules():
            if r.code in hooks:
                r.model_texts = counted_texts(r.code, hooks[r.code])
        try:
            yield self
        finally:
            Encoder._run, directive.jobs = run, plan
            for r in all_rules():
                if r.code in hooks:
                    r.model_texts = hooks[r.code]


def graph_of(encoder) -> str:
    """Which graph file ``encoder`` runs."""
    from agis_lsp.semantic import get_model
    return "scope.onnx" if encoder is get_model().scope else "encoder.onnx"


def rule_graph(code: str) -> str:
    """The graph that embeds rule ``code``'s texts (``Rule.model_encoder``)."""
    from agis_lsp.engine.registry import get_rule
    from agis_lsp.semantic import get_model
    return graph_of(get_model().encoder_for(get_rule(code).model_encoder))


def tokens(texts) -> int:
    from agis_lsp.semantic import get_model
    texts = list(texts)
    if not texts:
        return 0
    tok = get_model().encoder._tokenizer
    return sum(len(e.ids) for e in tok.encode_batch(texts))


def lint(files: list[str]) -> float:
    """Process CPU seconds of one ``agis-lint check`` over ``files`` in this process."""
    from agis_lsp.cli.entry import main
    cpu = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            main(["check", "--no-cache", "-q", "--format", "json", "--jobs", "1", *files])
        except SystemExit:
            pass
    return time.process_time() - cpu


def report(corpus: str, files: list[str], c: Counting, cpu: float) -> None:
    print(f"\n## {corpus}: {len(files)} files\n")
    print("| rule | texts asked | distinct | tokens of the distinct |")
    print("|---|---:|---:|---:|")
    every: dict[str, None] = {}
    for code, texts in sorted(c.rule_texts.items()):
        distinct = dict.fromkeys(texts)
        every.update(distinct)
        print(f"| {code} | {len(texts):,} | {len(distinct):,} | {tokens(distinct):,} |")
    print(f"| all rules | {sum(map(len, c.rule_texts.values())):,} | {len(every):,} | {tokens(every):,} |")
    security: dict[str, None] = {}
    other: dict[str, None] = {}
    for code, texts in c.rule_texts.items():
        (security if code == "AGSC901" else other).update(dict.fromkeys(texts))
    both = [t for t in security if t in other]
    by_graph: dict[str, dict] = defaultdict(dict)
    for code, texts in c.rule_texts.items():
        by_graph[rule_graph(code)].update(dict.fromkeys(texts))
    print("\n| encoder graph | rules | distinct texts | tokens |")
    print("|---|---|---:|---:|")
    for graph, texts in sorted(by_graph.items()):
        codes = ", ".join(sorted(code for code in c.rule_texts if rule_graph(code) == graph))
        print(f"| {graph} | {codes} | {len(texts):,} | {tokens(texts):,} |")
    paid = "embedded by both graphs" if len(by_graph) > 1 else "would be embedded by both with scope.onnx"
    print(f"| AGSC901 and another rule ({paid}) | | {len(both):,} | {tokens(both):,} |")
    askers = Counter(code for code, texts in c.rule_texts.items() if code != "AGSC901"
                     for t in dict.fromkeys(texts) if t in security)
    if askers:
        print("\nthe shared texts, by the other rule asking: "
              + ", ".join(f"{code} {n:,}" for code, n in askers.most_common()))
    print("\n| AGSC901 piece | pieces | distinct | tokens of the distinct |")
    print("|---|---:|---:|---:|")
    for kind in ("field, one sentence", "field, several sentences", "sentence", "window"):
        texts = c.pieces.get(kind, [])
        distinct = dict.fromkeys(texts)
        print(f"| {kind} | {len(texts):,} | {len(distinct):,} | {tokens(distinct):,} |")
    print("\n| graph | forward calls | rows | tokens | padded tokens | padding | forward CPU s "
          "| CPU ms a token | process CPU s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for graph in sorted(c.forward):
        f, fcpu = c.forward[graph], c.forward_cpu[graph]
        waste = 1 - f["real"] / f["padded"] if f["padded"] else 0.0
        per = 1000 * fcpu / f["real"] if f["real"] else 0.0
        print(f"| {graph} | {f['calls']:,} | {f['rows']:,} | {f['real']:,} | {f['padded']:,} | "
              f"{100 * waste:.1f}% | {fcpu:.2f} | {per:.3f} | {cpu:.2f} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="mcp,converted")
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="all")
    ap.add_argument("--scope-copy", action="store_true",
                    help="with scope.onnx, a copy of encoder.onnx, in a temporary model directory")
    a = ap.parse_args(argv)
    os.chdir(ROOT)
    if a.scope_copy:
        from scope_copy import scope_copy_dir
        os.environ["AGIS_LSP_MODEL_DIR"] = scope_copy_dir()
    from agis_lsp.semantic import get_model
    from agis_lsp.semantic.encoder import default_threads
    get_model()   # loaded once, before the counting: each corpus starts from an empty cache
    graphs = "encoder.onnx + scope.onnx" if get_model().scope is not None else "encoder.onnx"
    print(f"# encoder_work: split {a.split}, {graphs}, {default_threads()} encoder thread(s), "
          f"load {os.getloadavg()[0]:.1f}")
    for corpus in [c.strip() for c in a.corpus.split(",") if c.strip()]:
        if corpus not in CORPORA:
            ap.error(f"unknown corpus {corpus!r}: one of {', '.join(CORPORA)}")
        files = files_of(corpus, a.split)
        for encoder in {id(e): e for e in (get_model().encoder, get_model().security_encoder)}.values():
            encoder.cache_clear()
        with Counting().installed() as c:
            cpu = lint(files)
        report(corpus, files, c, cpu)
    print(f"\nload {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
