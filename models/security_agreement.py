"""The thresholds at which the directive head's score counts in the rule's context
(``agreement_threshold``, ``cross_tool_threshold`` and ``warn_threshold`` of ``security_head.json``), picked on the
calibrate fold of the real corpora's dev units as the shipped engine reads them
(``python models/train_security.py --agreement-only`` writes them).
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from agis_lsp.semantic.directive import in_bands, quiet_spans, scored_spans
from security_sets import corpus_fold

HERE = Path(__file__).resolve().parent

# The thresholds at which the model's score counts in the rule's context (``learned.py``,
# ``agreement_threshold`` and ``cross_tool_threshold``), picked by ``agreement_thresholds`` on
# the calibrate fold of the real corpora's dev units: no field there that a pattern rule
# reports may be agreed with (an agreement raises a pattern finding to an error), no field that
# orders a call to a name its own document does not define may be flagged, and at most
# AGREEMENT_FIELD_RATE of the fold's prose fields may score over either (the fold has few
# reported fields: the score of the one highest must not alone set the bar).
AGREEMENT_FIELD_RATE = 1e-3
# The model alone is a warning from ``warn_threshold`` (``learned.warning_threshold``): over
# every judged field of the calibrate fold (k = 0 of its 11,468 prose fields: the measured rate
# of "at most 1 per 10,000 real prose fields" that a warning needs), never under the head's own
# threshold. Under it, and over the head's threshold, the model alone is information.
WARN_FIELD_RATE = 0.0


def _calibrate_documents() -> list[tuple[str, str]]:
    """(name, text) of the documents of the calibrate fold's dev units as the linter reads
    them: each MCP server's files, each API document's prose in an MCP tool list at a slot of
    its role (``benchmarks/api_host.py``, ``host_document``, the harness of ``real_precision.py``)."""
    from security_corpora import CORPORA, dev_rows
    sys.path.insert(0, str(HERE.parent / "benchmarks"))
    from api_host import host_document
    rows = [r for r in dev_rows() if r["fold"] == "calibrate"]
    out = []
    for unit in sorted({r["unit"] for r in rows if r["corpus"] == "mcp"}):
        for name in (f"{unit}.tools.mcp.json", f"{unit}.listing.mcp.json"):
            if (CORPORA / "mcp" / name).exists():
                out.append((name, (CORPORA / "mcp" / name).read_text(encoding="utf-8")))
    api = defaultdict(list)
    for line in sorted((CORPORA / "openapi").glob("*.jsonl")):
        for r in map(json.loads, line.read_text(encoding="utf-8").splitlines()):
            api[r["document"]].append(r)
    for unit in sorted({r["unit"] for r in rows if r["corpus"] == "openapi"}):
        out.append((f"api-{len(out):03d}.tools.mcp.json", json.dumps(host_document(api[unit]))))
    return out


def _calibrate_fields(enc, head) -> list[dict]:
    """Every judged prose field of the calibrate fold: its best piece's score, whether a pattern
    rule of the security pass reports it (the shipped engine, model off) and whether that piece
    orders a call to a tool-like name its own document does not define."""
    from agis_lsp.engine.config import Config
    from agis_lsp.engine.linter import Linter
    from agis_lsp.formats.prose import prose_fields
    from agis_lsp.rules.security._scan import own_names
    from agis_lsp.rules.security._directions import calls_another_tool
    from agis_lsp.rules.security.learned import STATEMENT_ROLES, SUGGESTION_ROLES
    from security_corpora import _judged
    from agis_lsp.rules.security._tool_contracts import contracts_of
    linter = Linter(config_of=lambda _p: Config(select=("AGSC",), semantic=False))
    fields, tools = [], {}
    for name, text in _calibrate_documents():
        outcome = linter.mechanical(linter.prepare(name, text=text))
        reported = [tuple(d.path) for d in outcome.diagnostics if d.code.startswith("AGSC")]
        own = own_names(outcome.doc.data)
        # a server's listing is linted with its tool list (as ``mcp scan`` does): its tools' contracts
        unit = name.split(".tools.mcp.json")[0].split(".listing.mcp.json")[0]
        tools.setdefault(unit, []).extend(contracts_of(outcome.doc.data))
        for p in prose_fields(outcome.kind, outcome.doc):
            if _judged(p.role, p.text) or (p.role not in STATEMENT_ROLES and p.role not in SUGGESTION_ROLES
                                           and quiet_spans(p.text)):
                path = tuple(p.path)
                fields.append({"text": p.text, "own": own, "unit": unit,
                               "reported": any(r[:len(path)] == path for r in reported)})
    for f in fields:
        f["contracts"] = list(dict.fromkeys(tools[f.pop("unit")]))
    jobs = _read_pieces(enc, head, [f["text"] for f in fields])
    scores = head.scores(enc.embed([fields[i]["text"][a:b] for i, a, b in jobs]).astype(np.float32))
    for (i, a, b), s in zip(jobs, scores):
        fields[i].setdefault("pieces", []).append((float(s), a, fields[i]["text"][a:b]))
        if float(s) > fields[i].get("score", -1.0):
            fields[i].update(score=float(s), piece=fields[i]["text"][a:b])
    for f in fields:
        if "piece" in f and f["score"] < head.threshold and not in_bands(f["text"], f["piece"]):
            del f["pieces"], f["piece"], f["score"]   # the rule judges it at the head's threshold only
        f["crosses"] = calls_another_tool(f.get("piece", ""), f.pop("own"))
    return [f for f in fields if "score" in f]   # not read: no cue, and the first look stopped its pieces


def _read_pieces(enc, head, texts: list[str]) -> list[tuple[int, int, int]]:
    """(field, start, end) of the pieces the rule may read: every piece of a field with a cue (the
    first look's bar is picked to keep their verdicts), and the pieces of one without that pass the
    first look's stricter bar (``directive.quiet_spans``)."""
    jobs = [(i, a, b) for i, t in enumerate(texts) for a, b in scored_spans(t)]
    quiet = [(i, a, b) for i, t in enumerate(texts) for a, b in quiet_spans(t)]
    if quiet and head.screen is not None and head.screen.quiet_bar is not None:
        passed = head.screen.passes(enc.enc.tokenizer, [texts[i][a:b] for i, a, b in quiet], True)
        jobs.extend(j for j, ok in zip(quiet, passed) if ok)
    return jobs


def pick_bar(kind: list[float], everything: list[float], n_fields: int, head_threshold: float,
             rate: float = AGREEMENT_FIELD_RATE) -> float:
    """The lowest score over every field of ``kind`` (the fields the bar must not let through)
    and over all but ``floor(rate x n_fields)`` of ``everything`` (the judged fields of a fold
    of ``n_fields`` prose fields); at least 0.5, never over ``head_threshold``."""
    ranked = sorted(everything, reverse=True)
    k = int(np.floor(rate * n_fields))
    by_rate = ranked[k] + 1e-4 if k < len(ranked) else 0.5
    return min(max(by_rate, max(kind, default=0.0) + 1e-4, 0.5), head_threshold)


def agreement_thresholds(enc, head, dev_payload_scores: np.ndarray | None = None) -> dict:
    """``agree_threshold`` and ``cross_tool_threshold`` for ``security_head.json``, from the
    calibrate fold of the real corpora's dev units (never trained on): each the lowest score
    over which (a) no field of its kind scores there (a field a pattern rule reports, for the
    agreement; an unreported field that orders a call to a name its document does not define,
    for the cross-tool bar) and (b) at most AGREEMENT_FIELD_RATE of the fold's prose fields
    score; never over the head's own threshold (both only lower it). ``head`` is the trained
    ``DirectiveHead`` (its ``threshold`` set); ``dev_payload_scores``, the head's scores of the
    dev payloads, gives the share each bar lets through (reported, not used). Beside them,
    ``warn_threshold``: the score from which the model alone is a warning (``WARN_FIELD_RATE``)."""
    fields = _calibrate_fields(enc, head)
    _texts, n_fields = corpus_fold("calibrate")
    scores = [f["score"] for f in fields]
    out: dict = {"rule": "models/train_security.py agreement_thresholds", "calibrate_fields": n_fields,
                 "field_rate": AGREEMENT_FIELD_RATE}
    for key, kind in (("agree_threshold", "reported"), ("cross_tool_threshold", "crosses")):
        mine = [f["score"] for f in fields if f[kind] and (kind == "reported" or not f["reported"])]
        bar = pick_bar(mine, scores, n_fields, float(head.threshold))
        out[key] = round(bar, 4)
        out[key.replace("threshold", "fields")] = len(mine)
        out[key.replace("threshold", "highest")] = round(max(mine, default=0.0), 4)
        if dev_payload_scores is not None:
            out[key.replace("threshold", "dev_payloads_over")] = round(float(np.mean(dev_payload_scores >= bar)), 4)
    warn = max(pick_bar(scores, scores, n_fields, 1.0, rate=WARN_FIELD_RATE), float(head.threshold))
    out.update(contract_threshold(enc, fields, out["cross_tool_threshold"], warn))
    out["warn_threshold"] = round(warn, 4)
    out["warn_field_rate"] = WARN_FIELD_RATE
    if dev_payload_scores is not None:
        out["warn_dev_payloads_over"] = round(float(np.mean(dev_payload_scores >= warn)), 4)
    return out


# The contract's warning bar (``_tool_contracts.contract_warn_threshold``): under the head's threshold,
# a piece as far under the contract bar as the calibrate fold's nearest field is over it (0 - 0.054)
# makes the finding a warning: the head and a text far from every tool agree.
#
# The contract bar (``_tool_contracts.contract_threshold``): a text the head scores from the cross-tool
# bar to its threshold, and whose best piece is nearer to none of its document's tools'
# contracts (``_tool_contracts``) than this cosine, is reported at information; from the threshold
# to the warning bar, such a text is a warning (``learned.directive_text``). Picked under
# every such field of the calibrate fold (k = 0), and never over CONTRACT_CEILING: a payload
# placed in a tool sits at a median cosine of -0.10 from it, real guidance at 0.58, and a bar
# just under the fold's lowest real field would follow one field's chance.
CONTRACT_CEILING = 0.0
# The bare contract's bar (``_tool_contracts.contract_bare_threshold``): a contract without parameters
# ("readme: ", "insufficient funds: ") is a name of a word or two, and any short text reads near it:
# on the calibrate fold, real pieces sit at 0.00-0.16 from bare names that are not their topic, much as
# payloads do from the name of the resource they are put in. A bare contract is near from this
# cosine: the lowest bare cosine of a calibrate-fold piece that only a bare contract keeps near
# (k = 0, as the contract bar), never over BARE_CEILING (a text about a bare name, a resource's own
# description, sits well over it) and never under the contract bar.
BARE_CEILING = 0.3


def contract_threshold(enc, fields: list[dict], low: float, high: float) -> dict:
    """``contract_threshold`` for ``security_head.json``: the least of CONTRACT_CEILING and the
    nearest-contract cosine of each piece scored from ``low`` of every unreported calibrate-fold
    field the head scores in [``low``, ``high``) (the cross-tool bar to the warning bar) whose
    document has tools (less 1e-4), with how
    many such fields there were and the lowest cosine among them; and ``contract_bare_threshold``
    (``bare_threshold``)."""
    band = [f for f in fields if not f["reported"] and not f["crosses"] and low <= f["score"] < high
            and f["contracts"]]
    nearest, pieces_near = [], []
    from agis_lsp.rules.security._tool_contracts import continues_a_sentence, is_bare
    for f in band:   # the rule reads each piece scored from ``low`` (``_tool_contracts.off_contract``)
        pieces = [p for s, a, p in f["pieces"] if s >= low and not continues_a_sentence(f["text"], a)]
        if not pieces:
            continue
        v = enc.embed(pieces + f["contracts"]).astype(np.float32)
        sims = v[len(pieces):] @ v[:len(pieces)].T     # contracts x pieces
        nearest.append(float(sims.max(0).min()))
        bare = np.array([is_bare(c) for c in f["contracts"]])
        pieces_near.extend(zip(np.where(~bare[:, None], sims, -1.0).max(0).tolist(),
                               np.where(bare[:, None], sims, -1.0).max(0).tolist()))
    lowest = min(nearest, default=1.0)
    bar = round(min(CONTRACT_CEILING, lowest - 1e-4), 4)
    return {"contract_threshold": bar, "contract_fields": len(band), "contract_lowest": round(lowest, 4),
            "contract_warn_threshold": round(bar - max(lowest - bar, 0.0), 4),
            **bare_threshold(pieces_near, bar)}


def bare_threshold(pieces_near: list[tuple[float, float]], bar: float) -> dict:
    """``contract_bare_threshold``: from (nearest contract with parameters, nearest bare contract)
    of each calibrate-fold piece the contract bar reads, the lowest bare cosine of a piece no
    contract with parameters keeps near (less 1e-4), never over BARE_CEILING nor under ``bar``."""
    kept = [b for p, b in pieces_near if p < bar]
    lowest = min(kept, default=BARE_CEILING + 1e-4)
    return {"contract_bare_threshold": round(max(bar, min(BARE_CEILING, lowest - 1e-4)), 4),
            "contract_bare_pieces": len(kept)}
