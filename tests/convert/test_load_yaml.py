"""convert's YAML input goes through the document layer (no PyYAML): errors are ConvertErrors
with the place, never tracebacks."""
from __future__ import annotations

import pytest

from agis_lsp.convert import ConvertError, parse_input


@pytest.mark.parametrize("text, message, line, column", [
    ("openapi: 3.0.0\npaths:\n  /a: [\n", "did not find expected node content", 4, 1),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested more than 256 levels", 1, 259),  # the root mapping is a level,
    ("a: 1\n---\nb: 2\n", "expected a single document", 2, 1),
    ("a:\n\tb: 1\n", "tab character", 2, 1),
])
def test_broken_yaml_is_a_positioned_convert_error(text, message, line, column):
    with pytest.raises(ConvertError) as exc:
        parse_input(text, "in.yaml")
    assert message in exc.value.message and exc.value.message.startswith("invalid YAML: ")
    assert (exc.value.line, exc.value.column) == (line, column)


def test_an_alias_bomb_is_refused():
    rows = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdef", "bcdefg"):
        rows.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    with pytest.raises(ConvertError, match="alias bomb"):
        parse_input("\n".join(rows) + "\n", "in.yaml")


def test_yaml_input_reads_as_yaml_1_2():
    data = parse_input("servers: [{url: http://x.example:8080/v1?a=b}]\nflag: yes\nn: 0x1F\nd: 2026-01-02\n",
                       "in.yaml")
    assert data == {"servers": [{"url": "http://x.example:8080/v1?a=b"}], "flag": "yes", "n": 31,
                    "d": "2026-01-02"}
