"""The YAML event source: ruamel.yaml.clib's libyaml C parser, re-read where its libyaml 0.1.7
refuses what libyaml 0.2.5 and YAML 1.2 accept, and ruamel's pure-Python parser without it."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document import yaml_events, yaml_parser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _seen(text):
    doc = parse_text(text, "x.agis")
    spans = {i: (c.start, c.end, sorted((str(k), e.key_start, e.key_end, e.value_start, e.value_end)
                                        for k, e in c.entries.items()))
             for i, c in enumerate(doc.containers.values())}
    return doc.data, [(p.code, p.message, p.start, p.end) for p in doc.problems], spans


def test_the_c_parser_is_the_event_source_when_installed():
    assert yaml_events.CParser is not None, "ruamel.yaml.clib is a dependency on CPython"
    assert yaml_parser._events is yaml_events.c_events


FLOW = [
    "a: {url: http://x.example:8080/p}\n",
    "a: [10:30, 11:45]\nb: 1\n",
    "a: {q: /search?q=1&r=2}\n",
    "a: [x?y, u ?v, w?]\n",
    "a: [b\n  ?c]\n",
    "a: [b:c?d, {e: f:g}]\nb: &x [h:i]\nc: *x\n",
    "a: [\U0001F600:\u00e9, x]\n# after\nb: {c: d}\n",
]


@pytest.mark.parametrize("text", FLOW)
def test_flow_plain_scalars_with_colon_or_question_mark_parse_on_the_c_parser(text, monkeypatch):
    def no_pure_python(source):
        raise AssertionError("re-read with the pure-Python parser; expected libyaml")
    seen = _seen(text)
    assert seen[1] == [], seen
    monkeypatch.setattr(yaml_parser, "_py_events", no_pure_python)
    assert _seen(text) == seen
    monkeypatch.undo()
    monkeypatch.setattr(yaml_parser, "_events", yaml_parser._py_events)  # YAML 1.2 throughout
    assert _seen(text) == seen, "the same tree, problems and spans as the pure-Python parser"


def test_a_refused_place_keeps_the_value_and_every_position():
    doc = parse_text("a: [10:30, x?y]\na: 2\n", "x.agis")
    assert doc.data == {"a": 2}
    assert [(p.code, p.start, p.end) for p in doc.problems] == [("AGIS002", 16, 17)]
    doc = parse_text("k: {u: http://h:1/p?q=1:2}\n", "x.agis")
    entry = next(c for c in doc.containers.values() if c.flow).entries["u"]
    assert doc.data == {"k": {"u": "http://h:1/p?q=1:2"}} and (entry.value_start, entry.value_end) == (7, 25)


@pytest.mark.parametrize("text, problem", [
    # a real error after an accepted ':': libyaml's own message and place (not the pure parser's)
    ("k: [a:b, c]\nbad: [\n", ("did not find expected node content (while parsing a flow node)", 19)),
    ("k: [a:b, {c: d]\n", ("did not find expected ',' or '}' (while parsing a flow mapping)", 14)),
    # ':' before a flow indicator: refused by libyaml 0.2.5 too, so refused here
    ("k: [a:]\n", ("found unexpected ':' (while scanning a plain scalar)", 5)),
    ("k: {a: b:, c: d}\n", ("found unexpected ':' (while scanning a plain scalar)", 8)),
    # a '?' after a comment does not continue the scalar (0.2.5 neither)
    ("k: [a # c\n ?b]\n", ("did not find expected ',' or ']' (while parsing a flow sequence)", 11)),
])
def test_broken_flow_text_gets_libyamls_message_and_place(text, problem):
    (code, message, start, _), = _seen(text)[1]
    assert code == "AGIS001" and (message, start) == (f"YAML syntax error: {problem[0]}", problem[1])


def test_past_the_re_read_budget_the_pure_parser_reads_it():
    items = ", ".join(f"{h}:{m:02d}" for h in range(10, 10 + yaml_parser.MAX_REREADS + 4) for m in (0,))
    text = f"times: [{items}]\n"
    calls = []
    pure = yaml_parser._py_events

    def counted(source):
        calls.append(len(source))
        return pure(source)
    import agis_lsp.document.yaml_parser as yp
    original = yp._py_events
    yp._py_events = counted
    try:
        doc = parse_text(text, "x.agis")
    finally:
        yp._py_events = original
    assert doc.problems == [] and doc.data["times"][-1] == f"{10 + yaml_parser.MAX_REREADS + 3}:00"
    assert calls == [len(text)]


def test_a_libyaml_nesting_limit_still_gives_our_one_finding(monkeypatch):
    """A C extension bringing libyaml >= 0.2.6 stops at its own depth (past ours, after look-ahead):
    the prefix is read again and the one AGIS001 sits where the pure-Python parser puts it."""
    def limited(source):
        depth = 0
        for ev in yaml_events.c_events(source):
            if ev.__class__ in (yaml_events.E.SequenceStartEvent, yaml_events.E.MappingStartEvent):
                depth += 1
                if depth > 1000:
                    raise yaml_events.MarkedYAMLError(problem="exceeded maximum nesting depth",
                                                      problem_mark=ev.start_mark)
            yield ev
    text = "a: " + "[" * 1200 + "]" * 1200 + "\n"
    monkeypatch.setattr(yaml_parser, "_events", yaml_parser._py_events)
    expected = _seen(text)[1]
    monkeypatch.setattr(yaml_parser, "_events", limited)
    pure_calls = []
    monkeypatch.setattr(yaml_parser, "_py_events", lambda s: pure_calls.append(s) or iter(()))
    assert _seen(text)[1] == expected and len(expected) == 1 and "nested more than" in expected[0][1]
    assert pure_calls == [], "decided on the prefix, without the pure-Python parser"


_NO_C = ("import sys; sys.modules['_ruamel_yaml'] = None\n"   # the import fails as without the wheel
         "from agis_lsp.document import parse_text, yaml_events, yaml_parser\n"
         "assert yaml_events.CParser is None and yaml_parser._events is not yaml_events.c_events\n"
         "for t in ['a: 1\\n', 'a: [10:30, x?y]\\n', 'a: [\\n']:\n"
         "    d = parse_text(t, 'x.agis')\n"
         "    print(d.data, [(p.code, p.start) for p in d.problems])\n")


def test_without_the_c_extension_the_pure_parser_reads_and_says_so_once():
    proc = subprocess.run([sys.executable, "-c", _NO_C], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["{'a': 1} []", "{'a': ['10:30', 'x?y']} []", "None [('AGIS001', 5)]"]
    assert proc.stderr.count(yaml_events.C_UNAVAILABLE_NOTE) == 1, proc.stderr
    assert proc.stderr.strip() == yaml_events.C_UNAVAILABLE_NOTE


def test_without_the_c_extension_the_cli_lints_the_examples_with_one_note():
    # one note per process: with --jobs N each worker that reads YAML says it once too
    code = ("import sys; sys.modules['_ruamel_yaml'] = None\n"
            "from agis_lsp.cli.main import main\n"
            "sys.exit(main(['check', '--no-semantic', '--no-cache', '--jobs', '1', 'examples/healthcare.agis', "
            "'examples/restaurant.agis']))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr.count(yaml_events.C_UNAVAILABLE_NOTE) == 1, proc.stderr


def test_agis_lsp_never_imports_pyyaml(tmp_path):
    # PyYAML may be installed (tokenizers -> huggingface_hub requires it) but is not ours to use:
    # with its import made to fail, the examples lint clean and an OpenAPI YAML input converts
    code = ("import sys; sys.modules['yaml'] = None\n"
            "from agis_lsp.cli.main import main\n"
            "assert main(['check', '--no-cache', '--jobs', '1', 'examples/']) == 0\n"
            f"rc = main(['convert', '--to', 'agis', '-o', {str(tmp_path / 'out.agis')!r}, "
            "'tests/convert/fixtures/users.openapi.yaml'])\n"
            "sys.exit(rc)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert proc.returncode == 1, proc.stdout + proc.stderr   # converted, with items to review
    assert "converted openapi -> agis" in proc.stderr and "users" in (tmp_path / "out.agis").read_text(encoding="utf-8")
