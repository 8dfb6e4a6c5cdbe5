"""Nesting past the limit, in every way each syntax nests, gets one AGIS001 at the place it
crosses the limit, with work and memory linear in the input (measured by tracemalloc's peak,
with a wide margin; never by the clock)."""
from __future__ import annotations

import json
import tracemalloc

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document.tree import MAX_NESTING
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint
from tests.test_process import run

DEEP = MAX_NESTING + 50
CASES = {   # name -> (file name, text, offset of the first character past the limit)
    "toml dotted key": ("a.toml", "a" + ".a" * 20_000 + " = 1\n", 1 + 2 * MAX_NESTING),
    "toml dotted key under a header": (
        "a.toml", "[" + "t." * 200 + "t]\n" + "a." * 100 + "b = 1\n", None),
    "toml table header": ("a.toml", "x = 1\n[" + "a." * DEEP + "b]\nc = 2\n", None),
    "toml array of tables header": ("a.toml", "[[" + "a." * DEEP + "b]]\n", None),
    "toml dotted key in an inline table": ("a.toml", "x = {" + "a." * DEEP + "b = 1}\n", None),
    "toml inline tables": ("a.toml", "x = " + "{a = " * DEEP + "1" + "}" * DEEP + "\n", None),
    "toml arrays": ("a.toml", "x = " + "[" * DEEP + "]" * DEEP + "\n", None),
    "yaml compact sequences": ("a.yaml", "- " * DEEP + "1\n", None),
    "yaml block mappings": ("a.yaml", "".join(" " * i + "a:\n" for i in range(DEEP)) + " " * DEEP + "b\n",
                            None),
    "yaml complex keys": ("a.yaml", "? " * DEEP + "a\n", None),
    "yaml flow in block": ("a.yaml", "a: " + "{b: " * DEEP + "1" + "}" * DEEP + "\n", None),
    "json objects": ("a.json", '{"a":' * DEEP + "1" + "}" * DEEP, None),
    "json arrays": ("a.json", "[" * 20_000 + "]" * 20_000, None),
}


def _peak(fn):
    tracemalloc.start()
    try:
        result = fn()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", sorted(CASES))
def test_too_deep_is_one_diagnostic_with_bounded_memory(name):
    fname, text, offset = CASES[name]
    doc, peak = _peak(lambda: parse_text(text, fname))
    assert not doc.parsed
    assert [p.code for p in doc.problems] == ["AGIS001"]
    assert f"nested more than {MAX_NESTING} levels deep" in doc.problems[0].message
    if offset is not None:
        assert doc.problems[0].start == offset
    # linear: a few hundred bytes of Python objects per input character at most (measured:
    # 2.3 MB for the 40 KB dotted key, which took 1.5 GB before the limit covered dotted keys)
    assert peak < 200 * len(text) + 4_000_000, peak
    diags = lint(doc, Config(), semantic=False).diagnostics
    assert [d.code for d in diags] == ["AGIS001"]


def test_just_under_the_limit_still_parses():
    text = "[" + "t." * 100 + "t]\n" + "a." * 100 + "b = 1\n"
    doc = parse_text(text, "a.toml")
    assert doc.parsed and not doc.problems


def test_the_dotted_key_through_the_installed_script(tmp_path):
    (tmp_path / "endpoints").mkdir()
    (tmp_path / "endpoints" / "a.toml").write_text("a" + ".a" * 20_000 + " = 1\n", encoding="utf-8")
    code, out, err = run(["check", "--no-cache", "--no-semantic", "--format", "json", "endpoints/a.toml"],
                         cwd=str(tmp_path))
    assert code == 1, err
    (d,) = json.loads(out)["diagnostics"]
    assert d["code"] == "AGIS001" and d["range"]["start"] == {"line": 0, "character": 1 + 2 * MAX_NESTING}
