"""Pass 4 (path syntax): leading slash, lowercase hyphenated segments, `{param}`
notation, no query string, no empty segments (section 4.4(a)(c)(d)(f))."""
from __future__ import annotations

from ...engine.findings import Finding, Fix
from ...engine.registry import rule
from ._paths import LITERAL_OK, kebab, param_repair, path_info, replace_segment
from .pass4_path_verbs import verb_rewrite


@rule("AGIS401", spec="AGIS §4.4(a)", visits="endpoint")
def path_missing_leading_slash(ctx, ep):
    """The path does not begin with `/`.

    ## What it does
    Checks that every endpoint path starts with a forward slash.

    ## Why is this bad?
    Section 4.4(a): the path MUST begin with `/`. Agents join the path to the
    service's AGTP address; `reservation` is not a path they can call.

    ## Example
    ```yaml
    - method: BOOK
      path: reservation
    ```

    ## Use instead
    ```yaml
    - method: BOOK
      path: /reservation
    ```

    ## Fix safety
    Safe: a path without its leading slash has no other reading, so adding
    the slash (and dropping surrounding blanks) keeps its meaning.
    """
    info = path_info(ep)
    if info is None:
        return
    if ep.path.startswith("/"):
        return
    new = ep.path.strip()
    if not new.startswith("/"):
        new = "/" + new
    loc, part = ep.path_loc
    yield Finding(loc, f"path '{ep.path}' must begin with '/'; use '{new}' (section 4.4(a))",
                  part=part,
                  fixes=[Fix(f"Use '{new}'", True, [ep.set_path(new)], preferred=True)])


@rule("AGIS402", spec="AGIS §4.4(c)", visits="endpoint")
def path_not_lowercase(ctx, ep):
    """A path segment is not lowercase with hyphens between words (`/RESERVATION`, `/patient_record`).

    ## What it does
    Checks every literal (non-parameter) segment against lowercase
    hyphen-separated notation: letters `a-z`, digits, and single hyphens
    between words. Upper case, camel case, underscores, spaces and other
    characters are reported, with the segment rewritten in that notation.

    ## Why is this bad?
    Section 4.4(c): multi-word segments MUST use hyphen-separated lowercase
    notation, and the examples table marks `/RESERVATION` invalid. One
    notation keeps paths predictable for agents that build them from nouns.

    ## Example
    ```yaml
    - method: FIND
      path: /PatientRecord/{id}
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /patient-record/{id}
    ```

    ## Fix safety
    Unsafe: changing a path changes the API that clients call.

    ## Decision
    A segment that holds a verb AGIS405 or AGIS406 removes (`/cancelBooking`
    with CANCEL, `/getMenu`) is theirs alone: their rewrite (`booking`,
    `menu`) is lowercase and hyphenated too, and a second suggestion for the
    same segment (`cancel-booking`) would contradict it.
    """
    info = path_info(ep)
    if info is None:
        return
    loc, part = ep.path_loc
    for seg in info.literals:
        if LITERAL_OK.match(seg.text):
            continue
        if verb_rewrite(ep, info, seg) is not None:
            continue  # AGIS405/406 report this segment, with a rewrite that fixes the case too
        new = kebab(seg.text)
        what = _what_is_wrong(seg.text)
        fixes = []
        if new and LITERAL_OK.match(new):
            new_path = replace_segment(info, seg.index, new)
            fixes.append(Fix(f"Rewrite the segment as '{new}'", False, [ep.set_path(new_path)],
                             preferred=True))
            advice = f"use '{new}'"
        else:
            advice = "use lowercase words separated by hyphens"
        yield Finding(loc, f"path segment '{seg.text}' in '{ep.path}' {what}; {advice} "
                      "(section 4.4(c))", part=part, fixes=fixes)


def _what_is_wrong(text: str) -> str:
    if any(c.isspace() for c in text):
        return "contains spaces"
    if "_" in text:
        return "uses underscores"
    if any(c.isupper() for c in text):
        return "is not lowercase"
    if "--" in text or text.startswith("-") or text.endswith("-"):
        return "has stray hyphens"
    bad = sorted({c for c in text if not (c.isascii() and (c.isalnum() or c == "-"))})
    return "contains " + ", ".join(f"'{c}'" for c in bad)


@rule("AGIS403", spec="AGIS §4.4(d)", visits="endpoint")
def path_invalid_parameter(ctx, ep):
    """A path parameter does not use `{snake_case}` curly-brace notation (`:id`, `<id>`, `{Id}`, `x{id}`).

    ## What it does
    Finds segments that try to be parameters: colon (`:id`), angle-bracket
    (`<id>`, `<int:id>`), square-bracket (`[id]`) or double-brace notation,
    empty or unbalanced braces, a parameter that shares its segment with
    other text (`/order-{id}`, `/{a}{b}`), and names that are not snake_case
    (`{orderId}`).

    ## Why is this bad?
    Section 4.4(d): parameterized segments MUST use curly-brace notation, as
    in `/reservation/{id}`. Section 7 asks for snake_case parameter names,
    and the name in the path is the one agents look up in the input schema.

    ## Example
    ```yaml
    - method: CANCEL
      path: /reservation/:id
    ```

    ## Use instead
    ```yaml
    - method: CANCEL
      path: /reservation/{id}
    ```

    ## Fix safety
    Safe when only the notation changes (`:id`, `<id>`, `[id]`, `{{id}}` to
    `{id}`): the segment still names the same parameter. Renaming a parameter
    (`{orderId}` to `{order_id}`, or dropping a `<int:...>` converter) is
    unsafe. Parameters mixed with text have no fix.

    ## Decision
    A parameter is a whole segment: `/order-{id}` is reported, since the draft
    shows only whole-segment parameters and agents split paths on `/`.
    """
    info = path_info(ep)
    if info is None:
        return
    loc, part = ep.path_loc
    for seg in info.segments:
        if seg.kind != "param-like":
            continue
        new, reason, safe = param_repair(seg.text)
        fixes = []
        if new:
            new_path = replace_segment(info, seg.index, new)
            fixes.append(Fix(f"Write the parameter as '{new}'", safe, [ep.set_path(new_path)],
                             preferred=True))
            advice = f"write '{new}'"
        else:
            advice = "write it as a whole segment in braces, e.g. '{id}'"
        yield Finding(loc, f"path parameter '{seg.text}' in '{ep.path}' uses {reason}; {advice} "
                      "(section 4.4(d))", part=part, fixes=fixes)


@rule("AGIS404", spec="AGIS §4.4(f)", visits="endpoint")
def path_query_string(ctx, ep):
    """The path contains a query string (`/reservation?type=dinner`).

    ## What it does
    Reports paths containing `?`.

    ## Why is this bad?
    Section 4.4(f): query string parameters MUST NOT appear in path
    definitions; variable inputs belong in the JSON Schema `input` block,
    where agents find their types and whether they are required.

    ## Example
    ```yaml
    - method: FIND
      path: /reservation?type=dinner
    ```

    ## Use instead
    ```yaml
    - method: FIND
      path: /reservation
      input:
        type: object
        properties:
          type: {type: string, enum: [dinner, lunch]}
    ```

    ## Fix safety
    Unsafe: the fix removes the query string; its parameters must then be
    declared in `input` by hand.
    """
    info = path_info(ep)
    if info is None:
        return
    if info.query is None:
        return
    loc, part = ep.path_loc
    names = [p.split("=", 1)[0] for p in info.query[1:].split("&") if p.split("=", 1)[0]]
    declare = f"declare {', '.join(names)} in the input schema" if names \
        else "declare its parameters in the input schema"
    new = info.route.strip() or "/"
    yield Finding(loc, f"path '{ep.path}' contains the query string '{info.query}'; "
                  f"{declare} instead (section 4.4(f))", part=part,
                  fixes=[Fix(f"Remove the query string (use '{new}')", False, [ep.set_path(new)],
                             preferred=True)])


@rule("AGIS408", spec="AGIS §4.4", visits="endpoint")
def path_empty_segment(ctx, ep):
    """The path has an empty segment: a doubled `//` or a trailing `/`.

    ## What it does
    Reports paths with `//` inside or a `/` at the end (the root path `/` on
    its own is left to AGIS407).

    ## Why is this bad?
    Every segment of an AGIS path names an entity or a parameter (section
    4.4(b)(d)); an empty one names nothing, and agents that compare or join
    paths treat `/reservation/` and `/reservation` as different.

    ## Example
    ```yaml
    - method: CANCEL
      path: /reservation//{id}/
    ```

    ## Use instead
    ```yaml
    - method: CANCEL
      path: /reservation/{id}
    ```

    ## Fix safety
    Unsafe: changing a path changes the API that clients call.
    """
    info = path_info(ep)
    if info is None:
        return
    empties = [s for s in info.segments if s.kind == "empty"]
    if not empties or not info.route.strip("/"):
        return
    loc, part = ep.path_loc
    trailing = info.segments[-1].kind == "empty"
    inner = any(s.kind == "empty" for s in info.segments[:-1])
    what = "an empty segment ('//')" if inner else "a trailing '/'"
    if inner and trailing:
        what = "an empty segment ('//') and a trailing '/'"
    new = info.with_segments([s.text for s in info.segments])
    yield Finding(loc, f"path '{ep.path}' has {what}; use '{new}' (section 4.4)", part=part,
                  fixes=[Fix(f"Use '{new}'", False, [ep.set_path(new)], preferred=True)])
