"""The word table packed in the cache directory answers exactly as the dict
built from ``words.tsv.gz``, by bisection and after its promotion to a dict; a broken
or foreign cache entry is never trusted."""
from __future__ import annotations

import gzip
import os
import random

import pytest

from agis_lsp.lexicon import packed
from agis_lsp.lexicon.tables import DATA_DIR, Lexicon


def _reference() -> dict:
    table: dict = {}
    with gzip.open(DATA_DIR / "words.tsv.gz", "rt", encoding="utf-8") as fh:
        for line in fh.read().splitlines():
            if line and not line.startswith("#"):
                flags, cost, words = line.split("\t")
                table.update(dict.fromkeys(words.split(), (flags, int(cost))))
    return table


@pytest.fixture
def cache(tmp_path, monkeypatch):
    from agis_lsp.engine.cachedir import Store
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(packed, "_store", Store("lexicon"))   # as the command line hands it over
    return tmp_path


def _probes(ref: dict) -> list:
    rnd = random.Random(14)
    words = sorted(ref)
    near = [w[:-1] for w in rnd.sample(words, 3000)] + [w + "q" for w in rnd.sample(words, 3000)]
    return near + ["", "A", "Book", "zzzzqx", "\n", "a\nb", words[0], words[-1], "~"]


@pytest.mark.parametrize("bisections", [10**9, 0], ids=["bisection", "dict"])
def test_packed_table_answers_as_the_dict(cache, monkeypatch, bisections):
    ref = _reference()
    assert type(Lexicon().words) is dict          # first run: built, and the entry written
    assert os.listdir(cache / "lexicon")
    monkeypatch.setattr(packed, "_BISECTIONS", bisections)
    table = Lexicon().words
    assert isinstance(table, packed.PackedWords)
    assert len(table) == len(ref)
    for w, v in ref.items():
        assert table.get(w) == v and w in table, w
    for w in _probes(ref):
        assert table.get(w) == ref.get(w) and (w in table) == (w in ref), repr(w)
    assert (table._dict is not None) == (bisections == 0)


def test_broken_or_foreign_entry_is_rebuilt(cache):
    Lexicon().words
    (entry,) = (cache / "lexicon").iterdir()
    for junk in (b"", b"not marshal", entry.read_bytes()[:1000]):
        entry.write_bytes(junk)
        assert type(Lexicon().words) is dict
        assert isinstance(Lexicon().words, packed.PackedWords)   # rewritten by the rebuild


def test_without_a_store_the_dict_is_built(monkeypatch, tmp_path):
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(packed, "_store", None)
    assert type(Lexicon().words) is dict and type(Lexicon().words) is dict
    assert not os.listdir(tmp_path)


def test_entry_is_keyed_by_the_data(cache, tmp_path_factory):
    data = tmp_path_factory.mktemp("lexicon")
    for name in os.listdir(DATA_DIR):
        if not name.endswith(".py") and os.path.isfile(DATA_DIR / name):
            (data / name).write_bytes((DATA_DIR / name).read_bytes())
    Lexicon().words
    with gzip.open(data / "words.tsv.gz", "wt", encoding="utf-8") as fh:
        fh.write("v\t3\tzzzqverb\n")
    edited = Lexicon(data).words
    assert type(edited) is dict and edited == {"zzzqverb": ("v", 3)}
    assert len(list((cache / "lexicon").iterdir())) == 2
    assert Lexicon(data).words.get("zzzqverb") == ("v", 3) and "book" not in Lexicon(data).words
