"""Helpers for the rule tests: lint a text, list findings, apply every fix."""
from __future__ import annotations

import textwrap

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.runner import lint_text

HEAD = '''agis: "1.0"
service: "Acme Reservations"
agtp: "agtp://reservations.acme.com"
description: "Reservation management for restaurant booking agents"
version: "1.0.0"
'''

SEMANTIC = '''semantic:
  intent: "Books a restaurant reservation on behalf of the requesting agent"
  actor: agent
  outcome: "A confirmed reservation record exists with status CONFIRMED"
  capability: transaction
  confidence_guidance: 0.9
  impact_tier: reversible
  is_idempotent: false
'''

CONTRACT = '''input:
  type: object
  required: [party_size]
  properties:
    party_size: {type: integer, minimum: 1}
output:
  type: object
  properties:
    reservation_id: {type: string}
errors:
  - name: reservation_unavailable
    description: "No table is free at that time"
'''


def endpoint(method: str, path: str, semantic: str = SEMANTIC, contract: str = CONTRACT) -> str:
    """A list-shaped YAML endpoint; ``semantic``/``contract`` are YAML at column 0."""
    body = textwrap.indent(textwrap.dedent(semantic) + textwrap.dedent(contract), "    ")
    return f"  - method: {method}\n    path: {path}\n{body}"


def document(*endpoints: str, verbs=None, tail: str = "") -> str:
    verbs = verbs or sorted({e.split("method: ", 1)[1].split("\n", 1)[0] for e in endpoints})
    return HEAD + "endpoints:\n" + "".join(endpoints) + tail + \
        f"vocabulary:\n  declared_verbs: [{', '.join(verbs)}]\n"


def findings(text: str, prefix: str = "", path: str = "x.agis", level: int = 1) -> list:
    """(code, 1-based line, message) of the findings whose code starts with ``prefix``."""
    result = lint_text(text, path, Config(level=level, semantic=False))
    assert result.internal_errors == 0, [d.message for d in result.diagnostics if d.code == "AGIS000"]
    return [(d.code, d.range.start.line + 1, d.message) for d in result.diagnostics
            if d.code.startswith(prefix)]


def diagnostics(text: str, code: str, path: str = "x.agis", level: int = 1) -> list:
    result = lint_text(text, path, Config(level=level, semantic=False))
    assert result.internal_errors == 0
    return [d for d in result.diagnostics if d.code == code]


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """1-based line of the ``nth`` line containing ``needle``."""
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line]
    return hits[nth - 1]


def fix_all(text: str, path: str = "x.agis", unsafe: bool = True, level: int = 1) -> str:
    """Apply every fix; assert convergence, that the result parses, and idempotence."""
    cfg = Config(level=level, semantic=False)
    first = fix_text(text, path, cfg, unsafe=unsafe)
    assert first.converged, first.applied
    assert first.reverted == []
    assert parse_text(first.text, path).parsed
    second = fix_text(first.text, path, cfg, unsafe=unsafe)
    assert second.applied == [] and second.text == first.text
    return first.text


def line_is(text: str, stripped: str, nth: int = 1) -> int:
    """1-based line of the ``nth`` line that is exactly ``stripped`` once blanks are stripped."""
    hits = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == stripped]
    return hits[nth - 1]
