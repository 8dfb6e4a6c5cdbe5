"""The pure builders behind the handlers, as plain functions (no server, no client)."""
from __future__ import annotations

import os

import pytest
from lsprotocol import types

from agis_lsp.catalog import load_catalog
from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.findings import Severity
from agis_lsp.engine.runner import lint
from agis_lsp.lsp.ide import actions as act
from agis_lsp.lsp.protocol.capabilities import ClientFeatures, client_features, use_pull_diagnostics
from agis_lsp.lsp.ide.completion import CompletionRequest, build_completions
from agis_lsp.lsp.protocol.to_lsp import RuleDocs, to_diagnostic
from agis_lsp.lsp.ide.definition import build_definition
from agis_lsp.lsp.ide.hover import build_hover, verb_markdown
from agis_lsp.lsp.runtime.settings import Settings, parse_settings
from agis_lsp.lsp.runtime.store import DiagnosticsStore, carry_over, changed_region
from agis_lsp.lsp.ide.symbols import build_symbols

from .conftest import FIXTURES, capabilities

VSCODE = client_features(capabilities("visual-studio-code"))
PLAIN = ClientFeatures()          # a client that declares nothing
CATALOG = load_catalog(None)
EP = ('agis: "1.0"\nendpoints:\n  - method: BOOK\n    path: /rooms/{room_id}\n    semantic:\n'
      '      intent: "Books a room"\n')


def complete(marked: str, path: str = "doc.agis", kind: str = "agis", features=VSCODE,
             recipes=()):
    offset = marked.index("|")
    text = marked[:offset] + marked[offset + 1:]
    doc = parse_text(text, path)
    context = doc if doc.parsed else None
    result = build_completions(CompletionRequest(doc, offset, kind, CATALOG, features,
                                                 context=context, recipes=recipes))
    return {i.label: i for i in result.items}


# -- completion --------------------------------------------------------------------------
def test_completion_verbs_with_categories_and_descriptions():
    items = complete('agis: "1.0"\nendpoints:\n  - method: B|\n')
    assert len(items) >= len(CATALOG.methods)
    book = items["BOOK"]
    assert book.kind == types.CompletionItemKind.EnumMember
    info = CATALOG.get("BOOK")
    assert book.detail == f"{', '.join(info.categories)} · changes state · {info.description}"
    assert book.documentation.value.startswith("**BOOK**")
    assert book.text_edit.new_text == "BOOK"


def test_completion_deprecated_verbs_are_tagged(tmp_path):
    import json
    from agis_lsp.catalog import SHIPPED_CATALOG
    data = json.loads(SHIPPED_CATALOG.read_text(encoding="utf-8"))
    data["methods"]["FETCH"].update(deprecated_in="1.1.0", successor="RETRIEVE")
    custom = tmp_path / "catalog.json"
    custom.write_text(json.dumps(data), encoding="utf-8")
    catalog = load_catalog(custom)
    text = 'agis: "1.0"\nendpoints:\n  - method: F\n'
    doc = parse_text(text, "doc.agis")
    items = {i.label: i for i in build_completions(CompletionRequest(
        doc, text.index("F\n") + 1, "agis", catalog, VSCODE, context=doc)).items}
    assert items["FETCH"].tags == [types.CompletionItemTag.Deprecated]
    assert items["FETCH"].sort_text > items["FIND"].sort_text, "deprecated verbs sort last"
    assert "use **RETRIEVE** instead" in items["FETCH"].documentation.value
    assert not items["FIND"].tags


def test_completion_enum_values_and_keys():
    actors = complete(EP + "      actor: |\n")
    assert list(actors) == ["agent", "user", "system"]
    keys = complete(EP + "      |\n")
    assert "intent" not in keys and "impact_tier" in keys and "capability" in keys
    assert keys["capability"].insert_text_format == types.InsertTextFormat.Snippet
    assert keys["capability"].text_edit.new_text == "capability: $0"
    plain = complete(EP + "      |\n", features=PLAIN)
    assert plain["capability"].text_edit.new_text == "capability: "
    assert plain["capability"].insert_text_format is None


def test_completion_declared_verbs_from_the_methods_used():
    items = complete(EP + "  - method: FIND\n    path: /x\nvocabulary:\n  declared_verbs: [BOOK, |]\n")
    assert list(items) == ["BOOK", "FIND"]
    assert items["FIND"].sort_text < items["BOOK"].sort_text, "undeclared verbs first"


def test_completion_path_parameters_and_refs():
    params = complete(EP + "    input:\n      type: object\n      properties:\n        |\n")
    assert list(params) == ["room_id"]
    refs = complete(EP + "    output: {$ref: |}\nschemas:\n  Room: {type: object}\n")
    assert list(refs) == ["#/schemas/Room"]
    assert refs["#/schemas/Room"].text_edit.new_text == '"#/schemas/Room"', "YAML needs quotes"


def test_completion_json_quotes():
    items = complete('{"agis": "1.0", "endpoints": [{"method": |}]}', "doc.json")
    assert items["BOOK"].text_edit.new_text == '"BOOK"'
    keys = complete('{"agis": "1.0", "endpoints": [{"method": "BOOK", "pa|"}]}', "doc.json")
    assert keys["path"].text_edit.new_text == '"path": "$0"'


def test_completion_agtp_endpoint():
    text = ('[endpoint]\nmethod = "BOOK"\npath = "/rooms/{room_id}"\nerrors = ["room_taken"]\n'
            '[endpoint.handler]\ntype = "|"\n')
    kinds = complete(text, "endpoints/x.toml", "agtp-endpoint")
    assert set(kinds) == {"registered_function", "composition", "external_service"}
    recipe = complete(text.replace('type = "|"', 'type = "composition"\nrecipe = "|"'),
                      "endpoints/x.toml", "agtp-endpoint", recipes=("b", "a"))
    assert list(recipe) == ["a", "b"]
    errors = complete(text.replace('type = "|"', 'type = "external_service"\n'
                                   '[endpoint.handler.error_map]\n"409" = "|"'),
                      "endpoints/x.toml", "agtp-endpoint")
    assert list(errors) == ["room_taken"]
    http = complete(text.replace('type = "|"', 'type = "external_service"\nmethod = "|"'),
                    "endpoints/x.toml", "agtp-endpoint")
    assert "POST" in http and "BOOK" not in http, "handler.method is the upstream HTTP method"
    keys = complete(text.replace('type = "|"', 'type = "composition"\n|'),
                    "endpoints/x.toml", "agtp-endpoint")
    assert set(keys) == {"recipe"}, "type is there; a composition takes a recipe"


def test_completion_recipes_and_policy():
    recipes = ('[[recipe]]\nname = "r"\n[[recipe.steps]]\nmethod = "QUERY"\ncapture_as = "facts"\n'
               '[[recipe.steps]]\nmethod = "SUMMARIZE"\n[recipe.steps.parameters.source]\n'
               'kind = "previous_step"\nvalue = "|"\n[recipe.aggregation]\nmode = "last"\n')
    assert list(complete(recipes, "agtp-recipes.toml", "agtp-recipes")) == ["facts"]
    modes = complete(recipes.replace('value = "|"', 'value = "facts"').replace(
        'mode = "last"', 'mode = "|"'), "agtp-recipes.toml", "agtp-recipes")
    assert list(modes) == ["last", "merge", "list"]
    legacy = complete('[policies.methods]\nlegacy = ["|"]\n', "agtp-server.toml", "agtp-server")
    assert list(legacy) == ["GET", "POST", "PUT", "DELETE", "PATCH"]


# -- hover ---------------------------------------------------------------------------------------
def test_hover_verbs():
    assert "is not in the AGTP method catalog" in verb_markdown("BOOKX", CATALOG)
    assert "Did you mean **BOOK**" in verb_markdown("BOOKX", CATALOG)
    legacy = verb_markdown("GET", CATALOG)
    assert "legacy" in legacy and "FETCH" in legacy


def hover_at(text: str, needle: str, delta: int = 1, features=VSCODE):
    doc = parse_text(text, "doc.agis")
    diagnostics = lint(doc, Config(), phase="mechanical").diagnostics
    return build_hover(doc, text.index(needle) + delta, "agis", CATALOG, diagnostics, features)


def test_hover_links_each_code_to_its_docs():
    text = EP.replace("method: BOOK", "method: GET")
    doc = parse_text(text, "doc.agis")
    diagnostics = lint(doc, Config(), phase="mechanical").diagnostics
    hover = build_hover(doc, text.index("GET") + 1, "agis", CATALOG, diagnostics, VSCODE,
                        href=lambda code: f"https://example.invalid/rules/{code}").contents.value
    assert hover.index("legacy") < hover.index("AGIS301")
    # an unsafe fix is never labelled Auto Fix: the editor does not apply it unasked
    assert "**Instead:** Replace GET with FETCH (unsafe quick fix: choose it, Auto Fix does not apply it)" \
        in hover and "(Auto Fix)" not in hover
    assert "- [`AGIS301`](https://example.invalid/rules/AGIS301) http-method: method 'GET'" in hover


def test_hover_field_and_diagnostic():
    text = EP.replace("BOOK", "book") + "      impact_tier: reversible\n"
    field = hover_at(text, "impact_tier")
    assert "**`impact_tier`**" in field.contents.value and "`irreversible`" in field.contents.value
    over = hover_at(text, "book").contents.value
    assert over.startswith("**BOOK** · transaction · changes state")  # the verb's facts first
    assert "**Instead:** Uppercase to BOOK (Auto Fix)" in over
    assert over.endswith("- `AGIS204` method-not-uppercase: method 'book' should be uppercase: 'BOOK' "
                         "(section 4.1(e))")  # one line per finding, not the rule's docs
    assert "*Why is this bad?*" not in over
    plain = hover_at(text, "book", features=PLAIN)
    assert plain.contents.kind == types.MarkupKind.Markdown, "markdown unless told otherwise"
    text_only = ClientFeatures(markdown=False)
    assert "**" not in hover_at(text, "book", features=text_only).contents.value


# -- code actions ---------------------------------------------------------------------------------
def actions_for(text: str, code: str, only=None, features=VSCODE, path="doc.agis"):
    from agis_lsp.engine.linter import Linter
    linter = Linter()
    checked = linter.mechanical(linter.prepare("/x/" + path, text=text))
    target = next(d for d in checked.diagnostics if d.code == code)
    rng = types.Range(start=types.Position(line=target.range.start.line,
                                           character=target.range.start.character),
                      end=types.Position(line=target.range.end.line,
                                         character=target.range.end.character))
    return act.build_code_actions("file:///x/" + path, 3, linter, checked.target,
                                  checked.diagnostics, rng, only,
                                  lambda d: to_diagnostic(d, "u", checked.doc.lines, features),
                                  features)


def test_actions_quickfix_disable_and_fix_all():
    text = open(os.path.join(FIXTURES, "reservations.agis"), encoding="utf-8").read()
    actions = actions_for(text, "AGIS204")
    titles = [a.title for a in actions]
    assert "Uppercase to BOOK (AGIS204)" in titles
    assert "Disable AGIS204 on this line" in titles and "Disable AGIS204 for this file" in titles
    lazy = next(a for a in actions if a.kind == act.FIX_ALL_KIND)
    assert lazy.edit is None and lazy.data["fixAll"], "resolved later (the client can resolve)"
    fix = next(a for a in actions if a.title.startswith("Uppercase"))
    assert fix.is_preferred and fix.edit.document_changes[0].text_document.version == 3
    only_fix_all = actions_for(text, "AGIS204", only=["source.fixAll"])
    assert [a.kind for a in only_fix_all] == [act.FIX_ALL_KIND] and only_fix_all[0].edit
    no_resolve = actions_for(text, "AGIS204", features=PLAIN)
    eager = next(a for a in no_resolve if a.kind == act.FIX_ALL_KIND)
    assert eager.edit.changes, "no documentChanges support: a plain changes map"
    unsafe = actions_for(text.replace("path: /restaurants", "path: /find-restaurants"), "AGIS405")
    # the fix that rewrites the bad path is offered, labelled unsafe, and is not Auto Fix's
    # (isPreferred would let the editor apply an API change unasked)
    [rewrite] = [a for a in unsafe if a.title.endswith("(AGIS405, unsafe)")]
    assert not rewrite.is_preferred
    assert not any(a.is_preferred for a in unsafe if a.title.endswith("unsafe)"))


def test_disable_line_edit_appends_to_an_existing_comment():
    doc = parse_text("a: 1  # agis-lint: disable=AGIS101\n# only a comment\n", "doc.agis")
    edit = act.disable_line_edit(doc, 0, "AGIS204")
    assert edit.new_text == ",AGIS204" and edit.range.start.character == len(
        "a: 1  # agis-lint: disable=AGIS101")
    assert act.disable_line_edit(doc, 0, "AGIS101") is None
    assert act.disable_line_edit(doc, 1, "AGIS204") is None, "a comment line has no content"


def test_action_kinds_match_hierarchically():
    assert act.wanted("source.fixAll.agis", ["source"])
    assert act.wanted("source.fixAll.agis", [types.CodeActionKind.SourceFixAll])
    assert not act.wanted("source.fixAll.agis", ["quickfix"])
    assert act.wanted(types.CodeActionKind.QuickFix, None)


# -- conversion ---------------------------------------------------------------------------------------
def test_diagnostic_conversion_honours_capabilities(tmp_path):
    text = open(os.path.join(FIXTURES, "reservations.agis"), encoding="utf-8").read()
    doc = parse_text(text, "doc.agis")
    d = next(x for x in lint(doc, Config(), phase="mechanical").diagnostics if x.code == "AGIS701")
    docs = RuleDocs(str(tmp_path))
    full = to_diagnostic(d, "file:///d", doc.lines, VSCODE,
                         href=lambda c: docs.href(c))
    assert full.code_description.href.endswith("/AGIS701.md")
    assert (tmp_path / "AGIS701.md").read_text(encoding="utf-8").startswith("# AGIS701")
    assert full.related_information[0].location.uri == "file:///d"
    bare = to_diagnostic(d, "file:///d", doc.lines, PLAIN, href=lambda c: docs.href(c))
    assert bare.code_description is None and bare.related_information is None
    assert bare.data["fixes"] and bare.data["pass"] == 7
    assert docs.href("AGIS701", "https://example.org/rules/{code}.html") == \
        "https://example.org/rules/AGIS701.html"


def test_capabilities_choose_pull_only_with_refresh():
    assert not use_pull_diagnostics(client_features(capabilities("neovim")))
    assert use_pull_diagnostics(client_features(capabilities("neovim+pull")))
    assert not use_pull_diagnostics(VSCODE)


# -- settings ---------------------------------------------------------------------------------------
def test_settings_override_the_config_files(tmp_path):
    s = parse_settings({"agis": {"level": 2, "semantic": {"enabled": False},
                                 "catalogPath": "cat.json",
                                 "severity": {"agis204": "off", "AGIS102": "hint"}}},
                       str(tmp_path))
    config = s.apply(Config(severity={"AGIS999": Severity.ERROR}))
    assert config.level == 2 and config.semantic is False
    assert config.catalog == os.path.join(str(tmp_path), "cat.json")
    assert not config.enabled("AGIS204")
    assert config.severity_of("AGIS102") == Severity.HINT
    assert config.severity_of("AGIS999") == Severity.ERROR, "file severities are kept"
    bad = parse_settings({"level": 3, "severity": {"X": "loud"}, "debounceMs": "soon"})
    assert len(bad.problems) == 3 and bad == Settings(problems=bad.problems)


# -- store ----------------------------------------------------------------------------------------------
def test_changed_region():
    assert changed_region("abcdef", "abXcdef") == (2, 2, 3)
    assert changed_region("abcdef", "abdef") == (2, 3, 2)
    assert changed_region("aaaa", "aaaaa") == (4, 4, 5)
    assert changed_region("same", "same") == (4, 4, 4)


def test_semantic_findings_move_with_the_text():
    from dataclasses import replace
    text = EP + "  - method: FIND\n    path: /x\n"
    old = parse_text(text, "doc.agis")
    base = lint(old, Config(), phase="mechanical").diagnostics[0]
    at = text.index("FIND")
    finding = replace(base, start=at, end=at + 4, range=old.lines.range(at, at + 4), fixes=[],
                      related=[])
    new = parse_text("# a new first line\n" + text, "doc.agis")
    moved = carry_over([finding], old, new)[0]
    assert (moved.range.start.line, moved.range.start.character) == (
        finding.range.start.line + 1, finding.range.start.character)
    edited = parse_text(text.replace("FIND", "FINE"), "doc.agis")
    assert carry_over([finding], old, edited) == [], "a finding inside the edit is dropped"


def test_store_merges_semantic_results_only_for_the_same_version():
    import dataclasses

    from agis_lsp.engine.linter import Linter, Outcome
    linter = Linter()
    target = linter.prepare("/x/doc.agis", text=EP)
    mechanical = linter.mechanical(target)
    store = DiagnosticsStore()
    first = store.set_mechanical("u", 1, target, mechanical)
    both = linter.semantic(target, mechanical)
    assert store.merge_semantic("u", 0, both) is None
    before = first.result_id
    merged = store.merge_semantic("u", 1, both)
    assert merged is first and merged.semantic_fresh
    assert both.diagnostics == mechanical.diagnostics  # the model finds nothing new in EP
    assert merged.result_id == before, "nothing new: the result id stays"
    finding = dataclasses.replace(mechanical.diagnostics[0], code="AGSC901")  # as the model's
    more = Outcome(target, sorted(both.diagnostics + [finding], key=lambda d: d.sort_key()))
    merged = store.merge_semantic("u", 1, more)
    assert merged is first and merged.result_id != before and finding in merged.diagnostics


# -- symbols and definitions ------------------------------------------------------------------------------
def test_symbols_of_keyed_endpoints():
    text = ('agis: "1.0"\nendpoints:\n  BOOK /room:\n    semantic: {intent: "Books a room"}\n'
            '  FIND /rooms:\n    semantic: {intent: "Finds rooms"}\nschemas:\n  Room: {}\n')
    doc = parse_text(text, "doc.agis")
    symbols = build_symbols(doc, "agis", "file:///d", VSCODE)
    assert [s.name for s in symbols] == ["BOOK /room", "FIND /rooms", "schemas"]
    assert symbols[0].detail == "Books a room"
    assert [c.name for c in symbols[2].children] == ["Room"]
    flat = build_symbols(doc, "agis", "file:///d", PLAIN)
    assert [s.name for s in flat] == ["BOOK /room", "FIND /rooms", "schemas", "Room"]
    assert flat[3].container_name == "schemas"


def test_definition_of_a_ref():
    text = EP + "    output: {$ref: \"#/schemas/Room\"}\nschemas:\n  Room: {type: object}\n"
    doc = parse_text(text, "/x/doc.agis")
    where = build_definition(doc, text.index("#/schemas") + 3, "agis", "file:///x/doc.agis",
                             lambda p: None)
    assert where[0].uri == "file:///x/doc.agis"
    assert where[0].range.start.line == text[:text.index("  Room:")].count("\n")
    assert build_definition(doc, text.index("Books"), "agis", "u", lambda p: None) is None


@pytest.mark.parametrize("name", ["visual-studio-code", "neovim", "emacs"])
def test_client_features_are_read(name):
    features = client_features(capabilities(name))
    assert features.hierarchical_symbols


def test_unused_suppression_is_tagged_unnecessary():
    text = EP.replace("path: /rooms/{room_id}", "path: /rooms/{room_id}  # agis-lint: disable=AGIS405")
    doc = parse_text(text, "doc.agis")
    unused = next(d for d in lint(doc, Config(), phase="mechanical").diagnostics
                  if d.code == "AGIS006")
    lsp = to_diagnostic(unused, "u", doc.lines, VSCODE)
    assert lsp.tags == [types.DiagnosticTag.Unnecessary]
    assert to_diagnostic(unused, "u", doc.lines, PLAIN).tags is None
    remove = unused.fixes[0]
    assert remove.safe and remove.title == "Remove unused suppression"


def test_client_settings_sit_on_the_initialization_options():
    from agis_lsp.lsp.server import build_server
    server = build_server()
    try:
        server.apply_settings({"agis": {"debounceMs": 50, "semantic": {"enabled": False}}},
                              initial=True)
        server.apply_settings(None)  # workspace/configuration answered with nothing
        assert server.settings.debounce_ms == 50 and server.settings.semantic is False
        server.apply_settings({"level": 2})
        assert server.settings.level == 2 and server.settings.debounce_ms == 50
    finally:
        server.shutdown_workers()


def test_carried_fixes_keep_what_they_are():
    """A finding moved along with an edit keeps its fixes' preferred and declares marks, so Auto
    Fix still picks the fix that corrects the mistake after an unrelated edit."""
    from dataclasses import replace

    from agis_lsp.engine.findings import Fix, TextEdit
    text = EP + "  - method: FIND\n    path: /x\n"
    old = parse_text(text, "doc.agis")
    base = lint(old, Config(), phase="mechanical").diagnostics[0]
    at = text.index("FIND")
    fix = Fix("Rename", True, [], [TextEdit(at, at + 4, "SEARCH")], preferred=True,
              declares=(("endpoints", 0, "method"),))
    finding = replace(base, start=at, end=at + 4, range=old.lines.range(at, at + 4), fixes=[fix],
                      related=[])
    new = parse_text("# a new first line\n" + text, "doc.agis")
    moved = carry_over([finding], old, new)[0].fixes[0]
    assert moved.preferred and moved.declares == fix.declares and moved.safe
    shift = len("# a new first line\n")
    assert (moved.edits[0].start, moved.edits[0].end) == (at + shift, at + 4 + shift)
