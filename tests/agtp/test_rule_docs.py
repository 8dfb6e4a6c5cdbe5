"""The AGTP rules follow their families and cite the AGTP-API draft. (Sections, severities
and the `agis-lint rule` page of every rule: tests/test_rule_meta.py.)"""
from __future__ import annotations

import re

from agis_lsp.engine.registry import all_rules

AGTP = [r for r in all_rules() if r.code.startswith("AGTP")]


def test_codes_follow_the_families():
    assert len(AGTP) >= 70
    for r in AGTP:
        assert re.match(r"^AGTP[1-8][0-9]{2}$", r.code), r.code
        family = int(r.code[4])
        kinds = set(r.kinds)
        if family in (1, 2, 3):
            assert kinds <= {"agtp-endpoint", "agtp-manifest"}, r.code
        elif family == 4:
            assert kinds == {"agtp-endpoint"}, r.code
        elif family == 5:
            assert kinds <= {"agtp-server", "agtp-manifest"}, r.code
        elif family == 6:
            assert kinds == {"agtp-recipes"}, r.code
        elif family == 8:
            assert kinds <= {"agtp-manifest", "agtp-catalog"}, r.code


def test_every_rule_cites_the_draft_and_needs_no_model():
    for r in AGTP:
        assert r.spec.startswith("AGTP-API"), r.code
        assert not r.semantic, r.code

