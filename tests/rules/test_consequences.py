"""One mistake, one diagnostic: consequences fold into the mistake (engine/consequences.py)."""
from __future__ import annotations

from agis_lsp.engine.fixer import apply_edits, fix_text, preferred_fix
from agis_lsp.engine.runner import lint_text

from ..broken_docs import broken_text, declared_verbs


def _by_code(result):
    out = {}
    for d in result.diagnostics:
        out.setdefault(d.code, []).append(d)
    return out


def test_undeclared_and_unused_verbs_fold_into_the_invalid_method():
    found = _by_code(lint_text(broken_text(), "broken.agis"))
    assert set(found) == {"AGIS201", "AGIS301", "AGIS405"}, sorted(found)
    get = found["AGIS301"][0]
    messages = [r.message for r in get.related]
    assert any(m.startswith("AGIS701 (consequence): method 'GET' is not declared") for m in messages)
    assert any(m.startswith("AGIS702 (consequence): declared verb 'FIND'") for m in messages)
    compound = found["AGIS201"][0]
    assert any("AGIS701 (consequence): method 'CANCEL_BOOKING'" in r.message for r in compound.related)


def test_a_suppressed_primary_lets_the_consequence_show():
    text = broken_text().replace("  - method: GET", "  - method: GET  # agis-lint: disable=AGIS301")
    found = _by_code(lint_text(text, "broken.agis"))
    assert "AGIS301" not in found and "AGIS006" not in found
    assert [d.message.split(";")[0] for d in found["AGIS701"]] == [
        "method 'GET' is not declared in vocabulary.declared_verbs"]  # CANCEL_BOOKING's still folds


def test_the_preferred_fix_replaces_the_invalid_method():
    diags = lint_text(broken_text(), "broken.agis").diagnostics
    titles = {d.code: preferred_fix(d).title for d in diags}
    assert titles["AGIS301"] == "Replace GET with FETCH"
    assert titles["AGIS201"].startswith("Rename to CANCEL")
    assert titles["AGIS405"].startswith("Remove 'book' from the path")
    assert not any("Declare" in f.title for d in diags for f in d.fixes)


def test_fix_never_declares_an_invalid_method():
    safe = fix_text(broken_text(), "broken.agis")
    assert declared_verbs(safe.text) == ["BOOK", "FIND", "CANCEL"]
    assert not [c for c, _ in safe.applied if c in ("AGIS701", "AGIS702")]
    full = fix_text(broken_text(), "broken.agis", unsafe=True)
    assert lint_text(full.text, "broken.agis").diagnostics == []
    assert declared_verbs(full.text) == ["BOOK", "FETCH", "CANCEL"]


def test_renaming_the_one_invalid_method_takes_the_unused_verbs_place():
    text = broken_text().replace("  - method: CANCEL_BOOKING", "  - method: CANCEL").replace(
        "path: /book-table", "path: /reservation")
    d = next(d for d in lint_text(text, "broken.agis").diagnostics if d.code == "AGIS301")
    fixed = apply_edits(text, preferred_fix(d).edits)
    assert declared_verbs(fixed) == ["BOOK", "FETCH", "CANCEL"]
    assert lint_text(fixed, "broken.agis").diagnostics == []
