"""Verb choice quality on real OpenAPI operations against a human's labels.

    python benchmarks/verb_choice.py [--styles] [--split dev|test|all] [--no-semantic] [--show]

Reads benchmarks/data/verb_labels.tsv, or with ``--styles``
benchmarks/data/verb_styles.tsv (real operations of Google, AWS, Azure, GitHub,
Stripe and plain REST documents, one table row per style); how each was built
is in its header and in docs/convert.md. It asks the shipped chooser (``from_openapi.verb_request`` +
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

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
DATA = os.path.join(HERE, "verb_labels.tsv")
STYLES = os.path.join(HERE, "verb_styles.tsv")


def load(split: str, data: str = DATA):
    rows = []
    with open(data, encoding="utf-8") as fh:
        lines = [ln.rstrip("\n") for ln in fh if not ln.startswith("#")]
    head = lines[0].split("\t")
    for ln in lines[1:]:
        r = dict(zip(head, ln.split("\t")))
        if r.get("labels", "") in ("skip", "") or (split != "all" and r["split"] != split):
            continue
        rows.append(r)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=("dev", "test", "all"), default="all")
    ap.add_argument("--no-semantic", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the disagreements")
    ap.add_argument("--styles", action="store_true", help="the six-style set (verb_styles.tsv)")
    args = ap.parse_args(argv)
    rows = load(args.split, STYLES if args.styles else DATA)
    chooser = VerbChooser(default_catalog(), semantic=not args.no_semantic)
    reqs = [verb_request(r["path"], r["http"], {"operationId": r["operation_id"], "summary": r["summary"],
                                                "description": r.get("description", "")})
            for r in rows]
    choices = chooser.choose_many(reqs)
    table: dict = {}
    for r, c in zip(rows, choices):
        ok = r["labels"].split("|")
        t = table.setdefault(r.get("style", "all"), [0, 0, 0, 0, 0])
        t[0] += 1
        t[1] += c.verb in ok
        t[2] += c.verb == ok[0]
        t[3] += c.review
        t[4] += c.verb not in ok and not c.review      # a wrong verb nobody is asked to look at
        if args.show and c.verb not in ok:
            what = r["summary"] or r["operation_id"] or r.get("description", "")
            print(f"  {r['id']:>3} {r['http']:6} {what[:60]:60} chose {c.verb:9} label {r['labels']}"
                  f"  ({c.origin}{', review' if c.review else ''}) {c.reason[:90]}")
    print(f"split={args.split} model={'off' if args.no_semantic else 'on'}")
    print(f"{'style':8} {'labelled':>8} {'agree':>14} {'exact':>7} {'to review':>9} {'wrong, unreviewed':>17}")
    total = [sum(t[i] for t in table.values()) for i in range(5)]
    for name, t in list(table.items()) + ([("total", total)] if len(table) > 1 else []):
        n = t[0] or 1
        print(f"{name:8} {t[0]:>8} {t[1]:>5}/{t[0]:<3} {t[1] / n:>5.1%} {t[2] / n:>7.1%} {t[3] / n:>9.1%} "
              f"{t[4]:>17}")
    if chooser.model_note:
        print(chooser.model_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
