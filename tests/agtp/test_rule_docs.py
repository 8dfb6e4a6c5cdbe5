"""Every AGTP rule documents itself (the sections `agis-lint rule`, hovers and links render)
and has a default severity in agis_lsp/engine/severity/agtp.toml."""
from __future__ import annotations

import re

from agis_lsp.engine.config import default_severities
from agis_lsp.engine.registry import SECTIONS, all_rules

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


def test_every_rule_has_the_documentation_sections_and_a_spec_reference():
    for r in AGTP:
        missing = [s for s in SECTIONS if not r.sections.get(s)]
        assert not missing, (r.code, missing)
        assert r.spec.startswith("AGTP-API"), r.code
        assert not r.semantic, r.code


def test_every_rule_has_a_default_severity():
    sev = default_severities()
    assert [r.code for r in AGTP if r.code not in sev] == []
    assert sorted(c for c in sev if c.startswith("AGTP")) == sorted(r.code for r in AGTP)
