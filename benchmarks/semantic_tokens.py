"""Semantic tokens on a generated AGIS document: full tokens, and delta after one edit.

    python benchmarks/semantic_tokens.py [--endpoints 1000] [--runs 15]

In-process, the builders the server runs (``lsp.tokens``), on a document parsed once (the
server parses each version once and shares the parse between the features):

* full: ``build_tokens`` of the parsed document;
* delta: one edit (a method renamed in the middle of the document), then the server's work
  for a ``semanticTokens/full/delta`` request: the new tokens spliced from the previous
  answer (``token_splice.splice``) and ``delta`` against it; for comparison, the same with
  the new tokens built in full. The parse of the new version is excluded (reported on its
  own line).

Prints the median and the slowest of ``--runs`` runs, in milliseconds, and checks that the
delta applied to the previous tokens gives the new full tokens.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from gen_docs import document  # noqa: E402

from agis_lsp.catalog import load_catalog  # noqa: E402
from agis_lsp.document import parse_text  # noqa: E402
from agis_lsp.lsp.ide.token_splice import snapshot, splice  # noqa: E402
from agis_lsp.lsp.ide.tokens import apply_delta, build_tokens, delta  # noqa: E402


CPU = []   # (step, median CPU ms) of every timed step, printed after the wall-clock table


def timed(fn, runs: int, step: str = "") -> tuple[float, float, object]:
    """Median and slowest wall-clock time (ms) of ``runs`` calls, and the last result; the
    median process CPU time is recorded too (less sensitive to a loaded machine)."""
    times, cpu, result = [], [], None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    if step:
        CPU.append((step, statistics.median(cpu)))
    return statistics.median(times), max(times), result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoints", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    catalog = load_catalog(None)
    text = document(args.endpoints)
    doc = parse_text(text, "bench.agis")
    assert doc.parsed
    full_med, full_max, old = timed(lambda: build_tokens(doc, "agis", catalog), args.runs,
                                     "full tokens")
    anchor = f"/resource-{args.endpoints // 2}/"
    at = text.rindex("method:", 0, text.index(anchor))
    line_end = text.index("\n", at)
    edited = text[:at] + "method: RESERVE" + text[line_end:]
    parse_med, parse_max, new_doc = timed(lambda: parse_text(edited, "bench.agis"),
                                          max(3, args.runs // 3))

    def rebuilt():
        new = build_tokens(new_doc, "agis", catalog)
        return new, delta(old, new)

    before = snapshot(doc, "agis", catalog)

    def spliced():
        snap = splice(before, new_doc, "agis", catalog)
        assert snap is not None, "the edit was not spliced"
        return snap.data, delta(old, snap.data)

    splice_med, splice_max, (new, edits) = timed(spliced, args.runs, "splice + delta")
    delta_med, delta_max, (full_new, _) = timed(rebuilt, args.runs, "build_tokens + delta")
    diff_med, diff_max, _ = timed(lambda: delta(old, new), args.runs)
    assert new == full_new, "the spliced tokens differ from the full build"
    assert apply_delta(old, edits) == new, "the delta does not reproduce the full tokens"
    sent = sum(len(e.data or []) for e in edits)
    print(f"document: {args.endpoints} endpoints, {len(text):,} characters, "
          f"{len(old) // 5:,} tokens; {args.runs} runs, milliseconds (median / slowest)")
    print("| step | median | slowest |")
    print("|---|---|---|")
    print(f"| full tokens (build_tokens) | {full_med:.1f} | {full_max:.1f} |")
    print(f"| delta after one edit (splice + delta: the server's path) | {splice_med:.1f} | "
          f"{splice_max:.1f} |")
    print(f"| delta after one edit, tokens rebuilt in full (build_tokens + delta) | {delta_med:.1f} | "
          f"{delta_max:.1f} |")
    print(f"| of which the diff (delta) | {diff_med:.2f} | {diff_max:.2f} |")
    print(f"| parse of the edited version (not part of the above) | {parse_med:.1f} | {parse_max:.1f} |")
    print(f"delta: {len(edits)} edit(s), {sent} integers sent instead of {len(new):,}")
    print("median CPU time (ms): " + ", ".join(f"{step} {ms:.1f}" for step, ms in CPU))


if __name__ == "__main__":
    main()
