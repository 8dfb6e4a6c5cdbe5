"""`pre-commit try-repo` with a clean clone of this repository runs the hook on the examples of every
kind, offline (pre-commit's `language: python` env installs the package with pip from the wheelhouse)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, build_vsix, missing, offline_env, run

GIT_ID = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
          "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}


def git_repo(path: Path, env: dict) -> None:
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "snapshot"]):
        proc = run(cmd, timeout=120, cwd=path, env=env)
        assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_try_repo_on_the_examples(wheelhouse, tmp_path):
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if pre_commit is None:
        missing("pre-commit", "pip install pre-commit (the [test] extra)")
    env = offline_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), **GIT_ID)
    hook_repo = build_vsix.source_copy(tmp_path / "agis-lsp")      # the working tree, committed: a clean clone
    git_repo(hook_repo, env)
    project = tmp_path / "project"
    shutil.copytree(ROOT / "examples", project / "examples")
    git_repo(project, env)

    proc = run([pre_commit, "try-repo", str(hook_repo), "agis-lint", "--all-files"], timeout=1800, cwd=project,
               env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "agis-lint" in proc.stdout and "Passed" in proc.stdout, proc.stdout

    # a defect in an AGIS document and in an AGTP endpoint file: both reported, the hook fails
    agis = project / "examples" / "restaurant.agis"
    agis.write_text(agis.read_text(encoding="utf-8").replace("method: BOOK", "method: GET", 1), encoding="utf-8")
    endpoint = project / "examples" / "deployment" / "endpoints" / "fetch_reservation.toml"
    endpoint.write_text(endpoint.read_text(encoding="utf-8").replace('method = "FETCH"', 'method = "GET"', 1),
                        encoding="utf-8")
    run(["git", "add", "-A"], timeout=60, cwd=project, env=env)
    proc = run([pre_commit, "try-repo", str(hook_repo), "agis-lint", "--all-files"], timeout=1800, cwd=project,
               env=env)
    assert proc.returncode == 1 and "Failed" in proc.stdout, proc.stdout + proc.stderr
    assert "AGIS301" in proc.stdout and "restaurant.agis" in proc.stdout, proc.stdout
    assert "AGTP103" in proc.stdout and "fetch_reservation.toml" in proc.stdout, proc.stdout
