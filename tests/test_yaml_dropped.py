"""What a duplicate or complex mapping key drops from the YAML tree stays with the document:
its containers stay in the table (folding, places) whatever ids the allocator reuses."""
from agis_lsp.document import parse_text


def test_a_duplicate_keys_first_value_keeps_its_container():
    text = "a:\n  x: [1, 2]\na:\n  y: 3\n"
    doc = parse_text(text, "d.agis")
    assert doc.data == {"a": {"y": 3}}
    assert [p.code for p in doc.problems] == ["AGIS002"]
    (first,) = doc.dropped
    assert first == {"x": [1, 2]}
    spans = sorted((c.start, c.end) for c in doc.iter_containers())
    assert (doc.container(first).start, doc.container(first).end) in spans
    inner = doc.container(first["x"])
    assert text[inner.start:inner.end] == "[1, 2]"
    assert len(spans) == 4   # the root, both values of "a", the list


def test_a_complex_key_is_kept_and_reported():
    doc = parse_text("? [a, b]\n: c\n", "d.agis")
    assert [p.code for p in doc.problems] == ["AGIS001"]
    assert doc.dropped == (["a", "b"],)
    assert doc.container(doc.dropped[0]) is not None


def test_a_tree_without_duplicates_drops_nothing():
    assert parse_text("a: {b: 1}\n", "d.agis").dropped == ()
