"""Verb choice quality on real OpenAPI operations against a human's labels.

    python benchmarks/verb_choice.py [--split dev|test|all] [--no-semantic] [--show]

Reads benchmarks/data/verb_labels.tsv (how it was built is in its header and in
docs/convert.md), asks the shipped chooser (``from_openapi.verb_request`` +
``VerbChooser``) for each labelled operation, and prints the agreement: the
chosen verb is among the labeller's acceptable verbs ("agree"), or is the
preferred one ("exact"); also how many choices the chooser sent to review.
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from agis_lsp.catalog import default_catalog  # noqa: E402
from agis_lsp.convert.from_openapi import verb_request  # noqa: E402
from agis_lsp.convert.verbs import VerbChooser  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "verb_labels.tsv")


def load(split: str):
    rows = []
    with open(DATA, encoding="utf-8") as fh:
        lines = [ln.rstrip("\n") for ln in fh if not ln.startswith("#")]
    head = lines[0].split("\t")
    for ln in lines[1:]:
        r = dict(zip(head, ln.split("\t")))
        if r["labels"] == "skip" or (split != "all" and r["split"] != split):
            continue
        rows.append(r)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=("dev", "test", "all"), default="all")
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the disagreements")
    args = ap.parse_args(argv)
    rows = load(args.split)
    chooser = VerbChooser(default_catalog(), semantic=not args.no_semantic)
    reqs = [verb_request(r["path"], r["http"], {"operationId": r["operation_id"], "summary": r["summary"]})
            for r in rows]
    choices = chooser.choose_many(reqs)
    agree = exact = review = 0
    for r, c in zip(rows, choices):
        ok = r["labels"].split("|")
        agree += c.verb in ok
        exact += c.verb == ok[0]
        review += c.review
        if args.show and c.verb not in ok:
            print(f"  {r['id']:>3} {r['http']:6} {r['summary'][:60]:60} chose {c.verb:9} label {r['labels']}"
                  f"  ({c.origin}{', review' if c.review else ''})")
    n = len(rows) or 1
    print(f"split={args.split} labelled operations={len(rows)} agree={agree}/{len(rows)} ({agree / n:.1%}) "
          f"exact={exact / n:.1%} sent to review={review / n:.1%} "
          f"model={'off' if args.no_semantic else 'on'}")
    if chooser.model_note:
        print(chooser.model_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
