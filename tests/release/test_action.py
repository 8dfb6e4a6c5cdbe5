"""action.yml (the composite GitHub Action): its shell steps, run as GitHub runs them
(`bash --noprofile --norc -eo pipefail`), with the inputs as environment variables, offline
(pip reads only the wheelhouse). The default `package` installs agis-lint from the action's own
checkout: here a clean copy of this one."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ..yamlio import load
from .conftest import ROOT, build_vsix, offline_env, run

ACTION = load((ROOT / "action.yml").read_text(encoding="utf-8"))
EXPR = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


def evaluate(value: str, inputs: dict, action_path: Path) -> str:
    def one(m: re.Match) -> str:
        name = m.group(1)
        if name.startswith("inputs."):
            key = name[len("inputs."):]
            assert key in ACTION["inputs"], f"action.yml uses an undeclared input {key}"
            return str(inputs.get(key, ACTION["inputs"][key].get("default", "")))
        assert name == "github.action_path", f"the test does not know the expression {name}"
        return str(action_path)
    return EXPR.sub(one, value)


def run_step(step_id: str, inputs: dict, state: dict, cwd: Path) -> tuple:
    """One step (by id or name) -> (exit status, stdout+stderr, outputs); GITHUB_ENV carries to later steps."""
    [step] = [s for s in ACTION["runs"]["steps"] if step_id in (s.get("id"), s.get("name"))]
    assert step["shell"] == "bash"
    script = cwd / f"{step_id}.sh"
    script.write_text(step["run"], encoding="utf-8")
    env_file, out_file = state["dir"] / "GITHUB_ENV", state["dir"] / "GITHUB_OUTPUT"
    env_file.touch()
    out_file.write_text("", encoding="utf-8")
    env = offline_env(GITHUB_ENV=str(env_file), GITHUB_OUTPUT=str(out_file), RUNNER_TEMP=str(state["dir"]))
    env.update(dict(line.split("=", 1) for line in env_file.read_text().splitlines() if "=" in line))
    env.update({k: evaluate(str(v), inputs, state["action_path"]) for k, v in step.get("env", {}).items()})
    assert "${{" not in step["run"], "expressions belong in env:, not in the script"
    proc = run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], timeout=1200, cwd=cwd, env=env)
    outputs = dict(line.split("=", 1) for line in out_file.read_text().splitlines() if "=" in line)
    return proc.returncode, proc.stdout + proc.stderr, outputs


@pytest.fixture(scope="module")
def installed(wheelhouse, tmp_path_factory) -> dict:
    """The install step, with the default inputs."""
    base = tmp_path_factory.mktemp("action")
    state = {"dir": base / "runner", "action_path": build_vsix.source_copy(base / "action-checkout")}
    state["dir"].mkdir()
    status, out, _ = run_step("Install agis-lint", {}, state, base)
    assert status == 0, out
    assert re.search(r"agis-lint \d+\.\d+", out), out
    assert (state["dir"] / "agis-lint-venv" / "bin" / "agis-lint").is_file()
    return state


def workspace(tmp_path: Path, bad: bool) -> Path:
    ws = tmp_path / "repo"
    shutil.copytree(ROOT / "examples", ws / "examples")
    if bad:
        text = (ROOT / "examples" / "restaurant.agis").read_text(encoding="utf-8")
        (ws / "examples" / "restaurant.agis").write_text(text.replace("method: BOOK", "method: GET", 1), encoding="utf-8")
    return ws


def sarif_results(path: Path) -> list:
    report = json.loads(path.read_text(encoding="utf-8"))
    assert report["version"] == "2.1.0" and report["runs"][0]["tool"]["driver"]["name"], report.keys()
    return report["runs"][0]["results"]


@pytest.mark.slow
def test_clean_documents(installed, tmp_path):
    ws = workspace(tmp_path, bad=False)
    status, out, outputs = run_step("check", {"paths": "examples", "args": "--no-semantic"}, installed, ws)
    assert status == 0 and outputs == {"sarif-file": "agis-lint.sarif", "exit-code": "0"}, (out, outputs)
    results = sarif_results(ws / "agis-lint.sarif")
    # the examples are clean; the skill among them names the script it bundles (SKIL202, a note)
    assert {(r["ruleId"], r["level"]) for r in results} == {("SKIL202", "note")}, results


@pytest.mark.slow
def test_findings_fail_the_step_and_fill_the_sarif_and_annotations(installed, tmp_path):
    ws = workspace(tmp_path, bad=True)
    inputs = {"paths": "examples/restaurant.agis examples/formats", "args": "--no-semantic", "annotations": "true",
              "sarif-file": "out/report.sarif"}
    (ws / "out").mkdir()
    status, out, outputs = run_step("check", inputs, installed, ws)
    assert status == 1 and outputs["exit-code"] == "1" and outputs["sarif-file"] == "out/report.sarif", out
    results = sarif_results(ws / "out" / "report.sarif")
    assert any(r["ruleId"] == "AGIS301" for r in results), results
    assert re.search(r"^::error file=examples/restaurant\.agis,line=\d+.*AGIS301", out, re.M), out


@pytest.mark.slow
def test_findings_without_failing(installed, tmp_path):
    ws = workspace(tmp_path, bad=True)
    status, out, outputs = run_step("check", {"paths": "examples", "args": "--no-semantic",
                                              "fail-on-findings": "false"}, installed, ws)
    assert status == 0 and outputs["exit-code"] == "1", out
    assert "::error file=" not in out                  # annotations are off by default
    assert any(r["ruleId"] == "AGIS301" for r in sarif_results(ws / "agis-lint.sarif"))


@pytest.mark.slow
def test_usage_error_always_fails(installed, tmp_path):
    ws = workspace(tmp_path, bad=False)
    status, out, outputs = run_step("check", {"paths": "no-such-dir", "fail-on-findings": "false"}, installed, ws)
    assert status == 2 and outputs["exit-code"] == "2" and "::error title=agis-lint::" in out, out
