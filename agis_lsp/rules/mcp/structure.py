"""Structure of an MCP tool list (MCPT101-103) and its tool names (MCPT201-202)."""
from __future__ import annotations

import re

from ...document.paths import format_path
from ...engine.findings import Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats.mcp import NAME_CHARS, NAME_MAX, REVISION, McpView
from .. import _shape_rules

KINDS = ("mcp-tools",)
SPEC = f"MCP {REVISION} server/tools"

_shape_rules.register("MCPT", "mcp", KINDS, "MCP tool list", f"MCP {REVISION}", {
    "missing": ('{"tools": [{"name": "find_flights", "description": "Finds flights"}]}',
                '{"tools": [{"name": "find_flights", "description": "Finds flights",\n'
                '            "inputSchema": {"type": "object"}}]}'),
    "type": ('{"tools": [{"name": "find_flights", "inputSchema": "object"}]}',
             '{"tools": [{"name": "find_flights", "inputSchema": {"type": "object"}}]}'),
    "enum": ('{"tools": [{"name": "find_flights", "inputSchema": {"type": "array"}}]}',
             '{"tools": [{"name": "find_flights", "inputSchema": {"type": "object"}}]}'),
})


def _tools(ctx):
    view = ctx.view
    return view.tools if isinstance(view, McpView) else []


@rule("MCPT201", spec=f"{SPEC} (Tool Names)", visits="tool")
def invalid_tool_name(ctx, node):
    """A tool name is empty, longer than 128 characters, or has characters outside `A-Z a-z 0-9 _ - .`.

    ## What it does
    Checks each tool's `name` against the Tool Names section of the MCP
    specification (revision 2025-11-25): 1 to 128 characters, case-sensitive,
    only ASCII letters, digits, underscore, hyphen and dot.

    ## Why is this bad?
    Clients and model APIs validate tool names (several reject spaces, slashes
    or non-ASCII letters); a tool with such a name is dropped or renamed by the
    client, and calls to it fail.

    ## Example
    ```json
    {"tools": [{"name": "find flights", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "find_flights", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    Unsafe: the fix replaces each run of other characters by `_` (and cuts the
    name at 128 characters), which renames the tool clients call.

    ## Decision
    The revision says names SHOULD follow these rules; agis-lint reports them
    as errors by default because clients in the field enforce them. Forward
    slashes (allowed by the SEP-986 draft) are outside the final list.
    """
    _, path, tool = node
    name = tool.get("name")
    if not isinstance(name, str):
        return
    problems = []
    if not name:
        problems.append("is empty")
    if len(name) > NAME_MAX:
        problems.append(f"has {len(name)} characters (at most {NAME_MAX})")
    if name and not NAME_CHARS.match(name):
        bad = sorted({ch for ch in name if not re.match(r"[A-Za-z0-9_.\-]", ch)})
        problems.append("contains " + " ".join(repr(ch) for ch in bad))
    if not problems:
        return
    fixed = re.sub(r"[^A-Za-z0-9_.\-]+", "_", name).strip("_")[:NAME_MAX]
    fixes = [Fix(f"Rename to '{fixed}'", False, [SetValue(path + ("name",), fixed)])] \
        if fixed and fixed != name else []
    yield Finding(path + ("name",), f"tool name '{name}' {' and '.join(problems)}; MCP tool "
                  f"names are 1-{NAME_MAX} characters of A-Z a-z 0-9 _ - . ({SPEC}, Tool "
                  "Names)", fixes=fixes)


@rule("MCPT202", spec=SPEC)
def duplicate_tool_name(ctx):
    """Two tools of the list have the same name.

    ## What it does
    Reports every tool whose `name` an earlier tool of the list already uses
    (names are case-sensitive), with the first one as related information.

    ## Why is this bad?
    A tool "is uniquely identified by a name" and names SHOULD be unique within
    a server (MCP 2025-11-25, Tools and Tool Names): `tools/call` names the tool
    to run, so the second one can never be called, or the wrong one runs.

    ## Example
    ```json
    {"tools": [{"name": "find_flights", "inputSchema": {"type": "object"}},
               {"name": "find_flights", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "find_flights", "inputSchema": {"type": "object"}},
               {"name": "find_hotels", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    No fix: which one to rename is the author's choice.
    """
    seen: dict[str, tuple] = {}
    for _, path, tool in _tools(ctx):
        name = tool.get("name")
        if not isinstance(name, str):
            continue
        if name in seen:
            yield Finding(path + ("name",), f"tool name '{name}' is already used by "
                          f"{format_path(seen[name])}; tool names must be unique ({SPEC})",
                          related=[Related(seen[name] + ("name",), "first defined here")])
        else:
            seen[name] = path
