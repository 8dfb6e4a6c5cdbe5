"""Document links: ``$ref`` (to the schema: same document or another file), an AGTP endpoint's
``handler.recipe`` (to the recipe in ``agtp-recipes.toml``) and what a kind's ``links`` editor
hook names (``formats.registry``: an ADP capability's ``detail_url`` against the manifest's
``base_url``, an AGIS well-known summary's ``agis_document``).

A target inside a file is the file's URI with a ``#L<line>`` fragment (1-based, as VS Code
opens it); URLs (``http(s)://``) are linked as written.
"""
from __future__ import annotations

import os
from typing import Callable

from lsprotocol import types

from ...formats.registry import RECIPE_HANDLER, editor, has_trait
from ..protocol.to_lsp import offsets_range
from .definition import pointer_path
from .places import RECIPE, SCHEMA, checked, places_of, ref_places
from ..protocol.uris import from_path
from ..protocol import cancel

_URL_SCHEMES = ("http://", "https://")


def line_target(uri: str, doc, path: tuple) -> str:
    """``uri#L<line>`` of the key at ``path`` (the file's top for the root)."""
    if not path:
        return uri
    start, _ = doc.span(path, "key")
    return f"{uri}#L{doc.lines.line_of(start) + 1}"


def file_target(doc, value: str) -> str | None:
    """A file reference relative to the document (or a URL) as a link target."""
    if value.startswith(_URL_SCHEMES):
        return value
    if "://" in value or not doc.path or not value or "\x00" in value:
        return None
    return from_path(os.path.normpath(os.path.join(os.path.dirname(doc.path), value)))


def ref_links(doc, uri: str) -> list[tuple]:
    """(start, end, target, tooltip) of every ``$ref`` whose target can be named."""
    out = []
    for p in ref_places(doc):
        cancel.check()
        value = f"#/schemas/{p.name}" if p.kind == SCHEMA else p.name
        target, _, pointer = value.partition("#")
        if not target:
            where = pointer_path(doc, pointer)
            if where is not None:
                out.append((p.start, p.end, line_target(uri, doc, where), value))
            continue
        link = file_target(doc, target)
        if link is not None:
            out.append((p.start, p.end, link, value))
    return out


def build_links(doc, kind: str | None, uri: str,
                recipe_target: Callable[[str], str | None] | None = None,
                tooltips: bool = True) -> list[types.DocumentLink]:
    """The links of ``doc``; ``recipe_target(name)`` gives the URI of a recipe (or None);
    ``tooltips``: whether the client shows a link's tooltip."""
    if not doc.parsed or not isinstance(doc.data, dict) or kind is None:
        return []
    found = ref_links(doc, uri)
    if has_trait(kind, RECIPE_HANDLER) and recipe_target is not None:
        for p in places_of(doc, kind):
            cancel.check()
            if p.kind == RECIPE:
                target = recipe_target(p.name)
                if target:
                    found.append((p.start, p.end, target, f"recipe {p.name}"))
    hook = editor(kind).links
    for p, tooltip, url in checked(hook(doc)) if hook is not None else ():
        target = url or file_target(doc, p.name)
        if target:
            found.append((p.start, p.end, target, tooltip))
    lines = doc.lines
    return [types.DocumentLink(range=offsets_range(lines, s, e), target=t, tooltip=tip if tooltips else None)
            for s, e, t, tip in sorted(found, key=lambda f: f[0])]
