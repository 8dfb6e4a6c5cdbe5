"""Real hard negatives for the directive head (AGSC901) from the DEVELOPMENT half of the
project's real corpora (``benchmarks/corpora``, docs/corpora.md).

Only units that ``benchmarks/corpora/splits.json`` assigns to ``dev`` are ever opened: the
held-out half (MCP servers and API documents) is measured once at the end, never trained or
tuned on, and the MCP corpus's blind splits (``blind``, ``blind2``, …: every split servers.toml pins,
each in its own folder ``mcp/<split>/``) are read by nobody before their one measurement
(docs/corpora.md). The dev units are cut once more, by a hash of the unit's name, into

* fold ``fit``: its prose fields are training negatives (label 0);
* fold ``calibrate``: its prose fields set the threshold and are never trained on,

(units sorted by size and name, taken in consecutive pairs, a hash of the pair's first name
sending one to each fold: both folds get the same spread of sizes, as in the split itself),

so the dev figures of the ``calibrate`` fold are an estimate of what the head does on
servers and documents it has not seen.

A field is taken the way the rule takes it (``agis_lsp.rules.security.learned``): a prose
field of the engine's own walker (``agis_lsp.formats.prose``) whose role the rule judges
and that has a cue word (``has_cue``); the others are never embedded at lint time.
The OpenAPI fields sit in the rule at the same role they get in ``benchmarks/real_precision.py``.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "benchmarks" / "corpora"
FOLDS = ("fit", "calibrate")


def _assign() -> dict:
    return json.loads((CORPORA / "splits.json").read_text())["corpora"]


def folds(sizes: dict[str, int]) -> dict[str, str]:
    """unit -> ``fit`` or ``calibrate``: units sorted by (size, name) in consecutive pairs, the
    sha256 of the pair's first name choosing which one fits."""
    order = sorted(sizes, key=lambda u: (sizes[u], u))
    out = {}
    for i in range(0, len(order), 2):
        pair = order[i:i + 2]
        flip = hashlib.sha256(pair[0].encode()).digest()[0] % 2
        for j, unit in enumerate(pair):
            out[unit] = FOLDS[(j + flip) % 2]
    return out


def _with_folds(rows: list[dict]) -> list[dict]:
    sizes: dict[str, int] = {}
    for r in rows:
        sizes[r["unit"]] = sizes.get(r["unit"], 0) + 1
    fold = folds(sizes)
    return [dict(r, fold=fold[r["unit"]]) for r in rows]


def heldout_aws_services() -> frozenset[str]:
    """AWS services whose API document is in the held-out half of the OpenAPI corpus (by name,
    from splits.json only: ``apisguru-aws:amazonaws.com_<service>``). botocore's text of the
    same service (``models/data/directive_*.jsonl``) is then never trained or tuned on."""
    return frozenset(k.split("amazonaws.com_", 1)[1] for k, v in _assign().get("openapi", {}).items()
                     if k.startswith("apisguru-aws:") and "amazonaws.com_" in k and v != "dev")


def _judged(role: str, text: str) -> bool:
    from agis_lsp.rules.security.learned import STATEMENT_ROLES, SUGGESTION_ROLES
    from agis_lsp.semantic.directive import has_cue
    return role not in STATEMENT_ROLES and role not in SUGGESTION_ROLES and has_cue(text)


def mcp_rows() -> list[dict]:
    """{unit, fold, role, text, judged} for every prose field of the dev MCP servers (judged: AGSC901 embeds it)."""
    from agis_lsp.document import parse_text
    from agis_lsp.formats.kinds import detect
    from agis_lsp.formats.prose import prose_fields
    out = []
    for unit, side in sorted(_assign().get("mcp", {}).items()):
        if side != "dev":
            continue
        for name in (f"{unit}.tools.mcp.json", f"{unit}.listing.mcp.json"):
            path = CORPORA / "mcp" / name
            if not path.exists():
                continue
            doc = parse_text(path.read_text(), str(path))
            for p in prose_fields(detect(doc), doc):
                out.append({"unit": unit, "role": p.role, "text": p.text,
                            "judged": _judged(p.role, p.text)})
    return _with_folds(out)


def openapi_rows() -> list[dict]:
    """The same for the dev API documents (every extracted prose field)."""
    assign = _assign().get("openapi", {})
    out = []
    for path in sorted((CORPORA / "openapi").glob("*.jsonl")):
        for line in path.open(encoding="utf-8"):
            r = json.loads(line)
            if assign.get(r["document"]) != "dev":
                continue
            out.append({"unit": r["document"], "role": r["role"],
                        "text": r["text"], "judged": _judged(r["role"], r["text"])})
    return _with_folds(out)


def dev_rows() -> list[dict]:
    return [dict(r, corpus="mcp") for r in mcp_rows()] + [dict(r, corpus="openapi") for r in openapi_rows()]
