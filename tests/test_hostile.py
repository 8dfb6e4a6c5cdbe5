"""Bad input gets a clear finding at its position, never a traceback."""
from __future__ import annotations

import json

import pytest

GOOD = open(__file__.rsplit("/", 1)[0] + "/golden/AGIS101/good.agis", encoding="utf-8").read()


def _check(cli, tmp_path, name, content: bytes, expect_code: str | None):
    f = tmp_path / name
    f.write_bytes(content)
    code, out, err = cli("check", str(f), "--format", "json", "--no-semantic")
    assert "Traceback" not in err
    assert code in (0, 1), err
    data = json.loads(out)
    codes = [d["code"] for d in data["diagnostics"]]
    assert "AGIS000" not in codes, data["diagnostics"]
    if expect_code:
        assert expect_code in codes, codes
    return data


def test_empty_file(cli, tmp_path):
    data = _check(cli, tmp_path, "e.agis", b"", "AGIS101")
    assert "empty" in data["diagnostics"][0]["message"]


def test_binary_file(cli, tmp_path):
    data = _check(cli, tmp_path, "b.agis", bytes(range(256)) * 4, "AGIS005")
    assert len(data["diagnostics"]) == 1


def test_non_utf8_position(cli, tmp_path):
    data = _check(cli, tmp_path, "l.agis", b'agis: "1.0"\nservice: "Caf\xe9"\n', "AGIS005")
    d = data["diagnostics"][0]
    assert d["range"]["start"] == {"line": 1, "character": 13}


def test_broken_yaml_one_diagnostic_at_position(cli, tmp_path):
    data = _check(cli, tmp_path, "y.agis", b"agis: \"1.0\"\nendpoints: [\n  {method: BOOK\n", "AGIS001")
    assert len(data["diagnostics"]) == 1
    assert data["diagnostics"][0]["range"]["start"]["line"] >= 2


def test_broken_json_one_diagnostic_at_position(cli, tmp_path):
    data = _check(cli, tmp_path, "j.agis", b'{"agis": "1.0", "service": }', "AGIS001")
    assert len(data["diagnostics"]) == 1
    assert data["diagnostics"][0]["range"]["start"] == {"line": 0, "character": 27}


def test_duplicate_keys(cli, tmp_path):
    _check(cli, tmp_path, "d.agis", GOOD.replace("service:", "service: \"A\"\nservice:", 1).encode(), "AGIS002")


def test_several_documents(cli, tmp_path):
    _check(cli, tmp_path, "m.agis", (GOOD + "---\n" + GOOD).encode(), "AGIS003")


def test_tabs(cli, tmp_path):
    data = _check(cli, tmp_path, "t.agis", b"agis: \"1.0\"\nendpoints:\n\t- method: BOOK\n", "AGIS001")
    assert "tab" in data["diagnostics"][0]["message"]


def test_billion_laughs_bounded(cli, tmp_path):
    lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 12):
        lines.append(f"l{i}: &l{i} [" + ",".join([f"*l{i-1}"] * 9) + "]")
    _check(cli, tmp_path, "bomb.agis", "\n".join(lines).encode(), "AGIS004")


def test_recursive_alias(cli, tmp_path):
    _check(cli, tmp_path, "r.agis", b"a: &a [*a]\n", None)


@pytest.mark.parametrize("opener,closer", [("[", "]"), ("{\"a\": ", "}")])
def test_nesting_thousands_deep_json(cli, tmp_path, opener, closer):
    depth = 20000
    data = _check(cli, tmp_path, "deep.agis.json", (opener * depth + "1" + closer * depth).encode(), "AGIS001")
    assert len(data["diagnostics"]) == 1 and "nested more than 256 levels" in data["diagnostics"][0]["message"]
    # the one finding sits on the container that crosses the limit
    assert data["diagnostics"][0]["range"]["start"]["character"] == 256 * len(opener)


@pytest.mark.parametrize("flow", ["[", "{a: "])
def test_nesting_thousands_deep_yaml(cli, tmp_path, flow):
    depth = 50000  # libyaml's composer segfaults here; the event builder does not recurse
    close = "]" if flow == "[" else "}"
    data = _check(cli, tmp_path, "deep.agis", ("agis: " + flow * depth + "1" * (flow != "[") + close * depth).encode(),
                  "AGIS001")
    assert len(data["diagnostics"]) == 1 and "nested more than 256 levels" in data["diagnostics"][0]["message"]


def test_eight_megabytes(cli, tmp_path):
    item = GOOD.split("endpoints:\n")[1].split("vocabulary:")[0]
    head = GOOD.split("endpoints:\n")[0]
    n = 8 * 1024 * 1024 // len(item) + 1
    text = head + "endpoints:\n" + item * n + "vocabulary:\n  declared_verbs: [BOOK]\n"
    assert len(text) > 8 * 1024 * 1024
    data = _check(cli, tmp_path, "big.agis", text.encode(), None)
    assert data["summary"]["files"] == 1
