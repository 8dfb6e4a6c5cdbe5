"""docs/formats.md names every rule of the agent-interface formats, and every rule it names exists."""
from __future__ import annotations

import os
import re

from agis_lsp.engine.registry import all_rules, get_rule

from ..conftest import ROOT

PREFIXES = ("ATOT", "AGDP", "AINP", "MCPT", "MCPC", "AGWK", "TOOL")


def test_every_rule_is_documented_and_every_documented_code_exists():
    with open(os.path.join(ROOT, "docs", "formats.md"), encoding="utf-8") as fh:
        text = fh.read()
    mine = {r.code for r in all_rules() if r.code[:4] in PREFIXES}
    for code in mine:
        assert f"| {code} |" in text, f"{code} is missing from the rule tables of docs/formats.md"
    for code in set(re.findall(r"\b(?:ATOT|AGDP|AINP|MCPT|MCPC|AGWK|TOOL)[0-9]{3}\b", text)):
        assert get_rule(code) is not None, f"docs/formats.md names {code}, which is no rule"


def test_each_spec_has_a_statements_table():
    with open(os.path.join(ROOT, "docs", "formats.md"), encoding="utf-8") as fh:
        text = fh.read()
    for head in ("| A2T statement |", "| ADP statement |", "| AINP statement |",
                 "| MCP statement (revision 2025-11-25) |", "| AGIS statement |"):
        assert head in text
