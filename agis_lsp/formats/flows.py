"""Dangerous combinations of tools in one agent's reach (the "lethal trifecta", a toxic flow).

A combination is three legs: a tool that returns untrusted content (its text can carry
orders to the agent), a tool that reads private data, and a tool that sends or publishes
outside. A tool that runs code can fill the private and the sending leg (a shell reads
files and opens connections). The legs may come from one server or from several servers
of one client; each combination is reported once, by the smallest set of servers that
completes it (a set none of whose proper subsets is itself an unaccepted combination: once
``{slack}`` alone is accepted, ``{filesystem, slack}`` is reported), with the strongest tool
of each leg and how many tools could fill it.

Input: ``{server: {tool: {label: confidence}}}`` in the configuration's order (the labels
that hold, as ``formats/capabilities.py`` gives them).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

LEGS = ("untrusted", "private", "sends")
HARM = ("destructive", "executes")
STRONG = 0.7            # a combination whose weakest leg is below this is only "possible"
CODES = {"possible": "MCPT503", "flow": "MCPT501", "harm": "MCPT502"}
_LEG_TEXT = {"untrusted": "reads untrusted content", "private": "reads private data",
             "sends": "sends outside"}


@dataclass(frozen=True)
class Leg:
    label: str
    server: str
    tool: str
    confidence: float
    count: int          # tools of the combination's servers that could fill this leg


@dataclass(frozen=True)
class Flow:
    servers: tuple      # in the configuration's order
    legs: tuple         # (untrusted, private, sends) Legs
    harm: tuple         # ((server, tool, label), ...): destroys data or runs code, in reach
    also: tuple = ()    # ((leg, server), ...): servers outside the set that could fill a leg

    @property
    def confidence(self) -> float:
        return min(leg.confidence for leg in self.legs)

    @property
    def code(self) -> str:
        if self.confidence < STRONG:
            return CODES["possible"]
        return CODES["harm"] if self.harm else CODES["flow"]

    def message(self) -> str:
        where = "server " + repr(self.servers[0]) if len(self.servers) == 1 else \
            "servers " + ", ".join(repr(s) for s in self.servers)
        parts = []
        for leg in self.legs:
            more = f" (+{leg.count - 1} more)" if leg.count > 1 else ""
            parts.append(f"'{leg.tool}' of '{leg.server}' {_LEG_TEXT[leg.label]}{more}")
        verb = "puts" if len(self.servers) == 1 else "put"
        text = (f"{where} {verb} untrusted input, private data and an outside channel in one "
                f"agent's reach: {'; '.join(parts)}: text the first returns can make the agent "
                f"read with the second and send with the third")
        if self.harm:
            server, tool, label = self.harm[0]
            does = "destroys data" if label == "destructive" else "runs code"
            more = f" (+{len(self.harm) - 1} more)" if len(self.harm) > 1 else ""
            text += f"; '{tool}' of '{server}' {does}{more}"
        if self.also:
            by_server: dict = {}
            for leg, server in self.also:
                by_server.setdefault(server, []).append(leg)
            text += "; other servers in reach fill a leg too: " + ", ".join(
                f"'{server}' ({', '.join(legs)})" for server, legs in by_server.items())
        if self.confidence < STRONG:
            text += f" (weakest leg {self.confidence:.2f}: check the tools named)"
        return text

    def as_json(self) -> dict:
        return {"code": self.code, "servers": list(self.servers),
                "confidence": round(self.confidence, 2),
                "legs": {leg.label: {"server": leg.server, "tool": leg.tool,
                                     "confidence": round(leg.confidence, 2), "tools": leg.count}
                         for leg in self.legs},
                "harm": [{"server": s, "tool": t, "label": lb} for s, t, lb in self.harm],
                "also": [{"leg": leg, "server": s} for leg, s in self.also]}


def leg_confidence(labels: dict, leg: str) -> float:
    """How surely a tool (its ``{label: confidence}``) fills a leg."""
    own = float(labels.get(leg, 0.0))
    return max(own, float(labels.get("executes", 0.0))) if leg in ("private", "sends") else own


def _best(tools: dict, leg: str):
    """(confidence, tool, count) of a server's strongest tool for a leg, or None."""
    scored = [(leg_confidence(labels, leg), -i, tool)
              for i, (tool, labels) in enumerate(tools.items()) if leg_confidence(labels, leg) > 0]
    if not scored:
        return None
    conf, _, tool = max(scored)
    return conf, tool, len(scored)


def find(table: dict, accepted=()) -> tuple:
    """(flows, accepted flows as (Flow, reason)) of a client's servers."""
    order = list(table)
    best = {(s, leg): _best(table[s], leg) for s in order for leg in LEGS}
    by_set: dict = {}
    holders = [[s for s in order if best[(s, leg)]] for leg in LEGS]
    for trio in product(*holders):
        key = frozenset(trio)
        legs = tuple(best[(s, leg)] for s, leg in zip(trio, LEGS))
        score = (min(c for c, _, _ in legs), sum(c for c, _, _ in legs))
        if key not in by_set or score > by_set[key][0]:
            by_set[key] = (score, trio)
    reasons = {key: next((r for servers, r in accepted if frozenset(servers) == key), None)
               for key in by_set}
    open_sets = [k for k in by_set if reasons[k] is None]
    flows, taken = [], []
    for key in sorted(by_set, key=lambda k: sorted(order.index(s) for s in k)):
        flow = _flow(table, order, key, by_set[key][1], best)
        if reasons[key] is not None:
            taken.append((flow, reasons[key]))
        elif not any(o < key for o in open_sets):
            flows.append(flow)
    return flows, taken


def _flow(table: dict, order: list, key: frozenset, trio: tuple, best: dict) -> Flow:
    servers = tuple(s for s in order if s in key)
    legs = []
    for s, leg in zip(trio, LEGS):
        conf, tool, _ = best[(s, leg)]
        count = sum(1 for srv in servers for labels in table[srv].values()
                    if leg_confidence(labels, leg) > 0)
        legs.append(Leg(leg, s, tool, conf, count))
    harm = sorted(((srv, tool, lb) for srv in servers for tool, labels in table[srv].items()
                   for lb in HARM if labels.get(lb, 0.0) > 0),
                  key=lambda h: (-table[h[0]][h[1]][h[2]], order.index(h[0])))
    seen, unique = set(), []
    for h in harm:
        if (h[0], h[1]) not in seen:
            seen.add((h[0], h[1]))
            unique.append(h)
    also = tuple((leg, s) for leg in LEGS for s in order if s not in key and best[(s, leg)])
    return Flow(servers, tuple(legs), tuple(unique), also)
