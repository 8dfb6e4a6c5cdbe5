"""formats.registry.kind_by_name joins each format's globs into one regular expression;
it must answer what fnmatch.fnmatchcase over each lowered glob (on the lowered path, its last
segment, then the path after "/", so a relative ".vscode/mcp.json" meets "*/.vscode/mcp.json")
answers, format by format in registry order; for a format named in one case only
(``exact_case``: AGENTS.md, SKILL.md) the glob and the path as written."""
from __future__ import annotations

import fnmatch

from agis_lsp.formats import registry


def _by_fnmatch(path):
    exact = (path or "").replace("\\", "/")
    if not exact:
        return None
    for f in registry.formats():
        norm = exact if f.exact_case else exact.lower()
        for pattern in f.file_globs:
            pattern = pattern if f.exact_case else pattern.lower()
            if fnmatch.fnmatchcase(norm, pattern) or fnmatch.fnmatchcase(norm.rsplit("/", 1)[-1], pattern) \
                    or fnmatch.fnmatchcase("/" + norm, pattern):
                return f.name
    return None


def test_joined_globs_answer_as_fnmatch():
    names = ["", "a.agis", "/x/endpoints/a.toml", "agis.json", "x/agis.json", "mcp-tools.json.bak",
             ".well-known/agent", "a\nb.mcp.json"]
    for f in registry.formats():
        for glob in f.file_globs:
            for prefix in ("", "a/", "/x/y/", "x/.well-known/", "C:/w/"):
                for t in (glob.replace("*", "foo"), glob.replace("*", ""), glob.replace("*", "a/b"),
                          glob + "x", "x" + glob, glob.upper().replace("*", "Q")):
                    names.append(prefix + t)
    found = [n for n in names if _by_fnmatch(n)]
    assert len(found) > 100  # the names do reach the globs
    assert [(n, registry.kind_by_name(n)) for n in names] == [(n, _by_fnmatch(n)) for n in names]
