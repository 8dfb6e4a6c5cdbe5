"""Auto Fix on one-mistake documents: does the preferred quick fix leave a correct document?

The set: ``examples/restaurant.agis`` (clean) with ONE mistake made by hand-written
line substitutions (below; written by hand for this benchmark, not
taken from any training data). For each, the mistake's diagnostic is the first
diagnostic on the mistaken line with a fix; its preferred fix (the one the server
marks ``isPreferred``, :func:`agis_lsp.engine.fixer.preferred_fix`) is applied,
as VS Code's Auto Fix would, and the document is linted again (mechanical passes,
like the editor's first answer).

Counts (error and warning diagnostics, before and after): the share of documents with no error left (goal >= 90%), and the documents
whose ``declared_verbs`` hold a verb that is invalid as a method (goal: none).

    PYTHONPATH=$PWD python benchmarks/autofix.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agis_lsp.document import parse_text  # noqa: E402
from agis_lsp.engine.fixer import apply_edits, preferred_fix  # noqa: E402
from agis_lsp.engine.findings import Severity  # noqa: E402
from agis_lsp.engine.linter import Linter  # noqa: E402

BASE = (ROOT / "examples" / "restaurant.agis").read_text()

# (kind of mistake, old line, new line): each replaces the first occurrence.
MISTAKES = [
    ("HTTP method GET", "  - method: FIND", "  - method: GET"),
    ("HTTP method POST", "  - method: BOOK", "  - method: POST"),
    ("HTTP method DELETE", "  - method: CANCEL\n", "  - method: DELETE\n"),
    ("HTTP method PUT", "  - method: BOOK", "  - method: PUT"),
    ("compound with underscore", "  - method: CANCEL\n", "  - method: CANCEL_BOOKING\n"),
    ("compound with hyphen", "  - method: FIND", "  - method: FIND-RESTAURANTS"),
    ("compound in camel case", "  - method: BOOK", "  - method: BookTable"),
    ("compound run together", "  - method: FIND", "  - method: FINDRESTAURANTS"),
    ("lower-case method", "  - method: FIND", "  - method: find"),
    ("title-case method", "  - method: CANCEL\n", "  - method: Cancel\n"),
    ("inflected -ING", "  - method: BOOK", "  - method: BOOKING"),
    ("inflected -ED", "  - method: CANCEL\n", "  - method: CANCELLED\n"),
    ("inflected -S", "  - method: FIND", "  - method: FINDS"),
    ("digit in method", "  - method: CANCEL\n", "  - method: CANCEL2\n"),
    ("surrounding whitespace", "  - method: FIND", '  - method: " FIND"'),
    ("path repeats the method", "    path: /reservation\n", "    path: /book-table\n"),
    ("verb in path", "    path: /restaurants", "    path: /get-restaurants"),
    ("lower-case compound", "  - method: CANCEL\n", "  - method: cancel_reservation\n"),
    ("HTTP method lower case", "  - method: FIND", "  - method: get"),
    ("HTTP method PATCH", "  - method: CANCEL\n", "  - method: PATCH\n"),
]


_LINTER = Linter()   # the editor's first answer: the mechanical phase of the shipped Linter


def _findings(text: str, worst: Severity = Severity.ERROR) -> list:
    return [d for d in _LINTER.mechanical(_LINTER.prepare("broken.agis", text=text)).diagnostics
            if d.severity <= worst]


def _errors(text: str) -> list:
    return _findings(text)


def _invalid_declared(text: str) -> list:
    """Declared verbs that get a pass 2/3 finding when used as a method."""
    doc = parse_text(text, "broken.agis")
    verbs = (doc.data or {}).get("vocabulary", {}).get("declared_verbs") or []
    bad = []
    for verb in verbs:
        probe = BASE.replace("  - method: FIND", f"  - method: {verb!r}", 1)
        if any(d.pass_no in (2, 3) for d in _errors(probe)):
            bad.append(verb)
    return bad


def run_one(kind: str, old: str, new: str) -> dict:
    assert old in BASE, kind
    text = BASE.replace(old, new, 1)
    line = BASE[:BASE.index(old)].count("\n")
    before = _findings(text, Severity.WARNING)
    on_line = [d for d in before if d.range.start.line == line and preferred_fix(d) is not None]
    on_line.sort(key=lambda d: d.severity)
    row = {"kind": kind, "before": [d.code for d in before], "fix": None, "after": [], "bad_vocab": []}
    if on_line:
        d = on_line[0]
        fix = preferred_fix(d)
        text = apply_edits(text, fix.edits)
        row["fix"] = f"{d.code}: {fix.title}"
    row["after"] = [d.code for d in _errors(text)]
    row["warnings"] = [d.code for d in _findings(text, Severity.WARNING) if d.severity == Severity.WARNING]
    row["bad_vocab"] = _invalid_declared(text)
    return row


def main() -> int:
    rows = [run_one(*m) for m in MISTAKES]
    width = max(len(r["kind"]) for r in rows)
    print(f"{'mistake':<{width}}  {'found before':<22} {'preferred fix':<58} errors after  "
          "warnings after  bad vocab")
    for r in rows:
        print(f"{r['kind']:<{width}}  {','.join(r['before']):<22} {(r['fix'] or '-')[:58]:<58} "
              f"{','.join(r['after']) or '-':<13} {','.join(r['warnings']) or '-':<15} "
              f"{','.join(r['bad_vocab']) or '-'}")
    clean = sum(1 for r in rows if not r["after"])
    spotless = sum(1 for r in rows if not r["after"] and not r["warnings"])
    bad = sum(1 for r in rows if r["bad_vocab"])
    print(f"\n{clean}/{len(rows)} documents have no error after Auto Fix ({100 * clean / len(rows):.0f}%; "
          f"goal >= 90%), {spotless} no warning either; {bad} with an invalid verb in declared_verbs (goal 0)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
