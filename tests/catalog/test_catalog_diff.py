"""diff_catalogs and version-aware removal checks, on small catalogs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agis_lsp.catalog import Catalog, diff_catalogs, load_catalog


def _catalog(tmp_path: Path, name: str, data: dict) -> Catalog:
    p = tmp_path / name
    p.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return load_catalog(p)


@pytest.fixture
def old(tmp_path: Path) -> Catalog:
    return _catalog(tmp_path, "old.json", {
        "version": "1.0.0",
        "embedded": ["QUERY"],
        "categories": {"discovery": "d", "analysis": "a", "modification": "m"},
        "methods": {
            "QUERY": {"categories": ["discovery"], "description": "q"},
            "AUDIT": {"categories": ["analysis"], "description": "a"},
            "SCRUB": {"categories": ["modification"], "description": "s"},
            "PEEK": {"categories": ["discovery"], "description": "p",
                     "deprecated_in": "0.9.0", "successor": "QUERY"},
            "TIDY": {"categories": ["modification"], "description": "t"},
        },
    })


@pytest.fixture
def new(tmp_path: Path) -> Catalog:
    return _catalog(tmp_path, "new.json", {
        "version": "1.1.0",
        "embedded": ["QUERY"],
        "categories": {"discovery": "d", "analysis": "a", "modification": "m"},
        "methods": {
            "QUERY": {"categories": ["discovery"], "description": "q"},
            "AUDIT": {"categories": ["analysis", "discovery"], "description": "a"},
            "SCRUB": {"categories": ["modification"], "description": "s",
                      "deprecated_in": "1.1.0", "removed_in": "2.0.0", "successor": "REDACT"},
            "PEEK": {"categories": ["discovery"], "description": "p",
                     "deprecated_in": "0.9.0", "successor": "QUERY"},
            "REDACT": {"categories": ["modification"], "description": "r"},
            "INSPECT": {"categories": ["discovery"], "description": "i",
                        "deprecated_in": "1.1.0"},
        },
    })


def test_diff(old: Catalog, new: Catalog) -> None:
    d = diff_catalogs(old, new)
    assert (d.old_version, d.new_version) == ("1.0.0", "1.1.0")
    assert d.added == ("INSPECT", "REDACT")
    assert d.removed == ("TIDY",)
    # PEEK was already deprecated in old, so it is not *newly* deprecated;
    # INSPECT arrives deprecated without a successor.
    assert dict(d.newly_deprecated) == {"INSPECT": None, "SCRUB": "REDACT"}
    assert dict(d.category_changes) == {"AUDIT": (("analysis",), ("analysis", "discovery"))}
    assert not d.is_empty


def test_diff_with_itself_is_empty(old: Catalog) -> None:
    d = diff_catalogs(old, old)
    assert d.is_empty
    assert d.added == d.removed == ()


def test_reverse_diff(old: Catalog, new: Catalog) -> None:
    d = diff_catalogs(new, old)
    assert d.added == ("TIDY",)
    assert d.removed == ("INSPECT", "REDACT")
    assert dict(d.newly_deprecated) == {}


def test_deprecation_metadata_and_removal(new: Catalog) -> None:
    scrub = new.get("scrub")
    assert scrub.deprecated and scrub.successor == "REDACT"
    assert (scrub.deprecated_in, scrub.removed_in) == ("1.1.0", "2.0.0")
    assert not new.get("REDACT").deprecated
    assert not new.is_removed("SCRUB")  # catalog is at 1.1.0
    assert new.is_removed("SCRUB", at_version="2.0.0")
    assert new.is_removed("SCRUB", at_version="2.1.0")
    assert new.is_removed("SCRUB", at_version="10.0.0")  # numeric, not text, order
    assert not new.is_removed("SCRUB", at_version="1.10.0")
    assert not new.is_removed("SCRUB", at_version="2.0.0-rc1")  # pre-release sorts before
    assert not new.is_removed("INSPECT", at_version="9.0.0")  # no removed_in
    assert not new.is_removed("NOT_A_VERB")


def test_shipped_vs_reference_has_no_fact_changes(reference_path: Path) -> None:
    from agis_lsp.catalog import default_catalog

    d = diff_catalogs(load_catalog(reference_path),
                      default_catalog())
    assert d.is_empty


def test_console_script_diffs_the_in_repo_reference_facts(reference_path: Path) -> None:
    # the reference facts are in the repository, so this never skips
    from tests.test_process import run

    from agis_lsp.catalog import SHIPPED_CATALOG

    code, out, err = run(["catalog-diff", "--format", "json", str(reference_path), str(SHIPPED_CATALOG)])
    assert code == 0, (out, err)
    report = json.loads(out)
    assert report["old"]["version"] == report["new"]["version"] == "1.0.0"
    assert report["added"] == report["removed"] == [] and report["category_changes"] == {}
    assert report["breaking"] is False
