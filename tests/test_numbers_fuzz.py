"""Numbers of any size, NaN, infinities and negative zero in every numeric field of every kind:
each lints through the real engine to numbers or to a clear diagnostic, never AGIS000.

The fields are the numbers of every golden case (AGIS, AGTP TOML, MCP JSON, A2T, ADP, AINP,
MCP client configurations): each distinct field (its path with list indexes dropped) of each
rule folder, once per hostile literal of its syntax. Deterministic: no randomness, the same
inputs every run.
"""
from __future__ import annotations

import os
import shutil

import pytest

from agis_lsp.document import read_document
from agis_lsp.engine.config import Config
from agis_lsp.engine.runner import lint
from agis_lsp.formats.deployment import DocumentCache, find_deployment
from tests.goldens import all_cases

pytestmark = pytest.mark.slow

BIG_DEC = "1" + "0" * 400                         # > 1.8e308, < Python's int-string limit
HOSTILE = {
    "yaml": [BIG_DEC, "-" + BIG_DEC, "0x" + "f" * 300, "0o" + "7" * 400, "1e400", "-1e400", "1e-400",
             "-0.0", ".nan", ".inf", "-.inf", "9" * 5000, "!!float " + BIG_DEC, "!!float 0x" + "f" * 300,
             "!!int " + BIG_DEC],
    "json": [BIG_DEC, "-" + BIG_DEC, "1e999", "-1e999", "1e-400", "-0.0", "-0", "9" * 5000],
    "toml": [BIG_DEC, "0x" + "f" * 300, "0o" + "7" * 400, "1e400", "-1e400", "1e-400", "-0.0",
             "nan", "inf", "-inf", "+inf"],
}
# Numbers written as strings where a number belongs (rules that offer to unquote them).
QUOTED = ['"1e400"', '"-1e400"', '"' + BIG_DEC + '"', '"-0.0"', '"nan"', '"inf"', '"1e-400"']


def _numbers(doc):
    """(path, start, end) of every number literal of ``doc``."""
    out = []
    for path, value in doc.walk():
        if path and isinstance(value, (int, float)) and not isinstance(value, bool):
            e = doc.entry(path)
            if e is not None and e.value_end > e.value_start:
                out.append((path, e.value_start, e.value_end))
    return out


def _strings(doc):
    """(path, start, end) of every string scalar of ``doc`` (a number where text belongs)."""
    out = []
    for path, value in doc.walk():
        if path and isinstance(value, str):
            e = doc.entry(path)
            if e is not None and e.value_end > e.value_start and e.style in ("", '"', "'"):
                out.append((path, e.value_start, e.value_end))
    return out


def _fields(find=None):
    """One (case, file, path, start, end) per distinct numeric field of each rule folder."""
    seen, out = set(), []
    for which in ("good", "bad"):
        for case in all_cases(which):
            for f in case.files():
                doc = read_document(f)
                for path, s, e in (find or _numbers)(doc):
                    shape = (case.suite.name, doc.syntax,
                             tuple("*" if isinstance(p, int) else p for p in path))
                    if shape not in seen:
                        seen.add(shape)
                        out.append((case, f, path, s, e, doc.syntax))
    return out


FIELDS = _fields()
# Where a kind has no number of its own (an MCP client configuration), numbers go where text
# belongs: every distinct string field, with the literals that overflow a float.
TEXT_FIELDS = [f for f in _fields(_strings) if f[0].code.startswith("MCPC")]
OVERFLOW = {"yaml": [BIG_DEC, "0x" + "f" * 300, "1e400", ".nan"], "json": [BIG_DEC, "1e999", "-1e999"],
            "toml": [BIG_DEC, "inf", "nan"]}


def test_the_fields_cover_every_kind():
    suites = {f[0].code[:4] for f in FIELDS + TEXT_FIELDS}
    assert {"AGIS", "AGTP", "MCPT", "ATOT", "AGDP", "AINP", "MCPC"} <= suites, suites


def test_the_fields_cover_every_syntax():
    assert {syntax for *_rest, syntax in FIELDS} == {"yaml", "json", "toml"}
    assert len(FIELDS) > 40


def _lint_with(case, f, start, end, literal, tmp_path):
    """Lint ``f`` (inside a copy of its case) with ``literal`` written at [start, end)."""
    root = tmp_path / "case"
    if case.is_folder:
        shutil.copytree(case.path, root)
        target = root / os.path.relpath(f, case.path)
    else:
        root.mkdir(parents=True)
        target = root / os.path.basename(f)
    text = open(f, encoding="utf-8").read()
    target.write_text(text[:start] + literal + text[end:], encoding="utf-8")
    dep = find_deployment(str(target), cache=DocumentCache())
    doc = dep.doc(str(target)) if dep is not None and dep.doc(str(target)) is not None \
        else read_document(str(target))
    return lint(doc, Config(level=2), semantic=False, deployment=dep).diagnostics


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f"{f[0].code}/{os.path.basename(f[1])}"
                         f":{'.'.join(map(str, f[2]))}")
def test_hostile_numbers_never_crash(field, tmp_path):
    case, f, path, start, end, syntax = field
    crashes = []
    for i, literal in enumerate(HOSTILE[syntax] + QUOTED):
        diags = _lint_with(case, f, start, end, literal, tmp_path / str(i))
        crashes += [(literal[:12], d.message) for d in diags if d.code == "AGIS000"]
    assert not crashes, crashes


@pytest.mark.parametrize("field", TEXT_FIELDS, ids=lambda f: f"{f[0].code}/{os.path.basename(f[1])}"
                         f":{'.'.join(map(str, f[2]))}")
def test_numbers_where_text_belongs_never_crash(field, tmp_path):
    case, f, path, start, end, syntax = field
    crashes = []
    for i, literal in enumerate(OVERFLOW[syntax]):
        diags = _lint_with(case, f, start, end, literal, tmp_path / str(i))
        crashes += [(literal[:12], d.message) for d in diags if d.code == "AGIS000"]
    assert not crashes, crashes
