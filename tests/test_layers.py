"""The packages of agis_lsp import one way.

    document <- formats <- engine <- rules <- convert <- cli, lsp

``document`` knows syntax, positions, fix operations and the suppression-comment grammar;
``formats`` what a document is and each format's vocabulary; ``engine`` runs the rules;
``cli`` and ``lsp`` are the two front ends (neither imports the other). ``catalog``, ``files``,
``lexicon``, ``semantic`` and the package root are leaves: anyone may import them and they
import no other agis_lsp package.

Every module is parsed with :mod:`ast` (nothing is imported); every ``import`` and
``from ... import`` statement counts, relative or absolute, at module level, inside a
function or under ``if TYPE_CHECKING``. Loading a module by name with importlib (the rule
registry does) is not an edge. No two modules import each other, directly or around a
circle, whether the packages they are in are the same or not.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "agis_lsp"
TOP = "agis_lsp"

LAYERS = (("document",), ("formats",), ("engine",), ("rules",), ("convert",), ("cli", "lsp"))
LEAVES = frozenset({"catalog", "files", "lexicon", "semantic", "<root>"})
RANK = {pkg: rank for rank, group in enumerate(LAYERS) for pkg in group}

# Edges (importing module, imported module) that break the layer order; left out of checks
# (a) and (b). None today: an entry whose import goes must leave (the test fails on entries
# that no longer occur), so the list only shrinks.
EXCEPTIONS: frozenset = frozenset()

# The front ends reach the engine through its entry points: the Linter (every lint), the data
# it returns (engine.findings), configuration (engine.config: settings and config files), rule
# documentation (engine.registry: get_rule / all_rules), fix helpers for quick fixes
# (engine.fixer: preferred_fix, apply_edits) and the cache location (engine.cachedir). They
# never run rules themselves (engine.runner, engine.context, engine.suppress,
# engine.consequences) and never import rules. document (positions, parsing an editor buffer
# for completion) and formats (views and vocabularies for editor features) are allowed.
ENGINE_ENTRY_POINTS = frozenset({"agis_lsp.engine", "agis_lsp.engine.linter", "agis_lsp.engine.findings",
                                 "agis_lsp.engine.config", "agis_lsp.engine.registry",
                                 "agis_lsp.engine.fixer", "agis_lsp.engine.cachedir"})
CHECKED_BY_C = frozenset({"engine", "rules"})


# -- the import graph ----------------------------------------------------------------------
def _modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module of the package (directories without an
    ``__init__.py``, such as the model-building scripts, are not part of it)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if not all((root / Path(*rel.parts[:i]) / "__init__.py").is_file() for i in range(len(rel.parts))):
            continue
        parts = [TOP, *rel.with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: set) -> list[tuple[str, int]]:
    """(imported agis_lsp module, line) for every import statement of one module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for a in node.names:
                sub = f"{module}.{a.name}"       # ``from pkg import submodule`` names the submodule
                out.append((sub if sub in known else module, node.lineno))
    return [(m, line) for m, line in out if m == TOP or m.startswith(TOP + ".")]


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def import_edges(root: Path = ROOT) -> list[tuple[str, str, str]]:
    """(importing module, imported module, "file:line") between different packages."""
    modules = _modules(root)
    known = set(modules)
    edges = []
    for name, path in modules.items():
        for target, line in _imports(name, path, known):
            if package_of(target) != package_of(name):
                edges.append((name, target, f"{path.relative_to(root.parent)}:{line}"))
    return edges


def upward(src: str, dst: str) -> bool:
    """Does an import from package ``src`` of package ``dst`` break the layer order?"""
    if src in LEAVES:
        return True                          # leaves import no other agis_lsp package
    if dst in LEAVES:
        return False
    return RANK[dst] >= RANK[src]            # same rank: cli and lsp stay apart


def cycles(graph: dict[str, set]) -> list[list[str]]:
    """The strongly connected components of more than one package (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


@pytest.fixture(scope="module")
def edges():
    return import_edges()


# -- the checks ------------------------------------------------------------------------------
def test_every_package_has_a_place_in_the_layers():
    packages = {package_of(m) for m in _modules(ROOT)}
    assert packages - set(RANK) - LEAVES == set(), "add the new package to LAYERS or LEAVES"


def test_no_upward_import(edges):
    """(a) Each package imports only packages below it (and the leaves)."""
    bad = [f"{where}: {src} imports {dst}" for src, dst, where in edges
           if upward(package_of(src), package_of(dst)) and (src, dst) not in EXCEPTIONS]
    assert bad == [], "imports against the layer order " + " <- ".join("/".join(g) for g in LAYERS) + \
        ":\n" + "\n".join(bad)


def test_no_cycle_between_packages(edges):
    """(b) The package graph is acyclic."""
    graph: dict[str, set] = {}
    for src, dst, _ in edges:
        if (src, dst) not in EXCEPTIONS:
            graph.setdefault(package_of(src), set()).add(package_of(dst))
    assert cycles(graph) == []


def test_front_ends_use_the_engine_entry_points(edges):
    """(c) cli and lsp reach the engine through its entry points only, and never the rules."""
    bad = [f"{where}: {src} imports {dst}" for src, dst, where in edges
           if package_of(src) in ("cli", "lsp") and package_of(dst) in CHECKED_BY_C
           and dst not in ENGINE_ENTRY_POINTS]
    assert bad == [], "cli/lsp import past the engine's entry points " + \
        f"{sorted(ENGINE_ENTRY_POINTS)}:\n" + "\n".join(bad)


def module_graph(root: Path = ROOT) -> dict[str, set]:
    """Every module -> the agis_lsp modules it imports (inside its package too; a package
    importing a name of its own ``__init__`` is no edge)."""
    modules = _modules(root)
    known = set(modules)
    return {name: {t for t, _ in _imports(name, path, known) if t != name}
            for name, path in modules.items()}


def test_no_import_cycle_between_modules():
    """(b') The module graph is acyclic: lazy and type-only imports count, so a reader never
    meets a circle. Move what two modules share into the lower one, or into a small module
    both import."""
    found = cycles(module_graph())
    assert found == [], "modules importing each other:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_module_cycle_check_sees_lazy_type_only_and_package_imports(tmp_path):
    root = _tree(tmp_path, {
        "engine/__init__.py": "",
        "engine/facts.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                           "    from .context import LintContext\n",
        "engine/context.py": "from .facts import Fact\n",
        "engine/registry.py": "def f():\n    from .walk import whole\n",
        "engine/walk.py": "from agis_lsp.engine import registry\n",
        "semantic/__init__.py": "X = 1\ndef f():\n    from . import encoder\n",
        "semantic/encoder.py": "from . import X\n",
        "cli/__init__.py": "",
        "cli/main.py": "from .usage import UsageError\n",
        "cli/usage.py": "from .. import cli\n",
        "cli/ok.py": "from .main import UsageError\n",
    })
    assert sorted(cycles(module_graph(root))) == [
        ["agis_lsp.engine.context", "agis_lsp.engine.facts"],
        ["agis_lsp.engine.registry", "agis_lsp.engine.walk"],
        ["agis_lsp.semantic", "agis_lsp.semantic.encoder"]]      # cli: one way, no circle


def test_exceptions_still_exist(edges):
    """An exception whose import is gone must leave the list (which only shrinks)."""
    seen = {(src, dst) for src, dst, _ in edges}
    assert sorted(EXCEPTIONS - seen) == [], "no longer imported; remove from EXCEPTIONS"


def private_rule_imports(edges) -> list[str]:
    """(d) Imports, from outside ``rules/``, of a private rule module (``rules/**/_*.py``) or of
    a package below one: what convert/ or lsp/ needs lives in formats/ or document/."""
    return sorted({f"{where}: {src} imports {dst}" for src, dst, where in edges
                   if package_of(src) != "rules" and package_of(dst) == "rules"
                   and any(part.startswith("_") for part in dst.split(".")[2:])})


def test_no_private_rule_module_is_imported_from_outside_the_rules(edges):
    bad = private_rule_imports(edges)
    assert bad == [], "move the helper into formats/ or document/:\n" + "\n".join(bad)


# -- the checks catch what they should -----------------------------------------------------------
def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / TOP
    for rel, text in {"__init__.py": "", **files}.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


def test_the_graph_resolves_relative_absolute_and_function_level_imports(tmp_path):
    root = _tree(tmp_path, {
        "document/__init__.py": "",
        "document/edits.py": "def f():\n    from ..engine.findings import X\n",
        "engine/__init__.py": "from .. import lexicon\nimport agis_lsp.document.edits\n",
        "engine/findings.py": "from agis_lsp.formats import agtp\n",
        "formats/__init__.py": "",
        "formats/agtp/__init__.py": "from ...document import edits\nfrom . import vocabulary\n",
        "formats/agtp/vocabulary.py": "",
        "lexicon/__init__.py": "",
        "notapackage/script.py": "import agis_lsp.cli\n",
    })
    got = {(s, d) for s, d, _ in import_edges(root)}
    assert got == {("agis_lsp.document.edits", "agis_lsp.engine.findings"),
                   ("agis_lsp.engine", "agis_lsp.lexicon"),
                   ("agis_lsp.engine", "agis_lsp.document.edits"),
                   ("agis_lsp.engine.findings", "agis_lsp.formats.agtp"),
                   ("agis_lsp.formats.agtp", "agis_lsp.document.edits")}
    assert [(s, d) for s, d, _ in import_edges(root) if upward(package_of(s), package_of(d))] == \
        [("agis_lsp.document.edits", "agis_lsp.engine.findings")]


def test_the_private_rule_module_check_sees_relative_and_function_level_imports(tmp_path):
    root = _tree(tmp_path, {
        "rules/__init__.py": "", "rules/agis/__init__.py": "",
        "rules/agis/_paths.py": "", "rules/agis/pass4.py": "from ._paths import x\n",
        "rules/table/__init__.py": "",
        "convert/__init__.py": "",
        "convert/paths.py": "def f():\n    from ..rules.agis._paths import x\n",
        "convert/ok.py": "from ..rules import table\n",
    })
    bad = private_rule_imports(import_edges(root))
    assert [b.split(": ", 1)[1] for b in bad] == ["agis_lsp.convert.paths imports agis_lsp.rules.agis._paths"]


@pytest.mark.parametrize("src, dst, expected", [
    ("document", "engine", True), ("formats", "rules", True), ("engine", "convert", True),
    ("rules", "lsp", True), ("cli", "lsp", True), ("lsp", "cli", True), ("catalog", "document", True),
    ("lexicon", "semantic", True), ("engine", "formats", False), ("lsp", "rules", False),
    ("rules", "lexicon", False), ("formats", "catalog", False), ("cli", "<root>", False),
])
def test_upward(src, dst, expected):
    assert upward(src, dst) is expected


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


# -- the server object is built by the entry point only ---------------------------
SERVER = f"{TOP}.lsp.server"
SERVER_IMPORTERS = frozenset({f"{TOP}.lsp.main"})    # the entry point: builds the server


def server_imports(root: Path = ROOT) -> list[str]:
    """"file:line" of every import of ``lsp/server.py`` inside ``lsp/`` but the entry point's
    (type-only imports under ``TYPE_CHECKING`` count: the parts use ``lsp/runtime/protocols.py``)."""
    modules = _modules(root)
    known = set(modules)
    return [f"{path.relative_to(root.parent)}:{line}"
            for name, path in modules.items()
            if package_of(name) == "lsp" and name not in SERVER_IMPORTERS | {SERVER}
            for target, line in _imports(name, path, known) if target == SERVER]


def test_only_the_entry_point_imports_the_server():
    bad = server_imports()
    assert bad == [], "lsp/ modules importing lsp/server.py (annotate with " \
                      "lsp.runtime.protocols.Server instead): " + ", ".join(bad)


def test_the_server_import_check_sees_type_only_and_module_imports(tmp_path):
    files = {
        "__init__.py": "", "lsp/__init__.py": "",
        "lsp/server.py": "class AgisLanguageServer: ...\n",
        "lsp/main.py": "from .server import AgisLanguageServer\n", "lsp/runtime/__init__.py": "",
        "lsp/runtime/scheduler.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                    "    from ..server import AgisLanguageServer\n",
        "lsp/features/__init__.py": "",
        "lsp/features/hover.py": "from .. import server\n",
        "lsp/features/ok.py": "from ..runtime.protocols import Server\n",
        "lsp/runtime/protocols.py": "class Server: ...\n",
    }
    root = tmp_path / "agis_lsp"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    assert sorted(server_imports(root)) == ["agis_lsp/lsp/features/hover.py:1",
                                            "agis_lsp/lsp/runtime/scheduler.py:3"]


# -- inside lsp/: protocol <- ide <- runtime <- features <- server <- main -------------------------
# protocol: engine values as LSP types, client capabilities, URIs, cancellation; ide: pure builders
# of answers; runtime: the running server's machinery; features: the protocol handlers; server.py
# builds the server; main.py (and __main__) is the entry point. A part imports only parts before it.
LSP_PARTS = ("protocol", "ide", "runtime", "features", "server", "main")
LSP_RANK = {part: n for n, part in enumerate(LSP_PARTS)} | {"__main__": len(LSP_PARTS)}
NO_PYGLS = ("ide",)                  # pure builders: no pygls


def lsp_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "lsp" else None


def lsp_imports(root: Path = ROOT) -> list[str]:
    """"file:line: module" of every import inside ``lsp/`` that points up the parts' order (or
    from ``ide/`` at pygls), type-only and lazy imports included."""
    modules = _modules(root)
    known = set(modules)
    bad = []
    for name, path in modules.items():
        src = lsp_part(name)
        if src is None:
            continue
        assert src in LSP_RANK, f"{name}: a module of lsp/ outside its parts {LSP_PARTS}"
        where = path.relative_to(root.parent)
        for target, line in _imports(name, path, known):
            dst = lsp_part(target)
            if dst is not None and dst != src and LSP_RANK.get(dst, -1) > LSP_RANK[src]:
                bad.append(f"{where}:{line}: {target}")
        if src in NO_PYGLS:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
                bad += [f"{where}:{node.lineno}: {n}" for n in names if n.split(".")[0] == "pygls"]
    return bad


def test_lsp_parts_import_down_only():
    bad = lsp_imports()
    assert bad == [], f"lsp/ parts import in the order {LSP_PARTS}:\n" + "\n".join(bad)


def test_lsp_root_holds_only_the_server_and_the_entry_point():
    root_files = sorted(p.name for p in (ROOT / "lsp").glob("*.py"))
    assert root_files == ["__init__.py", "__main__.py", "main.py", "server.py"], root_files


def shared_names(root: Path = ROOT) -> dict[str, list[str]]:
    """Module and package names that occur more than once inside ``lsp/``."""
    seen: dict[str, list[str]] = {}
    for path in sorted((root / "lsp").rglob("*.py")):
        rel = str(path.relative_to(root.parent))
        if path.name == "__init__.py":
            if path.parent != root / "lsp":
                seen.setdefault(path.parent.name, []).append(rel)   # a package's name counts
        elif path.name != "__main__.py":
            seen.setdefault(path.stem, []).append(rel)
    return {name: where for name, where in seen.items() if len(where) > 1}


def test_no_two_modules_inside_lsp_share_a_name():
    assert shared_names() == {}, "name the module for its role (ide: what it builds; " \
                                 "features: the requests it handles)"


def test_the_lsp_part_and_name_checks_catch_what_they_should(tmp_path):
    files = {
        "__init__.py": "", "lsp/__init__.py": "", "lsp/protocol/__init__.py": "",
        "lsp/protocol/cancel.py": "", "lsp/runtime/__init__.py": "", "lsp/runtime/scheduler.py": "",
        "lsp/server.py": "", "lsp/ide/__init__.py": "",
        "lsp/ide/hover.py": "from ..protocol import cancel\nfrom ..protocol.to_lsp import x\nfrom . import places\n",
        "lsp/ide/places.py": "def f():\n    from ..features import tokens\n",
        "lsp/ide/tokens.py": "from ..runtime.scheduler import DELAY\nimport pygls.server\n"
                             "from pygls.workspace import TextDocument\n",
        "lsp/protocol/to_lsp.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                  "    from ..runtime.state import View\n",
        "lsp/features/__init__.py": "", "lsp/features/tokens.py": "",
        "lsp/features/hover_requests.py": "from ..ide.hover import build\nfrom ..server import x\n",
    }
    root = tmp_path / "agis_lsp"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    assert sorted(lsp_imports(root)) == [
        "agis_lsp/lsp/features/hover_requests.py:2: agis_lsp.lsp.server",
        "agis_lsp/lsp/ide/places.py:2: agis_lsp.lsp.features.tokens",
        "agis_lsp/lsp/ide/tokens.py:1: agis_lsp.lsp.runtime.scheduler",
        "agis_lsp/lsp/ide/tokens.py:2: pygls.server",
        "agis_lsp/lsp/ide/tokens.py:3: pygls.workspace",
        "agis_lsp/lsp/protocol/to_lsp.py:3: agis_lsp.lsp.runtime.state"]
    assert shared_names(root) == {"tokens": ["agis_lsp/lsp/features/tokens.py",
                                             "agis_lsp/lsp/ide/tokens.py"]}
    (root / "lsp/features.py").write_text("", encoding="utf-8")
    assert set(shared_names(root)) == {"tokens", "features"}
