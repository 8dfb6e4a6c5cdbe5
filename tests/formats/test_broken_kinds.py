"""A file that does not parse is still recognised by the marks of its kind, so its syntax
error is reported (exit 1) instead of `not a document of a supported kind, skipped`.

Each broken file is a shipped example cut short (or with an unclosed string), renamed so that
its name says nothing about its kind; the installed console script lints them as a process.
"""
from __future__ import annotations

import json
import os

import pytest

from agis_lsp.document import parse_text
from agis_lsp.formats import kinds, registry

from ..conftest import EXAMPLES
from ..test_process import run

F = os.path.join(EXAMPLES, "formats")
D = os.path.join(EXAMPLES, "deployment")


def _read(*parts: str) -> str:
    with open(os.path.join(*parts), encoding="utf-8") as fh:
        return fh.read()


def _cut(text: str, at: float = 0.6) -> str:
    return text[:int(len(text) * at)]


def _unclose(text: str) -> str:
    """The first quoted string of a TOML text left open (the issue's reproducer)."""
    i = text.index('= "') + 3
    j = text.index('"', i)
    return text[:j] + text[j + 1:]


# name -> (broken text, the kind its marks show)
BROKEN = {
    "booking.toml": (_unclose(_read(D, "endpoints", "book_room.toml")), "agtp-endpoint"),
    "flat-endpoint.toml": ('method = "BOOK"\npath = "/rooms\ndescription = "x"\n', "agtp-endpoint"),
    "fields-only.toml": ('[[endpoint.input.required]]\nname = "guest\n', "agtp-endpoint"),
    "recipes.toml": (_unclose(_read(D, "agtp-recipes.toml")), "agtp-recipes"),
    "server.toml": (_unclose(_read(D, "agtp-server.toml")), "agtp-server"),
    "service.yaml": (_cut(_read(EXAMPLES, "restaurant.agis")) + "\n  - [unclosed\n", "agis"),
    "service.json": (_cut(_read(EXAMPLES, "finance.agis.json")), "agis"),
    "tools.json": (_cut(_read(F, "travel.mcp.json")), "mcp-tools"),
    "tools.yaml": ("tools:\n  - name: a\n    inputSchema: {type: object\n", "mcp-tools"),
    "signatures.json": (_cut(_read(F, "weather.a2t.json")), "a2t"),
    "agent.json": (_cut(_read(F, ".well-known", "agent")), "adp-manifest"),
    "capability.json": (_cut(_read(F, "api", "capabilities", "send_email.json")), "adp-capability"),
    "intents.yaml": (_read(F, ".ainp", "manifest.yaml") + "\n  - [unclosed\n", "ainp-manifest"),
    "pointer.json": (_cut(_read(F, ".well-known", "agis.json"), 0.8), "agis-wellknown"),
    "manifest.json": ('{"agtp_version": "1.0", "server": {"name": "x",\n', "agtp-manifest"),
    "methods.json": ('{"version": "1.0.0", "embedded": ["QUERY"], "methods": {"QUERY": {\n', "agtp-catalog"),
}
UNMARKED = {"notes.toml": 'title = "x\n', "notes.yaml": "a: [b\n", "notes.json": '{"a": [1,\n'}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_marks_name_the_kind(name):
    text, kind = BROKEN[name]
    doc = parse_text(text, name)
    assert not doc.parsed, name
    assert kinds.kind_by_name(name) is None, name
    assert kinds.detect(doc) == kind


@pytest.mark.parametrize("name", sorted(UNMARKED))
def test_a_broken_file_without_marks_is_left_alone(name):
    assert kinds.detect(parse_text(UNMARKED[name], name)) is None


def test_every_registry_format_found_by_content_declares_marks():
    for f in registry.formats():
        if f.detect is not None and f.sniff:
            assert f.text_marks(), f.name


def test_broken_files_of_every_kind_get_their_syntax_error_as_a_process(tmp_path):
    for name, (text, _) in {**BROKEN, **{n: (t, None) for n, t in UNMARKED.items()}}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = sorted(BROKEN) + sorted(UNMARKED)
    code, out, err = run(["check", "--no-cache", "--no-semantic", "--format", "json", *names],
                         cwd=str(tmp_path))
    assert code == 1, (code, err[-2000:])
    report = json.loads(out)
    diags = report["diagnostics"]
    by_file: dict = {}
    for d in diags:
        by_file.setdefault(d["path"], []).append(d)
    for name in BROKEN:
        got = by_file.get(name, [])
        assert [d["code"] for d in got] == ["AGIS001"], (name, got)
        assert got[0]["severity"] == "error"
        assert got[0]["range"]["start"] != {"line": 0, "character": 0} or name.endswith(".json"), got
    for name in UNMARKED:
        assert name not in by_file
        assert f"{name}: not a document of a supported kind, skipped" in report["notes"]


def test_the_issue_reproducer_alone_exits_1(tmp_path):
    text, _ = BROKEN["booking.toml"]
    (tmp_path / "booking.toml").write_text(text, encoding="utf-8")
    code, out, err = run(["check", "--no-cache", "booking.toml"], cwd=str(tmp_path))
    assert code == 1, (out, err)
    line = text[:text.index('= "') + 3].count("\n") + 1
    assert f"booking.toml:{line}:" in out and "AGIS001" in out and "TOML syntax error" in out, out
    assert "skipped" not in err
