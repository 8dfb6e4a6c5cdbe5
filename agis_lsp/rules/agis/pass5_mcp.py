"""Pass 5 (semantic completeness): MCP tool names (section 5.2, appendix C)."""
from __future__ import annotations

import re

from ...engine.findings import AddKey, Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ._paths import analyse_path, snake
from ._semantic import is_mapping, name, type_name
from .pass1_duplicates import endpoint_key

MCP_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@rule("AGIS512", spec="AGIS §5.2, appendix C(a)", visits="endpoint")
def invalid_mcp_tool_name(ctx, ep):
    """`mcp_tool_name` is not a lowercase name with underscores (`MakeReservation`, `make-reservation`).

    ## What it does
    Checks that `semantic.mcp_tool_name`, when present, is a string of
    lowercase letters, digits and underscores, starting with a letter.

    ## Why is this bad?
    Section 5.2: the mcp_tool_name MUST be lowercase and MAY contain
    underscores; the MCP bridge uses it verbatim as the tool name
    (appendix C(a)), and MCP clients match tool names exactly.

    ## Example
    ```yaml
    semantic:
      mcp_tool_name: Make-Reservation
    ```

    ## Use instead
    ```yaml
    semantic:
      mcp_tool_name: make_reservation
    ```

    ## Fix safety
    Unsafe: renaming a tool changes what MCP clients call.

    ## Decision
    Hyphens, dots and spaces are reported: the draft allows lowercase letters
    and underscores only ("MUST be lowercase, MAY contain underscores").
    Digits are allowed after the first letter.
    """
    if not is_mapping(ctx, ep):
        return
    sem = ep.body.get("semantic")
    if not isinstance(sem, dict) or "mcp_tool_name" not in sem or sem["mcp_tool_name"] is None:
        return
    value = sem["mcp_tool_name"]
    path = ep.field_path("semantic", "mcp_tool_name")
    if not isinstance(value, str):
        yield Finding(path, f"mcp_tool_name of {name(ep)} must be a string, not {type_name(value)} "
                      "(section 5.2)")
        return
    if MCP_NAME.match(value):
        return
    new = re.sub(r"^[0-9_]+", "", snake(value))
    fixes = [Fix(f"Rename to '{new}'", False, [SetValue(path, new)])] if new and MCP_NAME.match(new) else []
    if not value.strip():
        why = "is empty"
    elif value != value.lower():
        why = "is not lowercase"
    elif not value[0].isalpha():
        why = "must start with a letter"
    else:
        bad = sorted({c for c in value if not (c.isascii() and (c.isalnum() or c == "_"))})
        why = "contains " + ", ".join(repr(c) for c in bad)
    use = f"; use '{new}'" if fixes else "; use lowercase letters, digits and underscores"
    yield Finding(path, f"mcp_tool_name '{value}' of {name(ep)} {why}{use} (section 5.2)", fixes=fixes)


def default_tool_name(ep) -> str | None:
    """Appendix C(a): the method and the first path segment, joined by '_' and lowercased."""
    if not isinstance(ep.method, str) or not ep.method.strip():
        return None
    method = ep.method.strip().lower()
    if not isinstance(ep.path, str):
        return None
    info = analyse_path(ep.path)
    first = next((s.text for s in info.segments if s.kind != "empty"), None)
    return f"{method}_{first.lower()}" if first else method


def tool_names(ctx):
    """(endpoint, tool name, declared?) for every endpoint whose MCP tool name is known
    (whatever the focus: a name is taken by any endpoint)."""
    raw = ctx.data.get("endpoints") if isinstance(ctx.data, dict) else None
    for ep in ctx.view.all_endpoints:
        item = raw[ep.index] if isinstance(raw, list) else raw.get(ep.key) if isinstance(raw, dict) else None
        if not isinstance(item, dict):
            continue
        sem = ep.body.get("semantic")
        declared = sem.get("mcp_tool_name") if isinstance(sem, dict) else None
        if isinstance(declared, str) and declared.strip():
            yield ep, declared.strip(), True
        else:
            default = default_tool_name(ep)
            if default:
                yield ep, default, False


def _suggest(ep, taken: set) -> str | None:
    info = analyse_path(ep.path) if isinstance(ep.path, str) else None
    if info is None or not isinstance(ep.method, str):
        return None
    words = [ep.method.strip().lower()]
    params = []
    for s in info.segments:
        if s.kind == "literal":
            words.extend(w for w in re.split(r"[^a-z0-9]+", s.text.lower()) if w)
        elif s.kind == "param":
            params.append(s.text[1:-1])
    base = "_".join(words) + ("_by_" + "_and_".join(params) if params else "")
    base = re.sub(r"_+", "_", base).strip("_")
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}_{n}", n + 1
    return candidate if MCP_NAME.match(candidate) else None


@rule("AGIS513", spec="AGIS §5.2, appendix C(a)")
def duplicate_mcp_tool_name(ctx):
    """Two endpoints get the same MCP tool name (`BOOK /reservation` and `BOOK /reservation/{id}`).

    ## What it does
    Computes every endpoint's MCP tool name as the bridge would (appendix
    C(a)): the declared `mcp_tool_name`, or else the method and the first
    path segment joined by `_` and lowercased. Reports every endpoint whose
    name was already taken by an earlier one, pointing at both.

    ## Why is this bad?
    Section 5.2: the mcp_tool_name MUST be unique within the service's
    generated MCP catalog. `BOOK /reservation` and `BOOK /reservation/{id}`
    both generate `book_reservation`; one of the tools would be lost or the
    catalog rejected, and agents would call the wrong endpoint.

    ## Example
    ```yaml
    - method: FIND
      path: /reservation
    - method: FIND
      path: /reservation/{id}
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /reservation
    - method: FIND
      path: /reservation/{id}
      semantic:
        mcp_tool_name: find_reservation_by_id
    ```

    ## Fix safety
    For a generated name, the fix declares an `mcp_tool_name` built from the
    whole path (`find_reservation_by_id`): unsafe, since it names a tool.
    A declared name that collides has no fix.

    ## Decision
    Two endpoints with the same method and path generate the same tool name
    too, but the mistake is the repeated endpoint: AGIS105 reports it and this
    rule stays silent for that pair (one mistake, one diagnostic).
    """
    first: dict = {}
    names = list(tool_names(ctx))
    taken = {n for _, n, _ in names}
    focus = ctx.view.focus
    for ep, tool, declared in names:
        if tool not in first:
            first[tool] = (ep, declared)
            continue
        if focus is not None and ep.index not in focus:
            if not declared:                  # its suggestion takes a name, as in a full check
                sem = ep.body.get("semantic")
                same = endpoint_key(ep) is not None and endpoint_key(ep) == endpoint_key(first[tool][0])
                if isinstance(sem, dict) and "mcp_tool_name" not in sem and not same:
                    new = _suggest(ep, taken)
                    if new:
                        taken.add(new)
            continue
        other, other_declared = first[tool]
        if endpoint_key(ep) is not None and endpoint_key(ep) == endpoint_key(other):
            continue  # the same endpoint twice: AGIS105 reports it, the clash is its consequence
        if declared:
            loc, part = ep.field_path("semantic", "mcp_tool_name"), "value"
            how = "declared"
        else:
            loc, part = ep.path_loc
            how = "generated from the method and first path segment"
        other_how = "declared" if other_declared else "generated"
        fixes = []
        sem = ep.body.get("semantic")
        if not declared and isinstance(sem, dict) and "mcp_tool_name" not in sem:
            new = _suggest(ep, taken)
            if new:
                taken.add(new)
                fixes.append(Fix(f"Declare mcp_tool_name: {new}", False,
                                 [AddKey(ep.field_path("semantic"), "mcp_tool_name", new)]))
        rel_loc, rel_part = (other.field_path("semantic", "mcp_tool_name"), "value") if other_declared \
            else other.path_loc
        yield Finding(loc, f"MCP tool name '{tool}' of {name(ep)} ({how}) is also the {other_how} tool name "
                      f"of {name(other)}; declare a unique semantic.mcp_tool_name (section 5.2, "
                      "appendix C(a))", part=part, fixes=fixes,
                      related=[Related(rel_loc, f"'{tool}' is the tool name of {name(other)}", rel_part)])
