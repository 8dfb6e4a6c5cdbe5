"""max-file-size: a file over the limit gets one AGIS007 finding at its top (exit 1) and is not
parsed; the limit comes from the configuration or --max-file-size. The
installed console script as a process."""
from __future__ import annotations

import json
import os

import pytest

from tests.conftest import EXAMPLES
from tests.test_process import run

RESTAURANT = open(os.path.join(EXAMPLES, "restaurant.agis"), encoding="utf-8").read()


def _check(cwd, *args):
    code, out, err = run(["check", "--no-cache", "--no-semantic", "--format", "json", *args], cwd=str(cwd))
    assert "Traceback" not in err, err
    return code, json.loads(out) if out.strip().startswith("{") else None, err


def test_the_default_limit_is_10_mib(tmp_path):
    # an otherwise clean document past 10 MiB: one finding, at 1:1, and nothing parsed
    pad = "".join(f"# padding line {i:07d} " + "x" * 80 + "\n" for i in range(110_000))
    (tmp_path / "big.agis").write_text(RESTAURANT + pad + "endpoints: [\n", encoding="utf-8")
    assert (tmp_path / "big.agis").stat().st_size > 10 * 1024 * 1024
    code, report, err = _check(tmp_path, "big.agis")
    assert code == 1, err
    [d] = report["diagnostics"]
    assert d["code"] == "AGIS007" and d["severity"] == "error"
    assert d["range"]["start"] == {"line": 0, "character": 0}
    assert "more than max-file-size (10 MiB)" in d["message"], d["message"]


@pytest.mark.parametrize("where", ["pyproject.toml", ".agis-lint.toml", "--config", "--max-file-size"])
def test_the_limit_follows_the_configuration(tmp_path, where):
    (tmp_path / "a.agis").write_text(RESTAURANT, encoding="utf-8")        # ~4 KB
    (tmp_path / "small.agis").write_text('agis: "1.0"\n', encoding="utf-8")
    args = []
    if where == "pyproject.toml":
        (tmp_path / "pyproject.toml").write_text('[tool.agis-lint]\nmax-file-size = "2 KB"\n')
    elif where == ".agis-lint.toml":
        (tmp_path / ".agis-lint.toml").write_text("max-file-size = 2048\n")
    elif where == "--config":
        (tmp_path / "limits.toml").write_text('max-file-size = "2KB"\n')
        args = ["--config", "limits.toml"]
    else:
        args = ["--max-file-size", "2KB"]
    code, report, err = _check(tmp_path, *args, "a.agis", "small.agis")
    assert code == 1, err
    big = [d for d in report["diagnostics"] if d["path"] == "a.agis"]
    assert [d["code"] for d in big] == ["AGIS007"], big
    assert "more than max-file-size (2 KiB)" in big[0]["message"]
    assert "AGIS007" not in {d["code"] for d in report["diagnostics"] if d["path"] == "small.agis"}


def test_zero_turns_the_limit_off_and_the_command_line_wins(tmp_path):
    (tmp_path / ".agis-lint.toml").write_text('max-file-size = "1 KB"\n')
    (tmp_path / "a.agis").write_text(RESTAURANT, encoding="utf-8")
    code, report, err = _check(tmp_path, "--max-file-size", "0", "a.agis")
    assert code == 0, (report, err)
    assert report["diagnostics"] == [] or "AGIS007" not in {d["code"] for d in report["diagnostics"]}


def test_standard_input_is_measured_too(tmp_path):
    code, out, err = run(["check", "--no-cache", "--no-semantic", "--max-file-size", "100",
                          "--stdin-filename", "in.agis", "-"], stdin=RESTAURANT.encode(), cwd=str(tmp_path))
    assert code == 1, err
    assert "in.agis:1:1: error AGIS007" in out, out


@pytest.mark.parametrize("value", ['"ten"', "-5", "true", '"10 TB"'])
def test_a_bad_value_is_a_configuration_error(tmp_path, value):
    (tmp_path / ".agis-lint.toml").write_text(f"max-file-size = {value}\n")
    (tmp_path / "a.agis").write_text(RESTAURANT, encoding="utf-8")
    code, out, err = run(["check", "--no-cache", "a.agis"], cwd=str(tmp_path))
    assert code == 2, (out, err)
    assert "max-file-size" in err and "Traceback" not in err
