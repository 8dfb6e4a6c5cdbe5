"""The hand-labelled token table (tokens.tsv), case by case.

The table is written from English and the AGIS draft, not from the lexicon. Each
token is judged by the shipped rules of passes 2 and 3 (the engine lints a generated
document with the token as its method; benchmarks/pass2_accuracy.py, which prints
the same run as a confusion table). A few labels are knowingly not met: they are
listed in KNOWN_MISSES with the reason, and must stay misses (so a fix is noticed
and the list shrinks).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("pass2_accuracy", ROOT / "benchmarks" / "pass2_accuracy.py")
pass2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pass2)  # type: ignore[union-attr]

ROWS = pass2.read_tokens(Path(__file__).with_name("tokens.tsv"))

# Nouns that both dictionaries list as verbs and whose verb use is common
# enough in the frequency data that the usage rule keeps them verbs.
KNOWN_MISSES = {
    "DOCTOR": "verb 'doctor' (falsify) is frequent enough",
    "INVENTORY": "verb 'inventory' is attested",
    "CART": "verb 'cart' (carted off) is frequent",
    "ACCOUNT": "verb 'account for' is frequent",
    # Found when the benchmark began to run the rules instead of a copy of their logic:
    "DETAILS": "AGIS302 (a noun) is reported instead of AGIS203 (an inflection)",
    "BOOK_": "AGIS201 (compound) reports the separator; the table says syntax (4.1(c))",
    "_FIND": "AGIS201 (compound) reports the separator; the table says syntax (4.1(c))",
    "FIND__": "AGIS201 (compound) reports the separator; the table says syntax (4.1(c))",
    "-BOOK": "AGIS201 (compound) reports the separator; the table says syntax (4.1(c))",
    "BOOK TABLE": "AGIS201 (compound) reports the space; the table says syntax (4.1(c))",
}


def test_table_size_and_labels() -> None:
    assert len(ROWS) >= 400
    labels = {e for _, e in ROWS}
    assert labels == {"valid", "inflected", "compound", "syntax", "http", "nonaction"}
    tokens = [t for t, _ in ROWS]
    assert len(tokens) == len(set(tokens))


@pytest.mark.parametrize("token, expected", ROWS, ids=[repr(t) for t, _ in ROWS])
def test_token(token: str, expected: str) -> None:
    got = pass2.classify(token)
    if token in KNOWN_MISSES:
        assert got != expected, f"{token} now passes: remove it from KNOWN_MISSES"
        pytest.xfail(KNOWN_MISSES[token])
    assert got == expected


def test_overall_targets() -> None:
    confusion, misses, _ = pass2.evaluate(ROWS)
    accuracy = 1 - len(misses) / len(ROWS)
    valid = sum(confusion["valid"].values())
    rejected = valid - confusion["valid"]["valid"]
    assert accuracy >= 0.97
    assert rejected / valid <= 0.01
