"""Golden rendering of the security rules: ``tests/security/golden/<CODE>/{bad,good}*``.

Every ``bad*`` file of a rule's folder is linted (semantic passes on for the model
rule, off otherwise) and the rule's findings are rendered, per file, as
``line:col-line:col CODE severity message`` followed by the exact source text the range
covers, so a golden file shows that the range is the offending span, and the other signals
on the field (related information; the severity comes from them, ``_evidence``). A finding
of another rule whose related information names the rule is the rule's too. ``good*``
files must produce no finding of any security rule.
Regenerate with ``python -m tests.security.update [CODE ...]`` and review the diff.
"""
from __future__ import annotations

import os

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.registry import get_rule
from agis_lsp.engine.runner import lint

HERE = os.path.join(os.path.dirname(__file__), "golden")
SECURITY = ("AGSC", "AGIS515")


def codes() -> list[str]:
    return sorted(d for d in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, d)))


def files(code: str, which: str) -> list[str]:
    folder = os.path.join(HERE, code)
    return sorted(os.path.join(folder, n) for n in os.listdir(folder)
                  if n.startswith(which) and not n.endswith(".expected"))


def diagnostics(path: str, code: str | None, semantic: bool | None = None):
    rule = get_rule(code) if code else None
    doc = read_document(path)
    if semantic is None:
        semantic = bool(rule and rule.semantic)
    result = lint(doc, Config(select=SECURITY), semantic=semantic)
    return doc, [d for d in result.diagnostics if code is None or d.code == code
                 or any(r.message.startswith(f"also {code}:") for r in d.related)]


def render(code: str) -> str:
    out = []
    for path in files(code, "bad"):
        doc, diags = diagnostics(path, code)
        out.append(f"== {os.path.basename(path)}")
        for d in diags:
            s, e = d.range.start, d.range.end
            out.append(f"{s.line + 1}:{s.character + 1}-{e.line + 1}:{e.character + 1} {d.code} "
                       f"{d.severity.label} {d.message}")
            out.append(f"  span: {doc.text[d.start:d.end]!r}")
            out.extend(f"  related: {r.message}" for r in d.related)
    return "\n".join(out) + "\n"
