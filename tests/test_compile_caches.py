"""The command line's caches of what it compiles at every start: regular
expressions (agis_lsp.cli.regex_cache) and the methods dataclasses generates
(agis_lsp.cli.code_cache). What comes from a cache equals what the standard compile
builds, the findings do not change with a cold, warm or broken cache, and importing the
package installs neither."""
from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys

import pytest

from agis_lsp.cli import code_cache, regex_cache

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(not regex_cache.supported(), reason="no regex cache on this interpreter")


def _lint(cache: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, AGIS_LINT_CACHE_DIR=cache)
    proc = subprocess.run([sys.executable, "-m", "agis_lsp.cli", "check", "--no-cache", "--no-semantic",
                           "--format", "json", "examples"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return proc


def _entries(cache: str, kind: str = "regex") -> dict:
    (name,) = os.listdir(os.path.join(cache, kind))
    with open(os.path.join(cache, kind, name), "rb") as fh:
        return marshal.load(fh)


def test_cached_patterns_equal_the_standard_ones(tmp_path):
    cache = str(tmp_path)
    _lint(cache)
    table = _entries(cache)
    assert len(table) > 50
    import _sre
    for (pattern, flags), args in table.items():
        standard = re._compiler.compile(pattern, flags)
        cached = _sre.compile(pattern, *args)
        assert cached == standard, pattern           # same code words, flags and pattern
        assert (cached.groups, cached.groupindex) == (standard.groups, standard.groupindex)


def test_findings_are_the_same_cold_warm_and_broken(tmp_path):
    cache = str(tmp_path)
    cold = _lint(cache)
    warm = _lint(cache)
    for kind in ("regex", "code"):
        (name,) = os.listdir(os.path.join(cache, kind))
        with open(os.path.join(cache, kind, name), "wb") as fh:
            fh.write(b"\x00broken")
    broken = _lint(cache)
    assert cold.stdout and cold.stdout == warm.stdout == broken.stdout
    assert cold.returncode == warm.returncode == broken.returncode
    assert len(_entries(cache)) > 50 and len(_entries(cache, "code")) > 50   # broken entries replaced


def test_installed_only_by_the_command_line():
    code = ("import re, dataclasses; before = re._compiler.compile\n"
            "import agis_lsp.cli.main, agis_lsp.engine.linter\n"
            "print(re._compiler.compile is before and 'exec' not in vars(dataclasses))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.strip() == "True", out.stderr


def test_install_and_uninstall_in_process(tmp_path, monkeypatch):
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))
    standard = re._compiler.compile
    assert regex_cache.install()
    try:
        assert re._compiler.compile is not standard
        p = re.compile(r"(?P<word>[a-z]+)-(\d{2,})\Z", re.I)       # not yet in the cache: computed
        assert p == standard(p.pattern, re.I) and p.groupindex == {"word": 1}
        with pytest.raises(re.error):
            re.compile(r"(unclosed")
        regex_cache.save()
        regex_cache.uninstall()
        assert (r"(?P<word>[a-z]+)-(\d{2,})\Z", int(re.I)) in _entries(str(tmp_path))
        assert regex_cache.install()
        re.purge()                                   # not re's own in-process cache: ours
        again = re.compile(r"(?P<word>[a-z]+)-(\d{2,})\Z", re.I)
        assert again is not p and again == p and again.match("Ab-123").group("word") == "Ab"
        assert not regex_cache._new                  # a hit, nothing new to save
    finally:
        regex_cache.uninstall()
        re.purge()
    assert re._compiler.compile is standard


def test_cached_code_equals_the_compiled_source(tmp_path):
    cache = str(tmp_path)
    _lint(cache)
    table = _entries(cache, "code")
    assert len(table) > 50
    for source, code in table.items():
        assert code == compile(source, "<string>", "exec", dont_inherit=True), source


def test_dataclasses_behave_the_same_with_the_code_cache(tmp_path, monkeypatch):
    import dataclasses
    monkeypatch.setenv("AGIS_LINT_CACHE_DIR", str(tmp_path))

    def make():
        @dataclasses.dataclass(frozen=True, order=True)
        class Point:
            x: int
            y: "tuple" = dataclasses.field(default_factory=tuple)
        return Point

    standard = make()
    try:
        for _ in range(2):                           # computed, then (after save) from the cache
            assert code_cache.install()
            cached = make()
            code_cache.save()
            code_cache.uninstall()
            a, b = cached(1), cached(1, (2,))
            assert (repr(a), a == cached(1), a < b, hash(a) == hash(cached(1))) == \
                   (repr(standard(1)), True, True, True)
            with pytest.raises(dataclasses.FrozenInstanceError):
                a.x = 2
            assert [f.name for f in dataclasses.fields(cached)] == ["x", "y"]
            assert cached.__init__.__code__ == standard.__init__.__code__
        assert len(_entries(str(tmp_path), "code")) >= 4
    finally:
        code_cache.uninstall()
    assert "exec" not in vars(dataclasses)
