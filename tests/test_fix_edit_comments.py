"""The document layer's edits keep comments: each comment of the text a fix replaces or
removes is in the result exactly once, and the result reads as the data the fix meant."""
from __future__ import annotations

from agis_lsp.document import parse_text
from agis_lsp.document.edits import render_op
from agis_lsp.document.ops import MappingAsList, Remove, SetValue
from agis_lsp.engine.fixer import apply_edits

TEXT = "a:\n  b: 1  # one\n  # two\n  c: 2\nd: [1, # x\n  2]\ne: 3  # three\n"


def fixed(text: str, op, name: str = "x.yaml") -> str:
    return apply_edits(text, render_op(parse_text(text, name), op))


def test_a_scalar_over_a_commented_block_keeps_each_comment_once():
    out = fixed(TEXT, SetValue(("a",), "scalar"))
    assert out.count("# one") == out.count("# two") == 1
    assert parse_text(out, "x.yaml").data == {"a": "scalar", "d": [1, 2], "e": 3}


def test_removals_keep_the_comments_of_the_removed_lines():
    out = fixed(TEXT, Remove(("e",)))
    assert "# three" in out and parse_text(out, "x.yaml").data == {"a": {"b": 1, "c": 2}, "d": [1, 2]}
    out = fixed(TEXT, Remove(("d", 1)))
    assert out.count("# x") == 1 and parse_text(out, "x.yaml").data["d"] == [1]


def test_a_block_rewrite_puts_each_comment_beside_its_word():
    text = "errs:\n  # the usual ones\n  no_results: x  # rare\n  bad_input:   # typed by hand\n"
    out = fixed(text, SetValue(("errs",), [{"name": "no_results", "description": "x"}, "bad_input"]))
    lines = out.splitlines()
    assert any("no_results" in line and "# rare" in line for line in lines), out
    assert any("bad_input" in line and "# typed by hand" in line for line in lines), out
    assert lines.index("  # the usual ones") < next(i for i, line in enumerate(lines) if "no_results" in line)


def test_a_mapping_as_list_is_edited_in_place():
    text = 'errs:\n  no_results: "x"  # rare\n  bad_input:   # typed by hand\n'
    items = [{"name": "no_results", "description": "x"}, "bad_input"]
    out = fixed(text, MappingAsList(("errs",), items, "name", "description"))
    assert out == 'errs:\n  - name: no_results\n    description: "x"  # rare\n  - bad_input   # typed by hand\n'
    assert parse_text(out, "x.yaml").data == {"errs": items}


def test_edits_write_the_line_ending_of_a_crlf_document():
    text = TEXT.replace("\n", "\r\n")
    out = fixed(text, SetValue(("a",), {"k": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}))
    assert out.count("\n") == out.count("\r\n") and "\r\r" not in out
