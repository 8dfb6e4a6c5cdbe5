"""The three structure rules every agent-interface format has (missing field, wrong
type, value outside an enum), registered per format under its own code prefix.

The checks read the format's schema in ``formats/`` (the one hover and
completion show), so a field's documentation, its enum and its rule agree.
"""
from __future__ import annotations

from ..document.paths import format_path
from ..engine.facts import fact
from ..engine.findings import AddKey, Finding, Fix, SetValue
from ..engine.registry import rule
from ..formats.registry import get as get_format
from ._shape import check, describe_expected, type_name
from ._text import close_matches

_DOC = """{summary}

## What it does
{what}

## Why is this bad?
{why}

## Example
```{lang}
{bad}
```

## Use instead
```{lang}
{good}
```

## Fix safety
{fix}
"""

_TEXT = {
    "missing": dict(
        summary="A field the {title} requires is missing.",
        what="Checks every object of the document for the fields {spec} requires (the same list "
             "the editor's completion marks as required).",
        why="Consumers of a {title} read these fields without a fallback; a missing one makes the "
            "document unusable for them.",
        fix="No fix: agis-lint cannot know the value."),
    "type": dict(
        summary="A field of the {title} has the wrong type (a string where {spec} wants an integer, "
                "a list where it wants a mapping).",
        what="Compares each known field's value with the type {spec} gives it.",
        why="Strict consumers reject the document; lenient ones guess, differently.",
        fix="Safe when the text says the same thing in the right type (`\"3\"` -> `3`, `\"true\"` "
            "-> `true`); otherwise no fix."),
    "enum": dict(
        summary="A field of the {title} has a value outside the ones {spec} defines.",
        what="Checks enumerated fields (types, modes, versions) against the values the spec lists.",
        why="A consumer that does not know the value cannot act on it.",
        fix="Safe when only the letter case differs from a defined value; unsafe when the value is "
            "a close spelling of one (a guess); otherwise no fix."),
}


def _first_sentence(text: str | None) -> str:
    if not text:
        return ""
    cut = text.split(". ")[0].rstrip(".")
    return cut if len(cut) <= 140 else cut[:139] + "…"


def _where(path: tuple) -> str:
    return format_path(path) if path else "the document"


@fact("shape-problems")
def _all_problems(ctx) -> list:
    """The structure problems of the document against its format's schema (X101-X103 share them)."""
    fmt = get_format(ctx.kind)
    if fmt is None or fmt.schema is None or ctx.data is None:
        return []
    return check(ctx.data, fmt.schema)


def _problems(ctx, kinds: str):
    return [p for p in _all_problems(ctx) if p.kind == kinds]


def _retype(value, expected: str):
    if isinstance(value, str):
        text = value.strip()
        if expected in ("integer", "number") and text.lstrip("-").isdigit() and text.isascii() \
                and len(text) <= 4300:   # int()'s limit; a longer one is no fix to offer
            return int(text)
        if expected == "boolean" and text.lower() in ("true", "false"):
            return text.lower() == "true"
    if expected == "string" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return getattr(value, "text", None) or str(value)   # a HugeInt's digits as written
    return None


def missing(ctx):
    for p in _problems(ctx, "missing"):
        doc = _first_sentence(p.node.get("description"))
        yield Finding(p.path, f"{_where(p.path)} has no '{p.key}'" + (f" ({doc})" if doc else ""),
                      part="key")


def wrong_type(ctx):
    for p in _problems(ctx, "type"):
        value = ctx.doc.get(p.path)
        fixes = []
        new = _retype(value, p.expected)
        if new is not None:
            fixes.append(Fix(f"Write {new!r}".replace("True", "true").replace("False", "false"),
                             True, [SetValue(p.path, new)]))
        yield Finding(p.path, f"{_where(p.path)} must be {describe_expected(p.expected)}, not "
                      f"{type_name(value)}", fixes=fixes)


def bad_enum(ctx):
    for p in _problems(ctx, "enum"):
        value = ctx.doc.get(p.path)
        allowed = [v for v in p.node.get("enum", ())]
        fixes = []
        if isinstance(value, str):
            same = [v for v in allowed if isinstance(v, str) and v.lower() == value.strip().lower()]
            if same:
                fixes.append(Fix(f"Write '{same[0]}'", True, [SetValue(p.path, same[0])]))
            else:
                names = [v for v in allowed if isinstance(v, str)]
                # a typo, or a word written in full where the enum keeps its abbreviation
                # ('integer' for 'int')
                close = close_matches(value, names) or \
                    [v for v in names if len(v) >= 3 and value.lower().startswith(v.lower())][:1]
                if close:
                    fixes.append(Fix(f"Replace with '{close[0]}'", False, [SetValue(p.path, close[0])]))
        shown = ", ".join(repr(v) for v in allowed)
        yield Finding(p.path, f"{_where(p.path)} is {value!r}; use one of {shown}", fixes=fixes)


def register(prefix: str, slug: str, kinds: tuple, title: str, spec: str, examples: dict,
             lang: str = "json"):
    """Register PREFIX101 (missing), PREFIX102 (type) and PREFIX103 (enum) for ``kinds``."""
    checks = {"missing": (101, "missing-required-field", missing),
              "type": (102, "wrong-field-type", wrong_type),
              "enum": (103, "invalid-enum-value", bad_enum)}
    for key, (num, name, fn) in checks.items():
        bad, good = examples[key]
        text = {k: v.format(title=title, spec=spec) for k, v in _TEXT[key].items()}
        doc = _DOC.format(lang=lang, bad=bad.strip("\n"), good=good.strip("\n"), **text)

        def make(f):
            def check_fn(ctx):
                return f(ctx)
            check_fn.__doc__ = doc
            check_fn.__name__ = f"{prefix.lower()}_{name.replace('-', '_')}"
            return check_fn

        rule(f"{prefix}{num}", f"{slug}-{name}", pass_no=1, kinds=kinds, spec=spec)(make(fn))
