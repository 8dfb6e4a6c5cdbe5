"""The fast JSON path (json.loads + a token pass for positions) yields exactly what the reference
scanner yields: the same data (types included), every Container and Entry with every span, in
the same order, the same problems at the same positions, on every JSON file of the repository
and on generated hostile and odd inputs (where the fast path must fall back)."""
from __future__ import annotations

import dataclasses
import json
import math
import os
import random

import pytest

from agis_lsp.document import json_fast, json_parser
from agis_lsp.document.numbers import HugeInt
from agis_lsp.document.tree import MAX_NESTING

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__"}


def repo_json_files() -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        out.extend(os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".json"))
    return out


def typed(value):
    """The value with every scalar's type spelled out (1, 1.0 and True compare equal)."""
    if isinstance(value, dict):
        return ("dict", [(k, typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    if isinstance(value, HugeInt):
        return ("HugeInt", value.text)
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, value)


def paths_by_id(data) -> dict[int, tuple]:
    out, stack = {}, [((), data)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, (dict, list)):
            out[id(v)] = path
            items = v.items() if isinstance(v, dict) else enumerate(v)
            stack.extend((path + (k,), c) for k, c in items)
    return out


def snapshot(doc) -> dict:
    paths = paths_by_id(doc.data)
    return {
        "data": typed(doc.data),
        "parsed": doc.parsed,
        "text": doc.text,
        "root_span": doc.root_span,
        "problems": [dataclasses.astuple(p) for p in doc.problems],
        "containers": [(paths.get(key, "<not in the data>"), info.start, info.end, info.flow,
                        [(type(k).__name__, k, dataclasses.astuple(e)) for k, e in info.entries.items()])
                       for key, info in doc.containers.items()],
    }


def assert_same(text: str, path: str | None = None) -> None:
    new = json_parser.parse_json(text, path)
    old = json_parser.parse_with(text, path, json_parser._scan)
    assert snapshot(new) == snapshot(old), (path, text[:200])


def takes_fast_path(text: str) -> bool:
    doc = json_parser.JsonDocument(text)
    try:
        json_fast.scan_fast(doc)
    except json_fast.Fallback:
        return False
    return True


def test_every_json_file_of_the_repository():
    files = repo_json_files()
    assert len(files) > 300
    fast = 0
    for name in files:
        with open(name, encoding="utf-8", errors="surrogateescape", newline="") as fh:
            text = fh.read()
        rel = os.path.relpath(name, ROOT).replace(os.sep, "/")
        assert_same(text, rel)
        fast += takes_fast_path(text)
    assert fast > len(files) * 0.8     # the comparison is not the reference against itself


def test_jsonc_files_with_comments():
    text = '{\n  // a comment\n  "servers": {"a": {"command": "x", /* c */ "args": [1, 2,],},},\n}\n'
    assert_same(text, ".vscode/mcp.json")
    assert_same(text, "mcp.json")


def test_a_span_off_by_one_is_seen():
    text = '{"a": [1, "two", {"b": null}], "c": 2.5}'
    doc = json_parser.parse_json(text)
    before = snapshot(doc)
    info = doc.containers[id(doc.data["a"])]
    info.entries[1].value_end += 1
    assert snapshot(doc) != before
    assert takes_fast_path(text)


ODD = [
    "", " ", "\ufeff{}", "\ufeff", "{}", "[]", " {} ", "\n[ ]\n", "0", "-0", "1", "-1", "1.5", "-0.0",
    "1e5", "1E+5", "1e-5", "1.0e400", "-1e400", "01", "1.", ".5", "+1", "1e", "--1", "0x10",
    "true", "false", "null", "tru", "nul", "True", "NaN", "Infinity", "-Infinity", "[NaN]",
    '{"a": Infinity}', '"x"', '"\\u00e9\\n\\t\\"\\\\\\/"', '"\\ud800"', '"\\udc00\\ud800"', '"\ud800"',
    '"\\u12"', '"\\x"', '"a\nb"', '"a\tb"', '"never closed', '{"a": 1,}', "[1, 2,]", "[1 2]",
    '{"a" 1}', '{"a": 1 "b": 2}', '{"a": 1, "a": 2}', '{"a": {"x": 1}, "b": 2, "a": [3]}',
    '[{"k": 1, "k": 1}]', '{"": 1, " ": 2}', '{"a": [], "b": {}, "c": [[]], "d": [{}]}',
    '{1: 2}', '{[1]: 2}', "{", "[", "]", "}", '{"a"', '{"a":', '{"a": 1', "[1,", "[1] x", "[1] [2]",
    '{"a": 1}}', "[]]", "\t[\r\n1\r\n]\t", "[1,\u00a02]", "[\u20281]", '{"é": "ü", "日本": ["語"]}',
    '{"a\\"b": 1, "a\\\\": [2]}', '["{", "}", "[", "]", ":", ","]', '{"x": "a:b,c{d}[e]"}',
    "1" * 4301, "-" + "9" * 5000, "[" + "1" * 4400 + "]", '{"n": ' + "2" * 4300 + "}",
    "1" * 4300 + ".5", "[1e" + "9" * 5000 + "]", "null null", "[true,false,null]", "[truex]",
    '{"a": /* c */ 1}', "// c\n[]",
]


@pytest.mark.parametrize("text", ODD)
def test_odd_inputs(text):
    assert_same(text)
    assert_same(text, ".vscode/mcp.json")


@pytest.mark.parametrize("depth", [MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, 3000])
def test_deep_nesting(depth):
    assert_same("[" * depth + "]" * depth)
    assert_same('{"a":' * depth + "1" + "}" * depth)
    assert_same("[" * depth)
    assert_same("[" * depth + '{"a": 1, "a": 2}' + "]" * depth)


def test_numbers_of_every_shape():
    rnd = random.Random(25)
    shapes = ["0", "-0", "7", "-12", "0.0", "3.14159", "-2.5e-3", "6E23", "1e+2", "123456789012345678901234567890",
              "1.7976931348623157e308", "5e-324", "4.9e-325", "1" * 4300, "-" + "1" * 4300]
    for _ in range(200):
        shapes.append(rnd.choice(["", "-"]) + str(rnd.randint(0, 10 ** rnd.randint(0, 30)))
                      + rnd.choice(["", "." + str(rnd.randint(0, 999))])
                      + rnd.choice(["", "e" + str(rnd.randint(-400, 400)), "E+" + str(rnd.randint(0, 9))]))
    assert_same("[" + ", ".join(shapes) + "]")
    assert_same("{" + ", ".join(f'"k{i}": {s}' for i, s in enumerate(shapes)) + "}")


def _real_text() -> str:
    corpus = os.path.join(ROOT, "benchmarks", "corpora", "mcp")
    names = sorted(f for f in os.listdir(corpus) if f.endswith(".json"))
    with open(os.path.join(corpus, names[0]), encoding="utf-8") as fh:
        return fh.read()


def test_truncated_copies_of_a_real_file():
    text = _real_text()
    rnd = random.Random(7)
    cuts = sorted({rnd.randrange(len(text)) for _ in range(150)} | set(range(0, min(len(text), 400))))
    for cut in cuts:
        assert_same(text[:cut])


def test_mutated_copies_of_a_real_file():
    text = _real_text()
    rnd = random.Random(11)
    for _ in range(300):
        i = rnd.randrange(len(text))
        piece = rnd.choice(['"', ",", ":", "{", "}", "[", "]", "\\", "\n", " ", "1", "-", "e", "", "NaN", "\ud800"])
        assert_same(text[:i] + piece + text[i + 1:])
        assert_same(text[:i] + piece + text[i:])


def test_reformatted_real_files():
    """The same data written compactly, indented with tabs, with odd whitespace."""
    data = json.loads(_real_text())
    for text in (json.dumps(data), json.dumps(data, indent="\t"), json.dumps(data, separators=(" ,\r\n", " : ")),
                 json.dumps(data, ensure_ascii=False, indent=1)):
        assert takes_fast_path(text)
        assert_same(text)
