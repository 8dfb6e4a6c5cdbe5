"""Run the registered rules over a document, in pass order, and position the results."""
from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, field
from typing import Iterable

from ..document import Document
from ..document.edits import EditError, render_op
from ..formats import detect_kind
from .config import Config
from .consequences import fold_consequences
from .context import LintContext, SemanticSkipped
from .model import Diagnostic, Finding, Fix, Severity
from .registry import Rule, get_rule, rules_for
from .suppress import apply_suppressions, find_suppressions

log = logging.getLogger("agis_lsp.engine")

PHASES = ("mechanical", "semantic", "all")


@dataclass
class LintResult:
    diagnostics: list = field(default_factory=list)
    notes: list = field(default_factory=list)         # information lines (e.g. a skipped pass)
    kind: str | None = None
    internal_errors: int = 0


def lint(doc: Document, config: Config | None = None, *, phase: str = "all",
         semantic: bool | None = None, kind: str | None = None, deployment=None,
         catalog=None) -> LintResult:
    """Lint one document. ``phase`` selects mechanical rules, semantic rules or both."""
    config = config or Config()
    semantic = config.semantic if semantic is None else semantic
    kind = kind or detect_kind(doc)
    result = LintResult(kind=kind)
    if kind is None and not doc.problems:
        return result
    ctx = LintContext(doc, kind or "any", config, semantic=semantic and phase != "mechanical",
                      deployment=deployment, catalog=catalog)
    rules = rules_for(kind or "any")
    if not doc.parsed:  # only document-level rules on unparsed input
        rules = [r for r in rules if "any" in r.kinds]
    skipped: dict[str, str] = {}
    for rule in rules:
        if rule.semantic and phase == "mechanical":
            continue
        if not rule.semantic and phase == "semantic":
            continue
        if not config.enabled(rule.code, doc.path):
            continue
        if rule.semantic and not ctx.semantic:
            if rule.needs_model is None or rule.needs_model(ctx):
                skipped.setdefault(_pass_label(rule), "semantic passes are off (--no-semantic)")
            continue
        try:
            for finding in rule.check(ctx) or ():
                result.diagnostics.append(position(doc, rule, finding, config))
        except SemanticSkipped as exc:
            skipped.setdefault(_pass_label(rule), str(exc))
        except Exception as exc:  # a broken rule must never take the linter down
            result.internal_errors += 1
            log.error("rule %s crashed on %s: %s: %s", rule.code, doc.path, type(exc).__name__, exc)
            log.debug("%s", traceback.format_exc())
            internal = get_rule("AGIS000")
            result.diagnostics.append(position(doc, internal, Finding(
                (), f"internal error in rule {rule.code} ({rule.name}): {type(exc).__name__}: {exc}; "
                "please report it"), config))
    for label, reason in skipped.items():
        result.notes.append(f"{label} skipped: {reason}")
    if phase != "semantic":
        result.diagnostics = _suppress(doc, result.diagnostics, config, semantic, phase)
    else:
        result.diagnostics = apply_suppressions(result.diagnostics,
                                                find_suppressions(doc.text, doc.syntax))
    result.diagnostics = fold_consequences(result.diagnostics)
    result.diagnostics.sort(key=Diagnostic.sort_key)
    return result


def _pass_label(rule: Rule) -> str:
    """Skipped work is reported once per pass, not once per rule."""
    if rule.pass_no == 3:
        return "pass 3 (model classifier)"  # the rule-based pass 3 still runs
    return f"pass {rule.pass_no}" if rule.pass_no else rule.name


def position(doc: Document, rule: Rule, finding: Finding, config: Config) -> Diagnostic:
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
        fixes.append(Fix(fix.title, fix.safe, fix.ops, edits, fix.preferred))
    related = []
    for rel in finding.related:
        if rel.uri is None:
            related.append((None, doc.range(tuple(rel.path), rel.part), rel.message))
        else:
            related.append((rel.uri, None, rel.message, tuple(rel.path), rel.part))
    severity = config.severity_of(rule.code) or Severity.WARNING
    return Diagnostic(rule.code, rule.name, rule.pass_no, severity, finding.message,
                      tuple(finding.path), start, end, rng, fixes, related, tuple(finding.tags),
                      finding.uri, dict(finding.data),
                      tuple(tuple(p) for p in finding.restates) or (tuple(finding.path),))


def _suppress(doc: Document, diagnostics: list, config: Config, semantic: bool, phase: str) -> list:
    suppressions = find_suppressions(doc.text, doc.syntax)
    if not suppressions:
        return diagnostics
    kept = apply_suppressions(diagnostics, suppressions)
    unused_rule = get_rule("AGIS006")
    if not config.enabled("AGIS006", doc.path):
        return kept
    for s in suppressions:
        wanted = set(s.codes)
        unused = sorted(c for c in wanted - s.used if _could_fire(c, config, semantic, phase))
        if (not wanted and not s.used) or unused:
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


def _could_fire(code: str, config: Config, semantic: bool, phase: str) -> bool:
    rule = get_rule(code)
    if rule is None:
        return True  # an unknown code is always worth reporting
    if rule.semantic and (not semantic or phase == "mechanical"):
        return False
    return config.enabled(code)


def _removal_edit(doc: Document, s):
    from .model import TextEdit
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
