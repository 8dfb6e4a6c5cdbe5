"""Shared reading of an endpoint's semantic block for pass 5."""
from __future__ import annotations

import math

from ...document.numbers import HugeInt
from .._text import and_list, or_list, type_name  # noqa: F401  (pass 5 and 8 import them from here)

ACTORS = ("agent", "user", "system")
# Section 5.2's list. The draft's appendix D says "five categories", appendix A
# adds "Orchestration", and the AGTP catalog has nine verb categories; see the
# Decision of AGIS503.
CAPABILITIES = ("discovery", "transaction", "modification", "retrieval", "analysis", "notification")
IMPACT_TIERS = ("informational", "reversible", "irreversible")
REQUIRED = ("intent", "actor", "outcome")
# Conformance table (section 3): RECOMMENDED at level 1, REQUIRED at level 2.
LEVEL2 = ("capability", "confidence_guidance", "impact_tier", "is_idempotent")
KNOWN = REQUIRED + LEVEL2 + ("parameter_hints", "state_transition", "mcp_tool_name")
IRREVERSIBLE_MIN_CONFIDENCE = 0.85
STATE_CHANGING_CAPABILITIES = ("transaction", "modification")


def endpoints(ctx):
    """Endpoints whose definition is a mapping (pass 1 reports the others)."""
    raw = ctx.data.get("endpoints") if isinstance(ctx.data, dict) else None
    for ep in ctx.view.endpoints:
        item = raw[ep.index] if isinstance(raw, list) else raw.get(ep.key) if isinstance(raw, dict) else None
        if isinstance(item, dict):
            yield ep


def semantic_blocks(ctx):
    """(endpoint, semantic mapping) for endpoints that have a semantic mapping."""
    for ep in endpoints(ctx):
        sem = ep.body.get("semantic")
        if isinstance(sem, dict):
            yield ep, sem


def anchor(ep) -> tuple[tuple, str]:
    """A short place that stands for the whole endpoint: its method key, or its "METHOD /path" key."""
    if not ep.keyed and "method" in ep.body:
        return ep.field_path("method"), "key"
    return ep.node_path, "key"


def name(ep) -> str:
    return ep.label.strip()


def is_number(v) -> bool:
    """A number of the JSON data model: any int (of any size), a finite float, or an integer
    literal too long for ``int()`` (a HugeInt, beyond every range)."""
    if isinstance(v, bool):
        return False
    return isinstance(v, (int, HugeInt)) or (isinstance(v, float) and math.isfinite(v))


def norm(v):
    return v.strip().lower() if isinstance(v, str) else None


def is_irreversible(sem: dict) -> str | None:
    """Why the endpoint counts as irreversible, or None (see AGIS507's Decision)."""
    tier = norm(sem.get("impact_tier"))
    if tier == "irreversible":
        return "impact_tier is irreversible"
    if tier not in IMPACT_TIERS and norm(sem.get("capability")) == "transaction":
        return "capability is transaction"
    return None


def state_change_reason(sem: dict) -> str | None:
    """Why the endpoint changes state, or None (see AGIS509's Decision)."""
    tier = norm(sem.get("impact_tier"))
    if tier in ("reversible", "irreversible"):
        return f"impact_tier is {tier}"
    cap = norm(sem.get("capability"))
    if cap in STATE_CHANGING_CAPABILITIES:
        return f"capability is {cap}"
    return None


def is_mapping(ctx, ep) -> bool:
    """Whether the endpoint's definition is a mapping: what :func:`endpoints` yields, for a
    rule that visits one endpoint (``visits="endpoint"``)."""
    raw = ctx.data.get("endpoints") if isinstance(ctx.data, dict) else None
    item = raw[ep.index] if isinstance(raw, list) else raw.get(ep.key) if isinstance(raw, dict) else None
    return isinstance(item, dict)


def semantic_of(ctx, ep):
    """The endpoint's semantic mapping (None: none), what :func:`semantic_blocks` yields for it."""
    if not is_mapping(ctx, ep):
        return None
    sem = ep.body.get("semantic")
    return sem if isinstance(sem, dict) else None
