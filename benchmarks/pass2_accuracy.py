#!/usr/bin/env python3
"""Accuracy of the lexicon-driven method-name checks on a labelled token list.

Reads tests/lexicon/tokens.tsv (hand-labelled: valid, inflected, compound,
syntax, http, nonaction) and runs each token through the same order of
checks a linter applies to an AGIS method identifier:

    syntax    not A-Z only (4.1 a/c); letters joined by _ or - are compound
    http      GET POST PUT DELETE PATCH HEAD OPTIONS CONNECT TRACE (4.3)
    compound  lexicon.split_compound (4.1 d)
    nonaction lexicon.non_action_class == "being" (IS, HAS, EXISTS) (4.2)
    inflected lexicon.inflection_of (4.1 b)
    nonaction lexicon.non_action_class, or not a known verb at all (4.2)
    nonaction a stative verb or a fused phrasal noun (AGIS305/306; 4.2)
    valid     otherwise

Prints a confusion table, per-label recall, the share of valid base-form
verbs that were rejected, and every miss.

    python benchmarks/pass2_accuracy.py [tokens.tsv]
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agis_lsp import lexicon  # noqa: E402

LABELS = ["valid", "inflected", "compound", "syntax", "http", "nonaction"]
HTTP = {"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE"}
_ALPHA = re.compile(r"[A-Za-z]+")
_JOINED = re.compile(r"[A-Za-z]+(?:[_-][A-Za-z]+)+")


def classify(token: str) -> str:
    if not _ALPHA.fullmatch(token):
        return "compound" if _JOINED.fullmatch(token) else "syntax"
    if token.upper() in HTTP:
        return "http"
    if lexicon.split_compound(token):
        return "compound"
    cls = lexicon.non_action_class(token)
    if cls == "being":
        return "nonaction"
    if lexicon.inflection_of(token):
        return "inflected"
    if cls is not None:
        return "nonaction"
    if lexicon.is_stative(token) or lexicon.fused_phrasal(token):
        return "nonaction"
    if lexicon.is_base_verb(token):
        return "valid"
    return "nonaction"


def read_tokens(path: Path) -> list[tuple[str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line or line.startswith("# "):  # "#FIND" is a token, "# ..." a comment
            continue
        token, expected = line.split("\t")[:2]
        rows.append((token, expected))
    return rows


def evaluate(rows: list[tuple[str, str]]):
    confusion: dict[str, Counter] = defaultdict(Counter)
    misses = []
    for token, expected in rows:
        got = classify(token)
        confusion[expected][got] += 1
        if got != expected:
            misses.append((token, expected, got))
    return confusion, misses


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else ROOT / "tests" / "lexicon" / "tokens.tsv"
    rows = read_tokens(path)
    confusion, misses = evaluate(rows)
    total = len(rows)
    right = total - len(misses)
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
    if misses:
        print()
        print("misses (token, expected, got):")
        for token, exp, got in misses:
            print(f"  {token!r:24s} {exp:10s} -> {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
