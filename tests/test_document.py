"""The document layer: positions, spans by path, and fix operations as text edits."""
from __future__ import annotations

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document.edits import EditError, render_op
from agis_lsp.engine.fixer import apply_edits
from agis_lsp.engine.findings import AddKey, Append, Remove, RenameKey, SetValue


def apply(text, path, *ops):
    doc = parse_text(text, path)
    edits = [e for op in ops for e in render_op(doc, op)]
    out = apply_edits(text, edits)
    assert parse_text(out, path).parsed, out
    return out


def test_utf16_positions_after_astral_characters():
    text = 'a: "😀😀"\nb: x\n'
    doc = parse_text(text, "x.agis")
    r = doc.range(("a",))
    assert (r.start.line, r.start.character, r.end.character) == (0, 3, 9)  # two surrogate pairs
    assert doc.lines.offset(0, 9) == len('a: "😀😀"')


def test_missing_path_points_at_nearest_existing_key():
    doc = parse_text("endpoints:\n  - method: BOOK\n    semantic: {actor: agent}\n", "x.agis")
    r = doc.range(("endpoints", 0, "semantic", "intent"))
    assert (r.start.line, r.start.character) == (2, 4)


def test_yaml_keys_are_strings_and_scalars_follow_yaml_1_2():
    doc = parse_text("200: ok\nflag: yes\non: true\nn: 0x1F\nf: .5\nz: ~\n", "x.agis")
    assert doc.data == {"200": "ok", "flag": "yes", "on": True, "n": 31, "f": 0.5, "z": None}


def test_json_and_yaml_give_the_same_data():
    y = parse_text("a: [1, 2.5, true, null, \"s\"]\nb: {c: d}\n", "x.agis")
    j = parse_text('{"a": [1, 2.5, true, null, "s"], "b": {"c": "d"}}', "x.agis")
    assert y.data == j.data


@pytest.mark.parametrize("text,expected", [
    ("v: [A, B]\n", "v: [A, B, C]\n"),
    ("v:\n  - A\n  - B  # keep me\nw: 1\n", "v:\n  - A\n  - B  # keep me\n  - C\nw: 1\n"),
    ('{"v": ["A", "B"]}', '{"v": ["A", "B", "C"]}'),
    ('{\n  "v": [\n    "A"\n  ]\n}', '{\n  "v": [\n    "A",\n    "C"\n  ]\n}'),
    ('{"v": []}', '{"v": ["C"]}'),
])
def test_append(text, expected):
    assert apply(text, "x.agis", Append(("v",), "C")) == expected


@pytest.mark.parametrize("text,index,expected", [
    ("v: [A, B, C]\n", 1, "v: [A, C]\n"),
    ("v: [A, B, C]\n", 2, "v: [A, B]\n"),
    ("v:\n  - A\n  - B\n# tail\n", 0, "v:\n  - B\n# tail\n"),
    ('{"v": ["A", "B"]}', 0, '{"v": ["B"]}'),
    ('{"v": ["A", "B"]}', 1, '{"v": ["A"]}'),
])
def test_remove(text, index, expected):
    assert apply(text, "x.agis", Remove(("v", index))) == expected


def test_remove_key_sharing_a_line_with_the_dash():
    text = "e:\n  - method: BOOK\n    path: /x\n"
    assert apply(text, "x.agis", Remove(("e", 0, "method"))) == "e:\n  - path: /x\n"


def test_set_value_keeps_quote_style_and_comments():
    text = "a: 'old'  # note\nb: \"x\"\nc: plain\n"
    out = apply(text, "x.agis", SetValue(("a",), "new"), SetValue(("b",), "y"), SetValue(("c",), "yes sir"))
    assert out == "a: 'new'  # note\nb: \"y\"\nc: yes sir\n"


def test_set_value_quotes_what_would_change_type():
    out = apply("a: x\n", "x.agis", SetValue(("a",), "true"))
    assert parse_text(out, "x.agis").data == {"a": "true"}


def test_set_value_block_subtree():
    text = "ep:\n  input:\n    required: [a]\n  output: {}\n"
    schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}
    out = apply(text, "x.agis", SetValue(("ep", "input"), schema))
    assert parse_text(out, "x.agis").data["ep"]["input"] == schema


def test_rename_key_and_add_key():
    out = apply("a: 1\nb: 2\n", "x.agis", RenameKey(("a",), "z"))
    assert out == "z: 1\nb: 2\n"
    out = apply("a: 1\nb:\n  c: 2\n", "x.agis", AddKey(("b",), "d", [1, 2]))
    assert parse_text(out, "x.agis").data == {"a": 1, "b": {"c": 2, "d": [1, 2]}}
    out = apply('{"a": 1}', "x.agis", AddKey((), "b", {"c": True}))
    assert parse_text(out, "x.agis").data == {"a": 1, "b": {"c": True}}


def test_unrenderable_op_is_an_edit_error():
    doc = parse_text("a: 1\n", "x.agis")
    with pytest.raises(EditError):
        render_op(doc, Remove(("nope",)))


@pytest.mark.parametrize("text, value", [
    ("a: {url: http://x.example}\n", {"url": "http://x.example"}),
    ("a: [http://x.example, 10:30]\n", ["http://x.example", "10:30"]),
    ("a: [b:c, d]\n", ["b:c", "d"]),
])
def test_plain_scalars_with_colons_in_flow_collections_parse(text, value):
    """YAML 1.2 allows ':' inside a plain scalar in a flow collection. libyaml 0.2.5 accepts it; the
    libyaml 0.1.7 bundled in ruamel.yaml.clib refuses it, and the document layer reads the text again
    with the ':' taken as part of the scalar (tests/test_yaml_events.py; README, Dependencies)."""
    doc = parse_text(text, "x.agis")
    assert doc.parsed and doc.problems == [] and doc.data == {"a": value}


# -- nesting past the limit: one finding at the container that crosses it, whatever libyaml -------------
# libyaml >= 0.2.6 stops at 1000 levels during its look-ahead (ruamel.yaml.clib's 0.1.7 has no limit);
# the result must be the one ruamel's pure-Python parser (no limit of its own) gives, and sit at the
# container that crosses ours.
_N = 5000
DEEP_YAML = {
    "flow lists": "[" * _N + "]" * _N,
    "flow lists, spaced": "[ " * _N + "]" * _N,
    "flow lists, one a line": "[\n" * _N + "]" * _N,
    "flow braces": "{" * _N + "}" * _N,
    "flow maps": "{a: " * _N + "1" + "}" * _N,
    "JSON in YAML": "# c\n" + '{"a": ' * _N + "1" + "}" * _N,
    "JSON in YAML, tight": "# c\n" + '{"a":' * _N + "1" + "}" * _N,
    "flow mixed": '[{"a": ' * _N + "1" + "}]" * _N,
    "flow keys": "[[" * _N + "]: 1]" * _N,
    "after non-ASCII": "# é€😀\n" + "[" * _N + "]" * _N,
    "block sequences": "".join(" " * i + "-\n" for i in range(_N)),
    "block sequences, compact": "- " * _N + "1\n",
    "block maps": "".join(" " * i + "a:\n" for i in range(_N)) + " " * _N + "1\n",
    "explicit keys": "? " * _N + "1\n",
    "flow inside block": "".join(" " * i + "a:\n" for i in range(100)) + " " * 100 + "[" * _N + "]" * _N,
}


def _problems(text):
    from agis_lsp.document.yaml_parser import parse_yaml
    return [(p.code, p.message, p.start, p.end) for p in parse_yaml(text, "x.agis").problems]


@pytest.mark.parametrize("name", sorted(DEEP_YAML))
def test_yaml_nested_past_the_limit_is_one_finding_where_it_crosses(name, monkeypatch):
    from agis_lsp.document import yaml_parser
    from agis_lsp.document.tree import MAX_NESTING
    text = DEEP_YAML[name]
    problems = _problems(text)
    assert len(problems) == 1 and f"nested more than {MAX_NESTING} levels" in problems[0][1], problems
    start = problems[0][2]
    if not name.startswith(("block", "explicit", "flow inside")):  # all flow: count the brackets before it
        before = text[:start]
        assert text[start] in "[{"
        assert before.count("[") + before.count("{") - before.count("]") - before.count("}") == MAX_NESTING
    monkeypatch.setattr(yaml_parser, "_events", yaml_parser._py_events)
    assert _problems(text) == problems


def test_yaml_past_libyaml_limit_inside_a_key_that_never_ends_is_the_pure_parsers_syntax_error(monkeypatch):
    # a flow collection at a block mapping's indentation must be a key; libyaml 0.1.7 (ruamel.yaml.clib)
    # gives up on the key after 1024 characters, before our limit: its syntax error is the pure
    # parser's. (1,100 levels reach a libyaml 0.2.6's nesting limit first: the text read again up to
    # there does not end at our limit either, so the pure-Python parser decides; it finds no ':'.)
    from agis_lsp.document import yaml_parser
    text = "a:\n  b: 1\n  " + "[" * 1100 + "]" * 1100 + ": 2\n"
    problems = _problems(text)
    assert len(problems) == 1 and problems[0][0] == "AGIS001"
    monkeypatch.setattr(yaml_parser, "_events", yaml_parser._py_events)
    assert _problems(text) == problems


# -- suppression comments: the grammar reads what the code actions write ------------------------
@pytest.mark.parametrize("line", ["method: BOOK", "method: BOOK  # agis-lint: disable=AGIS101",
                                  "method: BOOK # agis-lint: disable = AGIS101, AGIS102"])
def test_a_written_line_suppression_is_read_back_for_that_line(line):
    from agis_lsp.document.suppressions import disable_on_line, find_suppressions
    text = f"agis: 1.0\n{line}\nx: 1\n"
    start = text.index(line)
    edit = disable_on_line(line, start, "AGIS204")
    out = apply_edits(text, [edit])
    by_line = {s.target: s.codes for s in find_suppressions(out, "yaml")}
    assert "AGIS204" in by_line[1] and set(by_line) == {1}, out
    assert disable_on_line(out.split("\n")[1], start, "AGIS204") is None, "already suppressed"


def test_no_line_suppression_where_a_comment_would_move_to_the_next_line():
    from agis_lsp.document.suppressions import disable_on_line
    assert disable_on_line("# a comment", 0, "AGIS204") is None
    assert disable_on_line("   ", 0, "AGIS204") is None
    assert disable_on_line("a: 1  # agis-lint: disable", 0, "AGIS204") is None, "already all codes"


def test_a_written_file_suppression_is_read_back_for_the_file():
    from agis_lsp.document.suppressions import disable_in_file, find_suppressions
    out = apply_edits("agis: 1.0\n", [disable_in_file("AGIS204")])
    assert [(s.target, s.codes) for s in find_suppressions(out, "yaml")] == [(None, ("AGIS204",))]


def test_columns_on_a_long_line_cost_no_more_than_a_bisection():
    """Tens of thousands of findings on one long line (an array written on one line) were
    quadratic: each column encoded the line up to it (46,921 findings on a 246 KB line: 17 s).
    The astral characters of a line are found once; a column is then a bisection."""
    import time

    from agis_lsp.document.positions import LineIndex, utf16_len
    line = '["' + '", "'.join(["x"] * 40_000) + '"] é \U0001F600 x\n'
    li = LineIndex(line)
    started = time.process_time()
    for off in range(0, len(line), 5):
        li.position(off)
    assert time.process_time() - started < 2.0     # quadratic: tens of seconds
    end = len(line) - 1
    assert li.position(end).character == utf16_len(line[:end]) == len(line[:end]) + 1


def test_a_fix_never_writes_a_lone_surrogate():
    """A JSON escape can hold half a UTF-16 character (``"1.2.0\\ud800"``); no fix can write it
    back (YAML and TOML cannot hold it; the parser reads it as U+FFFD), so a fix that would
    was offered again after every application and --fix never converged (fuzzing found it on
    an AGTP manifest's catalog_version). Such a fix is not offered."""
    from agis_lsp.document.edits import EditError, render_op
    from agis_lsp.document.ops import Append, SetValue
    doc = parse_text('{"a": "x", "b": ["y"]}', "x.json")
    for op in (SetValue(("a",), "1.2.0\ud800"), Append(("b",), "\udc00"), SetValue(("a",), {"k": ["\ud800"]})):
        with pytest.raises(EditError):
            render_op(doc, op)
    assert render_op(doc, SetValue(("a",), "1.2.0\u00e9"))   # a whole character is fine
