"""Pass 5 (semantic completeness): the shapes of parameter_hints and state_transition."""
from __future__ import annotations

import re

from ...engine.findings import Finding, Fix, RenameKey, SetValue
from ...engine.registry import rule
from .._text import close_matches
from ._jsonschema import input_parameters
from ._semantic import name, semantic_of, type_name


@rule("AGIS510", spec="AGIS §5.2, appendix C(b)", visits="endpoint")
def invalid_parameter_hints(ctx, ep):
    """`parameter_hints` is not a mapping from input parameters to lists of phrases.

    ## What it does
    Checks that `parameter_hints` is a mapping, that each value is a
    non-empty list of non-empty strings, and that each key names a parameter
    of the endpoint's input (when the input's parameters can be read).

    ## Why is this bad?
    Section 5.2 defines a map from parameter names to the phrases users say
    for them ("for N people" -> party_size); agents use it to fill schema
    fields and the MCP bridge appends it to tool descriptions (appendix
    C(b)). A hint for a parameter that does not exist points agents at a
    field they cannot send.

    ## Example
    ```yaml
    semantic:
      parameter_hints:
        party_sise: "for N people"
    ```

    ## Use instead
    ```yaml
    semantic:
      parameter_hints:
        party_size: ["for N people", "table for N"]
    ```

    ## Fix safety
    Wrapping a single phrase in a list is safe (the same phrase). Renaming a
    key to the closest input parameter is unsafe: it is a guess.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    if "parameter_hints" not in sem or sem["parameter_hints"] is None:
        return
    hints = sem["parameter_hints"]
    path = ep.field_path("semantic", "parameter_hints")
    if not isinstance(hints, dict):
        yield Finding(path, f"parameter_hints of {name(ep)} must map parameter names to lists of phrases, "
                      f"not {type_name(hints)} (section 5.2)")
        return
    params = input_parameters(ctx, ep)
    for key, phrases in hints.items():
        at = path + (key,)
        if params is not None and isinstance(key, str) and key not in params:
            close = close_matches(key, [p for p in params if p not in hints])
            fixes = [Fix(f"Rename to '{close[0]}'", False, [RenameKey(at, close[0])])] if close else []
            hint = f"; did you mean '{close[0]}'?" if close else \
                f"; its parameters are {', '.join(params)}" if params else ""
            yield Finding(at, f"parameter_hints of {name(ep)} names '{key}', which is not a parameter of "
                          f"its input{hint} (section 5.2)", part="key", fixes=fixes)
        if isinstance(phrases, str):
            fixes = [Fix("Wrap the phrase in a list", True, [SetValue(at, [phrases])])] \
                if phrases.strip() else []
            yield Finding(at, f"hints for '{key}' of {name(ep)} must be a list of phrases, not a single "
                          f"string; write [\"{phrases}\"] (section 5.2)", fixes=fixes)
        elif not isinstance(phrases, list):
            yield Finding(at, f"hints for '{key}' of {name(ep)} must be a list of phrases, not "
                          f"{type_name(phrases)} (section 5.2)")
        elif not phrases:
            yield Finding(at, f"hints for '{key}' of {name(ep)} are empty; list the phrases users say for "
                          "it, or remove the entry (section 5.2)")
        else:
            for i, p in enumerate(phrases):
                if not isinstance(p, str) or not p.strip():
                    what = "an empty phrase" if isinstance(p, str) or p is None else type_name(p)
                    yield Finding(at + (i,), f"hint {i + 1} for '{key}' of {name(ep)} is {what}; each "
                                  "hint is a phrase (a string) (section 5.2)")


_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*(?:\[[^\]]*\])?(?:\.[A-Za-z_][A-Za-z0-9_\-]*(?:\[[^\]]*\])?)*$")
_NEXT_ENTRY = re.compile(r"\s+(?=[A-Za-z_][A-Za-z0-9_.\-\[\]]*\s*:\s)")
_ARROWS = ("=>", "\u2192", "-->", "\u27f6")


def _check_change(text: str) -> tuple[str | None, str | None]:
    """(problem, fixed text) for the `FROM -> TO` part."""
    if "->" not in text:
        for arrow in _ARROWS:
            if arrow in text:
                return f"uses '{arrow}' instead of '->'", text.replace(arrow, "->")
        return "has no '->' between the old and the new value", None
    if text.count("->") > 1:
        return "has more than one '->'", None
    before, after = (s.strip() for s in text.split("->"))
    if not before:
        return "has no value before '->' (write NONE or NULL for none)", None
    if not after:
        return "has no value after '->'", None
    return None, None


def _check_entry(entry: str) -> tuple[str | None, str | None]:
    """(problem, fixed entry) for one `field: FROM -> TO` string."""
    field, sep, change = entry.partition(":")
    if not sep or "->" in field or any(a in field for a in _ARROWS):
        return "has no 'field:' before the change", None
    if not _FIELD.match(field.strip()):
        return f"names the field '{field.strip()}', which is not a dotted name like reservation.status", None
    problem, fixed = _check_change(change)
    if problem:
        return problem, (f"{field}:{fixed}" if fixed is not None else None)
    return None, None


def _entries(text: str) -> list[str]:
    out = []
    for line in re.split(r"[\n;]", text):
        out.extend(p.strip() for p in _NEXT_ENTRY.split(line) if p.strip())
    return out


@rule("AGIS511", spec="AGIS §5.2", visits="endpoint")
def invalid_state_transition(ctx, ep):
    """`state_transition` is not in the `field: FROM -> TO` form.

    ## What it does
    Accepts three shapes: a string of one or more `field: FROM -> TO`
    entries (one per line, or separated by `;`), a list of such strings (or
    of one-key mappings, as YAML reads `- field: A -> B`), and a mapping
    from field to `"FROM -> TO"`. Each entry needs a dotted field name, one
    `->`, and a value on each side.

    ## Why is this bad?
    Section 5.2 defines the format `field: FROM -> TO`; level 2 runtimes
    parse it to verify the outcome after execution. An entry they cannot
    parse verifies nothing.

    ## Example
    ```yaml
    semantic:
      state_transition: "reservation.status NONE => CONFIRMED"
    ```

    ## Use instead
    ```yaml
    semantic:
      state_transition: "reservation.status: NONE -> CONFIRMED"
    ```

    ## Fix safety
    Replacing another arrow (`=>`, `-->`, `→`) with `->` is safe: the same
    transition. Other problems have no fix.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    if "state_transition" not in sem or sem["state_transition"] is None:
        return
    value = sem["state_transition"]
    path = ep.field_path("semantic", "state_transition")
    for at, shown, problem, fixed in _problems(value, path):
        fixes = [Fix("Use '->'", True, [SetValue(at, fixed)])] if fixed is not None else []
        yield Finding(at, f"state_transition {shown} of {name(ep)} {problem}; write "
                      "'field: FROM -> TO' (section 5.2)", fixes=fixes)


def _problems(value, path):
    """(path, shown, problem, fixed value or None) for every malformed entry."""
    if isinstance(value, str):
        entries = _entries(value)
        if not entries:
            yield path, "''", "is empty", None
            return
        fixed_all, any_fix, bad = value, False, []
        for e in entries:
            problem, fixed = _check_entry(e)
            if problem:
                bad.append((e, problem))
                if fixed is not None:
                    fixed_all = fixed_all.replace(e, fixed)
                    any_fix = True
        for e, problem in bad:
            yield path, f"'{e}'", problem, (fixed_all if any_fix and len(bad) == 1 else None)
        return
    if isinstance(value, list):
        if not value:
            yield path, "[]", "is empty", None
        for i, item in enumerate(value):
            at = path + (i,)
            if isinstance(item, dict) and len(item) == 1:
                yield from _problems(item, at)
            elif isinstance(item, str):
                problem, fixed = _check_entry(item)
                if problem:
                    yield at, f"'{item}'", problem, fixed
            else:
                yield at, f"entry {i + 1}", f"is {type_name(item)}, not a 'field: FROM -> TO' string", None
        return
    if isinstance(value, dict):
        if not value:
            yield path, "{}", "is empty", None
        for key, change in value.items():
            at = path + (key,)
            if not isinstance(key, str) or not _FIELD.match(key.strip()):
                yield at, f"field '{key}'", "is not a dotted name like reservation.status", None
                continue
            if not isinstance(change, str):
                yield at, f"for '{key}'", f"is {type_name(change)}, not a 'FROM -> TO' string", None
                continue
            problem, fixed = _check_change(change)
            if problem:
                yield at, f"for '{key}'", problem, fixed
        return
    yield path, "", f"is {type_name(value)}, not a string, list or mapping", None
