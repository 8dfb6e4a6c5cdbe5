"""path_at: which key or value is under the cursor (parsed, and while typing)."""
from __future__ import annotations

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document.locate import KEY, VALUE, path_at, path_at_text, word_at


def at(marked: str, path: str = "doc.agis"):
    """(path_at on the parse, path_at_text on the text, parsed?) for a text with a '|' cursor."""
    offset = marked.index("|")
    text = marked[:offset] + marked[offset + 1:]
    doc = parse_text(text, path)
    return path_at(doc, offset), path_at_text(text, offset, doc.syntax), doc.parsed


EP = 'agis: "1.0"\nendpoints:\n  - method: BOOK\n    path: /x\n'

YAML_CASES = [
    ('agis: "1.0"\nendpoints:\n  - method: BO|OK\n', (("endpoints", 0, "method"), VALUE)),
    (EP + "    semantic:\n      intent: x\n      cap|\n", (("endpoints", 0, "semantic", "cap"), KEY)),
    (EP + "    semantic:\n      intent: x\n      |\n", (("endpoints", 0, "semantic", ""), KEY)),
    (EP + "  - method: |\n", (("endpoints", 1, "method"), VALUE)),
    (EP + "  - |\n", (("endpoints", 1), VALUE)),
    (EP + "vocabulary:\n  declared_verbs: [BOOK, F|]\n", (("vocabulary", "declared_verbs", 1), VALUE)),
    (EP + "vocabulary:\n  declared_verbs:\n    - BOOK\n    - |\n",
     (("vocabulary", "declared_verbs", 1), VALUE)),
    (EP + "vocabulary:\n  declared_verbs:\n  - BOOK\n  - F|\n",
     (("vocabulary", "declared_verbs", 1), VALUE)),
    ("endpoints:\n  BOOK /x:\n    semantic:\n      actor: ag|\n",
     (("endpoints", "BOOK /x", "semantic", "actor"), VALUE)),
    ("endpoints:\n  - method: BOOK\n    input:\n      properties:\n        id: {type: str|}\n",
     (("endpoints", 0, "input", "properties", "id", "type"), VALUE)),
    ("endpoints:\n  - method: BOOK\n    errors: [a,\n      b|]\n", (("endpoints", 0, "errors", 1), VALUE)),
    ("vocabulary:\n  declared_verbs: [BOOK]\n|", (("",), KEY)),
    ("vocabulary:\n  declared_verbs: [BOOK]\n  |", (("vocabulary", ""), KEY)),
    ("a:\n  b: |\n    text\n    mo|re\n", (("a", "b"), VALUE)),
    ("x:\n  - - a\n    - b|\n", (("x", 0, 1), VALUE)),
    ("# comment\n\"quoted key\":\n  inner: v|\n", (("quoted key", "inner"), VALUE)),
]


@pytest.mark.parametrize("marked, expected", YAML_CASES)
def test_yaml(marked, expected):
    spans, text, _ = at(marked)
    assert spans == expected
    assert text == expected, "the text reading agrees with the spans"


def test_keyed_endpoint_key():
    spans, text, parsed = at("endpoints:\n  BO|OK /x:\n    semantic:\n      actor: agent\n")
    assert parsed and spans == (("endpoints", "BOOK /x"), KEY)
    assert text == (("endpoints", "BO"), KEY), "while typing: the key so far"


@pytest.mark.parametrize("marked, expected", [
    ('{"endpoints": [{"method": "BO|"}]}', (("endpoints", 0, "method"), VALUE)),
    ('{"endpoints": [{"method": "BOOK", "|"}]}', (("endpoints", 0, ""), KEY)),
    ('{"endpoints": [{"method": "BOOK", "pa|', (("endpoints", 0, "pa"), KEY)),
    ('{"vocabulary": {"declared_verbs": ["A", |]}}', (("vocabulary", "declared_verbs", 1), VALUE)),
])
def test_json(marked, expected):
    spans, text, _ = at(marked, "doc.json")
    assert spans == expected and text == expected


@pytest.mark.parametrize("marked, expected", [
    ('method = "BO|"', (("method",), VALUE)),
    ('[handler]\ntype = "comp|"', (("handler", "type"), VALUE)),
    ('[handler.error_map]\n"404" = "|"', (("handler", "error_map", "404"), VALUE)),
    ('[handler]\nerror_map = { "404" = "nf|" }', (("handler", "error_map", "404"), VALUE)),
    ('errors = [\n  "a",\n  "|"\n]', (("errors", 1), VALUE)),
    ('[[steps]]\na=1\n[[steps]]\nmethod = "|"', (("steps", 1, "method"), VALUE)),
    ('[[recipe]]\nname = "a"\n[[recipe.steps]]\nmethod = "X"\n[[recipe]]\n[[recipe.steps]]\nmethod = "|"',
     (("recipe", 1, "steps", 0, "method"), VALUE)),
    ("[endpoint]\nme|", (("endpoint", "me"), KEY)),
    ('handler = { type = "|" }', (("handler", "type"), VALUE)),
    ('text = """\nline|\n"""', (("text",), VALUE)),
])
def test_toml_text(marked, expected):
    offset = marked.index("|")
    text = marked[:offset] + marked[offset + 1:]
    assert path_at_text(text, offset, "toml") == expected


def test_word_at():
    text = "method: BOOK\n"
    assert word_at(text, 10) == (8, 12)
    assert word_at('x: "#/schemas/A"', 6) == (4, 15)
    assert word_at("id: {type: str}", 14, extra="") == (11, 14)
