"""AGIS809 on a converted API with several non-snake_case forms: one finding for
the document, whatever mix of styles its wire names use (AWS's 'ResourceARN', Twilio's dotted form
names), every other place as related information."""
from __future__ import annotations

from agis_lsp.engine.config import Config
from agis_lsp.rules.agis.pass8_parameters import style_of

from .helpers import lint_text
from .test_pass8 import _camel_inputs


def test_acronyms_keep_the_style_of_the_name():
    assert [style_of(n) for n in ("ResourceARN", "WebACLId", "QueueOwnerAWSAccountId", "ChangeToken")] == \
        ["PascalCase"] * 4
    assert style_of("awsAccountID") == "camelCase"
    assert style_of("ARN") == "UPPER_CASE"
    assert style_of("Binding.Alg") == "non-snake_case"


def test_a_mixed_api_is_one_finding_with_every_other_place_related():
    names = ["ChangeToken", "DefaultAction", "ResourceARN", "WebACLId", "RuleId", "Binding.Alg", "Binding.Secret"]
    text = "# agis-lint: wire-names\n" + _camel_inputs(names[:4], names[4:])
    got = [d for d in lint_text(text, "x.agis", Config(semantic=False)).diagnostics if d.code == "AGIS809"]
    assert len(got) == 1, [d.message for d in got]
    d = got[0]
    assert d.message.startswith("this API uses PascalCase parameter names (5 of them: 'ChangeToken', "
                                "'DefaultAction', 'ResourceARN', ...), and 2 non-snake_case names;")
    assert "wire names of an existing API" in d.message
    assert len(d.related) == 6 and not d.fixes
    assert {r.message for r in d.related} >= {"'Binding.Alg' in input of BOOK /reservation1"}


def test_an_api_wide_style_without_the_marker_takes_the_odd_names_along():
    text = _camel_inputs(["partySize", "tableId", "guestName", "startTime", "endTime"], ["party-size"])
    got = [d for d in lint_text(text, "x.agis", Config(semantic=False)).diagnostics if d.code == "AGIS809"]
    assert len(got) == 1
    assert "camelCase parameter names (5 of them" in got[0].message and "and 1 kebab-case name;" in got[0].message
