"""After `--fix` (and `--fix --unsafe-fixes`) no declared verb is a mistake.

Every golden and example AGIS document is copied, fixed in place by the installed
console script, and linted again by it (JSON). A verb the fixes declared (one the
original did not declare) "has an error" when an error lies on its entry, or an error
of the method passes (2, 3, 6) on the `method` of an endpoint that uses it: then a fix
made the vocabulary agree with a mistake (AGIS101 used to declare GET and
CREATE_BOOKING). Verbs the author declared are the author's: the fixes leave a wrong one
to its own finding (AGIS301 on `declared_verbs: [GET]` is reported on the method). The
positions of the entries and methods are read from the fixed file with the document
layer; the findings come from the process.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from agis_lsp.document import read_document

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
SOURCES = (os.path.join(ROOT, "tests", "golden"), os.path.join(ROOT, "examples"))
AGIS_NAMES = (".agis", ".agis.json")


def lint(*args: str) -> subprocess.CompletedProcess:
    if not os.path.isfile(SCRIPT):
        pytest.fail(f"agis-lint is not installed next to {sys.executable}")
    proc = subprocess.run([SCRIPT, "check", "--no-semantic", "--no-cache", "--jobs", "1", *args],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=ROOT),
                          cwd=ROOT, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    return proc


def _copy_documents(dest: str) -> list[str]:
    copied = []
    for source in SOURCES:
        for folder, _dirs, names in os.walk(source):
            for name in sorted(names):
                if not name.endswith(AGIS_NAMES):
                    continue
                rel = os.path.relpath(os.path.join(folder, name), ROOT)
                target = os.path.join(dest, rel.replace(os.sep, "__"))
                shutil.copyfile(os.path.join(folder, name), target)
                copied.append(target)
    return copied


METHOD_PASSES = (2, 3, 6)


def _declared(path: str) -> tuple:
    """The document at ``path`` and its declared verbs (a list, else None)."""
    doc = read_document(path)
    data = doc.data if doc.parsed else None
    vocabulary = data.get("vocabulary") if isinstance(data, dict) else None
    verbs = vocabulary.get("declared_verbs") if isinstance(vocabulary, dict) else None
    return doc, verbs if isinstance(verbs, list) else None


def _declared_places(path: str, before: set) -> dict:
    """(line, character) -> (what is there, whether any error counts there) for each verb
    the fixes declared (not in ``before``): its entry, and each method that uses it."""
    doc, verbs = _declared(path)
    if verbs is None:
        return {}
    data = doc.data
    places = {}

    def add(doc_path, what, any_error):
        start, end = doc.span(doc_path, "value")
        pos = doc.lines.range(start, end).start
        places[(pos.line, pos.character)] = (what, any_error)

    declared = set()
    for i, verb in enumerate(verbs):
        if isinstance(verb, str) and verb.strip().upper() not in before:
            declared.add(verb.strip().upper())
            add(("vocabulary", "declared_verbs", i), f"declared verb {verb}", True)
    endpoints = data.get("endpoints")
    for j, ep in enumerate(endpoints if isinstance(endpoints, list) else []):
        method = ep.get("method") if isinstance(ep, dict) else None
        if isinstance(method, str) and method.strip().upper() in declared:
            add(("endpoints", j, "method"), f"method {method} (declared by a fix)", False)
    return places


@pytest.mark.parametrize("unsafe", [False, True], ids=["fix", "fix-unsafe"])
def test_no_declared_verb_has_an_error_after_fix(tmp_path, unsafe):
    files = _copy_documents(str(tmp_path))
    assert len(files) > 100, "the goldens and examples were not found"
    before = {}
    for f in files:
        verbs = _declared(f)[1] or []
        before[f] = {v.strip().upper() for v in verbs if isinstance(v, str)}
    lint(str(tmp_path), "--fix", *(["--unsafe-fixes"] if unsafe else []))
    report = json.loads(lint(str(tmp_path), "--format", "json").stdout)
    places = {f: _declared_places(f, before[f]) for f in files}
    assert sum(len(p) for p in places.values()) >= (20 if unsafe else 3), "too few verbs declared to judge"
    wrong = []
    for d in report["diagnostics"]:
        if d["severity"] != "error":
            continue
        start = d["range"]["start"]
        what, any_error = places.get(d["path"], {}).get((start["line"], start["character"]), (None, False))
        if what is not None and (any_error or d["pass"] in METHOD_PASSES):
            wrong.append(f"{os.path.basename(d['path'])}: {what}: {d['code']} {d['message']}")
    assert wrong == [], "\n".join(wrong)
