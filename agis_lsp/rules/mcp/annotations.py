"""MCP tool annotations: contradictory hints (MCPT203) and hints against the verb (MCPT601)."""
from __future__ import annotations

from ...engine.findings import Finding, Fix, Related, Remove, Severity
from ...engine.registry import rule
from ...formats.mcp import REVISION, McpView
from ..verbs._names import describe, name_context, read_name

KINDS = ("mcp-tools",)
SPEC = f"MCP {REVISION} schema ToolAnnotations"
READ_KINDS = ("discover", "retrieve", "analyze")
DESTRUCTIVE_KINDS = ("remove", "terminate")


def _annotated(ctx):
    view = ctx.view
    for _, path, tool in (view.tools if isinstance(view, McpView) else []):
        ann = tool.get("annotations")
        if isinstance(ann, dict):
            yield path, tool, ann


@rule("MCPT203", spec=SPEC, visits="tool")
def contradictory_annotations(ctx, node):
    """A tool is declared `readOnlyHint: true` and also `destructiveHint: true`.

    ## What it does
    Flags `destructiveHint: true` on a tool whose `readOnlyHint` is true.

    ## Why is this bad?
    The MCP schema (revision 2025-11-25, ToolAnnotations) defines
    `destructiveHint` as "meaningful only when readOnlyHint == false": a tool
    that does not modify its environment cannot destroy anything, so one of the
    two declarations is wrong, and clients that confirm destructive calls act on
    whichever they read.

    ## Example
    ```json
    "annotations": {"readOnlyHint": true, "destructiveHint": true}
    ```

    ## Use instead
    ```json
    "annotations": {"readOnlyHint": true}
    ```

    ## Fix safety
    Unsafe: removing `destructiveHint` assumes `readOnlyHint` is the true one.
    """
    _, path, tool = node
    ann = tool.get("annotations")
    if not isinstance(ann, dict):
        return
    if ann.get("readOnlyHint") is True and ann.get("destructiveHint") is True:
        yield Finding(path + ("annotations", "destructiveHint"),
                      f"tool '{tool.get('name')}' is declared read-only and destructive; "
                      "destructiveHint is meaningful only when readOnlyHint is false "
                      f"({SPEC})",
                      fixes=[Fix("Remove destructiveHint", False,
                                 [Remove(path + ("annotations", "destructiveHint"))])],
                      related=[Related(path + ("annotations", "readOnlyHint"),
                                       "declared read-only here")])


@rule("MCPT601", spec=f"{SPEC}; AGIS §5.4")
def annotations_contradict_verb(ctx):
    """A tool's annotations contradict what its name's verb does (`delete_file` with `readOnlyHint: true`).

    ## What it does
    Reads the operation kind of the tool name's leading verb (the pass 6 verb
    table, or the model for verbs outside it) and compares it with the
    declared hints: a removal or termination verb (DELETE, REMOVE, CANCEL,
    PURGE...) declared `readOnlyHint: true`, or a read verb (FIND, FETCH,
    LIST, SEARCH...) declared `destructiveHint: true` with `readOnlyHint` false.

    ## Why is this bad?
    Clients use the hints to decide which calls need the user's confirmation.
    A `cancel_subscription` marked read-only runs without one; a `search_logs`
    marked destructive asks for one too many, and trains users to click
    through confirmations. Either the name or the hint is wrong.

    ## Example
    ```json
    {"name": "cancel_subscription", "annotations": {"readOnlyHint": true}}
    ```

    ## Use instead
    ```json
    {"name": "cancel_subscription", "annotations": {"readOnlyHint": false, "destructiveHint": true}}
    ```

    ## Fix safety
    No fix: either the name or the hint may be the mistake.

    ## Decision
    Only explicit declarations are judged: a read tool that omits
    `readOnlyHint` gets MCP's defaults (destructive) but no finding, since
    annotations are optional. HTTP verbs (GET, DELETE) count by their usual
    meaning here, although TOOL301 reports them.

    The two directions are not equally harmful. MCP (revision 2025-11-25,
    ToolAnnotations) makes `destructiveHint` default to true and tells
    clients to treat hints as untrusted: declaring a tool destructive is the
    protocol's own cautious default, and often deliberate for a read verb
    whose call has effects the verb does not name (an `evaluate` that runs
    JavaScript, a `download` that writes a file). Its cost is one
    confirmation too many, so a read verb declared destructive is
    information. A removal or termination verb declared `readOnlyHint: true`
    lets a destructive call run without the user's confirmation: that is a
    warning when the verb is in the pass 6 verb table. A verb outside the
    table is read by the verb head; that reading is an opinion, so the
    finding is information in both directions.
    """
    if not isinstance(ctx.view, McpView):
        return
    rows = []
    names = name_context(t.get("name") for _, _, t in ctx.view.tools)
    for path, tool, ann in _annotated(ctx):
        name = tool.get("name")
        lead = read_name(name, names) if isinstance(name, str) else None
        if lead is not None and lead.sure and (ann.get("readOnlyHint") is True
                                               or ann.get("destructiveHint") is True):
            rows.append((path, tool, ann, lead))
    if not rows:
        return
    http = {"GET": "FETCH", "DELETE": "REMOVE", "POST": "CREATE", "PUT": "REPLACE", "PATCH": "MODIFY"}
    verbs = [http.get(r[3].upper, r[3].upper) for r in rows]
    from ...semantic import KINDS as ALL_KINDS
    dist, known = ctx.model().verb_distributions(verbs)
    for (path, tool, ann, lead), p, table in zip(rows, dist, known):
        kind = ALL_KINDS[int(p.argmax())]
        if float(p.max()) < 0.5:
            continue
        if ann.get("readOnlyHint") is True and kind in DESTRUCTIVE_KINDS:
            # the harmful direction: a destructive call that skips the confirmation
            where, what, sure = "readOnlyHint", "declared read-only", table
        elif ann.get("destructiveHint") is True and ann.get("readOnlyHint") is not True \
                and kind in READ_KINDS:
            # over-caution: MCP's own default, one confirmation too many
            where, what, sure = "destructiveHint", "declared destructive", False
        else:
            continue
        from .._kindtext import kind_label
        who = describe(tool.get("name"), lead) + "; it" if lead.parts else f"tool '{tool.get('name')}'"
        yield Finding(path + ("annotations", where),
                      f"{who} is {what}, but its verb {lead.upper} implies "
                      f"{kind_label(kind)} (semantic model); correct the hint or the name",
                      at_most=None if sure else Severity.INFORMATION)
