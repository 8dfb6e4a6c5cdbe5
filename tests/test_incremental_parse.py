"""document.incremental: a spliced parse equals a full parse of the same text, container for
container and span for span, after random edits (and refuses what it cannot splice)."""
from __future__ import annotations

import os
import random
import sys

import pytest

from agis_lsp.document import parse_text
from agis_lsp.document.incremental import COMPACT_AT, compact, depth, reparse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from gen_docs import document  # noqa: E402

EXAMPLE = os.path.join(ROOT, "examples", "restaurant.agis")


def containers_of(doc):
    """(path, container fields, entries) of every container reachable from the data."""
    out = []
    stack = [((), doc.data)]
    while stack:
        path, obj = stack.pop()
        if not isinstance(obj, (dict, list)):
            continue
        c = doc.container(obj)
        assert c is not None, f"no container at {path}"
        out.append((path, c.start, c.end, c.flow,
                    sorted((str(k), e.key_start, e.key_end, e.value_start, e.value_end, e.style,
                            e.entry_start, e.entry_end) for k, e in c.entries.items())))
        items = obj.items() if isinstance(obj, dict) else enumerate(obj)
        stack.extend((path + (k,), v) for k, v in items)
    return sorted(out, key=lambda t: [str(p) for p in t[0]])


def assert_same(spliced, full):
    assert spliced.text == full.text
    assert spliced.parsed and full.parsed
    assert spliced.data == full.data
    assert spliced.root_span == full.root_span
    assert spliced.problems == full.problems == []
    assert spliced.lines.starts == full.lines.starts
    assert containers_of(spliced) == containers_of(full)
    assert sorted((c.start, c.end) for c in spliced.iter_containers()) == \
        sorted((c.start, c.end) for c in full.iter_containers())


SNIPPETS = ["x", " ", "\n", ', "k": 1', '"', '{}', ',', "\n    note: hi", "\n  - method: FIND\n    path: /x", ": ", "- ", "#c", "'",
            '"', "{", "}", "[a, b]", "\n      intent: again", "\t", "&a ", "*a", "---\n", "\n\n",
            "é", "😀", "  ", "\nvocabulary: {}\n"]


def random_edit(rng: random.Random, text: str) -> str:
    n = len(text)
    where = rng.choice(["intent", "anywhere", "line-end", "line-start"])
    if where == "intent" and "intent:" in text:
        spots = [i for i in range(n) if text.startswith("intent:", i)]
        at = rng.choice(spots) + rng.randint(0, 40)
    elif where == "line-end":
        at = text.find("\n", rng.randrange(n)) if n else 0
    elif where == "line-start":
        at = text.rfind("\n", 0, rng.randrange(n or 1)) + 1 if n else 0
    else:
        at = rng.randrange(n + 1)
    at = max(0, min(at, n))
    cut = rng.choice([0, 0, 0, 1, 1, 2, 5, 30])
    return text[:at] + rng.choice(SNIPPETS + [""]) + text[at + cut:]


JSON_EXAMPLE = os.path.join(ROOT, "examples", "finance.agis.json")


@pytest.mark.parametrize("seed", range(9))
def test_random_edits_splice_exactly_as_a_full_parse(seed):
    rng = random.Random(seed)
    source = (document(12), open(EXAMPLE, encoding="utf-8").read(),
              open(JSON_EXAMPLE, encoding="utf-8").read())[seed % 3]
    old = parse_text(source, "x.agis")
    spliced_count = 0
    for _ in range(250):
        new_text = random_edit(rng, old.text)
        full = parse_text(new_text, "x.agis")
        new = reparse(old, new_text)
        if new is not None:
            spliced_count += 1
            assert_same(new, full)
            if depth(new) >= COMPACT_AT and rng.random() < 0.5:
                compact(new)
                assert_same(new, full)
        if full.parsed and not full.problems:
            old = new if new is not None and rng.random() < 0.8 else full
        elif rng.random() < 0.3:
            old = parse_text(source, "x.agis")
    assert spliced_count > (25 if seed % 3 == 2 else 40), "too few edits were spliced to test anything"


def test_typing_in_an_intent_is_spliced_and_old_versions_keep_their_spans():
    text = document(50)
    v1 = parse_text(text, "x.agis")
    at = text.index("intent:", len(text) // 2) + 12
    v2_text = text[:at] + "x" + text[at:]
    v2 = reparse(v1, v2_text)
    assert v2 is not None
    assert_same(v2, parse_text(v2_text, "x.agis"))
    assert_same(v1, parse_text(text, "x.agis"))      # the old version is untouched
    v3_text = v2_text[:at] + v2_text[at + 1:]
    v3 = reparse(v2, v3_text)
    assert v3 is not None and depth(v3) == 2
    assert_same(v3, parse_text(v3_text, "x.agis"))
    assert_same(v2, parse_text(v2_text, "x.agis"))


@pytest.mark.parametrize("edit", [
    ("endpoints:", "endpoints: "),                   # the frame: not one item
    ('"Benchmark Service"\nagtp:', '"Benchmark Service" agtp:'),   # two frame entries
    ('description: "Generated', 'endpoints: "Generated'),   # a frame key that is another's
    ("agis:", "# agis:"),                            # before the first entry
    ("  - method: FIND", "  - method: FIND\n  - method: BOOK"),   # a new item
    ("intent:", "intent: &a"),                       # an anchor
    ("intent:", 'intent: "'),                        # broken: the full parse reports it
])
def test_what_cannot_be_spliced_is_refused(edit):
    text = document(10)
    old = parse_text(text, "x.agis")
    at = text.find(edit[0], len(text) // 3)
    at = at if at != -1 else text.index(edit[0])
    new_text = text[:at] + edit[1] + text[at + len(edit[0]):]
    assert reparse(old, new_text) is None


FRAME_EDITS = ["description:", "version:", "vocabulary:", "declared_verbs", "service:", "domain:"]
FRAME_SNIPPETS = ["x", "", "\n", "  y: 1\n", ", FOO", " #c", " ", '"', "\n  extra: [a, b]", "d"]


@pytest.mark.parametrize("seed", range(4))
def test_frame_edits_splice_one_top_level_entry_exactly_as_a_full_parse(seed):
    """Edits of the frame (the top-level description, version, vocabulary, a renamed key)
    re-parse that entry alone (``document.incremental_frame``)."""
    rng = random.Random(f"frame-{seed}")
    source = (document(12), open(EXAMPLE, encoding="utf-8").read())[seed % 2]
    old = parse_text(source, "x.agis")
    spliced = 0
    for _ in range(150):
        text = old.text
        which = rng.choice(FRAME_EDITS)
        at = text.find(which)
        at = rng.randrange(len(text)) if at == -1 else min(len(text), at + len(which) + rng.randint(0, 8))
        new_text = text[:at] + rng.choice(FRAME_SNIPPETS) + text[at + rng.choice([0, 0, 1, 3]):]
        full = parse_text(new_text, "x.agis")
        new = reparse(old, new_text)
        if new is not None:
            spliced += 1
            assert_same(new, full)
        if full.parsed and not full.problems:
            old = new if new is not None and rng.random() < 0.8 else full
    assert spliced > 30


def test_typing_in_the_top_level_description_is_spliced():
    text = document(50)
    v1 = parse_text(text, "x.agis")
    at = text.index("Generated") + 3
    v2_text = text[:at] + "x" + text[at:]
    v2 = reparse(v1, v2_text)
    assert v2 is not None and v2.data["endpoints"] is v1.data["endpoints"]
    assert_same(v2, parse_text(v2_text, "x.agis"))
    assert_same(v1, parse_text(text, "x.agis"))
    end = v2_text + "extra: true\n"                # a new last entry: not one entry's lines
    assert reparse(v2, end) is None or reparse(v2, end).data.get("extra") is True


def test_documents_with_aliases_or_problems_are_not_spliced():
    text = "a: &x 1\nb: *x\nendpoints:\n  - method: FIND\n    path: /x\n"
    old = parse_text(text)
    assert not old.plain_tree
    assert reparse(old, text.replace("/x", "/y")) is None
    dup = "endpoints:\n  - method: FIND\n    path: /x\nendpoints: []\n"
    assert reparse(parse_text(dup), dup.replace("/x", "/y")) is None


def test_a_line_index_with_an_edit_applied_equals_a_fresh_one():
    from agis_lsp.document.positions import LineIndex
    rng = random.Random(5)
    text = "a\nbc\n\nd" * 20
    index = LineIndex(text)
    for _ in range(500):
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice([0, 0, 1, 3, 10]))
        piece = rng.choice(["", "x", "\n", "\n\n", "ab\ncd", "\r\n", "\r", "é😀\n"])
        new = text[:start] + piece + text[end:]
        index = index.replaced(start, end, piece, new)
        fresh = LineIndex(new)
        assert index.starts == fresh.starts and index.text is new
        assert [index.position(o) for o in range(0, len(new), 7)] == \
            [fresh.position(o) for o in range(0, len(new), 7)]
        text = new
        if "\r" in text and rng.random() < 0.2:
            text = text.replace("\r", "")
            index = LineIndex(text)
