"""The exit status follows the configuration that judged each file.

Every test runs the installed console script as a process. A file with one warning
(AGIS703) exits 1 when the configuration in effect says ``fail-level = "warning"``,
wherever that configuration comes from (a discovered ``pyproject.toml`` or
``.agis-lint.toml``, or ``--config``), and ``--fail-level`` on the command line
overrides it. Several files under different configurations are each judged by their
own; a warm result cache gives the same status as the cold run.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .test_cli import BAD

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(os.path.dirname(sys.executable), "agis-lint")

# one warning (AGIS703, a verb declared twice), one information (AGIS508), no error
WARNS = BAD.replace("CHECK", "FIND").replace("[FIND, FIND]", "[FIND, find]")
STRICT_PYPROJECT = '[project]\nname = "x"\n\n[tool.agis-lint]\nfail-level = "warning"\n'
STRICT_DOTFILE = 'fail-level = "warning"\n'


def lint(*args: str, cache: str | None = None, cwd=None, stdin: str | None = None) -> tuple:
    if not os.path.isfile(SCRIPT):
        pytest.fail(f"agis-lint is not installed next to {sys.executable}")
    env = dict(os.environ, PYTHONPATH=ROOT)
    if cache:
        env["AGIS_LINT_CACHE_DIR"] = cache
    proc = subprocess.run([SCRIPT, "check", "--no-semantic", *args], capture_output=True, text=True,
                          env=env, cwd=cwd or ROOT, timeout=300, input=stdin)
    return proc.returncode, proc.stdout, proc.stderr


def _doc(folder, name: str = "a.agis") -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(WARNS)
    return str(folder / name)


def test_without_configuration_a_warning_passes(tmp_path):
    code, out, err = lint(_doc(tmp_path))
    assert "warning AGIS703" in out and code == 0, err


@pytest.mark.parametrize("name,text", [("pyproject.toml", STRICT_PYPROJECT),
                                       (".agis-lint.toml", STRICT_DOTFILE),
                                       (".agis-lint.toml", "[tool.agis-lint]\n" + STRICT_DOTFILE)])
def test_discovered_configuration_sets_the_exit_status(tmp_path, name, text):
    f = _doc(tmp_path)
    (tmp_path / name).write_text(text)
    code, out, err = lint(f)
    assert "warning AGIS703" in out and code == 1, err
    code, _, err = lint("a.agis", cwd=tmp_path)              # a relative name, the same answer
    assert code == 1, err
    code, _, err = lint(f, "--fail-level", "error")          # the command line overrides
    assert code == 0, err


def test_configuration_passed_with_config(tmp_path):
    f = _doc(tmp_path / "docs")
    cfg = tmp_path / "ci.toml"
    cfg.write_text(STRICT_DOTFILE)
    assert lint(f)[0] == 0
    code, _, err = lint(f, "--config", str(cfg))
    assert code == 1, err
    code, _, err = lint(f, "--config", str(cfg), "--fail-level", "error")
    assert code == 0, err
    # --config wins over a discovered file that says otherwise
    (tmp_path / "docs" / ".agis-lint.toml").write_text('fail-level = "error"\n')
    assert lint(f)[0] == 0
    code, _, err = lint(f, "--config", str(cfg))
    assert code == 1, err


def test_command_line_can_also_lower_the_bar(tmp_path):
    f = _doc(tmp_path)
    (tmp_path / ".agis-lint.toml").write_text('fail-level = "error"\n')
    code, _, err = lint(f, "--fail-level", "warning")
    assert code == 1, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_file_is_judged_by_its_own_configuration(tmp_path, jobs):
    strict, lax = _doc(tmp_path / "strict"), _doc(tmp_path / "lax")
    (tmp_path / "strict" / "pyproject.toml").write_text(STRICT_PYPROJECT)
    assert lint(lax, "--jobs", jobs)[0] == 0
    code, _, err = lint(strict, "--jobs", jobs)
    assert code == 1, err
    for order in ((lax, strict), (strict, lax)):
        code, _, err = lint(*order, "--jobs", jobs)
        assert code == 1, err
    code, _, err = lint(str(tmp_path), "--jobs", jobs)       # found by the directory walk
    assert code == 1, err
    # a lax project whose file has the warning next to a strict one whose file is clean
    (tmp_path / "strict" / "a.agis").write_text(BAD.replace("declared_verbs: [FIND, CHECK]",
                                                            "declared_verbs: [FIND]"))
    code, out, err = lint(str(tmp_path), "--jobs", jobs)
    assert "warning AGIS703" in out and code == 0, err


def test_warm_cache_keeps_each_files_fail_level(tmp_path):
    cache = str(tmp_path / "cache")
    strict, lax = _doc(tmp_path / "strict"), _doc(tmp_path / "lax")
    (tmp_path / "strict" / ".agis-lint.toml").write_text(STRICT_DOTFILE)
    for _ in range(2):                                        # cold, then warm
        assert lint(lax, cache=cache)[0] == 0
        code, _, err = lint(strict, cache=cache)
        assert code == 1, err
        code, _, err = lint(lax, strict, cache=cache)
        assert code == 1, err
    assert os.path.isdir(os.path.join(cache, "results"))
    # the configuration changes, the file does not: the cached verdict follows
    (tmp_path / "strict" / ".agis-lint.toml").write_text('fail-level = "error"\n')
    assert lint(strict, cache=cache)[0] == 0
    (tmp_path / "strict" / ".agis-lint.toml").write_text(STRICT_DOTFILE)
    assert lint(strict, cache=cache)[0] == 1


def test_standard_input_and_fix_follow_the_configuration(tmp_path):
    """The in-process road (standard input, --fix) reads the same per-file level."""
    (tmp_path / "pyproject.toml").write_text(STRICT_PYPROJECT)
    name = str(tmp_path / "a.agis")
    code, _, err = lint("-", "--stdin-filename", name, stdin=WARNS)
    assert code == 1, err
    code, _, err = lint("-", "--stdin-filename", name, "--fail-level", "error", stdin=WARNS)
    assert code == 0, err
    # --fix on a file whose warning has no safe fix left after fixing: judged as configured
    f = _doc(tmp_path)
    code, _, err = lint(f, "--fix", "--select", "AGIS508")
    assert code == 0, err                                     # AGIS508 is an information
    (tmp_path / "pyproject.toml").write_text(STRICT_PYPROJECT.replace("warning", "information"))
    code, _, err = lint(f, "--fix", "--select", "AGIS508")
    assert code == 1, err


def test_missing_config_file_is_a_usage_error(tmp_path):
    code, _, err = lint(_doc(tmp_path), "--config", str(tmp_path / "missing.toml"))
    assert code == 2 and "configuration error" in err and "Traceback" not in err
