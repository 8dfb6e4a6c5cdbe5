"""Render a rule's findings on a fixture as reviewable text (the golden format)."""
from __future__ import annotations

import difflib
import os

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import apply_edits
from agis_lsp.engine.runner import lint

HERE = os.path.dirname(__file__)
EXTS = (".agis", ".agis.json", ".json", ".toml")


def fixture(code: str, which: str) -> str | None:
    folder = os.path.join(HERE, code)
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        if name.startswith(which + ".") and name.endswith(EXTS):
            return os.path.join(folder, name)
    return None


def semantic_available() -> bool:
    try:
        from agis_lsp.semantic import get_model
        get_model()
        return True
    except Exception:
        return False


def lint_fixture(path: str, code: str, semantic: bool):
    doc = read_document(path)
    text = doc.text
    result = lint(doc, Config(level=2 if "level2" in os.path.basename(path) else 1),
                  semantic=semantic)
    return text, [d for d in result.diagnostics if d.code == code]


def render(path: str, code: str, semantic: bool = False) -> str:
    text, diags = lint_fixture(path, code, semantic)
    out = []
    for d in diags:
        s = d.range.start
        out.append(f"{s.line + 1}:{s.character + 1} {d.code} {d.message}")
        for f in d.fixes:
            out.append(f"  fix ({f.safety}): {f.title}")
            fixed = apply_edits(text, f.edits)
            diff = difflib.unified_diff(text.splitlines(), fixed.splitlines(), lineterm="", n=0)
            out.extend("    " + line for line in list(diff)[2:])
    return "\n".join(out) + "\n"
