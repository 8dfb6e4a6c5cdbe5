"""Semantic tokens on a generated AGIS document: full tokens, and delta after one edit.

    python benchmarks/semantic_tokens.py [--endpoints 1000] [--runs 15]

In-process, the builders the server runs (``lsp.tokens``), on a document parsed once (the
server parses each version once and shares the parse between the features):

* full: ``build_tokens`` of the parsed document;
* delta: one edit (a method renamed in the middle of the document), then ``build_tokens``
  of the new parse and ``delta`` against the previous answer (the server's work for a
  ``semanticTokens/full/delta`` request, the parse of the new version excluded and
  reported on its own line).

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
from agis_lsp.lsp.tokens import apply_delta, build_tokens, delta  # noqa: E402


def timed(fn, runs: int) -> tuple[float, float, object]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
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
    full_med, full_max, old = timed(lambda: build_tokens(doc, "agis", catalog), args.runs)
    anchor = f"/resource-{args.endpoints // 2}/"
    at = text.rindex("method:", 0, text.index(anchor))
    line_end = text.index("\n", at)
    edited = text[:at] + "method: RESERVE" + text[line_end:]
    parse_med, parse_max, new_doc = timed(lambda: parse_text(edited, "bench.agis"), max(3, args.runs // 3))

    def after_edit():
        new = build_tokens(new_doc, "agis", catalog)
        return new, delta(old, new)

    delta_med, delta_max, (new, edits) = timed(after_edit, args.runs)
    diff_med, diff_max, _ = timed(lambda: delta(old, new), args.runs)
    assert apply_delta(old, edits) == new, "the delta does not reproduce the full tokens"
    sent = sum(len(e.data or []) for e in edits)
    print(f"document: {args.endpoints} endpoints, {len(text):,} characters, "
          f"{len(old) // 5:,} tokens; {args.runs} runs, milliseconds (median / slowest)")
    print("| step | median | slowest |")
    print("|---|---|---|")
    print(f"| full tokens (build_tokens) | {full_med:.1f} | {full_max:.1f} |")
    print(f"| delta after one edit (build_tokens + delta) | {delta_med:.1f} | {delta_max:.1f} |")
    print(f"| of which the diff (delta) | {diff_med:.2f} | {diff_max:.2f} |")
    print(f"| parse of the edited version (not part of the above) | {parse_med:.1f} | {parse_max:.1f} |")
    print(f"delta: {len(edits)} edit(s), {sent} integers sent instead of {len(new):,}")


if __name__ == "__main__":
    main()
