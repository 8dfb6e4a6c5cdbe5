"""The shipped catalog loads, is complete and consistent, and lookups work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agis_lsp.catalog import (
    SHIPPED_CATALOG,
    Catalog,
    CatalogError,
    MethodInfo,
    default_catalog,
    load_catalog,
)

CATEGORIES = {
    "discovery", "retrieval", "analysis", "transaction", "modification",
    "creation", "notification", "mechanics", "domain_spanning",
}


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return default_catalog()


def test_shipped_catalog_loads(cat: Catalog) -> None:
    assert cat.version == "1.0.0"
    assert len(cat) == 425
    assert len(cat.methods) == 425
    assert Path(cat.source).resolve() == SHIPPED_CATALOG.resolve()
    assert cat.problems() == []


def test_same_top_level_layout_as_reference() -> None:
    data = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    assert list(data) == ["version", "embedded", "legacy", "categories", "methods"]
    for entry in data["legacy"].values():
        assert set(entry) == {"preferred", "description"}
    for entry in data["methods"].values():
        assert set(entry) <= {"categories", "description", "deprecated_in", "removed_in", "successor"}


def test_embedded_floor(cat: Catalog) -> None:
    assert len(cat.embedded) == 18
    assert cat.embedded <= set(cat.methods)
    for verb in ("QUERY", "DISCOVER", "EXECUTE", "PROPOSE", "NOTIFY", "DEPRECATE"):
        assert verb in cat.embedded


def test_legacy_map(cat: Catalog) -> None:
    assert dict(cat.legacy) == {
        "GET": "FETCH", "POST": "CREATE", "PUT": "REPLACE", "DELETE": "REMOVE", "PATCH": "MODIFY",
    }
    assert set(cat.legacy.values()) <= set(cat.methods)
    for name in cat.legacy:
        assert name not in cat  # legacy verbs are not catalog verbs
        assert cat.legacy_descriptions[name]
        assert cat.is_legacy(name.lower())
    assert cat.preferred_for_legacy("get") == "FETCH"


def test_categories(cat: Catalog) -> None:
    assert set(cat.categories) == CATEGORIES
    assert all(cat.categories.values())
    for m in cat.methods.values():
        assert m.categories, m.name
        assert set(m.categories) <= CATEGORIES, m.name
    assert "BOOK" in cat.by_category("transaction")
    assert "FETCH" not in cat.by_category("transaction")


def test_every_verb_has_a_description(cat: Catalog) -> None:
    for m in cat.methods.values():
        assert isinstance(m, MethodInfo)
        assert m.description.strip(), m.name
        assert m.description.endswith("."), m.name
        assert len(m.description) <= 90, m.name


def test_same_facts_as_reference(cat: Catalog, reference_path: Path) -> None:
    ref = load_catalog(reference_path)
    assert ref.version == cat.version
    assert list(ref.methods) == list(cat.methods)
    assert ref.embedded == cat.embedded
    assert dict(ref.legacy) == dict(cat.legacy)
    assert list(ref.categories) == list(cat.categories)
    for name, m in ref.methods.items():
        assert cat.methods[name].categories == m.categories, name


def test_get_is_case_insensitive(cat: Catalog) -> None:
    assert cat.get("fetch") is cat.get("FETCH") is cat.get(" Fetch ")
    assert cat.get("FETCH").categories == ("retrieval",)
    assert cat.get("NOPE") is None
    assert cat.get(None) is None  # type: ignore[arg-type]
    assert "book" in cat and "Book" in cat
    assert "BOOKING" not in cat
    assert 3 not in cat  # type: ignore[operator]


def test_methods_are_read_only(cat: Catalog) -> None:
    with pytest.raises(TypeError):
        cat.methods["NEW"] = cat.methods["BOOK"]  # type: ignore[index]


def test_suggest(cat: Catalog) -> None:
    assert "FETCH" in cat.suggest("FECH")
    assert cat.suggest("FECH")[0] == "FETCH"
    assert cat.suggest("serch")[0] == "SEARCH"
    assert cat.suggest("CANCLE")[0] == "CANCEL"  # transposition counts as one edit
    assert cat.suggest("SUMARIZE") == ["SUMMARIZE"]
    assert cat.suggest("NOTIFIY")[0] == "NOTIFY"
    assert len(cat.suggest("RESERV", n=2)) == 2
    assert cat.suggest("RESERV")[0] == "RESERVE"
    # exact matches and hopeless strings give nothing
    assert cat.suggest("FETCH") == []
    assert cat.suggest("QWERTYUIOP") == []
    assert cat.suggest("") == []
    assert cat.suggest("BOOK", n=0) == []


def test_suggest_is_fast(cat: Catalog) -> None:
    import time

    words = ["FECH", "SERCH", "RESERVATON", "ANALYSE", "SYNCHRONIZE", "XQZ"] * 5
    t = time.process_time()   # CPU time: the machine is shared, wall time is not this code's
    for w in words:
        cat.suggest(w)
    per_call = (time.process_time() - t) / len(words)
    assert per_call < 0.05, per_call


def test_loading_is_cached_and_sees_edits(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text(json.dumps({"version": "1.0.0", "methods": {"BOOK": {"categories": ["x"]}}}))
    a = load_catalog(p)
    assert load_catalog(str(p)) is a
    import os
    import time

    p.write_text(json.dumps({"version": "1.1.0", "methods": {"BOOK": {}, "FIND": {}}}))
    st = p.stat()
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    time.sleep(0.01)
    b = load_catalog(p)
    assert b is not a
    assert b.version == "1.1.0" and set(b.methods) == {"BOOK", "FIND"}
    assert b.get("FIND").description == ""


def test_reference_file_loads_through_the_same_api(reference_path: Path) -> None:
    ref = load_catalog(reference_path)
    assert len(ref) == 425
    assert ref.problems() == []
    assert "FETCH" in ref.suggest("FECH")
