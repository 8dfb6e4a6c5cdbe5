"""Snapshot the facts of the AGTP reference method catalog into the repository.

The reference catalog (nomoticai/agtp, core/methods.json, catalog 1.0.0, MIT) is
read-only input beside the project. Its verb names, categories, floor set, legacy
map and version are facts we may ship; its descriptions are someone else's
sentences, so the snapshot keeps only fingerprints of them (hashed content words
and hashed character 5-grams), enough for tests/catalog to check that our own
descriptions are not copies without shipping the originals.

    python scripts/snapshot_reference_catalog.py /path/to/agtp-methods-catalog-1.0.0.json

writes tests/catalog/data/reference-facts-1.0.0.json.
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "catalog" / "data" / "reference-facts-1.0.0.json"
STOP = {"a", "an", "the", "of", "or", "to", "and", "for", "in", "on", "by", "it", "its", "is", "e", "g", "so"}


def _h(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()[:8]


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower())) - STOP


def shingles(text: str, n: int = 5) -> set[str]:
    t = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    return {t[i:i + n] for i in range(max(1, len(t) - n + 1))} if t else set()


def fingerprint(text: str) -> dict[str, list[str]]:
    return {"words": sorted(_h(w) for w in words(text)),
            "shingles": sorted({_h(s) for s in shingles(text)})}


def snapshot(ref: dict) -> dict:
    return {
        "source": "nomoticai/agtp core/methods.json (MIT, Copyright (c) 2026 Chris Hood); "
                  "facts only, descriptions replaced by fingerprints (scripts/snapshot_reference_catalog.py)",
        "version": ref["version"],
        "embedded": ref["embedded"],
        "legacy": {k: {"preferred": v["preferred"]} for k, v in ref["legacy"].items()},
        "categories": list(ref["categories"]),
        "methods": {k: {"categories": v["categories"]} for k, v in ref["methods"].items()},
        "description_fingerprints": {
            **{f"methods.{k}": fingerprint(v["description"]) for k, v in ref["methods"].items()},
            **{f"categories.{k}": fingerprint(v) for k, v in ref["categories"].items()},
            **{f"legacy.{k}": fingerprint(v["description"]) for k, v in ref["legacy"].items()},
        },
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    ref = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    OUT.write_text(json.dumps(snapshot(ref), indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
