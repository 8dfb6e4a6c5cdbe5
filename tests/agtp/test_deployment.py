"""Deployment directories: discovery, the unsaved-buffer overlay, caching of siblings,
cross-file findings, kinds and views, and TOML suppressions."""
from __future__ import annotations

import os
import shutil
import time

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint
from agis_lsp.formats import detect_kind
from agis_lsp.formats.agtp import EndpointFileView, view_for
from agis_lsp.formats.deployment import DocumentCache, find_deployment

from ..conftest import EXAMPLES


def lint_deployment(root, config=None, *, cache=None):
    """Every file of a deployment through the Linter: [(path, document, Outcome)]."""
    from agis_lsp.engine.config import Config
    from agis_lsp.engine.linter import Linter
    linter = Linter(config_of=lambda _path: config or Config(), documents=cache)
    return [(p, o.doc, o) for p, o in linter.check_deployment(str(root))]

EXAMPLE = os.path.join(EXAMPLES, "deployment")


@pytest.fixture
def dep_dir(tmp_path):
    target = tmp_path / "deployment"
    shutil.copytree(EXAMPLE, target)
    return target


def _codes(result):
    return [d.code for d in result.diagnostics]


def test_the_example_deployment_lints_clean():
    results = lint_deployment(EXAMPLE, Config(), cache=DocumentCache())
    names = sorted(os.path.relpath(p, EXAMPLE) for p, _, _ in results)
    assert names == ["agtp-recipes.toml", "agtp-server.toml",
                     os.path.join("endpoints", "audit_reservation.toml"),
                     os.path.join("endpoints", "book_room.toml"),
                     os.path.join("endpoints", "fetch_reservation.toml"),
                     os.path.join("endpoints", "quote_stay.toml")]
    assert {res.kind for _, _, res in results} == {"agtp-server", "agtp-recipes", "agtp-endpoint"}
    found = [(os.path.basename(p), d.code, d.message) for p, _, res in results for d in res.diagnostics]
    assert found == []


def test_the_example_deployment_is_clean_through_the_cli(cli):
    code, out, err = cli("check", EXAMPLE, "--no-semantic")
    assert code == 0, out + err
    assert out.strip() == ""
    assert "6 file(s) checked: 0 error(s), 0 warning(s)" in err


def test_find_deployment_from_the_directory_or_any_file(dep_dir, tmp_path):
    cache = DocumentCache()
    for start in (dep_dir, dep_dir / "agtp-server.toml", dep_dir / "agtp-recipes.toml",
                  dep_dir / "endpoints" / "book_room.toml", dep_dir / "endpoints"):
        dep = find_deployment(start, cache=cache) if start != dep_dir / "endpoints" else None
        if dep is not None:
            assert os.path.samefile(dep.root, dep_dir)
    dep = find_deployment(dep_dir, cache=cache)
    assert [os.path.basename(f) for f in dep.files()] == [
        "agtp-server.toml", "agtp-recipes.toml", "audit_reservation.toml", "book_room.toml",
        "fetch_reservation.toml", "quote_stay.toml"]
    assert dep.server is not None and dep.recipes is not None and len(dep.endpoints) == 4
    assert "audit-via-query-and-summarize" in dep.recipe_names()
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "notes.toml").write_text("a = 1\n", encoding="utf-8")
    assert find_deployment(other, cache=cache) is None
    assert find_deployment(other / "notes.toml", cache=cache) is None


def test_siblings_are_parsed_once_and_reparsed_only_when_changed(dep_dir):
    cache = DocumentCache()
    first = find_deployment(dep_dir, cache=cache)
    for f in first.files():
        lint(first.doc(f), Config(), deployment=first)
    parses = cache.parses
    assert parses == 6
    # linting every file again re-parses nothing and reuses the same Deployment
    for f in first.files():
        dep = find_deployment(f, cache=cache)
        assert dep is first
        lint(dep.doc(f), Config(), deployment=dep)
    assert cache.parses == parses
    # a changed file is re-read; the others are not
    book = dep_dir / "endpoints" / "book_room.toml"
    book.write_text(book.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    dep = find_deployment(book, cache=cache)
    assert dep is not first
    for f in dep.files():
        dep.doc(f)
    assert cache.parses == parses + 1


def test_overlay_text_wins_over_disk_and_adds_unsaved_files(dep_dir):
    cache = DocumentCache()
    book = str(dep_dir / "endpoints" / "book_room.toml")
    unsaved = open(book, encoding="utf-8").read().replace('method = "BOOK"', 'method = "BOKK"')
    new_file = str(dep_dir / "endpoints" / "new_endpoint.toml")
    overlay = {book: unsaved, new_file: open(book, encoding="utf-8").read()}
    dep = find_deployment(book, overlay=overlay, cache=cache)
    assert dep.doc(book).data["endpoint"]["method"] == "BOKK"
    assert new_file in [os.path.normcase(f) for f in dep.files()] or \
        any(os.path.samefile(os.path.dirname(f), os.path.dirname(new_file)) and
            os.path.basename(f) == "new_endpoint.toml" for f in dep.files())
    # the unsaved copy of book_room and the new file now collide with nothing but each other:
    # the new file (BOOK /rooms) is compared against the buffer (BOKK /rooms), not the disk
    doc = dep.doc(new_file)
    assert "AGTP701" not in _codes(lint(doc, Config(), deployment=dep))
    # with the buffer reverted, the new file duplicates book_room
    overlay[book] = open(book, encoding="utf-8").read()
    dep = find_deployment(book, overlay=overlay, cache=cache)
    result = lint(dep.doc(new_file), Config(), deployment=dep)
    assert _codes(result).count("AGTP701") == 1
    [d] = [d for d in result.diagnostics if d.code == "AGTP701"]
    assert d.related[0].file.endswith("book_room.toml")


def test_cross_file_rules_report_on_the_current_document_only(dep_dir):
    recipes = dep_dir / "agtp-recipes.toml"
    recipes.write_text(recipes.read_text(encoding="utf-8").replace(
        'name = "audit-via-query-and-summarize"', 'name = "audit-via-query-and-summarise"'),
        encoding="utf-8")
    results = {os.path.basename(p): res for p, _, res in lint_deployment(str(dep_dir), cache=DocumentCache())}
    assert _codes(results["audit_reservation.toml"]) == ["AGTP402"]
    assert _codes(results["agtp-recipes.toml"]) == []
    [d] = results["audit_reservation.toml"].diagnostics
    assert d.related[0].file.endswith("agtp-recipes.toml")
    assert "did you mean 'audit-via-query-and-summarise'?" in d.message


def test_a_lone_endpoint_file_is_linted_without_cross_file_checks(tmp_path):
    src = open(os.path.join(EXAMPLE, "endpoints", "audit_reservation.toml"), encoding="utf-8").read()
    lone = tmp_path / "audit.toml"
    lone.write_text(src, encoding="utf-8")
    assert find_deployment(lone) is None
    doc = parse_text(src, str(lone))
    result = lint(doc, Config())
    assert result.kind == "agtp-endpoint"
    assert _codes(result) == []


@pytest.mark.parametrize("name,text,kind", [
    ("agtp-server.toml", "", "agtp-server"),
    ("agtp-recipes.toml", "", "agtp-recipes"),
    ("endpoints/x.toml", "", "agtp-endpoint"),
    ("anything.toml", '[endpoint]\nmethod = "BOOK"\n', "agtp-endpoint"),
    ("anything.toml", 'method = "BOOK"\npath = "/rooms"\n', "agtp-endpoint"),
    ("anything.toml", '[[recipe]]\nname = "r"\n', "agtp-recipes"),
    ("anything.toml", '[server]\nserver_id = "x"\n', "agtp-server"),
    ("pyproject.toml", '[project]\nname = "x"\n', None),
    ("manifest.json", '{"agtp_version": "1.0", "server": {}}', "agtp-manifest"),
    ("methods.json", '{"version": "1.0.0", "embedded": [], "methods": {}}', "agtp-catalog"),
    ("other.json", '{"version": "1.0.0"}', None),
])
def test_kind_detection(name, text, kind):
    assert detect_kind(parse_text(text, name)) == kind


def test_the_endpoint_view_hides_the_two_shapes():
    ref = parse_text(open(os.path.join(EXAMPLE, "endpoints", "book_room.toml"), encoding="utf-8").read(),
                     "endpoints/book_room.toml")
    spec = parse_text(open(os.path.join(EXAMPLE, "endpoints", "fetch_reservation.toml"),
                           encoding="utf-8").read(), "endpoints/fetch_reservation.toml")
    a, b = EndpointFileView(ref).endpoint, EndpointFileView(spec).endpoint
    assert (a.base, a.shape, a.errors_path) == (("endpoint",), "reference", ("endpoint", "errors", "list"))
    assert (b.base, b.shape, b.errors_path) == ((), "spec", ("errors",))
    assert [p.name for p in a.inputs] == ["guest_id", "room_type", "nights", "special_requests"]
    assert [p.required for p in a.inputs] == [True, True, True, False]
    assert a.inputs[1].spec == {"type": "string", "enum": ["single", "double", "suite"],
                                "description": "Room category."}
    assert [p.name for p in b.inputs] == ["reservation_id"] and b.inputs[0].required
    assert a.error_names == {"room_unavailable", "invalid_dates"}
    assert view_for("agtp-endpoint", ref).endpoints[0].label == "BOOK /rooms"


def test_suppression_comments_work_in_toml(dep_dir):
    book = dep_dir / "endpoints" / "book_room.toml"
    text = book.read_text(encoding="utf-8").replace(
        'method = "BOOK"', 'method = "BOKK"  # agis-lint: disable=AGTP102')
    result = lint(parse_text(text, str(book)), Config())
    assert "AGTP102" not in _codes(result)
    # a suppression that suppresses nothing is reported (AGIS006) on its comment
    text = book.read_text(encoding="utf-8").replace(
        'method = "BOOK"', '# agis-lint: disable-next-line=AGTP207\nmethod = "BOOK"')
    result = lint(parse_text(text, str(book)), Config())
    assert _codes(result) == ["AGIS006"]
    # file-wide
    text = "# agis-lint: disable-file=AGTP102\n" + book.read_text(encoding="utf-8").replace(
        'method = "BOOK"', 'method = "BOKK"')
    assert _codes(lint(parse_text(text, str(book)), Config())) == []


def test_configuration_selects_and_reseverities_agtp_codes(dep_dir):
    book = dep_dir / "endpoints" / "book_room.toml"
    text = book.read_text(encoding="utf-8").replace('method = "BOOK"', 'method = "BOKK"')
    doc = parse_text(text, str(book))
    assert _codes(lint(doc, Config(ignore=("AGTP1",)))) == []
    from agis_lsp.engine.findings import Severity
    [d] = lint(doc, Config(severity={"AGTP102": Severity.WARNING})).diagnostics
    assert d.code == "AGTP102" and d.severity == Severity.WARNING


def test_linting_one_endpoint_of_a_large_deployment_is_fast(tmp_path):
    target = tmp_path / "big"
    shutil.copytree(EXAMPLE, target)
    src = (target / "endpoints" / "book_room.toml").read_text(encoding="utf-8")
    for i in range(50):
        (target / "endpoints" / f"ep_{i:02}.toml").write_text(
            src.replace('path = "/rooms"', f'path = "/rooms/wing-{i}"'), encoding="utf-8")
    cache = DocumentCache()
    path = str(target / "endpoints" / "ep_07.toml")
    dep = find_deployment(path, cache=cache)
    lint(dep.doc(path), Config(), deployment=dep)      # warm: parses the 54 files once
    parses = cache.parses
    text = open(path, encoding="utf-8").read()
    t0 = time.process_time()   # CPU time: the machine is shared, wall time is not this code's
    for n in range(20):                                  # "keystrokes" in one endpoint buffer
        edited = text.replace("Books a room", f"Books a room ({n})")
        dep = find_deployment(path, overlay={path: edited}, cache=cache)
        result = lint(parse_text(edited, path), Config(), deployment=dep)
    per_lint = (time.process_time() - t0) / 20
    assert cache.parses - parses == 20                   # only the edited buffer was re-parsed
    assert _codes(result) == []
    assert per_lint < 0.25, per_lint


def test_custom_methods_are_not_judged_while_the_server_file_does_not_parse(dep_dir):
    (dep_dir / "agtp-server.toml").write_text('[server\nserver_id = "x"\n', encoding="utf-8")
    book = dep_dir / "endpoints" / "book_room.toml"
    book.write_text(book.read_text(encoding="utf-8").replace('method = "BOOK"', 'method = "SHIPIT"'),
                    encoding="utf-8")
    results = {os.path.basename(p): res for p, _, res in
               lint_deployment(str(dep_dir), cache=DocumentCache())}
    assert _codes(results["agtp-server.toml"]) == ["AGIS001"]
    assert _codes(results["book_room.toml"]) == []


def test_fix_rewrites_toml_files_in_place_and_converges(cli, dep_dir):
    book = dep_dir / "endpoints" / "book_room.toml"
    book.write_text(book.read_text(encoding="utf-8").replace("confidence = 0.9", "confidence_guidance = 0.9")
                    .replace('impact = "reversible"', 'impact_tier = "reversible"'), encoding="utf-8")
    quote = dep_dir / "endpoints" / "quote_stay.toml"
    quote.write_text(quote.read_text(encoding="utf-8").replace("timeout_seconds = 10\n", "")
                     .replace('  "upstream_timeout",\n', ""), encoding="utf-8")
    code, out, err = cli("check", str(dep_dir), "--no-semantic", "--fix")
    assert code == 0, out + err
    text = book.read_text(encoding="utf-8")
    assert "confidence = 0.9\n" in text and 'impact = "reversible"\n' in text
    text = quote.read_text(encoding="utf-8")
    assert "timeout_seconds = 30\n" in text and '  "upstream_timeout",\n' in text
    code, out, err = cli("check", str(dep_dir), "--no-semantic")
    assert code == 0 and out.strip() == "", out


def test_cli_catalog_option_and_config_key_switch_the_catalog(cli, dep_dir, tmp_path):
    import json
    from agis_lsp.catalog import SHIPPED_CATALOG
    data = json.load(open(SHIPPED_CATALOG, encoding="utf-8"))
    data["version"] = "2.0.0"
    data["methods"]["BOOK"].update({"deprecated_in": "1.5.0", "removed_in": "2.0.0",
                                    "successor": "RESERVE"})
    cat = tmp_path / "methods-2.0.0.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli("check", str(dep_dir), "--no-semantic", "--catalog", str(cat))
    assert code == 1
    assert "AGTP106 method 'BOOK' was removed in catalog 2.0.0" in out
    (dep_dir / ".agis-lint.toml").write_text(f'catalog = "{cat.as_posix()}"\n', encoding="utf-8")
    code, out, _ = cli("check", str(dep_dir), "--no-semantic")
    assert code == 1 and "AGTP106" in out
