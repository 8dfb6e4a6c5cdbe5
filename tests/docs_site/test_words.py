"""The docs, the package, the scripts, the benchmarks and the model's files speak of the product.

Words about how the work was organised (issue numbers, rounds or sessions of work, who did it) belong
nowhere but the dated measurement page, ``docs/benchmarks.md``. Facts about data stay ("built on
2026-11-27 by scripts/harvest_mcp.py"). The check runs without mkdocs, on every file git would ship.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Words that describe the project's work, not the product.
HISTORY = re.compile(
    r"\bissues? ?#?\d+"                                     # issue 22, issue #11, issues 21
    r"|\b(?:first|second|third|fourth|earlier|previous|last) (?:round|wave|sprint)s?\b"
    r"|\b(?:first|second|last|earlier|previous|this|next|an earlier) session\b"
    r"|\bround \d+\b|\brounds of work\b|\bhelper sessions?\b|`\w+` helper\b"
    r"|\bthe (?!server|client|model|editor|test|lsp|shape)\w+ helpers?\b"
    r"(?! (?:thread|function|module|class|method|script|process|layers?|text|builds|that|which))"
    r"|\b(?:seven|eight|eighth|several|two|three) helpers\b|\bhelpers? (?:worked|wrote|found|did)\b"
    r"|\bbefore/after this change\b|\bthis change\b",
    re.I)
# Where such words may stand: the dated page of measurements and the changelog.
ALLOWED = {"docs/benchmarks.md", "CHANGELOG.md", "tests/docs_site/test_words.py"}
SUFFIXES = {".md", ".py", ".toml", ".txt", ".yml", ".yaml", ".lua", ".ts", ".json", ".sh"}
ROOTS = ("README.md", "docs/", "agis_lsp/", "scripts/", "models/", "benchmarks/", "editors/", "tests/",
         "vscode-extension/src/", "vscode-extension/README.md", "mkdocs.yml", "pyproject.toml", ".ci/")


def _files():
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split("\n")
    for rel in out:
        if not rel or rel in ALLOWED or not rel.startswith(ROOTS):
            continue
        path = ROOT / rel
        if path.suffix in SUFFIXES and path.is_file() and path.stat().st_size < 2_000_000 \
                and "/corpora/" not in rel and "tokenizer" not in rel:
            yield rel, path


def test_the_pattern_sees_what_it_is_for() -> None:
    for text in ("as issue 22 found", "the second round", "written by the sec helper", "(issue #11)",
                 "Since the last session", "before/after this change"):
        assert HISTORY.search(text), text
    for text in ("a helper thread", "the LSP session", "round trip", "rounds down", "an issue tracker",
                 "the fix rounds", "Small helpers shared by the formats",
                 "and a helper called outside a request", "this round's fixes", "the helper thread"):
        assert not HISTORY.search(text), text


def test_no_words_about_the_work() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("needs the git checkout to list the files")
    found = []
    for rel, path in _files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        data = rel.startswith("models/data/")   # payload texts: only their own comment lines are ours
        for n, line in enumerate(text.splitlines(), 1):
            m = None if data and not line.startswith("#") else HISTORY.search(line)
            if m:
                found.append(f"{rel}:{n}: {m.group(0)!r}: {line.strip()[:120]}")
    assert not found, f"{len(found)} lines speak of the work, not the product:\n" + "\n".join(found[:80])
