"""One walk: rules that declare ``visits`` are called node by node by the
engine's walk (``engine.walk``), and the run gives what one loop per rule gave.

Every test runs the real engine (``engine.runner.run_rules``) on a real document with the
real registered rules; where a test needs a rule to misbehave, it is a copy of a real rule
whose visitor is replaced, handed to the runner in place of the original."""
from __future__ import annotations

import dataclasses

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine import runner
from agis_lsp.engine.config import Config
from agis_lsp.engine.context import LintContext, SemanticSkipped
from agis_lsp.engine.registry import all_rules, get_rule, rules_for
from agis_lsp.engine.walk import walk
from agis_lsp.formats.registry import node_kinds, walk_nodes

DOC = """\
agis: "1.0"
service: "Rooms"
agtp: "agtp://rooms.example.com"
description: "Books rooms"
version: "1.0.0"
endpoints:
  - method: book
    path: /Rooms/{id}
    semantic:
      intent: "Books a room for the guest"
  - method: GET
    path: /get-room
    semantic:
      intent: "Fetches a room"
  - method: CANCEL_BOOKING
    path: /{id}
    semantic:
      intent: "Cancels a booking"
  - method: BOOKING
    path: rooms?x=1
    semantic:
      intent: "Books a room"
vocabulary:
  declared_verbs: [BOOK]
"""

CFG = Config(semantic=False)


@pytest.fixture(scope="module")
def doc():
    return parse_text(DOC, "/tmp/rooms.agis")


def _as_loops(rules: list) -> list:
    """The same rules, each run by the runner as one whole-document loop (no walk)."""
    return [dataclasses.replace(r, visits="", visit=None) for r in rules]


def _run(doc, monkeypatch, rules=None, **kw):
    if rules is not None:
        monkeypatch.setattr(runner, "rules_for", lambda kind, scope="document": list(rules))
    return runner.run_rules(doc, kw.pop("config", CFG), kind="agis", semantic=False, **kw)


def _key(d):
    return (d.code, d.message, d.path, d.start, d.end, [f.title for f in d.fixes],
            [r.message for r in d.related])


def test_some_agis_rules_visit_endpoints():
    visiting = [r for r in rules_for("agis") if r.visits]
    assert {r.code for r in visiting} >= {"AGIS201", "AGIS204", "AGIS301", "AGIS401", "AGIS406"}
    assert all(r.visits == "endpoint" and r.visit is not None for r in visiting)


def test_the_walk_gives_what_one_loop_per_rule_gave(doc, monkeypatch):
    rules = rules_for("agis")
    walked = _run(doc, monkeypatch, rules)
    looped = _run(doc, monkeypatch, _as_loops(rules))
    assert walked.internal_errors == looped.internal_errors == 0
    # the same diagnostics in the same order (before the final sort), not merely the same set
    assert [_key(d) for d in walked.diagnostics] == [_key(d) for d in looped.diagnostics]
    codes = {d.code for d in walked.diagnostics}
    assert {"AGIS201", "AGIS203", "AGIS204", "AGIS301", "AGIS401", "AGIS402", "AGIS404", "AGIS405",
            "AGIS407"} <= codes
    assert walked.notes == looped.notes


def test_each_node_is_visited_once_by_each_visitor_in_rule_order(doc):
    calls = []

    def spy(code):
        def visit(ctx, ep):
            calls.append((ep.index, code))
            return None
        return visit
    rules = [dataclasses.replace(get_rule(c), visit=spy(c)) for c in ("AGIS201", "AGIS301", "AGIS401")]
    ctx = LintContext(doc, "agis", CFG)
    out = walk(ctx, rules)
    assert calls == [(i, c) for i in range(4) for c in ("AGIS201", "AGIS301", "AGIS401")]
    assert all(v.findings == [] and v.error is None for v in out.values())


def test_a_crashing_visitor_costs_its_own_rule_only(doc, monkeypatch):
    real = get_rule("AGIS204")

    def crashes_on_the_second(ctx, ep):
        if ep.index == 1:
            raise ValueError("boom")
        return real.visit(ctx, ep)
    rules = [dataclasses.replace(r, visit=crashes_on_the_second) if r.code == "AGIS204" else r
             for r in rules_for("agis")]
    res = _run(doc, monkeypatch, rules)
    full = _run(doc, monkeypatch, rules_for("agis"))
    assert res.internal_errors == 1
    internal = [d for d in res.diagnostics if d.code == "AGIS000"]
    assert len(internal) == 1 and "AGIS204" in internal[0].message and "boom" in internal[0].message
    # what AGIS204 found before the crash (endpoint 0: `book`) is kept; nothing after it
    own = [d for d in res.diagnostics if d.code == "AGIS204"]
    assert [d.path[:2] for d in own] == [("endpoints", 0)]
    # every other rule found what it finds without the crash
    others = [_key(d) for d in res.diagnostics if d.code not in ("AGIS000", "AGIS204")]
    assert others == [_key(d) for d in full.diagnostics if d.code != "AGIS204"]


def test_a_visitor_that_skips_is_reported_like_a_check_that_skips(doc, monkeypatch):
    def skips(ctx, ep):
        raise SemanticSkipped("the model is not installed")
    rules = [dataclasses.replace(r, visit=skips) if r.code == "AGIS301" else r for r in rules_for("agis")]
    res = _run(doc, monkeypatch, rules)
    assert res.internal_errors == 0 and "AGIS301" in res.skipped
    assert "pass 3 (model classifier) skipped: the model is not installed" in res.notes
    assert not [d for d in res.diagnostics if d.code == "AGIS301"]


def test_focus_limits_the_walk_to_the_focused_endpoints(doc, monkeypatch):
    seen = []
    real = get_rule("AGIS201")

    def spy(ctx, ep):
        seen.append(ep.index)
        return real.visit(ctx, ep)
    rules = [dataclasses.replace(r, visit=spy) if r.code == "AGIS201" else r
             for r in rules_for("agis") if r.per_endpoint]
    focused = _run(doc, monkeypatch, rules, focus=frozenset({2}))
    assert seen == [2]
    full = _run(doc, monkeypatch, rules_for("agis"), select=lambda r: r.per_endpoint)
    on_two = [_key(d) for d in full.diagnostics if d.path[:2] == ("endpoints", 2)]
    assert [_key(d) for d in focused.diagnostics if d.path[:2] == ("endpoints", 2)] == on_two
    visiting = {r.code for r in rules if r.visits}
    assert all(d.path[:2] == ("endpoints", 2) for d in focused.diagnostics if d.code in visiting)
    assert any(d.code == "AGIS201" for d in focused.diagnostics)


def test_a_disabled_visitor_is_not_called(doc, monkeypatch):
    called = []

    def spy(ctx, ep):
        called.append(ep.index)
    rules = [dataclasses.replace(r, visit=spy) if r.code == "AGIS204" else r for r in rules_for("agis")]
    res = _run(doc, monkeypatch, rules, config=Config(semantic=False, ignore=("AGIS204",)))
    assert called == [] and not [d for d in res.diagnostics if d.code == "AGIS204"]
    res = _run(doc, monkeypatch, rules, select=lambda r: r.code != "AGIS204")
    assert called == []


def test_a_node_kind_the_document_lacks_gives_nothing(doc, monkeypatch):
    called = []

    def spy(ctx, node):
        called.append(node)
        yield from ()
    rule = dataclasses.replace(get_rule("AGIS204"), visits="tool", visit=spy)
    res = _run(doc, monkeypatch, [rule])
    assert called == [] and res.diagnostics == [] and res.internal_errors == 0
    assert list(walk_nodes("agis", LintContext(doc, "agis", CFG).view, "tool")) == []
    assert list(walk_nodes("no-such-kind", object(), "endpoint")) == []


def test_the_whole_document_check_of_a_visitor_gives_the_walks_findings(doc):
    rule = get_rule("AGIS201")
    ctx = LintContext(doc, "agis", CFG)
    assert [f.message for f in rule.check(ctx)] == \
        [f.message for f in walk(LintContext(doc, "agis", CFG), [rule])["AGIS201"].findings]


def test_every_visited_node_kind_is_declared_by_the_rules_kinds():
    for r in all_rules():
        if not r.visits:
            continue
        for kind in r.kinds:
            assert r.visits in node_kinds(kind), (r.code, kind, r.visits)


def test_reading_the_deployment_marks_the_visiting_rule_alone(doc, monkeypatch):
    real = get_rule("AGIS204")

    def reads_it_once(ctx, ep):
        if ep.index == 2:
            ctx.deployment          # a cross-file read (none here: the property is what counts)
        return real.visit(ctx, ep)
    rules = [dataclasses.replace(r, visit=reads_it_once) if r.code == "AGIS204" else r
             for r in rules_for("agis")]
    res = _run(doc, monkeypatch, rules)
    assert res.cross_file == {"AGIS204"}
    assert _run(doc, monkeypatch, rules_for("agis")).cross_file == set()


def test_other_kinds_visit_their_own_nodes():
    from agis_lsp.engine.runner import lint_text
    mcp = ('{"tools": [{"name": "find flights", "inputSchema": {"type": "object"}},'
           ' {"name": "ok_tool", "inputSchema": {"type": "object"},'
           ' "annotations": {"readOnlyHint": true, "destructiveHint": true}}]}')
    res = lint_text(mcp, "/tmp/t.mcp.json", Config(semantic=False))
    assert {"MCPT201", "MCPT203"} <= {d.code for d in res.diagnostics}
    assert get_rule("MCPT201").visits == "tool" and "tool" in node_kinds("mcp-tools")
    assert get_rule("ATOT201").visits == "signature" and "signature" in node_kinds("a2t")
    assert "capability" in node_kinds("adp-manifest") and "capability" in node_kinds("ainp-manifest")
