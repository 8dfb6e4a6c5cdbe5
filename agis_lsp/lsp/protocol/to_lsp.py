"""Engine values -> LSP values (diagnostics, edits, documentation links).

Engine offsets are code points into the document text; LSP positions count
UTF-16 code units. ``Document.lines`` (a ``LineIndex``) is the one converter.
"""
from __future__ import annotations

import logging
import os

from lsprotocol import types

from ... import __version__
from ...engine.registry import get_rule, rule_url
from ...files.reading import text_or_none
from .capabilities import ClientFeatures
from .uris import from_path

log = logging.getLogger("agis_lsp.lsp")
MAX_RULE_PAGE = 1 << 20     # bytes of a kept rule page read at most

SOURCE = "agis-lint"
_TAGS = {"deprecated": types.DiagnosticTag.Deprecated,
         "unnecessary": types.DiagnosticTag.Unnecessary}


def to_position(p) -> types.Position:
    return types.Position(line=p.line, character=p.character)


def to_range(r) -> types.Range:
    return types.Range(start=to_position(r.start), end=to_position(r.end))


def offsets_range(lines, start: int, end: int) -> types.Range:
    return to_range(lines.range(start, end))


# -- rule documentation --------------------------------------------------------
class RuleDocs:
    """Where a rule's documentation lives: ``docsBaseUrl`` or a rendered file.

    Without a base URL, ``agis-lint rule CODE``'s markdown (rendered from the
    rule's docstring) is written once into the user cache directory and linked
    as a ``file:`` URI, so the link works offline and never goes stale.
    """

    def __init__(self, cache_dir: str | None = None) -> None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        self.cache_dir = cache_dir or os.path.join(base, "agis-lsp", "rules", __version__)
        self._hrefs: dict[str, str | None] = {}

    def href(self, code: str, base_url: str | None = None) -> str | None:
        if base_url:
            return rule_url(base_url, code)
        if code not in self._hrefs:
            self._hrefs[code] = self._render(code)
        return self._hrefs[code]

    def _render(self, code: str) -> str | None:
        rule = get_rule(code)
        if rule is None:
            return None
        path = os.path.join(self.cache_dir, f"{code}.md")
        try:
            text = rule.render_markdown()
            if text_or_none(path, MAX_RULE_PAGE) != text:
                os.makedirs(self.cache_dir, exist_ok=True)
                tmp = f"{path}.{os.getpid()}.tmp"
                with open(tmp, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, path)
        except OSError as exc:
            log.info("cannot write the documentation of %s (%s); no link", code, exc)
            return None
        return from_path(path)


# -- diagnostics -----------------------------------------------------------------
def text_edit(lines, edit) -> types.TextEdit:
    return types.TextEdit(range=offsets_range(lines, edit.start, edit.end), new_text=edit.new_text)


def fix_data(fix, lines) -> dict:
    return {"title": fix.title, "safe": fix.safe,
            "edits": [{"range": _range_json(lines.range(e.start, e.end)), "newText": e.new_text}
                      for e in fix.edits]}


def _range_json(r) -> dict:
    return r.to_json()


def to_diagnostic(d, uri: str, lines, features: ClientFeatures, *, href=None,
                  uri_of=None) -> types.Diagnostic:
    """An engine Diagnostic as an LSP Diagnostic.

    ``href(code)`` gives the documentation link; ``uri_of(path)`` the URI of another
    file a related location lies in (the client's own spelling when it has it open);
    the engine has already positioned it in that file's text.
    """
    diag = types.Diagnostic(
        range=to_range(d.range),
        message=d.message,
        severity=types.DiagnosticSeverity(int(d.severity)),
        code=d.code,
        source=SOURCE,
        data={"pass": d.pass_no, "name": d.name, "fixes": [fix_data(f, lines) for f in d.fixes]},
    )
    if features.code_description and href is not None:
        link = href(d.code)
        if link:
            diag.code_description = types.CodeDescription(href=link)
    tags = [_TAGS[t] for t in d.tags if t in _TAGS and int(_TAGS[t]) in features.diagnostic_tags]
    if tags:
        diag.tags = tags
    if features.related_information and d.related:
        zero = types.Range(start=types.Position(line=0, character=0),
                           end=types.Position(line=0, character=0))
        diag.related_information = [types.DiagnosticRelatedInformation(
            location=types.Location(
                uri=uri if rel.file is None else (uri_of or _location_of)(rel.file),
                range=to_range(rel.range) if rel.range is not None else zero),
            message=rel.message) for rel in d.related]
    return diag


def _location_of(uri_or_path: str) -> str:
    """Cross-file rules name the other file by path; LSP wants a URI."""
    if "://" in uri_or_path or uri_or_path.startswith("untitled:"):
        return uri_or_path
    return from_path(uri_or_path)


def workspace_edit(uri: str, version: int | None, edits: list, features: ClientFeatures
                   ) -> types.WorkspaceEdit:
    """Edits of one document, as ``documentChanges`` when the client supports them."""
    if features.document_changes:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
            edits=edits)])
    return types.WorkspaceEdit(changes={uri: edits})
