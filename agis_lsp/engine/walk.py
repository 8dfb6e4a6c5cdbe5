"""One walk: the engine iterates a document's nodes once and hands each node to every rule
that visits that kind of node.

A rule that checks one node at a time declares it: ``@rule(..., visits="endpoint")`` on a
function ``check(ctx, node) -> Iterable[Finding]`` (a generator, a list, or None). The node
kinds a document offers are declared by its format (``formats.registry.walk_nodes``:
``endpoint`` for AGIS and AGTP endpoint files, ``tool`` for MCP tool lists...), never named
here. A rule that needs the whole document keeps the plain ``check(ctx)``.

:func:`walk` visits, for each node kind the running rules ask for, each node once, and calls
the visitors of that kind on it in the rules' order; each rule's findings are kept apart and
the runner emits them in the rules' order (``engine.runner``), so the diagnostics, their
order and their positions are those of one loop per rule. What one rule does on one node
stays that rule's: a visitor that raises stops visiting (its findings so far are kept, as a
check that raised halfway through its loop kept what it had yielded) and the runner reports
it as that rule's internal error (AGIS000) or skip (``SemanticSkipped``); the other rules
go on. ``ctx.touched`` (the deployment read) is recorded per rule, over all its visits.

Everything the lint context offers applies unchanged: ``ctx.focus`` limits the nodes a
focused view offers (the changed endpoints of ``engine.incremental``), ``ctx.frame_reads``
records through ``ctx.data``, and the runner decides which rules run (``select``, the
configuration, the phase) before it asks for the walk.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    from .context import LintContext


@dataclass
class Visited:
    """One visiting rule's outcome of a walk: its findings in node order, the exception that
    stopped it (None: it visited every node), whether it read the deployment."""
    findings: list = field(default_factory=list)
    error: BaseException | None = None
    touched: bool = False


def nodes(ctx: "LintContext", node_kind: str) -> Iterable:
    """The nodes of ``node_kind`` in the linted document (its format declares them); none
    when the document's kind offers no such node."""
    from ..formats.registry import walk_nodes
    return walk_nodes(ctx.kind, ctx.view, node_kind)


def walk(ctx: "LintContext", rules: list) -> dict[str, Visited]:
    """Visit the nodes once, calling each rule's visitor on the nodes of the kind it visits:
    ``{code: Visited}`` for every rule of ``rules`` (all of which have ``visits``)."""
    out = {r.code: Visited() for r in rules}
    by_kind: dict[str, list] = {}
    for r in rules:
        by_kind.setdefault(r.visits, []).append(r)
    ctx.touched = False
    for node_kind, group in by_kind.items():
        # (visitor, its findings' extend, its outcome): bound once, called once per node
        live = [(r.visit, out[r.code].findings.extend, out[r.code]) for r in group]
        for node in nodes(ctx, node_kind):
            stopped = False
            for visit, extend, seen in live:
                try:
                    found = visit(ctx, node)
                    if found is not None:
                        extend(found)
                except Exception as exc:     # the runner reports it, for this rule alone
                    seen.error = exc
                    stopped = True
                if ctx.touched:              # this rule read the deployment
                    seen.touched = True
                    ctx.touched = False
            if stopped:
                live = [v for v in live if v[2].error is None]
                if not live:
                    break
    return out


def whole_document(visits: str, visit: Callable) -> Callable:
    """The visitor as a whole-document check ``check(ctx)``: every node of its kind, in the
    walk's order (what a caller of ``rule.check`` outside the runner gets)."""
    def check(ctx):
        for node in nodes(ctx, visits):
            found = visit(ctx, node)
            if found is not None:
                yield from found
    check.__name__ = getattr(visit, "__name__", "check")
    check.__doc__ = visit.__doc__
    check.__module__ = getattr(visit, "__module__", __name__)
    return check
