"""The parsed catalog kept in the cache directory: a catalog read from its kept
form equals the one parsed from the file, method by method and in order; a broken or foreign
entry is never trusted; an edited catalog is parsed (and its errors reported) again; the
console script reads the kept form and lints the same."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from agis_lsp.catalog import SHIPPED_CATALOG, CatalogError, loader, parse_catalog
from agis_lsp.catalog.parsed import MethodTable
from agis_lsp.engine.cachedir import Store

AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(loader, "_store", Store("catalog"))   # as the command line hands it over
    return tmp_path / "catalog"


def _same(a, b) -> None:
    assert a == b
    assert (a.version, a.source, a.embedded) == (b.version, b.source, b.embedded)
    assert list(a.methods) == list(b.methods)
    assert [a.methods[n] for n in a.methods] == [b.methods[n] for n in b.methods]
    for field in ("legacy", "legacy_descriptions", "categories"):
        assert list(getattr(a, field).items()) == list(getattr(b, field).items()), field


def test_the_kept_catalog_equals_the_parsed_one(store):
    reference = parse_catalog(SHIPPED_CATALOG.read_text(encoding="utf-8"), str(SHIPPED_CATALOG))
    first = loader.CatalogLoader().load()          # parsed, and kept
    (entry,) = store.iterdir()
    kept = loader.CatalogLoader().load()           # read from the entry
    assert isinstance(kept.methods, MethodTable)
    _same(first, reference)
    _same(kept, reference)
    assert kept.get("fetch") == reference.get("FETCH") and kept.get("NOPE") is None
    assert kept.by_category("retrieval") == reference.by_category("retrieval")
    assert kept.problems() == [] and kept.suggest("FECTH") == reference.suggest("FECTH")
    assert entry.stat().st_size < SHIPPED_CATALOG.stat().st_size


def test_a_broken_or_foreign_entry_is_parsed_again(store):
    reference = loader.CatalogLoader().load()
    (entry,) = store.iterdir()
    good = entry.read_bytes()
    for junk in (b"", b"not marshal", good[:200], __import__("marshal").dumps((99, "x"))):
        entry.write_bytes(junk)
        _same(loader.CatalogLoader().load(), reference)


def test_an_edited_catalog_is_parsed_again(store, tmp_path):
    path = tmp_path / "methods.json"
    shutil.copy(SHIPPED_CATALOG, path)
    assert "FETCH" in loader.CatalogLoader().load(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["methods"]["FETCH"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "FETCH" not in loader.CatalogLoader().load(path)
    data["methods"]["lower"] = {"categories": ["retrieval"], "description": "x"}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CatalogError, match="uppercase"):
        loader.CatalogLoader().load(path)


def test_the_console_script_lints_the_same_with_the_kept_catalog(tmp_path):
    doc = tmp_path / "one.agis"
    doc.write_text('agis: "1.0"\nservice: "S"\nendpoints:\n  - method: FECTH\n    path: /a\n'
                   '    semantic:\n      intent: "Fetches a thing"\nvocabulary:\n  declared_verbs: []\n',
                   encoding="utf-8")
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([AGIS_LINT, "check", "--no-cache", "--no-semantic", "--format", "json", str(doc)],
                           capture_output=True, text=True, env=env, timeout=300) for _ in range(2)]
    assert os.listdir(tmp_path / "cache" / "catalog")
    assert [r.returncode for r in runs] == [1, 1], runs[0].stderr
    assert runs[0].stdout == runs[1].stdout and "FETCH" in runs[0].stdout
