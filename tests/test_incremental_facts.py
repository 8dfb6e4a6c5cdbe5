"""AGIS809 (one naming style for the document) in the server's incremental checks: what each
endpoint contributes is a per-endpoint fact kept between versions
(``engine.incremental_facts``), so an edit inside one endpoint reads that endpoint's input
alone, an edit of a shared schema the endpoints that use it, an edit of the description none;
and every result equals a full check of the same text."""
from __future__ import annotations

import os
import sys

import pytest

from agis_lsp.engine.config import Config
from agis_lsp.engine.linter import Linter
from agis_lsp.rules.agis import pass8_parameters

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_docs import document  # noqa: E402
from test_incremental_lint import key  # noqa: E402

PATH = os.path.join(ROOT, "examples", "x.agis")
N = 40


def _note_of(text: str, i: int) -> int:
    """Offset of the ``note`` property name in endpoint ``i``'s input."""
    return text.index("        note: {type", text.index(f"path: /resource-{i}/{{id}}")) + 8


def renamed(text: str, i: int, new: str) -> str:
    at = _note_of(text, i)
    end = text.index(":", at)
    return text[:at] + new + text[end:]


def with_camel(n: int, camel: list) -> str:
    text = document(n)
    for i in camel:
        text = renamed(text, i, "noteText")
    return text


@pytest.fixture
def schema_reads(monkeypatch) -> list:
    """The endpoints whose input AGIS809 reads (``input_schema`` calls, by endpoint index)."""
    calls: list = []
    real = pass8_parameters.input_schema

    def counted(ctx, ep):
        calls.append(ep.index)
        return real(ctx, ep)
    monkeypatch.setattr(pass8_parameters, "input_schema", counted)
    return calls


def _linter() -> Linter:
    return Linter(config_of=lambda p: Config(semantic=False))


def _step(linter, previous, new_text: str, calls: list) -> tuple:
    """The incremental check of ``new_text`` (and the endpoints AGIS809 read for it), checked
    against a full check of the same text."""
    calls.clear()
    target = linter.prepare(PATH, text=new_text, previous=previous.target.doc)
    got = linter.mechanical(target, previous=previous)
    read = sorted(calls)
    want = linter.mechanical(linter.prepare(PATH, text=new_text))
    assert [key(d) for d in got.diagnostics] == [key(d) for d in want.diagnostics]
    assert [key(d) for d in got.raw] == [key(d) for d in want.raw]
    assert got.incremental
    return got, read


@pytest.mark.parametrize("camel", [[5, 30], [3, 7, 12, 18, 25, 33]], ids=["per-name", "api-wide"])
def test_an_edit_inside_an_endpoint_reads_that_endpoint_alone(camel, schema_reads):
    linter = _linter()
    text = with_camel(N, camel)
    previous = linter.mechanical(linter.prepare(PATH, text=text))
    assert sorted(schema_reads) == list(range(N))      # a full check reads every endpoint
    codes = [d.code for d in previous.diagnostics]
    assert "AGIS809" in codes and (codes.count("AGIS809") == 1) == (len(camel) >= 5)
    intent = text.index('intent: "', text.index("path: /resource-20/{id}")) + 14
    edits = [lambda t: t[:intent] + "x" + t[intent:],         # a keystroke in an intent
             lambda t: t[:intent] + t[intent + 1:],
             lambda t: renamed(t, 20, "noteText"),            # a new camelCase name
             lambda t: renamed(t, camel[0], "note_text"),     # one fixed
             lambda t: renamed(t, camel[0], "noteText")]
    for edit in edits:
        old_text = previous.target.doc.text
        new_text = edit(old_text)
        previous, read = _step(linter, previous, new_text, schema_reads)
        changed = [i for i in range(N) if _endpoint(new_text, i) != _endpoint(old_text, i)]
        assert len(changed) == 1 and read == changed, read


def _endpoint(text: str, i: int) -> str:
    start = text.rindex("\n  - method: ", 0, text.index(f"path: /resource-{i}/{{id}}"))
    end = text.find("\n  - method: ", start + 1)
    return text[start:end]


def test_an_edit_reads_again_an_endpoint_whose_input_refers_into_the_edited_one(schema_reads):
    linter = _linter()
    text = document(N)
    at = text.index("    input:\n", text.index("path: /resource-2/{id}"))
    text = text[:at] + '    input: {$ref: "#/endpoints/10/input"}\n' + text[text.index("    output:", at):]
    previous = linter.mechanical(linter.prepare(PATH, text=text))
    assert "AGIS809" not in [d.code for d in previous.diagnostics]
    previous, read = _step(linter, previous, renamed(text, 10, "noteBody"), schema_reads)
    assert read == [2, 10]                 # endpoint 2 reads endpoint 10's input: read again
    found = [d.message for d in previous.diagnostics if d.code == "AGIS809"]
    assert len(found) == 1 and "'noteBody'" in found[0] and "(used by" in found[0]


def test_a_shared_schema_edit_reads_its_users_and_a_description_edit_none(schema_reads):
    linter = _linter()
    text = document(N)
    at = text.index("    input:\n", text.index("path: /resource-6/{id}"))
    text = text[:at] + '    input: {$ref: "#/schemas/Shared"}\n' + text[text.index("    output:", at):]
    text = text.replace("vocabulary:", "schemas:\n  Shared:\n    type: object\n    properties:\n"
                        "      fooBar: {type: string}\nvocabulary:", 1)
    previous = linter.mechanical(linter.prepare(PATH, text=text))
    assert [d.code for d in previous.diagnostics].count("AGIS809") == 1
    previous, read = _step(linter, previous, text.replace("fooBar:", "fooBaz:"), schema_reads)
    assert read == [6]
    assert "fooBaz" in next(d.message for d in previous.diagnostics if d.code == "AGIS809")
    new_text = previous.target.doc.text.replace('description: "Generated', 'description: "xGenerated', 1)
    previous, read = _step(linter, previous, new_text, schema_reads)
    assert read == []
