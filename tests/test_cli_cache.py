"""`agis-lint check --jobs N` and the result cache, run as the installed console
script in real processes, each test with its own cache directory."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
GOLDEN = os.path.join(ROOT, "tests", "golden")
DEPLOYMENT = os.path.join(ROOT, "examples", "deployment")


def lint(cache: str, *args: str) -> tuple:
    script = os.path.join(BIN, "agis-lint")
    if not os.path.isfile(script):
        pytest.fail(f"agis-lint is not installed next to {sys.executable}")
    env = dict(os.environ, PYTHONPATH=ROOT, AGIS_LINT_CACHE_DIR=cache)
    proc = subprocess.run([script, "check", "--no-semantic", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, proc.stdout, proc.stderr


def entries(cache: str) -> int:
    folder = os.path.join(cache, "results")
    return sum(len(names) for _, _, names in os.walk(folder)) if os.path.isdir(folder) else 0


@pytest.fixture
def corpus(tmp_path):
    """A copy of some golden AGIS fixtures (with findings) and of the example deployment."""
    root = tmp_path / "corpus"
    for name in ("AGIS101", "AGIS201", "AGIS301", "AGIS401"):
        shutil.copytree(os.path.join(GOLDEN, name), root / name)
    shutil.copytree(DEPLOYMENT, root / "deployment")
    return str(root)


def test_warm_run_prints_what_the_cold_run_printed(tmp_path, corpus):
    cache = str(tmp_path / "cache")
    cold = lint(cache, "--format", "json", corpus)
    stored = entries(cache)
    assert stored >= 8 and json.loads(cold[1])["diagnostics"]
    warm = lint(cache, "--format", "json", corpus)
    assert warm == cold
    assert entries(cache) == stored                     # every file was a hit: nothing new written
    assert lint(cache, "--no-cache", "--format", "json", corpus) == cold


def test_no_cache_neither_reads_nor_writes(tmp_path, corpus):
    cache = str(tmp_path / "cache")
    lint(cache, "--no-cache", corpus)
    assert entries(cache) == 0


def test_jobs_1_and_2_print_the_same(tmp_path, corpus):
    one = lint(str(tmp_path / "c1"), "--jobs", "1", "--format", "json", corpus)
    two = lint(str(tmp_path / "c2"), "--jobs", "2", "--format", "json", corpus)
    assert one == two
    assert lint(str(tmp_path / "c3"), "-j", "2", corpus) == lint(str(tmp_path / "c4"), "-j", "1", corpus)


def test_a_changed_sibling_invalidates_the_deployment(tmp_path, corpus):
    """book_room.toml does not change, but a sibling that starts to declare the same method
    and path makes it a duplicate: the cached result must not hide that."""
    cache = str(tmp_path / "cache")
    endpoints = os.path.join(corpus, "deployment", "endpoints")
    with open(os.path.join(endpoints, "book_room.toml"), encoding="utf-8") as fh:
        text = fh.read()
    sibling = os.path.join(endpoints, "book_suite.toml")
    with open(sibling, "w", encoding="utf-8") as fh:
        fh.write(text.replace('path = "/rooms"', 'path = "/suites"'))
    before = lint(cache, corpus)[1]
    assert "book_room.toml" not in before
    with open(sibling, "w", encoding="utf-8") as fh:
        fh.write(text)                                  # now BOOK /rooms twice
    after = lint(cache, corpus)[1]
    assert any(line.startswith(os.path.join(endpoints, "book_room.toml")) and "AGTP701" in line
               for line in after.splitlines()), after
    assert after == lint(cache, "--no-cache", corpus)[1]


def test_bad_jobs_value_is_a_usage_error(tmp_path):
    script = os.path.join(BIN, "agis-lint")
    proc = subprocess.run([script, "check", "--jobs", "0", "examples"], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=ROOT), cwd=ROOT, timeout=120)
    assert proc.returncode == 2 and "--jobs" in proc.stderr and "Traceback" not in proc.stderr


def test_entries_are_written_whole_and_nothing_else(tmp_path):
    from agis_lsp.cli.cache import ResultCache
    cache = ResultCache(directory=str(tmp_path))
    one, two = "ab" + "0" * 62, "ab" + "1" * 62
    cache.put(one, {"x": 1})
    cache.put(two, [2])
    cache.put(two, [3])  # rewritten in place
    assert cache.get(one) == {"x": 1} and cache.get(two) == [3]
    assert sorted(os.listdir(tmp_path / "results" / "ab")) == ["0" * 62, "1" * 62]  # no temporary files
    (tmp_path / "blocked").write_text("a file where the cache directory should be")
    blocked = ResultCache(directory=str(tmp_path / "blocked"))
    blocked.put(one, 1)  # cannot be written: no entry, no exception
    assert blocked.get(one) is None
