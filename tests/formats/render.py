"""Golden rendering for the agent-interface formats (A2T, ADP, AINP, MCP, agis.json, TOOL).

A rule's folder ``tests/formats/golden/<CODE>/`` holds ``bad*.<ext>`` cases, each with
``<stem>.expected`` (the findings of CODE: ``line:col CODE message``, related
locations, each fix as a diff), and ``good*.<ext>`` cases without findings of CODE.
Regenerate with ``python -m tests.formats.update CODE`` and review the diff.
"""
from __future__ import annotations

import difflib
import os

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import apply_edits
from agis_lsp.engine.runner import lint

HERE = os.path.join(os.path.dirname(__file__), "golden")
EXTS = (".json", ".yaml", ".yml")


def codes() -> list[str]:
    return sorted(d for d in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, d)))


def cases(code: str, which: str) -> list[str]:
    folder = os.path.join(HERE, code)
    return sorted(os.path.join(folder, n) for n in os.listdir(folder)
                  if n.startswith(which) and n.endswith(EXTS))


def expected_path(case: str) -> str:
    return os.path.splitext(case)[0] + ".expected"


def semantic_available() -> bool:
    try:
        from agis_lsp.semantic import get_model
        get_model()
        return True
    except Exception:
        return False


def lint_case(path: str, code: str, semantic: bool):
    doc = read_document(path)
    result = lint(doc, Config(), semantic=semantic)
    return doc.text, result.kind, [d for d in result.diagnostics if d.code == code]


def render(path: str, code: str, semantic: bool) -> str:
    text, kind, diags = lint_case(path, code, semantic)
    out = [f"# kind: {kind}"]
    for d in diags:
        s = d.range.start
        out.append(f"{s.line + 1}:{s.character + 1} {d.code} {d.message}")
        for rel in d.related:
            if rel[0] is None:
                out.append(f"  related {rel[1].start.line + 1}:{rel[1].start.character + 1} {rel[2]}")
        for f in d.fixes:
            out.append(f"  fix ({f.safety}): {f.title}")
            fixed = apply_edits(text, f.edits)
            diff = difflib.unified_diff(text.splitlines(), fixed.splitlines(), lineterm="", n=0)
            out.extend("    " + line for line in list(diff)[2:])
    return "\n".join(out) + "\n"
