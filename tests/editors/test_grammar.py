"""TextMate grammar tests: syntaxes/*.tmLanguage.json against tests/editors/grammar/*.test.*.

The fixtures carry `# SYNTAX TEST` scope assertions (vscode-tmgrammar-test, which
tokenizes with the same vscode-textmate + oniguruma that VS Code uses).  The
mutation tests break one rule at a time and check the fixtures notice.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from .conftest import EDITORS, EXTENSION, ROOT, VSCODE_WEB_DIR, missing, need_node, need_npm_packages, run

GRAMMAR_DIR = EDITORS / "grammar"
SYNTAXES = ROOT / "syntaxes"
FIXTURES = sorted(p.name for p in GRAMMAR_DIR.glob("*.test.*"))


def run_tmgrammar_test(config: Path, fixtures: list[Path]) -> tuple[int, str]:
    bin_dir = need_npm_packages()
    proc = run([str(bin_dir / "vscode-tmgrammar-test"), "-c", "--config", str(config), *map(str, fixtures)],
               cwd=EXTENSION, timeout=120)
    return proc.returncode, proc.stdout + proc.stderr


def test_generated_grammars_are_current():
    proc = run([sys.executable, str(SYNTAXES / "build.py"), "--check"], timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_fixtures_cover_yaml_json_and_toml():
    assert {"reservations.test.agis", "reservations.test.agis.json", "endpoint.test.toml"} <= set(FIXTURES)
    for name in FIXTURES:
        text = (GRAMMAR_DIR / name).read_text(encoding="utf-8")
        assert text.startswith("# SYNTAX TEST "), name
        assert text.count("\n#") >= 20 or name.endswith(".toml"), f"{name}: too few assertions"


@pytest.mark.parametrize("fixture", FIXTURES)
def test_grammar_fixture(fixture):
    rc, out = run_tmgrammar_test(GRAMMAR_DIR / "grammars.json", [GRAMMAR_DIR / fixture])
    assert rc == 0, out
    assert "run successfuly" in out, out


def _mutated_config(tmp_path: Path, mutate) -> Path:
    """A copy of grammars.json whose grammars went through mutate(name, grammar_dict)."""
    config = json.loads((GRAMMAR_DIR / "grammars.json").read_text(encoding="utf-8"))
    for entry in config["contributes"]["grammars"]:
        src = (GRAMMAR_DIR / entry["path"]).resolve()
        grammar = json.loads(src.read_text(encoding="utf-8"))
        mutate(src.name, grammar)
        dst = tmp_path / src.name
        dst.write_text(json.dumps(grammar), encoding="utf-8")
        entry["path"] = dst.name
    out = tmp_path / "grammars.json"
    out.write_text(json.dumps(config), encoding="utf-8")
    return out


NEVER = "(?!x)x"


def _drop_path_params(name, g):
    if "path-param" in g.get("repository", {}):
        g["repository"]["path-param"]["match"] = NEVER


def _drop_enums(name, g):
    if name == "agis.tmLanguage.json":
        g["repository"]["enum-entry"]["patterns"] = []


def _drop_semantic_keys(name, g):
    if name == "agis.tmLanguage.json":
        g["repository"]["key"]["patterns"].pop(0)


def _drop_endpoint_keys(name, g):
    if name == "agis.tmLanguage.json":
        g["repository"]["endpoint-key"]["patterns"] = []


def _paths_as_strings(name, g):
    """The old scope: paths coloured as strings."""
    text = json.dumps(g).replace("entity.name.type.path.agis markup.underline.link.path.agis", "string.unquoted.path.agis")
    g.clear()
    g.update(json.loads(text))


def _drop_toml_injection(name, g):
    if name == "agtp-toml.injection.tmLanguage.json":
        g["injectionSelector"] = "L:source.nothing"


@pytest.mark.parametrize("mutate, fixtures, expect", [
    (_drop_path_params, FIXTURES, "variable.parameter.path.agis"),
    (_drop_enums, ["reservations.test.agis", "reservations.test.agis.json"], "constant.language.enum.agis"),
    (_drop_semantic_keys, ["reservations.test.agis", "reservations.test.agis.json"],
     "support.type.property-name.semantic.agis"),
    (_drop_endpoint_keys, ["reservations.test.agis", "reservations.test.agis.json"], "meta.mapping-key.endpoint.agis"),
    (_drop_toml_injection, ["endpoint.test.toml"], "entity.name.function.method.agis"),
    (_paths_as_strings, FIXTURES, "entity.name.type.path.agis"),
], ids=lambda v: getattr(v, "__name__", None) or "")
def test_fixtures_catch_regressions(tmp_path, mutate, fixtures, expect):
    config = _mutated_config(tmp_path, mutate)
    rc, out = run_tmgrammar_test(config, [GRAMMAR_DIR / f for f in fixtures])
    assert rc != 0, f"a broken grammar passed the fixtures:\n{out}"
    assert expect in out, out
    # every fixture given must notice (none of them is silently unaffected)
    for fixture in fixtures:
        assert f"{fixture}:" in out, f"{fixture} did not fail:\n{out}"


# -- colours under VS Code's default themes -------------------------------------------------------
THEMES = VSCODE_WEB_DIR / "node_modules" / "code-server" / "lib" / "vscode" / "extensions" / "theme-defaults" / "themes"
SAMPLE = """\
agis: "1.0"
endpoints:
  - method: GET
    path: /reservation/{id}
    semantic:
      intent: "Retrieves a reservation"
      capability: retrieval
"""
UNDERLINE = 4   # vscode-textmate FontStyle.Underline


def test_default_themes_colour_paths_apart(tmp_path):
    """Under Dark+, Light+ and the Modern themes (the JSON VS Code 1.100 ships, read from code-server),
    tokenized and coloured by vscode-textmate as VS Code does: a path is underlined and has a colour
    of its own, not the colour of strings, keys, the verb or enum values."""
    need_node()
    bin_dir = need_npm_packages()
    if not THEMES.is_dir():
        missing(f"code-server's default themes ({THEMES})")
    themes = {label: str(THEMES / name) for label, name in [
        ("Dark+", "dark_plus.json"), ("Light+", "light_plus.json"),
        ("Dark Modern", "dark_modern.json"), ("Light Modern", "light_modern.json")]}
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"nodeModules": str(bin_dir.parent), "grammar": str(SYNTAXES / "agis.tmLanguage.json"),
                                "scopeName": "source.agis", "text": SAMPLE, "themes": themes}), encoding="utf-8")
    proc = run(["node", str(EDITORS / "theme_colours.js"), str(spec)], timeout=60)
    assert proc.returncode == 0, proc.stderr
    for label, tokens in json.loads(proc.stdout).items():
        colour = {text.strip(): (fg, style) for text, fg, style, _ in tokens}
        path_fg, path_style = colour["/reservation/"]
        assert path_style & UNDERLINE, (label, tokens)
        others = {name: colour[name][0] for name in ['"1.0"', '"Retrieves a reservation"', "path", "method", "intent",
                                                     "GET", "retrieval", "agis"]}
        assert path_fg not in others.values(), (label, path_fg, others)
        assert colour["{id}"][0] != path_fg, (label, tokens)     # the parameter stands out inside the path
