"""Bad catalog files fail with CatalogError carrying a position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agis_lsp.catalog import CatalogError, load_catalog, parse_catalog


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "bad.json"
    p.write_text(text, encoding="utf-8")
    return p


def test_invalid_json_has_line_and_column(tmp_path: Path) -> None:
    p = _write(tmp_path, '{\n  "version": "1.0.0",\n  "methods": {\n    "BOOK": {,}\n  }\n}\n')
    with pytest.raises(CatalogError) as info:
        load_catalog(p)
    err = info.value
    assert (err.line, err.col) == (4, 14)
    assert "invalid JSON" in err.message
    assert str(err).startswith(f"{p}:4:14: ")


def test_missing_file() -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog("/nonexistent/catalog.json")
    assert "cannot read catalog" in str(info.value)


def test_not_an_object(tmp_path: Path) -> None:
    with pytest.raises(CatalogError) as info:
        load_catalog(_write(tmp_path, "[1, 2]"))
    assert info.value.line == 1


def test_missing_methods(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match='missing "methods"'):
        load_catalog(_write(tmp_path, '{"version": "1.0.0"}'))


def test_missing_version_points_nowhere_useful_but_is_clear(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match='"version" must be a non-empty string'):
        load_catalog(_write(tmp_path, '{"methods": {}}'))


def test_bad_categories_points_at_the_key(tmp_path: Path) -> None:
    text = (
        "{\n"
        '  "version": "1.0.0",\n'
        '  "methods": {\n'
        '    "BOOK": {"categories": ["transaction"]},\n'
        '    "FIND": {\n'
        '      "categories": "discovery"\n'
        "    }\n"
        "  }\n"
        "}\n"
    )
    with pytest.raises(CatalogError) as info:
        load_catalog(_write(tmp_path, text))
    err = info.value
    assert "methods.FIND.categories must be a list of strings" in err.message
    assert (err.line, err.col) == (6, 7)


def test_lowercase_method_name_is_rejected_with_position() -> None:
    text = '{"version": "1.0.0",\n "methods": {\n  "book": {}\n }\n}'
    with pytest.raises(CatalogError) as info:
        parse_catalog(text)
    assert "uppercase letters" in info.value.message
    assert (info.value.line, info.value.col) == (3, 3)


def test_bad_deprecation_field() -> None:
    text = json.dumps({"version": "1", "methods": {"AUDIT": {"deprecated_in": 12}}}, indent=1)
    with pytest.raises(CatalogError, match="methods.AUDIT.deprecated_in must be a non-empty string"):
        parse_catalog(text)


def test_bad_legacy_entry() -> None:
    text = json.dumps({"version": "1", "methods": {}, "legacy": {"GET": {"x": 1}}})
    with pytest.raises(CatalogError, match='legacy.GET must be an object with a string "preferred"'):
        parse_catalog(text)


def test_alternative_shapes_are_accepted() -> None:
    # The draft's section 4.2 shows a list of named verb objects with a
    # single "category"; legacy may be given as NAME -> PREFERRED.
    text = json.dumps({
        "version": "1.2.0",
        "legacy": {"GET": "FETCH"},
        "methods": [
            {"name": "AUDIT_LEGACY".replace("_", ""), "category": "compute",
             "deprecated_in": "1.2.0", "removed_in": "2.0.0", "successor": "audit"},
            {"name": "AUDIT", "categories": ["analysis"]},
        ],
    })
    cat = parse_catalog(text)
    m = cat.get("auditlegacy")
    assert m.categories == ("compute",)
    assert m.deprecated and m.successor == "AUDIT"
    assert cat.legacy == {"GET": "FETCH"}
    assert cat.problems() == ["legacy GET prefers FETCH, which is not in methods"]
