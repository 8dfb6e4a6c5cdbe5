"""The server's copy of a document follows the client's through any edit.

``OpenDocument.apply`` against an independent model of the client: a text kept in UTF-16
form (astral characters as surrogate pairs, so an index is a UTF-16 column) with lines
broken at ``\\n``, ``\\r\\n`` and ``\\r`` only. Edits land anywhere, including between the
halves of a surrogate pair and after NEL, LS and PS (line breaks for YAML, not for LSP).
"""
from __future__ import annotations

from hypothesis import given, settings, strategies as st
from lsprotocol import types

from agis_lsp.lsp.runtime.state import OpenDocument

from .fuzzer import TOKENS, index_of, position_of, utf16

texts = st.lists(st.sampled_from(TOKENS), max_size=20).map("".join)
edits = st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1), texts), min_size=1, max_size=12)


def units(text: str) -> bytes:
    return text.encode("utf-16-le", "surrogatepass")


def _change(client: str, a: float, b: float, new: str) -> dict:
    lo, hi = sorted((int(a * len(client)), int(b * len(client))))
    for i in (lo, hi):  # a position inside "\r\n" does not exist in LSP
        if 0 < i < len(client) and client[i - 1] == "\r" and client[i] == "\n":
            return {}
    return {"start": position_of(client, lo), "end": position_of(client, hi), "text": utf16(new)}


@settings(max_examples=200, deadline=None)
@given(texts, edits)
def test_incremental_changes_keep_the_clients_text(initial, steps):
    client = utf16(initial)
    doc = OpenDocument("file:///t.agis", initial, 1)
    for version, (a, b, new) in enumerate(steps, start=2):
        change = _change(client, a, b, new)
        if not change:
            continue
        start = index_of(client, change["start"])
        end = index_of(client, change["end"])
        client = client[:start] + change["text"] + client[end:]
        rng = types.Range(start=types.Position(**change["start"]),
                          end=types.Position(**change["end"]))
        doc.apply([types.TextDocumentContentChangePartial(range=rng, text=change["text"])],
                  version)
        assert units(doc.text) == units(client)
        assert doc.version == version


def test_a_full_change_replaces_everything():
    doc = OpenDocument("file:///t.agis", "a: 1\n", 1)
    doc.apply([types.TextDocumentContentChangeWholeDocument(text="b: 2\r\n")], 2)
    assert doc.text == "b: 2\r\n" and doc.lines.line_count == 2


def test_positions_past_the_end_are_clamped():
    doc = OpenDocument("file:///t.agis", "ab\ncd", 1)
    rng = types.Range(start=types.Position(line=0, character=9),
                      end=types.Position(line=7, character=0))
    doc.apply([types.TextDocumentContentChangePartial(range=rng, text="!")], 2)
    assert doc.text == "ab!"
