"""The incremental mechanical phase (``Linter.mechanical(target, previous)``): per-endpoint
rules on the changed endpoints, every other rule on the whole document, the rest reused
(``engine.incremental`` says what may be reused and why)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .incremental import FRAME, Memo, canonical, layout, move, owner_of, plan
from .registry import get_rule
from .runner import position
from .registry import rules_for
from .runner import run_rules


@dataclass
class PhaseRun:
    """One phase's raw findings and what the next check may reuse of them."""
    raw: list
    notes: list = field(default_factory=list)
    skipped: set = field(default_factory=set)
    internal_errors: int = 0
    memo: Memo | None = None            # an AGIS document's per-endpoint findings
    cross_file: frozenset = frozenset()  # a deployment file's rules that read the deployment
    incremental: bool = False


def run_phase(target, phase: str, previous=None, *, model=None) -> PhaseRun:
    """``phase`` (mechanical or semantic) of ``target``: reusing ``previous`` (this document's
    last outcome of that phase) where an edit allows (the changed endpoints of an AGIS
    document; the cross-file rules of a deployment file whose sibling changed), else in full."""
    if previous is not None:
        memo = previous.memo if phase == "mechanical" else previous.semantic_memo
        res = run_incremental(target, memo, model=model, phase=phase) if memo is not None else None
        if res is not None:
            raw, memo, notes, skipped = res
            return PhaseRun(raw, notes, skipped, memo=memo, incremental=True)
        if target.deployment is not None:
            res = rerun_cross_file(target, previous, phase=phase, model=model)
            if res is not None:
                raw, cross, notes, skipped = res
                return PhaseRun(raw, notes, skipped, cross_file=frozenset(cross), incremental=True)
    res = run_rules(target.doc, target.config, phase=phase, semantic=target.config.semantic,
                    kind=target.kind, deployment=target.deployment, catalog=target.catalog,
                    model=model)
    raw, memo = memo_of(target, res, keep=phase != "all")
    return PhaseRun(raw, res.notes, set(res.skipped), res.internal_errors, memo,
                    frozenset(res.cross_file))


def _per_endpoint_codes(kind: str) -> set:
    return {r.code for r in rules_for(kind) if r.per_endpoint}


def memo_of(target, res, *, keep: bool) -> tuple[list, Memo | None]:
    """A full run's raw findings in canonical order and, when ``keep`` (a phase the server
    runs on its own) for an AGIS document incremental checking can follow, their memo."""
    if target.kind != "agis":
        return res.diagnostics, None
    spans = layout(target.doc)
    if spans is None:
        return res.diagnostics, None
    raw, by_rule = canonical(res.diagnostics, _per_endpoint_codes(target.kind), len(spans))
    if not keep or res.internal_errors:
        return raw, None
    return raw, Memo(target.doc, target.config, target.catalog, spans, by_rule)


def run_incremental(target, memo: Memo, *, model=None, phase: str = "mechanical"):
    """(raw findings, new memo, notes, skipped) of ``phase`` (mechanical or semantic) of
    ``target`` with ``memo``'s findings (of the same phase) reused; None when a full check
    is needed."""
    if target.kind != "agis" or target.deployment is not None:
        return None
    planned = plan(memo, target.doc, target.config, target.catalog)
    if planned is None:
        return None
    spans, dirty, mover = planned
    doc, config = target.doc, target.config
    moved = _carry(memo, doc, dirty, mover)
    if moved is None:
        return None
    rerun = _reposition_shared(memo, moved, doc, dirty, config)
    common = dict(phase=phase, semantic=config.semantic, kind=target.kind, catalog=target.catalog,
                  model=model)
    whole = run_rules(doc, config, select=lambda r: not r.per_endpoint, **common)
    fresh = run_rules(doc, config, select=lambda r: r.per_endpoint and (not r.shared_only or r.code in rerun),
                      focus=frozenset(dirty), **common) if dirty else None
    if whole.internal_errors or (fresh is not None and fresh.internal_errors):
        return None
    for d in fresh.diagnostics if fresh is not None else ():
        owner = owner_of(d.path, len(spans))
        if owner in dirty and (d.code in rerun or not get_rule(d.code).shared_only):
            moved.setdefault(d.code, {}).setdefault(owner, []).append(d)
    raw, by_rule = _compose(target.kind, moved, whole.diagnostics)
    notes = list(whole.notes) + [n for n in (fresh.notes if fresh else ()) if n not in whole.notes]
    skipped = whole.skipped | (fresh.skipped if fresh else set())
    return raw, Memo(doc, config, target.catalog, spans, by_rule), notes, skipped


def _carry(memo: Memo, doc, dirty: set, mover) -> dict | None:
    """The memo's findings of unchanged owners moved into ``doc``: code -> {owner: [Diagnostic]}.
    An endpoint with a finding that cannot be moved joins ``dirty``; a frame finding that
    cannot: None (check it all)."""
    moved: dict = {}
    for code, groups in memo.by_rule.items():
        out = moved[code] = {}
        for owner, diags in groups.items():
            if owner != FRAME and owner in dirty:
                continue
            again = [move(d, doc, mover) for d in diags]
            if any(d is None for d in again):
                if owner == FRAME:
                    return None
                dirty.add(owner)         # something of it lies where the text changed
                continue
            out[owner] = again
    for groups in moved.values():
        for owner in dirty:
            groups.pop(owner, None)
    return moved


def _reposition_shared(memo: Memo, moved: dict, doc, dirty: set, config) -> set:
    """Shared-only rules' findings on changed endpoints, the same as before (the shared facts
    are), positioned in ``doc`` from their paths; returns the codes whose findings cannot be
    (a finding with explicit offsets): those run again."""
    rerun = {code for code, groups in memo.by_rule.items()
             if get_rule(code).shared_only and any(d.finding is None for o in dirty for d in groups.get(o, ()))}
    for code, groups in moved.items():
        rule = get_rule(code)
        if not rule.shared_only or code in rerun:
            continue
        for owner in dirty:
            old = memo.by_rule[code].get(owner)
            if old:
                groups[owner] = [position(doc, rule, d.finding, config) for d in old]
    return rerun


def _compose(kind: str, moved: dict, whole: list) -> tuple[list, dict]:
    """The raw findings in the canonical order of a full lint (rule by rule; a per-endpoint
    rule's frame findings, then endpoint by endpoint), and the new memo's groups."""
    by_code: dict = {}
    for d in whole:
        by_code.setdefault(d.code, []).append(d)
    raw, by_rule = [], {}
    for rule in rules_for(kind):
        if rule.per_endpoint:
            groups = {o: ds for o, ds in moved.get(rule.code, {}).items() if ds}
            if groups:
                by_rule[rule.code] = groups
                raw.extend(groups.get(FRAME, ()))
                for owner in sorted(o for o in groups if o != FRAME):
                    raw.extend(groups[owner])
        else:
            raw.extend(by_code.pop(rule.code, ()))
    for rest in by_code.values():        # codes no rule of the kind has (none expected)
        raw.extend(rest)
    return raw, by_rule


def rerun_cross_file(target, previous, *, phase: str, model=None):
    """(raw findings, cross-file codes, notes, skipped) of ``phase`` for a deployment file whose
    text is the one ``previous`` checked (a sibling changed): the rules that read the
    deployment last time run again, every other rule's findings are ``previous``'s (same
    text, same configuration and catalog: the same findings). None: check it all."""
    before = previous.target
    if target.deployment is None or previous.internal_errors or before.kind != target.kind \
            or before.doc.text != target.doc.text or not target.doc.parsed \
            or before.config != target.config or before.catalog is not target.catalog:
        return None
    semantic = phase == "semantic"
    cross = previous.cross_file
    res = run_rules(target.doc, target.config, phase=phase, semantic=target.config.semantic,
                    kind=target.kind, deployment=target.deployment, catalog=target.catalog,
                    model=model, select=lambda r: r.code in cross)
    if res.internal_errors:
        return None
    new: dict = {}
    for d in res.diagnostics:
        new.setdefault(d.code, []).append(d)
    old: dict = {}
    for d in previous.raw:
        rule = get_rule(d.code)
        if rule is not None and rule.semantic == semantic:
            old.setdefault(d.code, []).append(d)
    raw = []
    for rule in rules_for(target.kind):
        if rule.semantic == semantic:
            raw.extend(new.get(rule.code, ()) if rule.code in cross else old.get(rule.code, ()))
    notes = list(previous.notes) + [n for n in res.notes if n not in previous.notes]
    return raw, res.cross_file, notes, set(res.skipped)
