"""Run the registered rules over a document, in pass order, and position the results."""
from __future__ import annotations

import functools
import logging
import traceback
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Iterable

from ..document import Document
from ..document.edits import EditError, render_op
from ..formats.kinds import detect as detect_kind
from .config import Config
from .consequences import fold_consequences, fold_corroboration
from .context import LintContext, SemanticSkipped
from .findings import Diagnostic, Finding, Fix, RelatedLocation, Severity
from .registry import Rule, get_rule, rules_for
from .walk import walk
from ..document.suppressions import find_suppressions
from .suppress import apply_suppressions

log = logging.getLogger("agis_lsp.engine")

PHASES = ("mechanical", "semantic", "all")


@dataclass
class LintResult:
    diagnostics: list = field(default_factory=list)
    notes: list = field(default_factory=list)         # information lines (e.g. a skipped pass)
    kind: str | None = None
    internal_errors: int = 0
    skipped: set = field(default_factory=set)         # codes of rules that wanted to run and could not
    cross_file: set = field(default_factory=set)      # codes of rules that read the deployment


def run_rules(doc: Document, config: Config, *, phase: str = "all", semantic: bool = True,
              kind: str | None = None, deployment=None, catalog=None, model=None,
              focus: frozenset | None = None, select=None, frame_reads: set | None = None,
              kept=None) -> LintResult:
    """Run the rules of ``phase`` over ``doc``: positioned diagnostics, before suppression,
    folding and sorting (:func:`finish` does those, over every phase's diagnostics).

    ``select`` (rule -> bool) runs only some rules; ``focus`` (endpoint indices) shows the
    rules only those endpoints (``engine.incremental``); ``frame_reads`` (a set) collects the
    top-level keys the rules read (``engine.frame``); ``kept`` (``engine.incremental_facts``)
    carries per-endpoint values from the previous version and collects this one's."""
    result = LintResult(kind=kind)
    if kind is None and not doc.problems:
        return result
    ctx = LintContext(doc, kind or "any", config, semantic=semantic and phase != "mechanical",
                      deployment=deployment, catalog=catalog, model=model, focus=focus,
                      frame_reads=frame_reads, kept=kept)
    rules = rules_for(kind or "any")
    if not doc.parsed:  # only document-level rules on unparsed input
        rules = [r for r in rules if "any" in r.kinds]
    if select is not None:
        rules = [r for r in rules if select(r)]
    skipped: dict[str, str] = {}
    with _held_model_texts(ctx, rules, phase, config):
        visitors = [r for r in rules if r.visits and _runs(r, phase, config, ctx)]
        walked = walk(ctx, visitors) if visitors else {}
        for rule in rules:
            if not _in_phase(rule, phase) or not config.enabled(rule.code, doc.path):
                continue
            ctx.touched = False
            if rule.semantic and not ctx.semantic:
                if rule.needs_model is None or rule.needs_model(ctx):
                    skipped.setdefault(_pass_label(rule), "semantic passes are off (--no-semantic)")
                continue
            try:
                visited = walked.get(rule.code)
                if visited is not None:   # the walk ran it: its findings, then what stopped it
                    ctx.touched = visited.touched
                    for finding in visited.findings:
                        result.diagnostics.append(position(doc, rule, finding, config, deployment, kind))
                    if visited.error is not None:
                        raise visited.error
                    continue
                for finding in rule.check(ctx) or ():
                    result.diagnostics.append(position(doc, rule, finding, config, deployment, kind))
            except SemanticSkipped as exc:
                ctx.touched = True    # (never reused: the model may be there next time)
                skipped.setdefault(_pass_label(rule), str(exc))
                result.skipped.add(rule.code)
            except Exception as exc:  # a broken rule must never take the linter down
                ctx.touched = True    # (never reused)
                result.internal_errors += 1
                log.error("rule %s crashed on %s: %s: %s", rule.code, doc.path, type(exc).__name__, exc)
                log.debug("%s", traceback.format_exc())
                internal = get_rule("AGIS000")
                result.diagnostics.append(position(doc, internal, Finding(
                    (), f"internal error in rule {rule.code} ({rule.name}): {type(exc).__name__}: {exc}; "
                    "please report it"), config))
            finally:
                if ctx.touched:
                    result.cross_file.add(rule.code)
    for label, reason in skipped.items():
        result.notes.append(f"{label} skipped: {reason}")
    return result


def _in_phase(rule: Rule, phase: str) -> bool:
    """``mechanical`` runs the rules without the model, ``semantic`` those with it, ``all`` both."""
    return phase == "all" or rule.semantic == (phase == "semantic")


def _runs(rule: Rule, phase: str, config: Config, ctx: LintContext) -> bool:
    """Whether the loop of :func:`run_rules` will run ``rule`` (its tests, for the walk that
    runs the visitors first)."""
    return _in_phase(rule, phase) and config.enabled(rule.code, ctx.doc.path) and \
        not (rule.semantic and not ctx.semantic)


@contextmanager
def _held_model_texts(ctx: LintContext, rules: list, phase: str, config: Config):
    """The semantic phase in three steps: the texts every semantic rule that will run is going
    to embed (``Rule.model_texts``) are gathered, embedded in one batched pass per encoder (each
    text goes to the encoder its rule reads, ``Rule.model_encoder``: the security head's may be a
    second graph; the encoder groups them by length, each distinct text once) and held while the
    rules run, which then score them and emit their findings. A rule's verdicts are the same
    either way: a text's vector does not depend on its batch (models/README.md), and what the
    gathering misses the rule embeds itself."""
    if not ctx.semantic or phase == "mechanical":
        yield
        return
    wanted = [r for r in rules if r.semantic and r.model_texts is not None
              and config.enabled(r.code, ctx.doc.path) and (r.needs_model is None or r.needs_model(ctx))]
    if not wanted:
        yield
        return
    try:
        model = ctx.model()
        texts: dict[int, tuple] = {}    # id(encoder) -> (encoder, its texts)
        for r in wanted:
            encoder = model.encoder_for(r.model_encoder)
            texts.setdefault(id(encoder), (encoder, []))[1].extend(r.model_texts(ctx, model))
    except SemanticSkipped:       # the rules report it
        yield
        return
    except Exception as exc:      # a broken hook costs speed, never the lint: the rules embed
        log.error("gathering the model's texts failed on %s: %s: %s", ctx.doc.path,
                  type(exc).__name__, exc)
        yield
        return
    with ExitStack() as held:
        for encoder, some in texts.values():
            held.enter_context(encoder.hold(some))
        yield


def finish(doc: Document, config: Config, diagnostics: list, *, semantic: bool,
           pending_semantic: bool = False, skipped: Iterable[str] = ()) -> list:
    """The diagnostics a user sees: suppressions applied (an unused one is AGIS006),
    consequences folded into their primary finding (``engine.consequences``), sorted.

    ``semantic``: the semantic passes are on; ``pending_semantic``: their findings are not
    in ``diagnostics`` yet (the server's first publish), so a suppression of a semantic
    code is not judged unused until they are; ``skipped``: codes of rules that could not
    run (the model is unavailable), whose suppressions are not judged either.
    """
    could_fire = functools.partial(_could_fire, config=config, semantic=semantic,
                                   pending=pending_semantic, skipped=frozenset(skipped))
    kept = _suppress(doc, diagnostics, config, could_fire)
    kept = fold_consequences(fold_corroboration(kept))
    kept.sort(key=Diagnostic.sort_key)
    return kept


def lint(doc: Document, config: Config | None = None, *, phase: str = "all",
         semantic: bool | None = None, kind: str | None = None, deployment=None,
         catalog=None, model=None) -> LintResult:
    """Run and finish one phase (``mechanical``, ``semantic`` or ``all``) over a parsed
    document: the rule runner the :class:`engine.linter.Linter` is built on (tests call it
    directly to exercise rules). A mechanical-only result leaves semantic suppressions
    pending; a semantic-only result is returned unfinished, to be merged."""
    config = config or Config()
    semantic = config.semantic if semantic is None else semantic
    kind = kind or detect_kind(doc)
    result = run_rules(doc, config, phase=phase, semantic=semantic, kind=kind,
                       deployment=deployment, catalog=catalog, model=model)
    if phase != "semantic":
        result.diagnostics = finish(doc, config, result.diagnostics, semantic=semantic,
                                    pending_semantic=phase == "mechanical" and semantic,
                                    skipped=result.skipped)
    return result


def _pass_label(rule: Rule) -> str:
    """Skipped work is reported once per pass, not once per rule."""
    if rule.pass_no == 3:
        return "pass 3 (model classifier)"  # the rule-based pass 3 still runs
    return f"pass {rule.pass_no}" if rule.pass_no else rule.name


def position(doc: Document, rule: Rule, finding: Finding, config: Config,
             deployment=None, kind: str | None = None) -> Diagnostic:
    if finding.span is not None:
        start, end = finding.span
    else:
        start, end = doc.span(tuple(finding.path), finding.part)
    rng = doc.lines.range(start, end)
    fixes = []
    for fix in finding.fixes:
        try:
            edits = [e for op in fix.ops for e in render_op(doc, op)]
        except EditError as exc:
            log.info("fix %r of %s dropped: %s", fix.title, rule.code, exc)
            continue
        fixes.append(Fix(fix.title, fix.safe, fix.ops, edits, fix.preferred,
                         tuple(tuple(p) for p in fix.declares)))
    related = [_related(doc, rel, deployment) for rel in finding.related]
    severity = config.severity_for(rule, kind) or Severity.WARNING
    ceiling = severity
    if finding.at_most is not None:
        severity = max(severity, finding.at_most)   # a larger number is a milder severity
    corroborated = None if finding.corroborated is None else max(ceiling, finding.corroborated)
    return Diagnostic(rule.code, rule.name, rule.pass_no, severity, finding.message,
                      tuple(finding.path), start, end, rng, fixes, related, tuple(finding.tags),
                      finding.uri, dict(finding.data),
                      tuple(tuple(p) for p in finding.restates) or (tuple(finding.path),),
                      finding if rule.shared_only and finding.span is None else None,
                      corroborated=corroborated, corroborates=finding.corroborates)


def _related(doc: Document, rel, deployment) -> RelatedLocation:
    """A rule's ``Related`` positioned: in this document, or in the deployment's copy of
    the other file (the editor's buffer when it is open: the deployment reads overlays)."""
    path = tuple(rel.path)
    if rel.uri is None:
        return RelatedLocation(rel.message, doc.range(path, rel.part), None, path, rel.part)
    other = deployment.doc(rel.uri) if deployment is not None else None
    rng = other.range(path, rel.part) if other is not None and other.parsed else None
    return RelatedLocation(rel.message, rng, rel.uri, path, rel.part)


def _suppress(doc: Document, diagnostics: list, config: Config, could_fire) -> list:
    suppressions = find_suppressions(doc.text, doc.syntax)
    if not suppressions:
        return list(diagnostics)
    kept = apply_suppressions(diagnostics, suppressions)
    unused_rule = get_rule("AGIS006")
    if not config.enabled("AGIS006", doc.path):
        return kept
    for s in suppressions:
        wanted = set(s.codes)
        undecided = {c for c in wanted - s.used if could_fire(c) is None}
        unused = sorted(c for c in wanted - s.used if could_fire(c))
        if (not wanted and not s.used) or (unused and not undecided):
            what = ", ".join(unused) if unused else "any rule"
            fix = Fix("Remove unused suppression", True, [])
            fix.edits = [_removal_edit(doc, s)]
            d = position(doc, unused_rule, Finding((), f"unused suppression: no {what} finding here",
                                                   span=(s.start, s.end)), config)
            if not unused or set(unused) == wanted:
                d.fixes = [fix]
            d.tags = ("unnecessary",)
            kept.append(d)
    return kept


def _could_fire(code: str, *, config: Config, semantic: bool, pending: bool,
                skipped: frozenset) -> bool | None:
    """Could a finding of ``code`` have been suppressed here? None: not known yet (a
    semantic rule whose phase has not run)."""
    rule = get_rule(code)
    if rule is None:
        return True  # an unknown code is always worth reporting
    if rule.semantic:
        if not semantic or code in skipped:
            return False
        if pending:
            return None
    return config.enabled(code)


def _removal_edit(doc: Document, s):
    from .findings import TextEdit
    text = doc.text
    line_start = text.rfind("\n", 0, s.start) + 1
    if text[line_start:s.start].strip() == "":
        line_end = text.find("\n", s.end)
        return TextEdit(line_start, len(text) if line_end == -1 else line_end + 1, "")
    start = s.start
    while start > line_start and text[start - 1] in " \t":
        start -= 1
    return TextEdit(start, s.end, "")


def lint_text(text: str, path: str | None = None, config: Config | None = None, **kw) -> LintResult:
    from ..document import parse_text
    return lint(parse_text(text, path), config, **kw)


def iter_fixes(diagnostics: Iterable[Diagnostic], unsafe: bool):
    for d in diagnostics:
        for fix in d.fixes:
            if fix.safe or unsafe:
                yield d, fix
                break
