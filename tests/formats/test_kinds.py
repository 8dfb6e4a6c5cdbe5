"""The agent-interface formats in the whole engine: detection by name and by content,
YAML and JSON giving the same findings, the spec figures' syntax errors, and the
CLI (file walk, --select/--ignore, --fix, suppressions, exit status) as a process."""
from __future__ import annotations

import json
import os
import shutil

import pytest

from agis_lsp.cli.files import collect
from agis_lsp.document import parse_text, read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint
from agis_lsp.formats import detect_kind, registry

from ..conftest import EXAMPLES
from ..goldens import SUITES, cases, codes
from ..yamlio import dump

FORMAT_EXAMPLES = os.path.join(EXAMPLES, "formats")
EXPECTED_KINDS = {
    "travel.mcp.json": "mcp-tools", "weather.a2t.json": "a2t", ".ainp/execute.json": "ainp-message",
    ".ainp/manifest.yaml": "ainp-manifest", ".well-known/agent": "adp-manifest",
    ".well-known/agis.json": "agis-wellknown", "api/capabilities/send_email.json": "adp-capability",
    ".vscode/mcp.json": "mcp-client-config",
}
# Kinds known by their file name and place only (never by content).
BY_NAME_ONLY = {"skills/pdf-processing/SKILL.md": "agent-skill", "AGENTS.md": "agent-instructions"}


def test_every_kind_has_an_example_found_by_the_walk():
    files, missing = collect([FORMAT_EXAMPLES])
    found = {os.path.relpath(f, FORMAT_EXAMPLES): detect_kind(read_document(f)) for f in files}
    assert missing == [] and found == {**EXPECTED_KINDS, **BY_NAME_ONLY}
    assert set(EXPECTED_KINDS.values()) | set(BY_NAME_ONLY.values()) == set(registry.kind_names())


@pytest.mark.parametrize("rel,kind", sorted(EXPECTED_KINDS.items()))
def test_detected_by_content_alone(rel, kind):
    doc = read_document(os.path.join(FORMAT_EXAMPLES, rel))
    anonymous = parse_text(doc.text, "/tmp/document." + ("yaml" if doc.syntax == "yaml" else "json"))
    assert detect_kind(anonymous) == kind
    assert registry.kind_by_name("/srv/www/" + rel) == kind


@pytest.mark.parametrize("rel", sorted(EXPECTED_KINDS))
def test_examples_are_clean_with_the_model(rel):
    result = lint(read_document(os.path.join(FORMAT_EXAMPLES, rel)), Config(), semantic=True)
    assert [(d.code, d.message) for d in result.diagnostics] == []


def test_unrelated_json_is_left_alone():
    for text in ('{"name": "x", "version": "1.0.0", "dependencies": {}}', '[1, 2, 3]',
                 '{"status": "ok"}', '{"items": [{"id": 1}]}'):
        assert detect_kind(parse_text(text, "/tmp/package.json")) is None, text


FORMATS = next(s for s in SUITES if s.name == "formats")
JSON_BAD = [(c, k.path) for c in codes(FORMATS) for k in cases(FORMATS, c, "bad")
            if k.path.endswith(".json")]


@pytest.mark.parametrize("code,case", JSON_BAD, ids=[f"{c}/{os.path.basename(p)}" for c, p in JSON_BAD])
def test_yaml_and_json_give_the_same_findings(code, case, tmp_path):
    """The same document as YAML: same kind, same findings at the same document paths."""
    doc = read_document(case)
    name = os.path.basename(case)
    ypath = tmp_path / (name[:-len(".json")] + ".yaml")
    ypath.write_text(dump(json.loads(doc.text)))
    ydoc = read_document(str(ypath))
    jres, yres = lint(doc, Config(), semantic=False), lint(ydoc, Config(), semantic=False)
    assert yres.kind == jres.kind

    def key(result, d):
        return d.code, d.path, d.message

    assert sorted(key(yres, d) for d in yres.diagnostics) == sorted(key(jres, d) for d in jres.diagnostics)
    for d in yres.diagnostics:  # positioned on the YAML text, inside it
        assert 0 <= d.start <= d.end <= len(ydoc.text)


# -- the spec figures: invalid JSON, positioned errors that say what to change -----------------
FIGURE_2 = '''{
  "toolId" : "0479a45d-ad0a-49d4-94db-75edf00d2ca4",
  "name" : "Lookup Weather",
  "description" : "Invoke this tool to lookup the
                    weather for a given city.",
  "version" : "{versionNum},
  "tags" : ["system", "retrievals"]
  "input_parameters" : []
}'''


def _syntax(text):
    doc = parse_text(text, "/tmp/fig.a2t.json")
    assert not doc.parsed
    (p,) = [p for p in doc.problems if p.code == "AGIS001"]
    pos = doc.lines.position(p.start)
    return pos.line + 1, pos.character + 1, p.message


def test_figure_2_errors_say_what_to_change_one_by_one():
    line, col, msg = _syntax(FIGURE_2)
    assert (line, col) == (4, 50) and "line break inside a string" in msg
    step2 = FIGURE_2.replace("lookup the\n                    weather", "lookup the weather")
    line, col, msg = _syntax(step2)
    assert line == 5 and "line break inside a string" in msg and "closing '\"'" in msg
    step3 = step2.replace('"{versionNum},', '"{versionNum}",')
    line, col, msg = _syntax(step3)
    assert (line, col) == (6, 36) and "missing ',' between members" in msg and "line 6" in msg
    step4 = step3.replace('"retrievals"]\n', '"retrievals"],\n')
    doc = parse_text(step4, "/tmp/fig.a2t.json")
    assert doc.parsed and detect_kind(doc) == "a2t"
    codes_found = {d.code for d in lint(doc, Config(), semantic=False).diagnostics}
    assert {"ATOT102", "ATOT211"} <= codes_found   # "{versionNum}" and "Lookup Weather"


def test_figure_3_braces_around_the_array():
    text = '{"id": "flight_class", "type": "enum",\n "allowed-values": {\n  [\n   {"name": "ECONOMY"},\n  ]\n }\n}'
    line, col, msg = _syntax(text)
    assert (line, col) == (3, 3) and "remove the '{' before it and its matching '}'" in msg
    fixed = text.replace('"allowed-values": {\n  [', '"allowed-values": \n  [').replace("  ]\n }", "  ]")
    line, col, msg = _syntax(fixed)
    assert (line, col) == (4, 23) and "trailing ','" in msg


# -- the CLI as users run it ------------------------------------------------------------------
def test_cli_walks_the_formats_and_exits_0(cli):
    code, out, err = cli("check", FORMAT_EXAMPLES, "--format", "json", "--no-semantic")
    data = json.loads(out)
    assert code == 0, out + err
    assert data["summary"]["files"] == len(EXPECTED_KINDS) + len(BY_NAME_ONLY)


def test_cli_select_ignore_fix_and_suppressions(cli, tmp_path):
    mcp = tmp_path / "tools.mcp.json"
    mcp.write_text('{"tools": [{"name": "get_user", "inputSchema": {"type": "object"},\n'
                   '            "annotations": {"readOnlyHint": "true"}}]}\n')
    code, out, _ = cli("check", str(mcp), "--no-semantic", "--format", "json")
    assert code == 1 and {d["code"] for d in json.loads(out)["diagnostics"]} == {"TOOL301", "MCPT102"}
    code, out, _ = cli("check", str(mcp), "--no-semantic", "--format", "json", "--select", "TOOL")
    assert code == 0 and {d["code"] for d in json.loads(out)["diagnostics"]} == {"TOOL301"}
    code, out, _ = cli("check", str(mcp), "--no-semantic", "--format", "json", "--ignore", "MCPT,TOOL")
    assert code == 0 and json.loads(out)["diagnostics"] == []
    code, out, _ = cli("check", str(mcp), "--no-semantic", "--fix")
    assert '"readOnlyHint": true' in mcp.read_text() and "get_user" in mcp.read_text()
    assert code == 0   # only the TOOL301 warning is left
    ainp = tmp_path / "svc.ainp.yaml"
    shutil.copy(os.path.join(FORMATS.root, "AINP203", "bad.ainp.yaml"), ainp)
    text = ainp.read_text().replace("default: basic", "default: basic   # agis-lint: disable=AINP203")
    ainp.write_text(text)
    code, out, _ = cli("check", str(ainp), "--no-semantic", "--format", "json")
    found = [(d["code"], d["range"]["start"]["line"]) for d in json.loads(out)["diagnostics"]]
    assert ("AINP203", 11) not in found and ("AINP203", 15) in found and code == 1
