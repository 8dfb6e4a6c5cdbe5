"""Hover: a verb's catalog entry, a field's schema documentation, a rule's explanation."""
from __future__ import annotations

import re

from lsprotocol import types

from ...document.locate import KEY, path_at, word_at
from ...formats.registry import ENDPOINT_TABLE, has_trait, is_verb_place as format_verb_place
from ...formats.registry import view_for
from . import schema as sch
from ..protocol.capabilities import ClientFeatures
from ..protocol.to_lsp import offsets_range
from ..protocol import cancel

_VERB = re.compile(r"^[A-Za-z]+$")


# -- shared texts (also used by completion) --------------------------------------
# Catalog categories whose verbs read and change nothing; every other category changes state.
READ_ONLY_CATEGORIES = ("discovery", "retrieval", "analysis")


def verb_safety(info) -> str:
    """``safe`` (reads only) or ``changes state``, from the verb's catalog categories."""
    cats = tuple(info.categories)
    return "safe (reads only)" if cats and all(c in READ_ONLY_CATEGORIES for c in cats) else "changes state"


def verb_facts(info) -> str:
    """One line: category, safety, one-line description (completion items, hovers)."""
    first = info.description.strip().split("\n")[0]
    return f"{', '.join(info.categories) or 'uncategorised'} · {verb_safety(info)} · {first}"


def verb_markdown(name: str, catalog) -> str:
    """What the catalog says about a verb, or that it is not in it."""
    info = catalog.get(name) if catalog is not None else None
    upper = name.strip().upper()
    version = getattr(catalog, "version", "?")
    if info is not None:
        lines = [f"**{info.name}** · {', '.join(info.categories) or 'uncategorised'} · {verb_safety(info)}",
                 "", info.description, "", f"*AGTP catalog {version}*"]
        if info.deprecated:
            dep = f"Deprecated since catalog {info.deprecated_in}"
            if info.removed_in:
                dep += f", removed in {info.removed_in}"
            if info.successor:
                dep += f"; use **{info.successor}** instead"
            lines += ["", f"⚠ {dep}."]
        if upper in getattr(catalog, "embedded", ()):
            lines += ["", "Part of the protocol floor (every AGTP server accepts it)."]
        return "\n".join(lines)
    if catalog is not None and catalog.is_legacy(upper):
        preferred = catalog.preferred_for_legacy(upper)
        note = catalog.legacy_descriptions.get(upper, "")
        return "\n".join([f"**{upper}** · legacy HTTP verb", "", note or
                          f"Legacy verbs are opt-in per server; prefer **{preferred}**.",
                          "", f"Preferred AGTP verb: **{preferred}**."])
    text = f"**{upper}** is not in the AGTP method catalog {version}."
    if catalog is not None:
        close = catalog.suggest(upper)
        if close:
            text += " Did you mean " + ", ".join(f"**{c}**" for c in close) + "?"
    text += ("\n\nAGIS documents may use their own verbs (imperative, base form); AGTP "
             "servers accept only catalog verbs unless their method policy allows it.")
    return text


def field_markdown(root: dict, path: tuple) -> str | None:
    node = sch.node_at(root, path)
    if node is None:
        return None
    desc = sch.description(root, node)
    label = sch.type_label(root, node)
    name = path[-1] if path else "document"
    if isinstance(name, int):
        name = f"[{name}]"
    head = f"**`{name}`**" + (f" · {label}" if label else "")
    values = [v for v in sch.enum_values(root, node) if not isinstance(v, bool)]
    parts = [head]
    if desc:
        parts += ["", desc]
    if values:
        parts += ["", "One of: " + ", ".join(f"`{v}`" for v in values)]
    return "\n".join(parts) if (desc or values or label) else None


# -- where verbs are -------------------------------------------------------------------
def is_verb_place(kind: str | None, path: tuple, part: str, data) -> bool:
    """Whether the thing at ``path`` is a method verb, where the kind says
    (``formats.registry.is_verb_place``; a kind that does not say has none)."""
    return bool(path) and bool(format_verb_place(kind, path, part, data))


def schema_path(kind: str | None, path: tuple, data) -> tuple:
    """The path to look up in the kind's schema (AGTP endpoints may sit under ``[endpoint]``)."""
    if has_trait(kind, ENDPOINT_TABLE) and path[:1] == ("endpoint",) and isinstance(data, dict) \
            and isinstance(data.get("endpoint"), dict):
        return path[1:]
    return path


def _lead_markdown(verb: str, catalog) -> str:
    """A name's leading verb: the catalog entry, or what the lexicon knows of the word."""
    known = catalog is not None and (catalog.get(verb) is not None or catalog.is_legacy(verb))
    if not known:
        from ... import lexicon
        if lexicon.is_base_verb(verb) and not lexicon.non_action_class(verb):
            return (f"**{verb}** · an English action verb (not in the AGTP method catalog "
                    f"{getattr(catalog, 'version', '?')})")
    return verb_markdown(verb, catalog)


def _operation_name(kind, doc, path: tuple, part: str):
    """A tool or capability name of a format of ``formats.registry`` (its verb gets a hover)."""
    if part == KEY or not doc.parsed:
        return None
    from ...formats.names import operation_at
    return operation_at(kind, doc, tuple(path))


# -- the builder ---------------------------------------------------------------------------
def build_hover(doc, offset: int, kind: str | None, catalog, diagnostics: list,
                features: ClientFeatures, href=None) -> types.Hover | None:
    """The verb's (or field's) facts first, then one line per finding under the cursor.

    A finding's line is its code, linked to the rule's documentation when
    ``href(code)`` gives one, and its message; the full rule documentation
    stays behind the link (``agis-lint rule CODE`` prints it too).
    """
    pos = doc.lines.position(offset)
    sections: list[str] = []
    here = [d for d in diagnostics
            if (d.range.start.line, d.range.start.character) <= (pos.line, pos.character)
            <= (d.range.end.line, d.range.end.character)]
    path, part = path_at(doc, offset)
    start, end = word_at(doc.text, offset)
    word = doc.text[start:end]
    data = doc.data if doc.parsed else None
    legacy_item = len(path) >= 2 and path[-2] == "legacy" and isinstance(path[-1], int)
    if is_verb_place(kind, path, part, data) or legacy_item:
        verb = word.split()[0] if word else ""
        if part == KEY and isinstance(path[-1], str):
            verb = path[-1].split()[0] if path[-1].split() else ""
        if _VERB.match(verb or ""):
            sections.append(verb_markdown(verb, catalog) + _instead(here))
    elif path and _operation_name(kind, doc, path, part):
        op, lead = _operation_name(kind, doc, path, part)
        from ...formats import capability_sources as capabilities
        sections.append(f"Leading verb of the {op.label} name `{op.name}`:\n\n"
                        + _lead_markdown(lead.upper, catalog) + "\n\n"
                        + capabilities.markdown(capabilities.of_operation(
                            view_for(kind, doc), op, data)))
    elif path and not here:
        root = sch.schema_for_kind(kind)
        if root is not None:
            text = field_markdown(root, schema_path(kind, path, data))
            if text:
                sections.append(text)
    if here:
        sections.append(findings_markdown(here, href))
    if not sections:
        return None
    value = "\n\n---\n\n".join(sections)
    if features.markdown:
        contents = types.MarkupContent(kind=types.MarkupKind.Markdown, value=value)
    else:
        contents = types.MarkupContent(kind=types.MarkupKind.PlainText,
                                       value=value.replace("**", "").replace("`", ""))
    rng = offsets_range(doc.lines, start, end) if end > start else None
    return types.Hover(contents=contents, range=rng)


def _instead(here: list) -> str:
    """"Use X instead": the preferred fix of the findings on a flagged verb."""
    from ...engine.fixer import preferred_fix
    for d in here:
        fix = preferred_fix(d)
        if fix is not None and fix.preferred:
            how = "Auto Fix" if fix.safe else "unsafe quick fix: choose it, Auto Fix does not apply it"
            return f"\n\n**Instead:** {fix.title} ({how})"
    return ""


def findings_markdown(diagnostics: list, href=None) -> str:
    """One line per finding: the code (a link to its documentation) and the message."""
    lines, seen = [], set()
    for d in diagnostics:
        cancel.check()
        if (d.code, d.message) in seen:
            continue
        seen.add((d.code, d.message))
        link = href(d.code) if href is not None else None
        code = f"[`{d.code}`]({link})" if link else f"`{d.code}`"
        lines.append(f"- {code} {d.name}: {d.message}")
    return "\n".join(lines)
