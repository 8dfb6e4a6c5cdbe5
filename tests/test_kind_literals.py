"""No AGIS/AGTP kind-string literal in ``engine/`` or ``lsp/`` outside a shrinking allow-list.

A document kind costs ``formats/`` + ``rules/`` and nothing in ``engine/`` or
``lsp/``. The registry's kinds (MCP, A2T, ADP, AINP) are never named there; AGIS and the AGTP
deployment kinds are asked about through ``formats.registry.has_trait`` (traits declared in
``NATIVE_TRAITS``) and their editor hooks (``formats.registry.editor``: outline, places,
verb places, completion's field schema; ``_NATIVE_EDITORS``). A string constant equal to
``"agis"`` or starting with ``"agtp-"`` is counted per file (from the syntax tree: comments and
prose in docstrings do not count).

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

# path (relative to agis_lsp/) -> (count, why it remains). None of them is a kind branch.
ALLOWED: dict[str, tuple[int, str]] = {
    "engine/config.py": (2, 'the `conventions = "agis"` setting value, not a document kind'),
    "engine/registry.py": (9, "the rule table's vocabulary: KINDS (checked kind names), the "
                              'default kinds=("agis",) of @rule and the convention="agis" marker'),
    "lsp/runtime/settings.py": (1, 'the "agis" section of the client settings, not a document kind'),
    "lsp/features/diagnostics.py": (1, 'the pull-diagnostics provider identifier "agis"'),
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


def test_no_kind_of_the_registry_is_named():
    """The registry's own kinds (MCP, A2T, ADP, AINP, the well-known summary) have no entry at
    all: nothing in engine/ or lsp/ compares a kind with one of their names."""
    from agis_lsp.formats.registry import kind_names
    names = set(kind_names())
    found: Counter = Counter()
    for area in AREAS:
        for path in sorted((ROOT / area).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            found[path.relative_to(ROOT).as_posix()] += sum(
                1 for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names)
    assert not +found, f"registry kind names in engine/ or lsp/: {dict(+found)}; add an editor hook"


def test_traits_cover_the_native_kinds():
    from agis_lsp.engine.registry import KINDS
    from agis_lsp.formats.registry import NATIVE_TRAITS, has_trait, DEPLOYMENT
    assert set(NATIVE_TRAITS) == set(KINDS) - {"any"}
    assert all(has_trait(k, DEPLOYMENT) for k in NATIVE_TRAITS if k != "agis")
    assert not has_trait("agis", DEPLOYMENT) and not has_trait(None, DEPLOYMENT)
    assert not has_trait("mcp-tools", DEPLOYMENT)


def test_every_native_kind_declares_its_editor_hooks():
    """AGIS and each AGTP kind has editor hooks (at least where its verbs are), so the server
    never falls back to a guess for them."""
    from agis_lsp.formats.registry import NATIVE_TRAITS, NO_HOOKS, _NATIVE_EDITORS, editor
    assert set(_NATIVE_EDITORS) == set(NATIVE_TRAITS)
    for kind in NATIVE_TRAITS:
        assert editor(kind) is not NO_HOOKS and editor(kind).verb_place is not None, kind
