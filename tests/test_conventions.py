"""AGIS's conventions per document kind, as a user sees them.

A rule marked ``convention="agis"`` (the TOOL naming rules) is information on a format whose own
spec does not ask for AGIS verbs (MCP, A2T, ADP, AINP), and keeps its table severity where AGIS is
adopted: AGIS documents, the AGIS well-known summary, or any format the configuration names in
``conventions``. The formats' own rules keep their severities either way. Run through the installed
console script, with the exit status.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from agis_lsp.engine.config import ConfigError, config_from_table
from agis_lsp.engine.registry import all_rules

TOOLS = {"tools": [
    {"name": "get_issue", "description": "Get an issue by its number.",
     "inputSchema": {"type": "object", "properties": {"number": {"type": "integer"}}}},
    {"name": "delete_entities", "description": "Delete entities from the graph.",
     "inputSchema": {"type": "object"}},
    {"name": "get_issue", "description": "Duplicate name: MCP's own rule.", "inputSchema": {"type": "object"}},
]}


def agis_lint() -> list[str]:
    script = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    if os.path.exists(script):
        return [script]
    found = shutil.which("agis-lint")
    if found is None:  # pragma: no cover - the package is installed in every test environment
        pytest.fail("the agis-lint console script is not installed: pip install -e '.[test]'")
    return [found]


def check(folder, *extra):
    proc = subprocess.run([*agis_lint(), "check", "tools.mcp.json", "--no-semantic", "--format", "json",
                           *extra], capture_output=True, cwd=folder, timeout=120)
    diags = json.loads(proc.stdout.decode())["diagnostics"]
    return proc.returncode, {(d["code"], d["severity"]) for d in diags}, proc


@pytest.fixture
def project(tmp_path):
    (tmp_path / "tools.mcp.json").write_text(json.dumps(TOOLS))
    return tmp_path


def test_agis_naming_is_information_on_an_mcp_tool_list(project):
    code, found, proc = check(project)
    assert ("TOOL301", "information") in found, proc.stdout
    assert ("TOOL301", "warning") not in found
    assert ("MCPT202", "error") in found          # MCP's own rule (duplicate name) is unchanged
    assert code == 1, proc.stderr


@pytest.mark.parametrize("setting", ['"agis"', '["mcp-tools"]', '["TOOL3"]'])
def test_a_project_that_adopts_agis_gets_them_back(project, setting):
    (project / "pyproject.toml").write_text(f"[tool.agis-lint]\nconventions = {setting}\n")
    code, found, proc = check(project)
    assert ("TOOL301", "warning") in found, proc.stdout
    assert ("MCPT202", "error") in found
    assert code == 1


def test_another_kind_in_the_selection_leaves_mcp_alone(project):
    (project / "pyproject.toml").write_text('[tool.agis-lint]\nconventions = ["a2t"]\n')
    _, found, proc = check(project)
    assert ("TOOL301", "information") in found, proc.stdout


def test_an_explicit_severity_wins(project):
    (project / "pyproject.toml").write_text('[tool.agis-lint.severity]\nTOOL301 = "error"\n')
    _, found, _ = check(project)
    assert ("TOOL301", "error") in found


def test_only_the_naming_opinions_drop(project):
    """Without MCP's own error the list passes: the AGIS opinions alone do not fail a run."""
    tools = {"tools": TOOLS["tools"][:2]}
    (project / "tools.mcp.json").write_text(json.dumps(tools))
    code, found, proc = check(project)
    assert found and all(sev == "information" for _, sev in found), found
    assert code == 0, proc.stderr
    code, _, _ = check(project, "--fail-level", "information")
    assert code == 1


def test_a_bad_conventions_value_is_a_config_error(project):
    (project / "pyproject.toml").write_text('[tool.agis-lint]\nconventions = ["mcp-tool"]\n')
    proc = subprocess.run([*agis_lint(), "check", "tools.mcp.json", "--no-semantic"], capture_output=True,
                          cwd=project, timeout=120)
    assert proc.returncode == 2
    assert b"conventions" in proc.stderr and b"Traceback" not in proc.stderr


def test_config_forms():
    assert config_from_table({"conventions": "agis"}).conventions == ("*",)
    assert config_from_table({"conventions": "formats"}).conventions == ()
    assert config_from_table({"conventions": ["mcp-tools", "tool301"]}).conventions == ("mcp-tools", "TOOL301")
    with pytest.raises(ConfigError):
        config_from_table({"conventions": 3})


def test_conventions_are_declared_by_rules_not_listed_in_the_engine():
    marked = {r.code for r in all_rules() if r.convention == "agis"}
    assert {"TOOL201", "TOOL301", "TOOL302", "TOOL303", "TOOL304", "TOOL305"} <= marked
    # the formats' own rules and the security pass are not AGIS conventions
    assert not any(c.startswith(("MCPT", "ATOT", "AGDP", "AINP", "AGSC")) for c in marked)
