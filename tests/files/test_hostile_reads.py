"""Reads bounded while reading, through the installed ``agis-lint`` as a process: a FIFO, a
device or a symbolic link loop, in a folder or on the command line, never blocks the run and
never reads without end; standard input stops at the size limit plus one byte; UTF-16 and
UTF-32 with a byte-order mark are named as such.

Each run has a liveness bound (it exits at all) of a minute: a FIFO that is opened blocks
forever, and an unbounded read of /dev/zero ends in a MemoryError, never in time."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")

AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
LIVE = 60                       # seconds: the run exits at all
BAD = 'agis: "1.0"\n'           # a document with findings (required fields are missing)
GOOD = open(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "healthcare.agis"),
            encoding="utf-8").read()


def run(*args, stdin=None, cwd=None):
    proc = subprocess.run([AGIS_LINT, *args], stdin=stdin, capture_output=True, cwd=cwd,
                          timeout=LIVE)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def report(*args, cwd=None):
    code, out, err = run("check", "--no-semantic", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert code in (0, 1), err
    return code, json.loads(out)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "good.agis").write_text(GOOD, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.agis")
    os.mkfifo(tmp_path / "pipe.json")
    os.symlink("/dev/zero", tmp_path / "zero.agis")
    os.symlink("loop.agis", tmp_path / "loop.agis")
    os.symlink("nowhere.json", tmp_path / "dangling.json")
    return tmp_path


def test_a_folder_with_a_fifo_a_device_and_a_loop_is_checked_and_each_is_noted(folder):
    code, rep = report(str(folder))
    assert rep["summary"]["files"] == 1
    notes = "\n".join(rep["notes"])
    for name, what in (("pipe.agis", "not a regular file (a FIFO)"),
                       ("pipe.json", "not a regular file (a FIFO)"),
                       ("zero.agis", "not a regular file (a character device)"),
                       ("loop.agis", "a symlink loop"),
                       ("dangling.json", "a symbolic link to a missing file")):
        assert f"{folder / name}: {what}, skipped" in notes, notes


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_folder_walk_gives_the_same_on_any_number_of_processes(folder, jobs):
    (folder / "bad.agis").write_text(BAD, encoding="utf-8")
    code, rep = report(str(folder), "--jobs", jobs)
    assert code == 1 and rep["summary"]["files"] == 2


@pytest.mark.parametrize("name, message", [
    ("pipe.agis", "not a regular file: a FIFO"),
    ("zero.agis", "not a regular file: a character device"),
    ("loop.agis", "a symlink loop"),
    ("gone.agis", "a symbolic link to a missing file (nowhere.agis)"),
    ("absent.agis", "no such file or directory"),
])
def test_each_path_on_the_command_line_gets_its_own_message_and_exit_2(folder, name, message):
    os.symlink("nowhere.agis", folder / "gone.agis")
    code, out, err = run("check", "--no-semantic", name, cwd=folder)
    assert code == 2 and f"agis-lint: {name}: {message}" in err, err
    assert "Traceback" not in err
    code, out, err = run("check", "--no-semantic", name, "good.agis", cwd=folder)
    assert code == 2 and f"{name}: {message}" in err and "1 file(s) checked" in err


def test_a_device_named_on_the_command_line(tmp_path):
    code, out, err = run("check", "/dev/null")
    assert code == 2 and "agis-lint: /dev/null: not a regular file: a character device" in err


def _over(stdout: str) -> dict:
    rep = json.loads(stdout)
    [d] = rep["diagnostics"]
    assert d["code"] == "AGIS007", d
    return d


def test_dev_zero_on_standard_input_is_read_to_the_limit_only():
    with open("/dev/zero", "rb") as zero:
        code, out, err = run("check", "-", "--no-semantic", "--format", "json", stdin=zero)
    assert code == 1, err
    assert "the input is more than max-file-size (10 MiB)" in _over(out)["message"]


GENERATOR = "import sys\nchunk = b'x: 1\\n' * 16384\ntry:\n    while True:\n" \
            "        sys.stdout.buffer.write(chunk)\nexcept (BrokenPipeError, OSError):\n    pass\n"


def test_an_endless_generator_on_standard_input_stops_at_the_limit_plus_one_byte():
    gen = subprocess.Popen([sys.executable, "-c", GENERATOR], stdout=subprocess.PIPE)
    try:
        code, out, err = run("check", "-", "--no-semantic", "--format", "json",
                             "--max-file-size", "1 MB", stdin=gen.stdout)
    finally:
        gen.stdout.close()
        gen.kill()
        gen.wait(LIVE)
    assert code == 1, err
    assert "more than max-file-size (1 MiB)" in _over(out)["message"]


def test_fix_passes_an_oversized_standard_input_through_whole(tmp_path):
    big = tmp_path / "big.agis"
    big.write_bytes(b"agis: '1.0'\n" + b"# filler line\n" * 250_000)      # 3.5 MB
    with open(big, "rb") as fh:
        proc = subprocess.run([AGIS_LINT, "check", "-", "--fix", "--no-semantic", "--max-file-size",
                               "1 MB"], stdin=fh, capture_output=True, timeout=LIVE)
    assert proc.stdout == big.read_bytes()


@pytest.mark.parametrize("codec, bom, name", [
    ("utf-16-le", b"\xff\xfe", "UTF-16 (little-endian)"), ("utf-16-be", b"\xfe\xff", "UTF-16 (big-endian)"),
    ("utf-32-le", b"\xff\xfe\x00\x00", "UTF-32 (little-endian)"),
    ("utf-32-be", b"\x00\x00\xfe\xff", "UTF-32 (big-endian)"),
])
def test_utf16_and_utf32_with_a_bom_are_named_not_called_binary(tmp_path, codec, bom, name):
    f = tmp_path / "wide.agis"
    f.write_bytes(bom + GOOD.encode(codec))
    code, rep = report(str(f))
    [d] = rep["diagnostics"]
    assert d["code"] == "AGIS005" and f"the file is {name} text" in d["message"], d
    assert "binary" not in d["message"]
    with open(f, "rb") as fh:                           # standard input: the same
        code, out, err = run("check", "-", "--no-semantic", "--format", "json", stdin=fh)
    assert f"the file is {name} text" in json.loads(out)["diagnostics"][0]["message"]


@pytest.mark.parametrize("option", ["--config", "--catalog"])
def test_a_fifo_named_as_configuration_or_catalog_is_a_usage_error(folder, option):
    code, out, err = run("check", "--no-semantic", "good.agis", option, "pipe.json", cwd=folder)
    assert code == 2 and "not a regular file" in err and "Traceback" not in err, err


def test_a_fifo_as_configuration_file_found_upwards_is_not_read(folder):
    os.mkfifo(folder / ".agis-lint.toml")
    code, rep = report("good.agis", cwd=folder)
    assert rep["summary"]["files"] == 1


def test_convert_and_mcp_scan_refuse_a_fifo(folder):
    code, out, err = run("convert", "pipe.agis", "--to", "mcp", cwd=folder)
    assert code == 2 and "pipe.agis: not a regular file: a FIFO" in err, err
    code, out, err = run("mcp", "scan", "pipe.json", cwd=folder)
    assert code == 2 and "pipe.json: not a regular file: a FIFO" in err, err


def test_the_deployment_cache_and_the_linter_refuse_a_fifo_without_blocking(tmp_path):
    """What the language server reads of closed files (siblings of a deployment, a watched
    file): in a child process, so that a read that blocks fails the test instead of hanging it."""
    os.mkfifo(tmp_path / "pipe.agis")
    script = (
        "import sys\n"
        "from agis_lsp.engine.linter import Linter\n"
        "from agis_lsp.files.reading import NotRegularFile\n"
        "from agis_lsp.formats.deployment import DocumentCache\n"
        "path = sys.argv[1]\n"
        "assert DocumentCache().get(path) is None\n"
        "try:\n    Linter().read(path)\nexcept NotRegularFile as exc:\n    print(exc.strerror)\n")
    proc = subprocess.run([sys.executable, "-c", script, str(tmp_path / "pipe.agis")],
                          capture_output=True, text=True, timeout=LIVE)
    assert proc.returncode == 0 and proc.stdout.strip() == "not a regular file: a FIFO", proc.stderr


def test_a_stream_is_read_no_further_than_the_limit_plus_one_byte():
    from agis_lsp.files.reading import CHUNK, read_stream
    asked = []

    def endless(n: int) -> bytes:
        asked.append(n)
        return b"\0" * n
    limit = 3 * CHUNK + 5
    got = read_stream(endless, limit)
    assert got.over and got.size is None and len(got.raw) == limit + 1
    assert sum(asked) == limit + 1 and max(asked) <= CHUNK
    parts = [b"ab", b"c", b""]
    short = read_stream(lambda n: parts.pop(0), 10)
    assert short.raw == b"abc" and short.size == 3 and not short.over


def test_a_file_over_the_limit_is_read_to_its_head_only(tmp_path):
    from agis_lsp.files.reading import HEAD, read_file
    f = tmp_path / "big.agis"
    f.write_bytes(b"a" * (HEAD * 4))
    got = read_file(f, HEAD * 2)
    assert got.over and got.size == HEAD * 4 and len(got.raw) == HEAD
    got = read_file(f, 0)
    assert not got.over and len(got.raw) == HEAD * 4


def test_respect_gitignore_must_be_true_or_false(tmp_path):
    (tmp_path / ".agis-lint.toml").write_text('respect-gitignore = "no"\n', encoding="utf-8")
    (tmp_path / "a.agis").write_text(GOOD, encoding="utf-8")
    code, out, err = run("check", "--no-semantic", ".", cwd=tmp_path)
    assert code == 2 and "'respect-gitignore' must be true or false" in err, err
