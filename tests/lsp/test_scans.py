"""Every scan of document text advances and is bounded.

Property tests (hypothesis) drive the cursor locator, the word finder and the line
maps over random text: broken YAML, JSON and TOML built from the tokens that matter
(the separators ``:``, ``=`` and ``,`` inside flow collections, brackets, quotes,
comments, every line break, surrogates, NUL, BOM), at every offset, for each syntax.
Each call runs under an alarm on the CPU time the process spends (``ITIMER_PROF``: the
time of other processes on a shared machine does not count), so a scan that stops
advancing fails the test instead of hanging it; a second set runs the scans on 100 KB
inputs under the same alarm. The bounds are wide (seconds of CPU for what takes
milliseconds): they catch a scan that loops or goes quadratic, not a slow machine.
``benchmarks/scans.py`` times the 100 KB scans.
"""
from __future__ import annotations

import signal
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from agis_lsp.document import parse_text
from agis_lsp.document.locate import KEY, VALUE, path_at, path_at_text, word_at
from agis_lsp.document.positions import LineIndex, char_end, line_starts, utf16_len

TOKENS = ["a", "key", "audience", " ", "  ", ":", ": ", "=", " = ", ",", ", ", "[", "]", "{", "}",
          "[[", "]]", '"', "'", '"""', "#", "- ", "-", ".", "\\", "|", ">", "\t", "\n", "\r",
          "\r\n", "\x85", "\u2028", "\u2029", "\x00", "\ufeff", "\ud83d", "\ude00", "😀", "é",
          "x-tags: [audience: agents, beta]", "errors = [a = 1, ", '["a": 1, ', "method: BOOK",
          "[endpoint]", "{a: b: c}", "1", "true", "null"]
SYNTAXES = ("yaml", "json", "toml")
NAMES = {"yaml": "doc.agis", "json": "doc.agis.json", "toml": "endpoints/e.toml"}
texts = st.one_of(st.lists(st.sampled_from(TOKENS), max_size=40).map("".join),
                  st.text(max_size=120))
PROPERTIES = settings(max_examples=120, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])


#: CPU seconds a block of scans may use: what loops or goes quadratic takes minutes; the
#: scans measured take milliseconds (the 100 KB ones 3-70 ms, benchmarks/scans.py).
CPU_LIMIT = 5.0


class Hang(Exception):
    pass


@contextmanager
def bounded(seconds: float = CPU_LIMIT):
    """Fail (instead of hanging) when the block uses more than ``seconds`` of CPU time."""
    def alarm(signum, frame):
        raise Hang(f"a scan used more than {seconds} s of CPU time")
    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _check_answer(answer) -> None:
    path, part = answer
    assert isinstance(path, tuple) and part in (KEY, VALUE)


@PROPERTIES
@given(texts)
def test_text_reading_answers_at_every_offset(text):
    for syntax in SYNTAXES:
        with bounded():
            for offset in range(len(text) + 1):
                _check_answer(path_at_text(text, offset, syntax))


@PROPERTIES
@given(texts)
def test_locator_answers_on_parsed_and_broken_documents(text):
    for syntax in SYNTAXES:
        doc = parse_text(text, NAMES[syntax], syntax)
        with bounded():
            for offset in range(len(doc.text) + 1):
                _check_answer(path_at(doc, offset))


@PROPERTIES
@given(texts)
def test_word_finder_spans_the_offset(text):
    with bounded():
        for offset in range(len(text) + 1):
            start, end = word_at(text, offset)
            assert 0 <= start <= offset <= end <= len(text)


def _lsp_lines(text: str) -> list[str]:
    """Lines as LSP defines them (\\n, \\r\\n, \\r), by a different method than LineIndex."""
    out, cur, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\r" or ch == "\n":
            out.append("".join(cur))
            cur = []
            i += 2 if text.startswith("\r\n", i) else 1
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur))
    return out


@PROPERTIES
@given(texts)
def test_line_index_follows_lsp_line_breaks(text):
    with bounded():
        lines = LineIndex(text)
        expected = _lsp_lines(text)
        assert lines.line_count == len(expected)
        assert [lines.line_text(n) for n in range(lines.line_count)] == expected
        assert line_starts(text) == list(lines.starts)
        for offset in range(len(text) + 1):
            pos = lines.position(offset)
            assert lines.valid(pos)
            # back and forth: the offset, or the end of the line when it was inside a break
            back = lines.offset(pos.line, pos.character)
            assert back == min(offset, lines.line_end(pos.line))
            assert lines.position(back) == pos
        for n, line in enumerate(expected):
            width = utf16_len(line)
            assert lines.offset(n, width + 5) == lines.line_end(n)
            assert lines.position(lines.offset(n, width)).character == width


@PROPERTIES
@given(texts)
def test_one_character_spans_stay_on_their_line(text):
    lines = LineIndex(text)
    for index in range(len(text) + 1):
        rng = lines.range(index, char_end(text, index))
        assert rng.start.line == rng.end.line and lines.valid(rng.end)


@PROPERTIES
@given(texts)
def test_syntax_problems_stay_on_their_line(text):
    for syntax in SYNTAXES:
        doc = parse_text(text, NAMES[syntax], syntax)
        for problem in doc.problems:
            if problem.code != "AGIS001":
                continue
            rng = doc.lines.range(problem.start, problem.end)
            assert doc.lines.valid(rng.start) and doc.lines.valid(rng.end)
            if problem.end - problem.start <= 1:
                assert rng.start.line == rng.end.line, (syntax, text, problem)


def test_utf16_length_of_any_text():
    assert utf16_len("\ud83d") == 1                 # a lone surrogate (a split pair)
    assert utf16_len("a😀b") == 4
    assert utf16_len("\x00\ufeff\t") == 3
    lines = LineIndex("x: '\ud83d'\n")
    assert lines.position(5).character == 5


def test_yaml_line_breaks_that_lsp_does_not_know():
    """NEL, LS and PS break YAML lines but not the client's: the error is where the client sees it."""
    for sep in ("\x85", "\u2028", "\u2029"):
        text = f"a: 1{sep}b: [\n"
        doc = parse_text(text, "doc.agis")
        problem = next(p for p in doc.problems if p.code == "AGIS001")
        rng = doc.lines.range(problem.start, problem.end)
        assert doc.lines.valid(rng.end)
        assert rng.start.line <= 1  # the client has two lines: "a: 1<sep>b: [" and ""


# -- the reported hangs and their analogues -------------------------------------
HANGS = [
    ("doc.agis", "openapi: [\nx-tags: [audience: agents, beta]\n", "audience: ag"),
    ("doc.agis", "agis: 1\nbad: : :\nx-tags: [audience: agents, beta]\n", "audience: ag"),
    ("endpoints/e.toml", "[endpoint\nerrors = [a = 1, b = 2]\n", "a = 1"),
    ("endpoints/e.toml", "errors = [a = 1, ", "a = 1"),
    ("doc.agis.json", '{"x": ["a": 1, "b": 2], ', '"a": 1'),
]


@pytest.mark.parametrize("name,text,anchor", HANGS)
def test_separators_inside_flow_collections_answer(name, text, anchor):
    doc = parse_text(text, name)
    with bounded():
        for offset in range(len(text) + 1):
            _check_answer(path_at(doc, offset))
        _check_answer(path_at(doc, text.index(anchor) + len(anchor) - 1))


# -- bounded on 100 KB ------------------------------------------------------------
BIG = {
    "long line": "a" + " " * 100_000,
    "long line of tabs": "a" + " \t" * 50_000 + "x",
    "flow separators": "x: [" + "a: 1, " * 17_000,
    "toml separators": "errors = [" + "a = 1, " * 15_000,
    "json separators": '{"x": [' + '"a": 1, ' * 13_000,
    "nested brackets": "x: " + "[" * 50_000,
    "many lines": "key:\n  - a: [b, c]\n" * 5_000,
    "dotted keys": "a." * 50_000,
    "quotes": "x: '" + "''" * 50_000,
    "carriage returns": "a: 1\r" * 20_000,
}


@pytest.mark.parametrize("label", list(BIG))
def test_scans_are_bounded_on_100_kb(label):
    text = BIG[label]
    offsets = (0, len(text) // 2, len(text))
    for syntax in SYNTAXES:
        for offset in offsets:
            with bounded():
                _check_answer(path_at_text(text, offset, syntax))
    with bounded():
        lines = LineIndex(text)
        lines.position(len(text))
        lines.offset(lines.line_count - 1, 10**6)
        word_at(text, len(text) // 2)


# -- the feature builders on top of the scans ---------------------------------------
def _builders():
    from agis_lsp.catalog import load_catalog
    from agis_lsp.lsp.protocol.capabilities import ClientFeatures
    from agis_lsp.lsp.ide.completion import CompletionRequest, build_completions
    from agis_lsp.lsp.ide.definition import build_definition
    from agis_lsp.lsp.ide.hover import build_hover
    catalog, features = load_catalog(None), ClientFeatures(snippets=True, markdown=True)

    def run(doc, kind, offset, context):
        build_hover(doc, offset, kind, catalog, [], features)
        build_completions(CompletionRequest(doc, offset, kind, catalog, features, context=context))
        build_definition(doc, offset, kind, "file:///x", lambda path: None, None)
    return run


KINDS = {"yaml": "agis", "json": "agis", "toml": "agtp-endpoint"}
GOOD = {"yaml": "agis_version: '1.0'\nendpoints:\n  - method: BOOK\n    path: /r\n",
        "json": '{"agis_version": "1.0", "endpoints": [{"method": "BOOK", "path": "/r"}]}',
        "toml": '[endpoint]\nmethod = "BOOK"\npath = "/r"\n'}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=14).map("".join))
def test_hover_completion_and_definition_answer_at_every_offset(text):
    run = _builders()
    for syntax in SYNTAXES:
        context = parse_text(GOOD[syntax], NAMES[syntax], syntax)
        doc = parse_text(text, NAMES[syntax], syntax)
        with bounded(5):
            for offset in range(len(doc.text) + 1):
                run(doc, KINDS[syntax], offset, context)
