"""The A2T, ADP and AINP examples corpus (benchmarks/corpora/other, docs/corpora.md): every file has
its provenance, a split, the kind of its format, and the prose count its index records; and the
converted OpenAPI documents are committed with their review items."""
from __future__ import annotations

import json
from pathlib import Path

from agis_lsp.document import parse_text
from agis_lsp.formats.kinds import detect
from agis_lsp.formats.prose import prose_fields

ROOT = Path(__file__).resolve().parent.parent
OTHER = ROOT / "benchmarks" / "corpora" / "other"
CONVERTED = ROOT / "benchmarks" / "corpora" / "openapi" / "converted"
KIND_PREFIX = {"a2t": "a2t", "adp": "adp-", "ainp": "ainp-"}


def test_every_example_has_provenance_a_split_and_its_kind():
    index = {d["document"]: d for d in json.loads((OTHER / "index.json").read_text())["documents"]}
    splits = json.loads((OTHER.parent / "splits.json").read_text())["corpora"]["other"]
    files = sorted(p.relative_to(OTHER).as_posix() for p in OTHER.rglob("*")
                   if p.is_file() and p.name != "index.json")
    assert files == sorted(index) == sorted(splits)
    assert set(splits.values()) == {"dev", "heldout"}
    for rel, meta in index.items():
        assert meta["source"] and meta["where"] and meta["repair"] and meta["written_by"]
        doc = parse_text((OTHER / rel).read_text(), str(OTHER / rel))
        kind = detect(doc)
        assert kind and kind.startswith(KIND_PREFIX[meta["format"]]), (rel, kind)
        assert len(prose_fields(kind, doc)) == meta["fields"], rel


def test_the_converted_documents_are_committed_with_their_review_items():
    reviews = sorted(CONVERTED.glob("*.review.json"))
    assert len(reviews) >= 12
    for r in reviews:
        review = json.loads(r.read_text())
        target = CONVERTED / review["files"][0]
        assert target.exists() and target.stat().st_size < 5_000_000
        assert review["document"] and isinstance(review["review"], list)
