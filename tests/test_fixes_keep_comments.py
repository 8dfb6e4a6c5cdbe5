"""Every fix keeps every comment and leaves no new error behind.

For every golden bad file and every fixture written in YAML or TOML, a comment is written at
every line where one is legal (a trailing comment at the end of each line, and a comment line
above each line, kept only where the document still reads as the same data: that is the
test of legality), then ``--fix`` and ``--fix --unsafe-fixes`` run through the real engine
(``Linter.fix``, what ``agis-lint check --fix`` runs). Each comment must survive with its text,
and the fixed document must have no error code the unfixed one did not have. A sample runs
through the installed ``agis-lint`` process. Deterministic: every file, every line, no
randomness.
"""
from __future__ import annotations

import glob
import os
import re
import shutil

import pytest

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.findings import Severity
from agis_lsp.engine.linter import Linter
from tests.goldens import all_cases
from tests.test_process import run

pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SYNTAXES = (".agis", ".yaml", ".yml", ".toml")


def _files() -> list[str]:
    out = []
    for case in all_cases("bad"):
        out += [f for f in case.files() if f.endswith(SYNTAXES)]
    for pattern in ("tests/lsp/fixtures/**/*", "tests/convert/fixtures/*", "examples/**/*"):
        out += [f for f in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))
                if os.path.isfile(f) and f.endswith(SYNTAXES)]
    readable = []
    for f in out:
        try:
            text = open(f, encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        if parse_text(text, f).parsed:
            readable.append(f)
    return readable


FILES = _files()


def _same_data(text: str, path: str, data, problems) -> bool:
    doc = parse_text(text, path)
    return doc.parsed and [p.code for p in doc.problems] == problems and repr(doc.data) == repr(data)  # NaN


def with_comments(text: str, path: str) -> tuple[str, list[str]]:
    """``text`` with a comment at every line where one is legal, and the comments' texts."""
    doc = parse_text(text, path)
    data, problems = doc.data, [p.code for p in doc.problems]
    lines = text.split("\n")
    trailing, leading = {}, {}
    for i, line in enumerate(lines):
        body = line[:-1] if line.endswith("\r") else line
        cr = line[len(body):]
        if body.strip() and not body.lstrip().startswith("#"):
            mark = f"# keep-t{i} trailing text"
            trial = lines[:i] + [f"{body}  {mark}{cr}"] + lines[i + 1:]
            if _same_data("\n".join(trial), path, data, problems):
                trailing[i] = f"{body}  {mark}{cr}"
        indent = body[:len(body) - len(body.lstrip(" "))]
        mark = f"# keep-l{i} a comment line"
        trial = lines[:i] + [f"{indent}{mark}{cr}"] + lines[i:]
        if _same_data("\n".join(trial), path, data, problems):
            leading[i] = f"{indent}{mark}{cr}"
    out = list(lines)   # each comment kept only if the comments before it still read the same data
    for i in sorted(set(trailing) | set(leading), reverse=True):
        for change in ([("t", trailing[i])] if i in trailing else []) + \
                ([("l", leading[i])] if i in leading else []):
            trial = list(out)
            if change[0] == "t":
                trial[i] = change[1]
            else:
                trial.insert(i, change[1])
            if _same_data("\n".join(trial), path, data, problems):
                out = trial
    result = "\n".join(out)
    marks = [m.group(0) for m in re.finditer(r"# keep-[tl]\d+ [^\r\n]*", result)]
    return result, marks


def _errors(diagnostics) -> set:
    return {d.code for d in diagnostics if d.severity == Severity.ERROR}


@pytest.fixture(scope="module")
def linter():
    return Linter(config_of=lambda _path: Config(semantic=False))


@pytest.mark.parametrize("path", FILES, ids=lambda f: os.path.relpath(f, ROOT))
def test_fixes_keep_every_comment_and_add_no_error(path, linter):
    text, marks = with_comments(open(path, encoding="utf-8").read(), path)
    assert marks, "no line takes a comment"
    before = linter.check(path, text=text)
    for unsafe in (False, True):
        target = linter.prepare(path, text=text)
        fixed = linter.fix(target, unsafe=unsafe).text
        lost = [m for m in marks if m not in fixed]
        assert not lost, (unsafe, lost[:5])
        after = linter.check(path, text=fixed)
        assert "AGIS000" not in {d.code for d in before.diagnostics + after.diagnostics}
        assert parse_text(fixed, path).parsed
        assert not _errors(after.diagnostics) - _errors(before.diagnostics), \
            (unsafe, sorted(_errors(after.diagnostics) - _errors(before.diagnostics)))


SAMPLE = [f for f in FILES if re.search(r"AGIS8(08|10|12)|AGIS501|AGIS102|restaurant", f)]


@pytest.mark.parametrize("path", SAMPLE, ids=lambda f: os.path.relpath(f, ROOT))
def test_the_installed_script_keeps_every_comment(path, tmp_path):
    text, marks = with_comments(open(path, encoding="utf-8").read(), path)
    target = tmp_path / os.path.basename(path)
    target.write_text(text, encoding="utf-8")
    code, _out, err = run(["check", "--no-cache", "--no-semantic", "--fix", "--unsafe-fixes",
                           target.name], cwd=str(tmp_path))
    assert code in (0, 1) and "Traceback" not in err, err
    fixed = target.read_text(encoding="utf-8")
    assert fixed != text or "applied" not in err
    lost = [m for m in marks if m not in fixed]
    assert not lost, lost[:5]


def test_the_files_cover_the_rewriting_rules():
    names = " ".join(FILES)
    for code in ("AGIS808", "AGIS810", "AGIS812", "AGIS501"):
        assert code in names
    assert any(f.endswith(".toml") for f in FILES)
