"""The naming conventions on the other formats whose specs do not ask for AGIS verbs (A2T, ADP, AINP):
the AGIS naming rule is information by default and a warning where the project adopts AGIS's
conventions, through the installed console script with its exit status."""
from __future__ import annotations

import json
import subprocess

import pytest

from tests.test_conventions import agis_lint

A2T = {"items": [{"toolId": "0479a45d-ad0a-49d4-94db-75edf00d2ca4", "name": "get_weather",
                  "description": "Looks up the current weather for a city.", "version": 1, "currentVersion": 1,
                  "input_parameters": [{"id": "city", "name": "City", "type": "string",
                                        "description": "The city.", "required": True}],
                  "output_parameters": []}]}
ADP = {"spec_version": "1.0", "name": "MailForge",
       "description": "Transactional email API with templates and analytics.",
       "base_url": "https://api.mailforge.dev", "auth": {"type": "none"},
       "capabilities": [{"name": "get_analytics", "description": "Get email delivery analytics and open rates",
                         "detail_url": "/api/capabilities/get_analytics"}]}
AINP = """version: "1.0"
service:
  name: "UserService"
  description: "Manages user accounts."
capabilities:
  - id: "get_user"
    name: "GetUser"
    description: "Returns a user account."
    intents:
      - "look up a user"
    parameters:
      - name: email
        type: string
        required: true
        description: "Email address of the user."
"""
DOCS = {"a2t": ("tools.a2t.json", json.dumps(A2T)),
        "adp-manifest": (".well-known/agent.json", json.dumps(ADP)),
        "ainp-manifest": (".ainp/manifest.yaml", AINP)}


def run(folder, name):
    proc = subprocess.run([*agis_lint(), "check", name, "--no-semantic", "--format", "json"],
                          capture_output=True, cwd=folder, timeout=120)
    found = {(d["code"], d["severity"]) for d in json.loads(proc.stdout.decode())["diagnostics"]}
    return proc.returncode, found, proc


@pytest.mark.parametrize("kind", sorted(DOCS))
def test_naming_is_information_unless_the_project_adopts_agis(tmp_path, kind):
    name, text = DOCS[kind]
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(text)
    code, found, proc = run(tmp_path, name)
    assert found == {("TOOL301", "information")}, proc.stdout
    assert code == 0, proc.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.agis-lint]\nconventions = "agis"\n')
    code, found, proc = run(tmp_path, name)
    assert found == {("TOOL301", "warning")}, proc.stdout
    (tmp_path / "pyproject.toml").write_text(f'[tool.agis-lint]\nconventions = ["{kind}"]\n')
    _, found, proc = run(tmp_path, name)
    assert ("TOOL301", "warning") in found, proc.stdout
