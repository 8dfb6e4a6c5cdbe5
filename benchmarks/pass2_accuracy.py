#!/usr/bin/env python3
"""Accuracy of the shipped method-name rules (AGIS passes 2 and 3) on a labelled token list.

Reads tests/lexicon/tokens.tsv (hand-labelled: valid, inflected, compound,
syntax, http, nonaction) and, for every token, lints a generated AGIS document
whose one endpoint uses the token as its method, with the real engine and the
registered rules of passes 2 and 3 (nothing here re-implements a check). The
findings on the method become a label, in the order the table is labelled in:

    syntax     AGIS202 method-invalid-characters, AGIS206 (surrounding whitespace)
    http       AGIS301 http-method
    compound   AGIS201 compound-method
    inflected  AGIS203 inflected-method
    nonaction  AGIS302 non-action-method, AGIS305 (stative), AGIS306 (fused phrasal
               noun); AGIS205 unknown-method-word (a word the lexicon and the
               catalog do not know, reported as information); AGIS304
               method-not-action-verb with --semantic
    valid      none of these (AGIS204 letter case and AGIS303 vague are advice on a valid verb)

Prints a confusion table, per-label recall, the share of valid base-form verbs
that were rejected and of problem tokens that got no finding at all, how many
nonaction tokens only AGIS205 caught, every miss, and the time per token.

    python benchmarks/pass2_accuracy.py [tokens.tsv] [--semantic]
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agis_lsp.engine.config import Config  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402

LABELS = ["valid", "inflected", "compound", "syntax", "http", "nonaction"]
# The label a rule's finding on the method stands for, first match wins.
LABEL_OF = (("AGIS202", "syntax"), ("AGIS206", "syntax"), ("AGIS301", "http"), ("AGIS201", "compound"),
            ("AGIS203", "inflected"), ("AGIS302", "nonaction"), ("AGIS305", "nonaction"),
            ("AGIS306", "nonaction"), ("AGIS304", "nonaction"), ("AGIS205", "nonaction"))
NONACTION = {"AGIS302", "AGIS304", "AGIS305", "AGIS306"}
CONFIG = Config(select=("AGIS2", "AGIS3"))

_DOCUMENT = """agis: "1.0"
service: "Accuracy Benchmark"
agtp: "agtp://bench.example.com"
endpoints:
  - method: {method}
    path: /item
    semantic:
      intent: "Acts on the item"
      actor: agent
      outcome: "The item is handled"
"""


def document_for(token: str) -> str:
    """An AGIS document with ``token`` as its one method (JSON quoting is valid YAML)."""
    return _DOCUMENT.format(method=json.dumps(token))


_LINTERS = {on: Linter(config_of=lambda _p, on=on: CONFIG.merged(semantic=on)) for on in (False, True)}


def method_codes(token: str, semantic: bool = False) -> list[str]:
    """The codes the engine reports on the method of the generated document."""
    linter = _LINTERS[semantic]
    result = linter.check(target=linter.prepare("bench.agis", text=document_for(token)))
    return [d.code for d in result.diagnostics if d.path[-1:] == ("method",)]


def label_of(codes: list[str]) -> str:
    for code, label in LABEL_OF:
        if code in codes:
            return label
    return "valid"


def classify(token: str, semantic: bool = False) -> str:
    return label_of(method_codes(token, semantic))


def read_tokens(path: Path) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line or line.startswith("# "):  # "#FIND" is a token, "# ..." a comment
            continue
        token, expected = line.split("\t")[:2]
        rows.append((token, expected))
    return rows


def evaluate(rows: list[tuple[str, str]], semantic: bool = False):
    confusion: dict[str, Counter] = defaultdict(Counter)
    misses = []
    only_unknown = 0
    for token, expected in rows:
        codes = method_codes(token, semantic)
        got = label_of(codes)
        if got == "nonaction" and expected == "nonaction" and \
                not NONACTION & set(codes):
            only_unknown += 1
        confusion[expected][got] += 1
        if got != expected:
            misses.append((token, expected, got, codes))
    return confusion, misses, only_unknown


def main(argv: list[str]) -> int:
    semantic = "--semantic" in argv
    args = [a for a in argv[1:] if a != "--semantic"]
    path = Path(args[0]) if args else ROOT / "tests" / "lexicon" / "tokens.tsv"
    rows = read_tokens(path)
    method_codes("BOOK", semantic)            # load the lexicon (and model) outside the timing
    start = time.perf_counter()
    confusion, misses, only_unknown = evaluate(rows, semantic)
    elapsed = time.perf_counter() - start
    total = len(rows)
    right = total - len(misses)
    print(f"rules: the engine's AGIS2xx/AGIS3xx rules, {'with' if semantic else 'without'} the model")
    print(f"tokens: {total}   correct: {right}   accuracy: {right / total:.1%}")
    print()
    print(f"{'expected / got':16s}" + "".join(f"{lab:>10s}" for lab in LABELS) + f"{'recall':>9s}")
    for exp in LABELS:
        row = confusion.get(exp, Counter())
        n = sum(row.values())
        rec = row[exp] / n if n else float("nan")
        print(f"{exp:16s}" + "".join(f"{row[g]:10d}" for g in LABELS) + f"{rec:9.1%}")
    valid = sum(confusion["valid"].values())
    rejected = valid - confusion["valid"]["valid"]
    print()
    print(f"valid base-form verbs rejected: {rejected}/{valid} = {rejected / valid:.2%}")
    bad = total - valid
    passed = sum(confusion[e]["valid"] for e in LABELS if e != "valid")
    print(f"problem tokens with no finding on the method: {passed}/{bad} = {passed / bad:.2%}")
    caught = confusion["nonaction"]["nonaction"]
    print(f"nonaction tokens caught only as unknown words (AGIS205, information): {only_unknown}/{caught}")
    print(f"lint of one generated document: {elapsed / total * 1000:.2f} ms per token")
    if misses:
        print()
        print("misses (token, expected, got, codes on the method):")
        for token, exp, got, codes in misses:
            print(f"  {token!r:24s} {exp:10s} -> {got:10s} {' '.join(codes) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
