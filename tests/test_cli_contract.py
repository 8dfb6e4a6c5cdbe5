"""The exit status is a contract: 0 clean, 1 findings, 2 usage/config/internal error.

And the small promises around it: a closed pipe, a missing path, an unknown rule code,
-q, severities in text lines, GitHub annotation escaping, both configuration forms,
files that are not AGIS/AGTP documents.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import EXAMPLES, ROOT
from .test_cli import BAD

RESTAURANT = os.path.join(EXAMPLES, "restaurant.agis")


@pytest.fixture
def bad(tmp_path):
    f = tmp_path / "bad.agis"
    f.write_text(BAD)
    return f


# -- closed pipe ----------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "json"])
def test_closed_pipe_keeps_the_exit_status(bad, fmt):
    """`agis-lint check bad.agis | head -0`: the reader is gone before anything is written."""
    proc = subprocess.Popen([sys.executable, "-m", "agis_lsp.cli", "check", str(bad), "--no-semantic",
                             "--format", fmt], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err and "BrokenPipe" not in err


def test_closed_pipe_after_the_first_line(tmp_path):
    """`agis-lint check many/ | head -1` with more output than a pipe holds (64 KiB)."""
    for i in range(60):
        (tmp_path / f"bad{i}.agis").write_text(BAD.replace("declared_verbs: [FIND, CHECK]",
                                                           "declared_verbs: [FIND, " +
                                                           ", ".join(["CHECK"] * 40) + "]"))
    proc = subprocess.Popen([sys.executable, "-m", "agis_lsp.cli", "check", str(tmp_path), "--no-semantic"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert b" AGIS" in first
    assert proc.wait(timeout=120) == 1, err
    assert "Traceback" not in err and "Exception ignored" not in err


# -- usage errors ---------------------------------------------------------------------------------

def test_missing_path_is_a_usage_error_whatever_else_was_checked(cli, tmp_path):
    code, out, err = cli("check", RESTAURANT, str(tmp_path / "missing.agis"), "--no-semantic")
    assert code == 2
    assert "missing.agis: no such file or directory" in err
    assert "1 file(s) checked" in err          # the file that exists was still checked


@pytest.mark.parametrize("option, value", [("--select", "BOGUS"), ("--select", "AGIS1,XYZ9"),
                                           ("--ignore", "AGIS999"), ("--select", "")])
def test_select_or_ignore_matching_no_rule_is_a_usage_error(cli, option, value):
    code, out, err = cli("check", RESTAURANT, option, value, "--no-semantic")
    if value:
        assert code == 2 and "no rule code starts with" in err and out == ""
        assert value.split(",")[-1] in err
    else:
        assert code in (0, 1) and "no rule code" not in err   # an empty list selects nothing


def test_select_prefix_lowercase_accepted(cli, bad):
    code, out, _ = cli("check", str(bad), "--select", "agis7", "--no-semantic")
    assert code == 1 and "AGIS702" in out


# -- text output ----------------------------------------------------------------------------------

def test_text_lines_say_their_severity(cli, bad, tmp_path):
    (tmp_path / ".agis-lint.toml").write_text('[severity]\nAGIS104 = "hint"\nAGIS702 = "warning"\n')
    code, out, err = cli("check", str(bad), "--no-semantic", "--fail-level", "hint")
    lines = [line for line in out.splitlines() if not line.startswith("info:")]
    assert lines and code == 1
    for line in lines:
        assert line.split(": ", 1)[1].split(" ", 1)[0] in ("error", "warning", "information", "hint"), line
    assert any(": warning AGIS702 [pass 7] declared verb 'CHECK'" in line for line in lines)


def test_quiet_prints_findings_only(cli, bad):
    code, out, err = cli("check", str(bad), "--no-semantic")
    assert "info: pass 6 skipped" in out and "file(s) checked" in err
    code_q, out_q, err_q = cli("check", str(bad), "--no-semantic", "-q")
    assert code_q == code == 1
    assert "info:" not in out_q and "file(s) checked" not in err_q
    assert out_q.splitlines() == [line for line in out.splitlines() if not line.startswith("info:")]


# -- GitHub annotations ---------------------------------------------------------------------------

def test_github_annotation_escapes_file_property(cli, tmp_path):
    d = tmp_path / "a,b:c"
    d.mkdir()
    f = d / "bad%.agis"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "github")
    assert code == 1
    escaped = str(f).replace("%", "%25").replace(":", "%3A").replace(",", "%2C")
    lines = [line for line in out.splitlines() if line.startswith("::error")]
    assert lines and all(line.startswith(f"::error file={escaped},line=") for line in lines)
    for line in lines:   # every property is NAME=VALUE with no bare separator inside a value
        props = line[len("::error "):line.index("::", 2)].split(",")
        assert [p.split("=", 1)[0] for p in props] == ["file", "line", "col", "endLine", "endColumn",
                                                        "title"]


# -- configuration: both forms of .agis-lint.toml -------------------------------------------------

@pytest.mark.parametrize("form", [
    'ignore = ["AGIS702"]\n[severity]\nAGIS104 = "off"\n',
    '[tool.agis-lint]\nignore = ["AGIS702"]\n[tool.agis-lint.severity]\nAGIS104 = "off"\n',
], ids=["top-level", "tool-table"])
def test_agis_lint_toml_both_forms(cli, bad, tmp_path, form):
    code, out, _ = cli("check", str(bad), "--no-semantic", "--format", "json")
    before = {d["code"] for d in json.loads(out)["diagnostics"]}
    assert "AGIS702" in before
    (tmp_path / ".agis-lint.toml").write_text(form)
    code, out, err = cli("check", str(bad), "--no-semantic", "--format", "json")
    after = {d["code"] for d in json.loads(out)["diagnostics"]}
    assert "AGIS702" not in after and "AGIS104" not in after
    assert after == before - {"AGIS702", "AGIS104"}


def test_agis_lint_toml_mixing_both_forms_is_a_config_error(cli, bad, tmp_path):
    (tmp_path / ".agis-lint.toml").write_text('level = 2\n[tool.agis-lint]\nignore = ["AGIS702"]\n')
    code, _, err = cli("check", str(bad), "--no-semantic")
    assert code == 2 and "use one form" in err and "Traceback" not in err


def test_explicit_config_file_in_tool_form(cli, bad, tmp_path):
    cfg = tmp_path / "lint.toml"
    cfg.write_text('[tool.agis-lint]\nselect = ["AGIS702"]\n')
    code, out, _ = cli("check", str(bad), "--config", str(cfg), "--no-semantic", "--format", "json")
    assert {d["code"] for d in json.loads(out)["diagnostics"]} == {"AGIS702"}


# -- files that are not AGIS/AGTP documents -------------------------------------------------------

@pytest.mark.parametrize("name, content", [
    (".pre-commit-hooks.yaml", "- id: agis-lint\n  entry: agis-lint check\n"),
    ("README.md", "# Title\n\nSome text: with a colon, and `code`.\n"),
    ("config.yaml", "a: [1, 2\n"),                       # a YAML syntax error
    ("data.json", '{"name": "x", "items": [1, 2, 3]}'),
    ("pyproject.toml", "[project]\nname = 'x'\n"),
    ("notes.txt", "\x00\x01 binary \xff"),
])
def test_not_an_agis_document_is_skipped_the_same_way(cli, tmp_path, name, content):
    f = tmp_path / name
    f.write_bytes(content.encode("utf-8", "surrogateescape") if "\xff" not in content
                  else content.encode("latin-1"))
    code, out, err = cli("check", str(f), "--no-semantic")
    assert code == 0, out + err
    assert out.strip() == f"info: {f}: not a document of a supported kind, skipped"
    assert "Traceback" not in err
    code, out, _ = cli("check", str(f), "--no-semantic", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["diagnostics"] == [] and data["summary"]["files"] == 0
    assert f"{f}: not a document of a supported kind, skipped" in data["notes"]


def test_not_an_agis_document_next_to_one(cli, tmp_path, bad):
    other = tmp_path / "README.md"
    other.write_text("# hello: world\n")
    code, out, err = cli("check", str(bad), str(other), "--no-semantic")
    assert code == 1 and "AGIS702" in out and f"info: {other}: not a document of a supported kind, skipped" in out


def test_yaml_named_explicitly_that_is_an_agis_document_is_linted(cli, tmp_path):
    f = tmp_path / "api.yaml"
    f.write_text(BAD)
    code, out, _ = cli("check", str(f), "--no-semantic")
    assert code == 1 and "AGIS702" in out


# -- text no encoding can write; a bug is exit 2, not 1 -------------------------------------------

def test_lone_surrogate_in_a_document_keeps_every_output_valid(cli, tmp_path):
    """A key with an escaped lone surrogate (valid JSON syntax) used to crash the JSON output
    with UnicodeEncodeError, after a partial output, with exit status 1 (found by the fuzzer)."""
    f = tmp_path / "manifest.json"
    f.write_text('{"agtp_version": "1.0", "agtp_api_version": "1.0", '
                 '"policies": {"methods": {"disallow\\ud800": ["X"]}}}')
    for fmt in ("json", "sarif"):
        code, out, err = cli("check", str(f), "--format", fmt, "--no-semantic")
        assert code == 1 and "Traceback" not in err
        assert "disallow\\ud800" in json.dumps(json.loads(out))
    for fmt in ("text", "github"):
        code, out, err = cli("check", str(f), "--format", fmt, "--no-semantic")
        assert code == 1 and "Traceback" not in err and "disallow\\ud800" in out


def test_internal_error_exits_2(monkeypatch, bad, capsys):
    from agis_lsp.cli import main as cli_main

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(cli_main.output, "render_text", broken)
    assert cli_main.main(["check", str(bad), "--no-semantic"]) == 2
    assert "internal error" in capsys.readouterr().err
