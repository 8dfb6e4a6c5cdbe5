"""``broken.agis``: the restaurant example with GET, CANCEL_BOOKING and /book-table."""
from __future__ import annotations

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "restaurant.agis"
MISTAKES = (("  - method: FIND", "  - method: GET"),
            ("  - method: CANCEL\n", "  - method: CANCEL_BOOKING\n"),
            ("    path: /reservation\n", "    path: /book-table\n"))


def broken_text() -> str:
    text = EXAMPLE.read_text(encoding="utf-8")
    for old, new in MISTAKES:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def declared_verbs(text: str) -> list:
    from agis_lsp.document import parse_text
    return list(parse_text(text, "broken.agis").data["vocabulary"]["declared_verbs"])
