"""The draft's illustrative notation: endpoints as a mapping keyed "METHOD /path"."""
from __future__ import annotations

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.runner import lint_text

KEYED = """agis: "1.0"
service: "Keyed"
agtp: "agtp://keyed.example.com"
endpoints:
  "BOOKING /reservation":
    semantic: {intent: "Books a table", actor: agent, outcome: "A reservation exists"}
  GET /restaurant/{id}:
    semantic: {intent: "Fetches a restaurant", actor: agent, outcome: "The restaurant is returned"}
vocabulary:
  declared_verbs: [BOOKING, GET]
"""


def test_keyed_endpoints_are_linted_at_their_keys():
    diags = lint_text(KEYED, "k.agis", Config(select=("AGIS2", "AGIS3")), semantic=False).diagnostics
    found = {(d.code, d.range.start.line, d.range.start.character) for d in diags}
    assert ("AGIS203", 4, 2) in found   # "BOOKING /reservation"
    assert ("AGIS301", 6, 2) in found   # GET /restaurant/{id}


def test_keyed_fixes_rename_the_key_and_sync_the_vocabulary():
    result = fix_text(KEYED, "k.agis", Config(select=("AGIS2", "AGIS3", "AGIS7")), unsafe=True)
    doc = parse_text(result.text, "k.agis")
    assert list(doc.data["endpoints"]) == ["BOOK /reservation", "FETCH /restaurant/{id}"]
    assert sorted(doc.data["vocabulary"]["declared_verbs"]) == ["BOOK", "FETCH"]
    assert result.converged
