"""Dangerous combinations of tools across the servers of a live scan (MCPT501-503).

``agis-lint mcp scan`` puts the capabilities of every scanned server's tools (the labels that
hold, ``formats/capabilities.py``) under ``_meta["io.agis-lint/scan"]["capabilities"]`` of
each server's document, in the configuration's order. The combinations are found once per
lint (``formats/flows.py``); each is reported on the document of its first server, so a
combination of three servers gives one finding, not three. Combinations the configuration
accepts (``[tool.agis-lint.mcp] accept-flows``) are not reported.
"""
from __future__ import annotations

from ...engine.facts import fact
from ...engine.findings import Finding
from ...engine.registry import rule
from ...formats import flows
from ...formats.mcp_scan import scan_context
from .scan import _tools

SPEC = "MCP 2025-11-25 server/tools (annotations); Willison, \"the lethal trifecta\" (2025)"


@fact("mcp.flows")
def flows_here(ctx) -> list:
    """The combinations whose first server is this document's server."""
    scan = scan_context(ctx.data)
    table = scan.get("capabilities")
    if not isinstance(table, dict) or not table:
        return []
    table = {str(s): {str(t): {str(k): float(v) for k, v in labels.items()
                               if isinstance(v, (int, float))}
                      for t, labels in tools.items() if isinstance(labels, dict)}
             for s, tools in table.items() if isinstance(tools, dict)}
    found, _ = flows.find(table, ctx.config.accept_flows)
    server = str(scan.get("server", ""))
    return [f for f in found if f.servers and f.servers[0] == server]


def _findings(ctx, code: str):
    names = {t["name"]: i for i, t in _tools(ctx.data) if isinstance(t.get("name"), str)}
    for flow in flows_here(ctx):
        if flow.code != code:
            continue
        here = next((leg.tool for leg in flow.legs if leg.server == flow.servers[0]), None)
        path = ("tools", names[here], "name") if here in names else ()
        yield Finding(path, flow.message(), data={"flow": flow.as_json()})


@rule("MCPT501", spec=SPEC)
def toxic_flow(ctx):
    """One agent can read untrusted text, read private data, and send it out.

    ## What it does
    In a live scan, finds every set of servers (one server, or several of one
    client configuration) whose tools hold the three legs of a data theft: a
    tool that returns text others write (web pages, issues, messages), a tool
    that reads private data (files, databases, mailboxes, account data), and
    a tool that sends or publishes outside (HTTP to any URL, messages,
    comments, commits). Reports each smallest such set once, naming the
    strongest tool of each leg and its server, and how many tools could fill
    each leg. The finding sits on the configuration entry of the set's first
    server, with the other servers' entries as related information.

    ## Why is this bad?
    Text a tool returns reaches the model as if the user had written it. A
    web page, an issue or an e-mail can order the agent to read the user's
    files or repositories and post them somewhere the attacker reads ("the
    lethal trifecta", "toxic flow"). Each server alone is harmless; one
    agent holding all three is not.

    ## Example
    A configuration with `fetch` (`fetch` reads any URL), `filesystem`
    (`read_file`) and `slack` (`slack_post_message`); or one GitHub server
    whose `list_issues` reads public issues, `get_file_contents` private
    repositories, and `create_pull_request` publishes.

    ## Use instead
    Split the servers among agents or profiles that never hold all three,
    narrow a server (read-only tokens, an allow-list of URLs or
    repositories, no sending tools), or require the user's confirmation for
    the sending tool. After reviewing a combination you keep, accept it in
    the agis-lint configuration with a reason:
    `[tool.agis-lint.mcp] accept-flows = [{servers = ["fetch", "filesystem"], reason = "…"}]`.

    ## Fix safety
    No fix: which capability to give up is the user's decision.
    """
    yield from _findings(ctx, "MCPT501")


@rule("MCPT502", spec=SPEC)
def toxic_flow_with_harm(ctx):
    """A dangerous combination whose servers can also destroy data or run code.

    ## What it does
    Reports a combination of untrusted input, private data and an outside
    channel (see MCPT501) whose servers also offer a tool that deletes or
    overwrites data or runs code the model writes (a shell, JavaScript in a
    page, write queries). A tool that runs code also counts as reading
    private data and as sending outside. The message names that tool too.

    ## Why is this bad?
    Untrusted text that takes over the agent can then do more than leak:
    delete the repository, wipe files, run a downloaded script. This ranks
    above MCPT501.

    ## Example
    `fetch` beside `filesystem`, whose `write_file` and `move_file`
    overwrite files and whose `read_file` reads them.

    ## Use instead
    As for MCPT501; first of all, remove or confine the destructive or
    code-running tool (read-only mode, a sandbox, confirmation).

    ## Fix safety
    No fix: which capability to give up is the user's decision.
    """
    yield from _findings(ctx, "MCPT502")


@rule("MCPT503", spec=SPEC)
def possible_toxic_flow(ctx):
    """A dangerous combination whose weakest leg is uncertain.

    ## What it does
    Reports a combination of untrusted input, private data and an outside
    channel (see MCPT501) in which one leg rests on weak evidence (a
    confidence below 0.7: one parameter name, one description word). The
    message gives the weakest leg's confidence.

    ## Why is this bad?
    If the tool does what its name and parameters suggest, the combination
    is as dangerous as MCPT501; the scan cannot tell from the tool list
    alone, so a person should look.

    ## Example
    A documentation reader whose `url` parameter may reach any host beside a
    file reader and a web search.

    ## Use instead
    Check the tool named; if the leg is real, treat it as MCPT501; if it
    is not (the URL is bound to one site), accept the combination with the
    reason.

    ## Fix safety
    No fix: a review decides.
    """
    yield from _findings(ctx, "MCPT503")
