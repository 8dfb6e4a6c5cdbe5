"""Code actions: the engine's fixes, fix-all, and suppression comments.

* every fix of every diagnostic under the cursor is a ``quickfix``; the fix the
  rule marks as correcting the mistake (replacing an invalid method) is
  preferred, else the first safe one; unsafe ones say so in their title;
* ``source.fixAll.agis`` applies the safe fixes until they converge (the same
  ``fix_text`` as ``agis-lint --fix``);
* "Disable CODE on this line" / "for this file" add an ``# agis-lint:``
  comment (YAML and TOML; JSON has no comments).
"""
from __future__ import annotations

from lsprotocol import types

from ...document.suppressions import disable_in_file, disable_on_line
from ...document.incremental import changed_span as changed_region
from ...engine.fixer import auto_fix
from ..protocol.capabilities import ClientFeatures
from ..protocol.to_lsp import offsets_range, text_edit, workspace_edit
from ..protocol import cancel

FIX_ALL_KIND = "source.fixAll.agis"
KINDS = (types.CodeActionKind.QuickFix, FIX_ALL_KIND)
_UNSUPPRESSIBLE = ("AGIS000", "AGIS001")


def wanted(kind: str, only) -> bool:
    """Whether an action of ``kind`` answers a request limited to ``only``."""
    if not only:
        return True
    kind = _kind_str(kind)
    return any(kind == o or kind.startswith(f"{o}.") for o in map(_kind_str, only))


def _kind_str(kind) -> str:
    return kind.value if hasattr(kind, "value") else str(kind)


def overlaps(d, rng: types.Range) -> bool:
    start = (d.range.start.line, d.range.start.character)
    end = (d.range.end.line, d.range.end.character)
    return start <= (rng.end.line, rng.end.character) and (rng.start.line, rng.start.character) <= end


def quick_fixes(uri: str, version, doc, diagnostics: list, to_lsp, features: ClientFeatures
                ) -> list[types.CodeAction]:
    """One quickfix per engine fix of ``diagnostics`` (already limited to the range)."""
    out = []
    for d in diagnostics:
        cancel.check()
        usable = [f for f in d.fixes if f.edits]
        best = auto_fix(d)   # only a safe fix is Auto Fix's; an unsafe one is the user's choice
        for fix in usable:
            title = f"{fix.title} ({d.code})" if fix.safe else f"{fix.title} ({d.code}, unsafe)"
            action = types.CodeAction(
                title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[to_lsp(d)],
                edit=workspace_edit(uri, version, [text_edit(doc.lines, e) for e in fix.edits],
                                    features))
            if fix is best:
                action.is_preferred = True
            out.append(action)
    return out


def disable_actions(uri: str, version, doc, diagnostics: list, to_lsp, features: ClientFeatures
                    ) -> list[types.CodeAction]:
    if doc.syntax == "json":
        return []
    out = []
    seen_line: set = set()
    seen_file: set = set()
    for d in diagnostics:
        cancel.check()
        if d.code in _UNSUPPRESSIBLE:
            continue
        line = d.range.start.line
        if (d.code, line) not in seen_line:
            seen_line.add((d.code, line))
            edit = disable_line_edit(doc, line, d.code)
            if edit is not None:
                out.append(types.CodeAction(
                    title=f"Disable {d.code} on this line", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[to_lsp(d)], edit=workspace_edit(uri, version, [edit], features)))
        if d.code not in seen_file:
            seen_file.add(d.code)
            out.append(types.CodeAction(
                title=f"Disable {d.code} for this file", kind=types.CodeActionKind.QuickFix,
                diagnostics=[to_lsp(d)],
                edit=workspace_edit(uri, version, [disable_file_edit(doc, d.code)], features)))
    return out


def disable_line_edit(doc, line: int, code: str) -> types.TextEdit | None:
    """An end-of-line ``# agis-lint: disable=CODE`` (or CODE added to one already there);
    None where a comment would not suppress the line (see ``document.suppressions``)."""
    lines = doc.lines
    if line >= lines.line_count:
        return None
    edit = disable_on_line(lines.line_text(line), lines.starts[line], code)
    return text_edit(lines, edit) if edit is not None else None


def disable_file_edit(doc, code: str) -> types.TextEdit:
    return text_edit(doc.lines, disable_in_file(code))


def fix_all_edits(linter, target) -> list[types.TextEdit]:
    """The safe fixes applied to convergence (``Linter.fix``, as ``agis-lint check --fix``
    but without the model's rules, which would hold up the editor), as one minimal edit
    (empty: nothing to do)."""
    doc = target.doc
    if not doc.parsed:
        return []
    result = linter.fix(target, unsafe=False, semantic=False)
    if result.text == doc.text:
        return []
    start, old_end, new_end = changed_region(doc.text, result.text)
    return [types.TextEdit(range=offsets_range(doc.lines, start, old_end),
                           new_text=result.text[start:new_end])]


def fix_all_action(uri: str, version, linter, target, features: ClientFeatures, *,
                   lazy: bool) -> types.CodeAction | None:
    """``source.fixAll.agis``; with ``lazy`` the edit is left to ``codeAction/resolve``."""
    title = "Fix all safe agis-lint problems"
    if lazy:
        return types.CodeAction(title=title, kind=FIX_ALL_KIND,
                                data={"uri": uri, "version": version, "fixAll": True})
    edits = fix_all_edits(linter, target)
    if not edits:
        return None
    return types.CodeAction(title=title, kind=FIX_ALL_KIND,
                            edit=workspace_edit(uri, version, edits, features))


def has_safe_fix(diagnostics: list) -> bool:
    return any(f.safe and f.edits for d in diagnostics for f in d.fixes)


def build_code_actions(uri: str, version, linter, target, diagnostics: list, rng: types.Range,
                       only, to_lsp, features: ClientFeatures) -> list[types.CodeAction]:
    """All actions for a ``textDocument/codeAction`` request.

    ``diagnostics`` are the engine diagnostics of the stored (current) version.
    """
    doc = target.doc
    here = [d for d in diagnostics if overlaps(d, rng)]
    out: list[types.CodeAction] = []
    if wanted(types.CodeActionKind.QuickFix, only):
        out += quick_fixes(uri, version, doc, here, to_lsp, features)
        out += disable_actions(uri, version, doc, here, to_lsp, features)
    explicit = bool(only) and wanted(FIX_ALL_KIND, only)
    if wanted(FIX_ALL_KIND, only) and (explicit or has_safe_fix(diagnostics)):
        action = fix_all_action(uri, version, linter, target, features,
                                lazy=features.code_action_resolve and not explicit)
        if action is not None:
            out.append(action)
    return out
