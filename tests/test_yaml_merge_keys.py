"""YAML merge keys (``<<``, the YAML 1.1 merge key type) are read by the document layer: the
rules see the merged mapping, explicit keys keep their exact positions, and no fix adds what
the merged base already gives."""
from __future__ import annotations

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.runner import lint

DOC = '''agis: "1.0"
service: "Acme"
agtp: "agtp://a.example.com"
description: "Accounts"
version: "1.0.0"
x-base: &base
  actor: agent
  capability: retrieval
  confidence_guidance: 0.9
endpoints:
  - method: FETCH
    path: /users/{id}
    semantic:
      <<: *base
      intent: "Returns the user with the given identifier to the agent"
      outcome: "The user record is returned"
      capability: discovery
    input: {type: object}
    output: {type: object}
    errors: [{name: user_not_found, description: "No user has this identifier"}]
vocabulary:
  declared_verbs: [FETCH]
'''


def test_the_rules_see_the_merged_mapping_and_no_fix_adds_the_actor():
    doc = parse_text(DOC, "a.agis")
    sem = doc.data["endpoints"][0]["semantic"]
    assert sem["actor"] == "agent" and sem["confidence_guidance"] == 0.9
    assert sem["capability"] == "discovery"          # the explicit key wins
    assert "<<" not in sem
    codes = {d.code for d in lint(doc, Config(), semantic=False).diagnostics}
    assert not codes & {"AGIS501", "AGIS101", "AGIS102"}, codes
    fixed = fix_text(DOC, "a.agis", Config(semantic=False), unsafe=True).text
    assert fixed.count("actor:") == 1


def test_explicit_keys_keep_their_positions():
    doc = parse_text(DOC, "a.agis")
    r = doc.range(("endpoints", 0, "semantic", "intent"))
    assert (r.start.line, r.start.character) == (14, 14)
    r = doc.range(("endpoints", 0, "semantic", "capability"))
    assert (r.start.line, r.start.character) == (16, 18)


def test_a_list_of_mappings_merges_the_earlier_first():
    doc = parse_text("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n", "m.yaml")
    assert doc.data["c"] == {"z": 3, "x": 1, "y": 1}
    assert not doc.problems


def test_a_merge_of_something_else_is_a_positioned_problem():
    doc = parse_text("c:\n  <<: 5\n  z: 3\n", "m.yaml")
    (p,) = doc.problems
    assert p.code == "AGIS001" and "merge key" in p.message
    assert doc.text[p.start:p.start + 2] == "<<"
    assert doc.data["c"] == {"z": 3}


def test_a_quoted_key_is_an_ordinary_key():
    doc = parse_text('c:\n  "<<": {a: 1}\n', "m.yaml")
    assert doc.data["c"] == {"<<": {"a": 1}}
