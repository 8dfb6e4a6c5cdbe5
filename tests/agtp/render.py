"""Golden rendering for AGTP rules: each case is a small deployment (or loose files).

A case is a folder ``tests/agtp/golden/<CODE>/<case>/``: a deployment directory
(``agtp-server.toml``, ``agtp-recipes.toml``, ``endpoints/*.toml``) and/or loose
``*.json`` / ``*.toml`` files. Every file is linted with its deployment, as
``agis-lint check`` does, and the findings of ``CODE`` are rendered in the format
of ``tests/golden`` (``line:col CODE message``, then each fix as a diff), under a
``== relative/path`` header per file, with related locations. A ``_catalog.json``
in the case is used as ``--catalog`` (and is not linted itself).
Regenerate with ``python -m tests.agtp.update CODE`` and review the diff.
"""
from __future__ import annotations

import difflib
import os

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import apply_edits
from agis_lsp.engine.runner import lint
from agis_lsp.formats.deployment import DocumentCache, find_deployment

HERE = os.path.join(os.path.dirname(__file__), "golden")


def codes() -> list[str]:
    return sorted(d for d in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, d)))


def cases(code: str, prefix: str = "") -> list[str]:
    folder = os.path.join(HERE, code)
    return sorted(d for d in os.listdir(folder)
                  if os.path.isdir(os.path.join(folder, d)) and d.startswith(prefix))


def case_files(case_dir: str) -> list[str]:
    out = []
    for root, dirs, names in os.walk(case_dir):
        dirs.sort()
        for n in sorted(names):
            if n.startswith("_") or not n.endswith((".toml", ".json")):
                continue
            out.append(os.path.join(root, n))
    return sorted(out, key=lambda p: os.path.relpath(p, case_dir))


def case_config(case_dir: str) -> Config:
    cat = os.path.join(case_dir, "_catalog.json")
    return Config(catalog=cat if os.path.exists(cat) else None)


def lint_case(case_dir: str, code: str | None = None):
    """[(file, document, diagnostics, deployment)] for every file of the case."""
    cache = DocumentCache()
    config = case_config(case_dir)
    out = []
    for f in case_files(case_dir):
        dep = find_deployment(f, cache=cache)
        doc = dep.doc(f) if dep is not None and dep.doc(f) is not None else read_document(f)
        result = lint(doc, config, semantic=False, deployment=dep)
        diags = [d for d in result.diagnostics if code is None or d.code == code]
        out.append((f, doc, diags, dep))
    return out


def _related(case_dir, doc, dep, rel) -> str:
    uri, rng, message = rel[0], rel[1], rel[2]
    if uri is None:
        where = os.path.relpath(doc.path, case_dir)
    else:
        where = os.path.relpath(uri, case_dir)
        other = dep.doc(uri) if dep is not None else None
        rng = other.range(rel[3], rel[4]) if other is not None else None
    pos = f":{rng.start.line + 1}:{rng.start.character + 1}" if rng is not None else ""
    return f"  related: {where}{pos} {message}"


def render_case(case_dir: str, code: str) -> str:
    out = []
    for f, doc, diags, dep in lint_case(case_dir, code):
        if not diags:
            continue
        out.append(f"== {os.path.relpath(f, case_dir)}")
        text = doc.text
        for d in diags:
            s = d.range.start
            out.append(f"{s.line + 1}:{s.character + 1} {d.code} {d.message}")
            for rel in d.related:
                out.append(_related(case_dir, doc, dep, rel))
            for fx in d.fixes:
                out.append(f"  fix ({fx.safety}): {fx.title}")
                fixed = apply_edits(text, fx.edits)
                diff = difflib.unified_diff(text.splitlines(), fixed.splitlines(), lineterm="", n=0)
                out.extend("    " + line for line in list(diff)[2:])
    return "\n".join(out) + "\n"
