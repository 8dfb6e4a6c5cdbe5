"""One golden harness for every rule family: finding cases, linting them, rendering the result.

A suite is a folder of rule folders (``<suite>/<CODE>/``); each holds ``bad*`` and
``good*`` cases. A case is a file (``bad.agis``, ``bad-detail.json``,
``bad.adp.yaml``) or a folder (an AGTP deployment, or loose files) whose files are
linted as ``agis-lint check`` lints them, each with its deployment. A bad case's
expected output is ``<case name without its extension>.expected`` beside it: the
findings of CODE, one line each (``line:col CODE message``), then their related
locations and every fix as a diff. A folder case puts ``== relative/path`` before
the findings of each file. Settings come from the case's name and folder:
``level2`` in the name lints at conformance level 2, and a folder case's
``_catalog.json`` is used as ``--catalog`` (files starting with ``_`` are not linted).

Regenerate expected files with ``python -m tests.goldens [CODE ...]`` and review the diff.
"""
from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass
from functools import lru_cache

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import apply_edits
from agis_lsp.engine.runner import lint
from agis_lsp.formats.deployment import DocumentCache, find_deployment

HERE = os.path.dirname(os.path.abspath(__file__))
# Longest first: the extension is cut from a case's name to name its .expected file.
CASE_EXTS = (".agis.json", ".agis", ".json", ".yaml", ".yml", ".toml", ".mdc", ".md", ".cursorrules")


@dataclass(frozen=True)
class Suite:
    name: str
    root: str
    kind_line: bool = False     # the rendering starts with "# kind: KIND" (file cases)


SUITES = (
    Suite("agis", os.path.join(HERE, "golden")),                  # AGIS and document-level rules
    Suite("agtp", os.path.join(HERE, "agtp", "golden")),          # AGTP-API deployments
    Suite("formats", os.path.join(HERE, "formats", "golden"), kind_line=True),  # A2T, ADP, AINP, MCP...
)


@dataclass(frozen=True)
class Case:
    suite: Suite
    code: str
    path: str

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    @property
    def id(self) -> str:
        return f"{self.code}/{self.name}"

    @property
    def is_folder(self) -> bool:
        return os.path.isdir(self.path)

    @property
    def base(self) -> str:
        """The folder paths in the rendering are relative to."""
        return self.path if self.is_folder else os.path.dirname(self.path)

    @property
    def expected_path(self) -> str:
        stem = self.name
        if not self.is_folder:
            stem = next((stem[:-len(e)] for e in CASE_EXTS if stem.endswith(e)), stem)
        return os.path.join(os.path.dirname(self.path), stem + ".expected")

    def files(self) -> list[str]:
        if not self.is_folder:
            return [self.path]
        out = []
        for root, dirs, names in os.walk(self.path):
            dirs.sort()
            out += [os.path.join(root, n) for n in names
                    if not n.startswith("_") and n.endswith(CASE_EXTS)]
        return sorted(out, key=lambda p: os.path.relpath(p, self.path))

    def config(self) -> Config:
        catalog = os.path.join(self.path, "_catalog.json")
        return Config(level=2 if "level2" in self.name else 1,
                      catalog=catalog if self.is_folder and os.path.exists(catalog) else None)


def codes(suite: Suite) -> list[str]:
    return sorted(d for d in os.listdir(suite.root)
                  if os.path.isdir(os.path.join(suite.root, d)) and d[:4].isalpha() and d[:4].isupper())


def cases(suite: Suite, code: str, which: str) -> list[Case]:
    """The ``which`` ("bad" or "good") cases of ``code`` in ``suite``."""
    folder = os.path.join(suite.root, code)
    out = []
    for n in sorted(os.listdir(folder)):
        p = os.path.join(folder, n)
        if n.startswith(which) and (os.path.isdir(p) or n.endswith(CASE_EXTS)):
            out.append(Case(suite, code, p))
    return out


def all_cases(which: str) -> list[Case]:
    return [c for s in SUITES for code in codes(s) for c in cases(s, code, which)]


@lru_cache(maxsize=1)
def semantic_available() -> bool:
    try:
        from agis_lsp.semantic import get_model
        get_model()
        return True
    except Exception:
        return False


@dataclass
class Linted:
    path: str
    doc: object
    kind: str | None
    diagnostics: list
    deployment: object


def lint_case(case: Case, code: str | None = None) -> list[Linted]:
    """Every file of the case linted as the CLI does; only ``code``'s findings kept."""
    cache = DocumentCache()
    config = case.config()
    out = []
    for f in case.files():
        dep = find_deployment(f, cache=cache)
        doc = dep.doc(f) if dep is not None and dep.doc(f) is not None else read_document(f)
        result = lint(doc, config, semantic=semantic_available(), deployment=dep)
        diags = [d for d in result.diagnostics if code is None or d.code == code]
        out.append(Linted(f, doc, result.kind, diags, dep))
    return out


def _related(case: Case, linted: Linted, rel) -> str:
    rng, message = rel.range, rel.message
    if rel.file is None and not case.is_folder:
        return f"  related {rng.start.line + 1}:{rng.start.character + 1} {message}"
    where = linted.path if rel.file is None else rel.file
    pos = f":{rng.start.line + 1}:{rng.start.character + 1}" if rng is not None else ""
    return f"  related: {os.path.relpath(where, case.base)}{pos} {message}"


def render(case: Case, code: str | None = None) -> str:
    """The golden text of ``case`` for ``code`` (default: the rule the case is filed under)."""
    code = code or case.code
    out = []
    for linted in lint_case(case, code):
        if case.suite.kind_line and not case.is_folder:
            out.append(f"# kind: {linted.kind}")
        if not linted.diagnostics:
            continue
        if case.is_folder:
            out.append(f"== {os.path.relpath(linted.path, case.path)}")
        text = linted.doc.text
        for d in linted.diagnostics:
            s = d.range.start
            out.append(f"{s.line + 1}:{s.character + 1} {d.code} {d.message}")
            out += [_related(case, linted, rel) for rel in d.related]
            for fx in d.fixes:
                out.append(f"  fix ({fx.safety}): {fx.title}")
                fixed = apply_edits(text, fx.edits)
                diff = difflib.unified_diff(text.splitlines(), fixed.splitlines(), lineterm="", n=0)
                out.extend("    " + line for line in list(diff)[2:])
    return "\n".join(out) + "\n"


def update(selected: list[str]) -> None:
    """Rewrite the expected file of every bad case (of the ``selected`` codes)."""
    for case in all_cases("bad"):
        if selected and case.code not in selected:
            continue
        with open(case.expected_path, "w", encoding="utf-8") as fh:
            fh.write(render(case))
        print(f"{case.suite.name}: {case.id}: written")


if __name__ == "__main__":
    update(sys.argv[1:])
