"""The shipped data: present, small, loads fast, and matches the build script."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from agis_lsp.lexicon import DATA_DIR, Lexicon

FILES = ["verbs.txt", "inflections.tsv.gz", "words.tsv.gz", "nonaction.tsv", "vague.tsv",
         "pathwords.tsv", "prefixes.txt", "SOURCES.md"]
ROOT = Path(__file__).resolve().parents[2]


def test_files_exist_and_are_small() -> None:
    total = 0
    for name in FILES:
        p = DATA_DIR / name
        assert p.is_file(), name
        total += p.stat().st_size
    assert total < 3 * 1024 * 1024


def test_tables_have_plausible_sizes() -> None:
    lex = Lexicon().load_all()
    assert 7000 < len(lex.verbs) < 20000
    assert sum(len(t) for _, t in lex.inflections) > 20000
    assert len(lex.words) > 40000
    assert {"being", "state", "noun"} <= set(lex.nonaction.values())
    assert "process" in lex.vague
    assert lex.path_roles["get"] == {"leak"}
    assert lex.path_roles["list"] == {"ambiguous", "head"}
    # base form wins: no base verb is listed as an inflection
    for _, table in lex.inflections:
        assert not (set(table) & lex.verbs)


def test_fresh_load_is_bounded() -> None:
    # The benchmark (benchmarks/lexicon_load.py) reports the real number, target < 50 ms;
    # this guards against a load that goes quadratic, on the CPU time of this process (the
    # other processes of a busy CI machine do not count), with a wide margin.
    t = time.process_time()
    Lexicon().load_all()
    assert time.process_time() - t < 2.5


def test_build_script_reproduces_the_shipped_files() -> None:
    pytest.importorskip("lemminflect")
    pytest.importorskip("spacy_lookups_data")
    res = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lexicon.py"), "--check"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
