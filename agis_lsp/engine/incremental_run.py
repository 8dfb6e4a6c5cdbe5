"""The incremental phases (``Linter.mechanical(target, previous)``, ``Linter.semantic``):
per-endpoint rules on the changed endpoints, every other rule on the whole document, the rest
reused (``engine.incremental`` says what may be reused and why). An edit of the frame alone
re-runs the per-endpoint rules whose pass read a changed top-level key (``engine.frame``)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..formats.registry import ENDPOINT_FRAMES, has_trait
from .frame import affected
from .incremental import FRAME, EditMover, Memo, canonical, layout, move, owner_of, plan
from .incremental_facts import Kept
from .registry import get_rule, rules_for
from .runner import LintResult, position, run_rules


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
    keep = phase != "all"
    recorded = _full_recorded(target, phase, model) if keep else None
    res, reads, kept = recorded if recorded is not None else (run_rules(
        target.doc, target.config, phase=phase, semantic=target.config.semantic, kind=target.kind,
        deployment=target.deployment, catalog=target.catalog, model=model), {}, None)
    raw, memo = memo_of(target, res, keep=keep)
    if memo is not None:
        memo.reads, memo.kept = reads, kept
    return PhaseRun(raw, res.notes, set(res.skipped), res.internal_errors, memo,
                    frozenset(res.cross_file))


def _full_recorded(target, phase: str, model):
    """A full run of an AGIS document the server follows: the per-endpoint rules pass by pass,
    each pass in its own lint context recording the top-level keys it reads
    (``engine.frame``), the others together, keeping their per-endpoint values
    (``engine.incremental_facts``); the findings in the rules' order, as one run gives them.
    (result, {code: keys read}, kept values); None: not such a document (or a rule crashed)."""
    if not has_trait(target.kind, ENDPOINT_FRAMES) or target.deployment is not None or layout(target.doc) is None:
        return None
    common = dict(phase=phase, semantic=target.config.semantic, kind=target.kind,
                  catalog=target.catalog, model=model)
    kept = Kept()
    whole = run_rules(target.doc, target.config, select=lambda r: not r.per_endpoint, kept=kept,
                      **common)
    per, reads = run_recorded(target.doc, target.config, lambda r: True, None, **common)
    if whole.internal_errors or per.internal_errors:
        return None
    out = LintResult(kind=target.kind, diagnostics=_in_rule_order(target.kind, whole.diagnostics + per.diagnostics),
                     notes=list(whole.notes) + [n for n in per.notes if n not in whole.notes],
                     skipped=whole.skipped | per.skipped, cross_file=whole.cross_file | per.cross_file)
    return out, reads, kept


def run_recorded(doc, config, select, focus, **common) -> tuple[LintResult, dict]:
    """The per-endpoint rules ``select`` accepts, pass by pass (rules of one pass share what
    they compute on the lint context), each pass recording the top-level keys it reads:
    (their findings, {code: keys its pass read})."""
    groups: dict = {}
    for r in rules_for(common["kind"]):
        if r.per_endpoint and select(r):
            groups.setdefault(r.pass_no, set()).add(r.code)
    out, reads_by = LintResult(kind=common["kind"]), {}
    for codes in groups.values():
        reads: set = set()
        res = run_rules(doc, config, select=lambda r, c=codes: r.code in c, focus=focus,
                        frame_reads=reads, **common)
        out.diagnostics += res.diagnostics
        out.notes += [n for n in res.notes if n not in out.notes]
        out.skipped |= res.skipped
        out.cross_file |= res.cross_file
        out.internal_errors += res.internal_errors
        reads_by.update(dict.fromkeys(codes, frozenset(reads)))
    return out, reads_by


def _in_rule_order(kind: str, diagnostics: list) -> list:
    by_code: dict = {}
    for d in diagnostics:
        by_code.setdefault(d.code, []).append(d)
    out = []
    for rule in rules_for(kind):
        out.extend(by_code.pop(rule.code, ()))
    for rest in by_code.values():
        out.extend(rest)
    return out


def _per_endpoint_codes(kind: str) -> set:
    return {r.code for r in rules_for(kind) if r.per_endpoint}


def memo_of(target, res, *, keep: bool) -> tuple[list, Memo | None]:
    """A full run's raw findings in canonical order and, when ``keep`` (a phase the server
    runs on its own) for an AGIS document incremental checking can follow, their memo."""
    if not has_trait(target.kind, ENDPOINT_FRAMES):
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
    if not has_trait(target.kind, ENDPOINT_FRAMES) or target.deployment is not None:
        return None
    planned = plan(memo, target.doc, target.config, target.catalog)
    if planned is None:
        return None
    spans, dirty, mover, changed = planned
    doc, config = target.doc, target.config
    common = dict(phase=phase, semantic=config.semantic, kind=target.kind, catalog=target.catalog,
                  model=model)
    if isinstance(mover, EditMover):                  # an edit of the frame alone
        return _frame_increment(target, memo, planned, common)
    moved = _carry(memo, doc, dirty, mover)
    if moved is None:
        return None
    rerun = _reposition_shared(memo, moved, doc, dirty, config)
    kept = _kept(memo).after({"endpoints"} if dirty else set())
    whole = run_rules(doc, config, select=lambda r: not r.per_endpoint, kept=kept, **common)
    fresh, reads = run_recorded(doc, config, lambda r: not r.shared_only or r.code in rerun,
                                frozenset(dirty), **common) if dirty else (None, {})
    if whole.internal_errors or (fresh is not None and fresh.internal_errors):
        return None
    for d in fresh.diagnostics if fresh is not None else ():
        owner = owner_of(d.path, len(spans))
        if owner in dirty and (d.code in rerun or not get_rule(d.code).shared_only):
            moved.setdefault(d.code, {}).setdefault(owner, []).append(d)
    raw, by_rule = _compose(target.kind, moved, whole.diagnostics)
    notes = list(whole.notes) + [n for n in (fresh.notes if fresh else ()) if n not in whole.notes]
    skipped = whole.skipped | (fresh.skipped if fresh else set())
    return raw, Memo(doc, config, target.catalog, spans, by_rule, _merge_reads(memo.reads, reads),
                     kept.settled()), notes, skipped


def _kept(memo: Memo) -> Kept:
    return memo.kept if memo.kept is not None else Kept()


def _merge_reads(old: dict, new: dict) -> dict:
    """A rule's reads after a focused run: what it read before (its other endpoints' findings
    are reused) and now."""
    out = dict(old)
    for code, keys in new.items():
        out[code] = old.get(code, frozenset()) | keys
    return out


def _frame_increment(target, memo: Memo, planned, common):
    """An edit of the frame: the per-endpoint rules that read a changed top-level key run again
    on the whole document; the others keep their endpoints' findings (moved) and find the
    frame's again (a focused run: the frame's findings do not depend on the focus)."""
    spans, dirty, mover, changed = planned
    doc, config = target.doc, target.config
    again = {code for code in _per_endpoint_codes(target.kind) if affected(memo.reads.get(code), changed)}
    moved = _carry(memo, doc, dirty, mover, frame_again=True, skip=again)
    if moved is None:
        return None
    kept = _kept(memo).after(changed)
    whole = run_rules(doc, config, select=lambda r: not r.per_endpoint, kept=kept, **common)
    full, full_reads = run_recorded(doc, config, lambda r: r.code in again, None, **common) \
        if again else (None, {})
    fresh, reads = run_recorded(doc, config, lambda r: r.code not in again, frozenset(dirty), **common)
    runs = [r for r in (whole, full, fresh) if r is not None]
    if any(r.internal_errors for r in runs):
        return None
    for d in fresh.diagnostics:
        owner = owner_of(d.path, len(spans))
        if owner == FRAME or owner in dirty:
            moved.setdefault(d.code, {}).setdefault(owner, []).append(d)
    for d in full.diagnostics if full is not None else ():
        moved.setdefault(d.code, {}).setdefault(owner_of(d.path, len(spans)), []).append(d)
    raw, by_rule = _compose(target.kind, moved, whole.diagnostics)
    notes = list(whole.notes)
    for r in runs[1:]:
        notes += [n for n in r.notes if n not in notes]
    skipped = set().union(*(r.skipped for r in runs))
    merged = _merge_reads(memo.reads, reads)
    merged.update(full_reads)
    return raw, Memo(doc, config, target.catalog, spans, by_rule, merged, kept.settled()), notes, skipped


def _carry(memo: Memo, doc, dirty: set, mover, *, frame_again: bool = False,
           skip: set = frozenset()) -> dict | None:
    """The memo's findings of unchanged owners moved into ``doc``: code -> {owner: [Diagnostic]}.
    An endpoint with a finding that cannot be moved joins ``dirty``; a frame finding that
    cannot: None (check it all). ``frame_again``: the frame's findings are left out (found
    again); ``skip``: rules whose findings are all left out."""
    moved: dict = {}
    for code, groups in memo.by_rule.items():
        if code in skip:
            continue
        out = moved[code] = {}
        for owner, diags in groups.items():
            if (owner != FRAME and owner in dirty) or (owner == FRAME and frame_again):
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
