"""No AGIS/AGTP kind-string literal in ``engine/`` or ``lsp/`` outside a shrinking allow-list.

Issue 25, item 7: a document kind costs ``formats/`` + ``rules/`` and nothing in ``engine/`` or
``lsp/``. The registry's kinds (MCP, A2T, ADP, AINP) are never named there; AGIS and the AGTP
deployment kinds are asked about through ``formats.registry.has_trait`` (traits declared in
``NATIVE_TRAITS``). A string constant equal to ``"agis"`` or starting with ``"agtp-"`` is
counted per file (from the syntax tree: comments and prose in docstrings do not count).

The allow-list is a ratchet: a file may not gain a literal, and a file that loses one must
lower its entry here (so the list only shrinks). Each entry says why it is still there.
"""
from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import agis_lsp

ROOT = Path(agis_lsp.__file__).parent
AREAS = ("engine", "lsp")

# path (relative to agis_lsp/) -> (count, why it remains)
ALLOWED: dict[str, tuple[int, str]] = {
    "engine/config.py": (2, 'the `conventions = "agis"` setting value, not a document kind'),
    "engine/registry.py": (9, "the rule table's vocabulary: KINDS (checked kind names), the "
                              'default kinds=("agis",) of @rule and the convention="agis" marker'),
    "lsp/settings.py": (1, 'the "agis" section of the client settings, not a document kind'),
    "lsp/features/diagnostics.py": (1, 'the pull-diagnostics provider identifier "agis"'),
    "lsp/ide/convert_actions.py": (7, "conversion targets/sources (agis.convert command "
                                      "arguments); a converter table in formats/ would own them"),
    "lsp/ide/completion.py": (7, "AGIS/AGTP value completion (declared verbs, endpoint "
                                   "fields, AGTP method lists): needs a completion hook"),
    "lsp/ide/agtp_fields.py": (6, "per-kind AGTP field docs: belongs in an AGTP FormatKind schema"),
    "lsp/ide/places.py": (4, "the semantic-token place builders keyed by kind: needs a places hook"),
    "lsp/ide/symbols.py": (2, "the AGIS/AGTP outlines: need the registry's outline hook"),
    "lsp/ide/hover.py": (1, "where an AGIS verb sits (key or method value): needs verb_place "
                            "with the key/value part for native kinds"),
}


def _is_kind_literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and \
        (node.value == "agis" or node.value.startswith("agtp-"))


def kind_literals() -> Counter:
    found: Counter = Counter()
    for area in AREAS:
        for path in sorted((ROOT / area).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            rel = path.relative_to(ROOT).as_posix()
            found[rel] += sum(1 for node in ast.walk(tree) if _is_kind_literal(node))
    return +found


def test_no_new_kind_literals():
    found = kind_literals()
    extra = {f: n for f, n in found.items() if n > ALLOWED.get(f, (0, ""))[0]}
    assert not extra, (f"AGIS/AGTP kind literals in engine/ or lsp/ beyond the allow-list: {extra}; "
                       "declare a trait in formats/registry.py NATIVE_TRAITS and ask has_trait()")


def test_allow_list_shrinks_with_the_code():
    found = kind_literals()
    stale = {f: (n, found.get(f, 0)) for f, (n, _) in ALLOWED.items() if found.get(f, 0) < n}
    assert not stale, f"lower these allow-list entries (allowed, found): {stale}"


def test_traits_cover_the_native_kinds():
    from agis_lsp.engine.registry import KINDS
    from agis_lsp.formats.registry import NATIVE_TRAITS, has_trait, DEPLOYMENT
    assert set(NATIVE_TRAITS) == set(KINDS) - {"any"}
    assert all(has_trait(k, DEPLOYMENT) for k in NATIVE_TRAITS if k != "agis")
    assert not has_trait("agis", DEPLOYMENT) and not has_trait(None, DEPLOYMENT)
    assert not has_trait("mcp-tools", DEPLOYMENT)
