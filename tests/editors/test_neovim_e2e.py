"""End to end in real Neovim (headless) with the real server.

Sources editors/nvim's config snippet (0.7: start_client + buf_attach_client; 0.8+:
vim.lsp.start), opens an AGIS file whose method is GET, waits for AGIS301, asks for
its code action, applies the workspace edit, writes the buffer and checks the file.
The rename tests rename a method used by two endpoints and in declared_verbs with
vim.lsp.buf.rename, write the buffer, check the file, then exercise omni-completion
(<C-x><C-o> in Insert mode, the omnifunc the snippet sets) on a new endpoint's method.
The Lua driver is tests/editors/nvim_e2e.lua; it reports through a JSON file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from .conftest import EDITORS, INSTALL, ROOT, missing, run, server_python
from .test_vscode_e2e import CODE, DEFECT, FIX_TITLE

NVIM_DIR = ROOT / "editors" / "nvim"


NVIM_VENV = Path(os.environ.get("AGIS_NVIM_VENV", Path.home() / ".cache" / "agis-editors" / "nvim-venv"))


def version_of(nvim: str) -> tuple[int, int, int]:
    out = run([nvim, "--version"], timeout=60).stdout
    m = re.search(r"NVIM v(\d+)\.(\d+)\.(\d+)", out)
    assert m, out
    return tuple(int(x) for x in m.groups())


def system_nvim() -> str:
    nvim = shutil.which("nvim")
    if not nvim:
        missing("nvim")
    return nvim


def current_nvim() -> str:
    """A Neovim >= 0.8: the system one if new enough, else the one install_editors.sh puts in NVIM_VENV."""
    nvim = system_nvim()
    if version_of(nvim) >= (0, 8, 0):
        return nvim
    candidate = NVIM_VENV / "bin" / "nvim"
    if not candidate.exists():
        missing(f"Neovim >= 0.8 (system nvim is {version_of(nvim)}; expected in {NVIM_VENV})")
    assert version_of(str(candidate)) >= (0, 8, 0)
    return str(candidate)


TOML_DEFECT = 'method = "GET"\npath = "/reservations/{id}"\n'
TOML_CODE, TOML_FIX = "AGTP103", "Replace with FETCH"     # legacy HTTP verb in an AGTP endpoint file


def run_nvim(tmp_path, config: str, name: str = "reservations.agis", settings: dict | None = None,
             text: str = DEFECT, code: str = CODE, fix: str = FIX_TITLE, nvim: str = "nvim",
             extra_env: dict | None = None, cmd: str | None = None, cwd: Path | None = None) -> dict:
    workspace = tmp_path / "ws"
    fixture = workspace / name
    fixture.parent.mkdir(parents=True, exist_ok=True)
    fixture.write_text(text, encoding="utf-8")
    result_file = tmp_path / "result.json"
    env = {
        **os.environ,
        "AGIS_NVIM_RTP": str(NVIM_DIR),
        "AGIS_NVIM_CONFIG": str(NVIM_DIR / config),
        "AGIS_NVIM_CMD": json.dumps([server_python(), "-m", "agis_lsp.lsp"]) if cmd is None else cmd,
        "AGIS_NVIM_SETTINGS": json.dumps(settings or {"semantic": {"enabled": False}}),
        "AGIS_NVIM_FILE": str(fixture),
        "AGIS_NVIM_CODE": code,
        "AGIS_NVIM_FIX": fix,
        "AGIS_NVIM_RESULT": str(result_file),
        "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
        **(extra_env or {}),
    }
    t = time.monotonic()
    proc = run([nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
                "-c", f"luafile {EDITORS / 'nvim_e2e.lua'}"], cwd=cwd or workspace, env=env, timeout=180)
    elapsed = time.monotonic() - t
    assert result_file.exists(), f"nvim wrote no result (rc={proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    result = json.loads(result_file.read_text(encoding="utf-8"))
    result["file"] = fixture.read_text(encoding="utf-8")
    print(f"nvim {result.get('nvim')} {config} ({result.get('applied_with')}): {elapsed:.1f} s;",
          [(s["name"], s["ms"]) for s in result.get("steps", [])])
    return result


ERROR, WARN = 1, 2   # vim.diagnostic.severity


def check(result: dict, severity: int = ERROR, code: str = CODE, fix: str = FIX_TITLE, filetype: str = "agis",
          fixed: str = "method: FETCH", broken: str = "method: GET") -> None:
    assert result["ok"], json.dumps(result, indent=2)
    assert result["omnifunc"] == "v:lua.vim.lsp.omnifunc", result["omnifunc"]
    assert result["virtual_text"].startswith(f"{code}: "), result["virtual_text"]
    assert result["float"].startswith(f"{code}: "), result["float"]
    [diag] = [d for d in result["before"] if d["code"] == code]
    assert diag["severity"] == severity and diag["source"] == "agis-lint", diag
    assert result["filetype"] == filetype and result["syntax"] == filetype, result
    if filetype == "agis":
        assert result["syntax_at_defect"] == "agisMethod", result["syntax_at_defect"]
    assert any(fix in a for a in result["actions"]), result["actions"]
    assert fixed in result["file"] and broken not in result["file"], result["file"]
    assert fixed in result["text"], result["text"]
    assert not any(d["code"] == code for d in result["after"]), result["after"]


def test_neovim_07_config(tmp_path):
    """The 0.7 snippet on Debian's nvim 0.7.2 (or whatever `nvim` is): start_client + buf_attach_client."""
    result = run_nvim(tmp_path, "agis-nvim07.lua", nvim=system_nvim())
    check(result)


def test_neovim_07_config_on_current_nvim(tmp_path):
    """The 0.7 snippet keeps working on a current Neovim."""
    check(run_nvim(tmp_path, "agis-nvim07.lua", nvim=current_nvim()))


def test_neovim_08_config(tmp_path):
    """The 0.8+ snippet (vim.lsp.start on FileType) with vim.lsp.buf.code_action{apply=true}."""
    nvim = current_nvim()
    result = run_nvim(tmp_path, "agis.lua", nvim=nvim)
    check(result)
    assert result["applied_with"] == "vim.lsp.buf.code_action{apply=true}"


def test_neovim_08_config_agtp_toml(tmp_path):
    nvim = current_nvim()
    result = run_nvim(tmp_path, "agis.lua", name="endpoints/get.toml", text=TOML_DEFECT,
                      code=TOML_CODE, fix=TOML_FIX, nvim=nvim)
    check(result, code=TOML_CODE, fix=TOML_FIX, filetype="toml", fixed='method = "FETCH"', broken='"GET"')


def test_neovim_settings_reach_the_server(tmp_path):
    """agis.severity set through client settings (workspace/configuration) turns AGIS301 into a warning."""
    result = run_nvim(tmp_path, "agis-nvim07.lua", nvim=system_nvim(),
                      settings={"semantic": {"enabled": False}, "severity": {CODE: "warning"}})
    check(result, severity=WARN)


def test_neovim_agtp_toml_keeps_filetype(tmp_path):
    """endpoints/*.toml stays filetype toml and still gets the server (attached by file name)."""
    result = run_nvim(tmp_path, "agis-nvim07.lua", nvim=system_nvim(), name="endpoints/get.toml", text=TOML_DEFECT,
                      code=TOML_CODE, fix=TOML_FIX)
    check(result, code=TOML_CODE, fix=TOML_FIX, filetype="toml", fixed='method = "FETCH"', broken='"GET"')


RENAME_TEXT = """\
agis: "1.0"
service: "Acme Restaurant Reservations"
agtp: "agtp://reservations.acme.com"
description: "Reservation look-ups for restaurant booking agents"
endpoints:
  - method: RETRIEVE
    path: /reservation/{id}
    semantic: {intent: "Retrieves a restaurant reservation", actor: agent, capability: retrieval}
  - method: RETRIEVE
    path: /guest/{id}
    semantic: {intent: "Retrieves a guest profile", actor: agent, capability: retrieval}
vocabulary: {declared_verbs: [RETRIEVE], domain: hospitality}
"""


def check_rename(result: dict) -> None:
    assert result["ok"], json.dumps(result, indent=2)
    assert result["prepare"]["placeholder"] == "RETRIEVE", result["prepare"]
    assert result["prepare_on_key"] is None, result["prepare_on_key"]            # no rename on a key
    assert "inflected" in (result["invalid_name_error"] or ""), result["invalid_name_error"]   # FETCHING
    expected = RENAME_TEXT.replace("RETRIEVE", "FETCH")
    assert result["file"] == expected and result["file"].count("FETCH") == 3, result["file"]
    assert result["text"] == expected.rstrip("\n"), result["text"]
    # omni-completion on "  - method: F": the server's verbs (no keys), FETCH among them. 0.7's
    # omnifunc keeps the items starting with the typed "F"; 0.11's leaves the filtering to the menu.
    words = result["completion"]
    assert "FETCH" in words and all(w.isalpha() and w.isupper() for w in words), words
    if result["nvim"].startswith("0.7"):
        assert all(w.startswith("F") for w in words), words


def rename_env() -> dict:
    return {"AGIS_NVIM_MODE": "rename", "AGIS_NVIM_OLD": "RETRIEVE", "AGIS_NVIM_RENAME": "FETCH"}


def test_neovim_07_rename_and_completion(tmp_path):
    """0.7.2 (Debian), the 0.7 snippet: vim.lsp.buf.rename('FETCH') renames both endpoints' methods
    and declared_verbs; omni-completion offers FETCH."""
    result = run_nvim(tmp_path, "agis-nvim07.lua", nvim=system_nvim(), text=RENAME_TEXT, extra_env=rename_env())
    check_rename(result)
    assert result["nvim"].startswith("0.7"), result["nvim"]


def test_neovim_08_rename_and_completion(tmp_path):
    """A current Neovim (0.11), the 0.8+ snippet: the same rename and completion."""
    result = run_nvim(tmp_path, "agis.lua", nvim=current_nvim(), text=RENAME_TEXT, extra_env=rename_env())
    check_rename(result)


def test_neovim_011_config(tmp_path):
    """The 0.11+ form: vim.lsp.config('agis_lsp', ...) + vim.lsp.enable, on an AGIS file and an endpoint TOML."""
    nvim = current_nvim()
    if version_of(nvim) < (0, 11, 0):
        missing(f"Neovim >= 0.11 (found {version_of(nvim)}; expected in {NVIM_VENV})")
    result = run_nvim(tmp_path, "agis-0.11.lua", nvim=nvim)
    check(result)
    assert result["client"] == "agis_lsp", result["client"]
    toml = run_nvim(tmp_path / "toml", "agis-0.11.lua", name="endpoints/get.toml", text=TOML_DEFECT,
                    code=TOML_CODE, fix=TOML_FIX, nvim=nvim)
    check(toml, code=TOML_CODE, fix=TOML_FIX, filetype="toml", fixed='method = "FETCH"', broken='"GET"')


def nvim_for(config: str, which: str) -> str:
    """The system nvim (0.7.2) or the current one; the 0.11 config needs 0.11."""
    nvim = system_nvim() if which == "system" else current_nvim()
    if config == "agis-0.11.lua" and version_of(nvim) < (0, 11, 0):
        missing(f"Neovim >= 0.11 (found {version_of(nvim)})")
    return nvim


def path_without_agis_lsp() -> str:
    """PATH without the directories that hold an agis-lsp."""
    return os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if not (Path(p) / "agis-lsp").exists())


def project_venv_server(workspace: Path) -> Path:
    """workspace/.venv/bin/agis-lsp: a launcher of this checkout's server (what `pip install` would put there)."""
    exe = workspace / ".venv" / "bin" / "agis-lsp"
    exe.parent.mkdir(parents=True)
    exe.write_text(f"#!/bin/sh\nexec {server_python()} -m agis_lsp.lsp \"$@\"\n", encoding="utf-8")
    exe.chmod(0o755)
    (workspace / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    return exe


@pytest.mark.parametrize("config, which", [("agis-nvim07.lua", "system"), ("agis.lua", "current"),
                                           ("agis-0.11.lua", "current")])
def test_neovim_finds_the_project_venv_and_checkhealth_says_so(tmp_path, config, which):
    """No vim.g.agis_lsp_cmd and no agis-lsp on PATH: the project's .venv/bin/agis-lsp (found upward from
    a file two directories down) runs the server; :checkhealth agis names it and its version."""
    nvim = nvim_for(config, which)
    exe = project_venv_server(tmp_path / "ws")
    path = path_without_agis_lsp()
    assert shutil.which("agis-lsp", path=path) is None
    result = run_nvim(tmp_path, config, name="api/v1/reservations.agis", nvim=nvim, cmd="",
                      extra_env={"PATH": path, "AGIS_NVIM_HEALTH": "1"})
    check(result)
    health = result["health"]
    assert f"command (from .venv): {exe}" in health, health
    assert "version: agis-lsp " in health and "running: agis" in health, health


@pytest.mark.parametrize("config, which", [("agis-nvim07.lua", "system"), ("agis-0.11.lua", "current")])
def test_checkhealth_from_another_directory_names_the_buffers_project_and_the_running_command(
        tmp_path, config, which):
    """Neovim started outside the project (its current directory is not the project): :checkhealth agis
    still reports the buffer's project, its .venv/bin/agis-lsp, and the command the running client started."""
    nvim = nvim_for(config, which)
    exe = project_venv_server(tmp_path / "ws")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = path_without_agis_lsp()
    result = run_nvim(tmp_path, config, name="api/v1/reservations.agis", nvim=nvim, cmd="", cwd=elsewhere,
                      extra_env={"PATH": path, "AGIS_NVIM_HEALTH": "1"})
    check(result)
    health = result["health"]
    assert f"buffer: {tmp_path / 'ws' / 'api' / 'v1' / 'reservations.agis'}; project root: {tmp_path / 'ws'}" \
        in health, health
    assert f"the project's server: {exe}" in health and f"command (from .venv): {exe}" in health, health
    assert re.search(rf"running: agis[-_]lsp \(id \d+, root {re.escape(str(tmp_path / 'ws'))}\): {re.escape(str(exe))}",
                     health), health
    assert "not executable" not in health and "ERROR" not in health, health


@pytest.mark.parametrize("config, which", [("agis-nvim07.lua", "system"), ("agis-0.11.lua", "current")])
def test_checkhealth_without_a_server_gives_advice_that_works(tmp_path, config, which):
    """No .venv, no agis-lsp on PATH, no vim.g.agis_lsp_cmd: an error whose advice installs a wheel or a
    checkout (agis-lsp is not on the package index), never `pip install agis-lsp`."""
    nvim = nvim_for(config, which)
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = path_without_agis_lsp()
    result = run_nvim(tmp_path, config, name="reservations.agis", nvim=nvim, cmd="", cwd=elsewhere,
                      extra_env={"PATH": path, "AGIS_NVIM_MODE": "health"})
    assert result["ok"], json.dumps(result, indent=2)
    health = result["health"]
    assert f"project root: {tmp_path / 'ws'}" in health, health
    assert f"no .venv/bin/agis-lsp in {tmp_path / 'ws'} or above it" in health, health
    assert "command agis-lsp (from PATH) is not executable" in health, health
    assert ".venv/bin/pip install /path/to/agis_lsp-*.whl" in health, health
    assert "python3 -m venv .venv && .venv/bin/pip install -e ." in health, health
    assert "pip install agis-lsp" not in health, health
    assert "no agis-lsp client is running" in health, health


def _mcp_config(tmp_path) -> str:
    """A .vscode/mcp.json with one server: the poisoned SDK server of tests/mcp_live."""
    import sys
    server = ROOT / "tests" / "mcp_live" / "servers" / "fixture_server.py"
    return json.dumps({"servers": {"calculator": {"type": "stdio", "command": sys.executable,
                                                  "args": [str(server), "poisoned"]}}}, indent=2)


@pytest.mark.parametrize("config, which", [("agis-nvim07.lua", "system"), ("agis.lua", "current"),
                                           ("agis-0.11.lua", "current")])
def test_neovim_scan_this_server_code_lens(tmp_path, config, which):
    """Each snippet turns on the code lens of MCP client configurations: "Scan this server" shows on
    the entry without any request from the test, and running it (vim.lsp.codelens.run) scans the
    server and puts its findings on the buffer."""
    pytest.importorskip("mcp")
    nvim = nvim_for(config, which)
    result = run_nvim(tmp_path, config, name=".vscode/mcp.json", text=_mcp_config(tmp_path),
                      code="AGSC301", nvim=nvim, extra_env={"AGIS_NVIM_MODE": "codelens"})
    assert result["ok"], json.dumps(result, indent=2)
    assert [(x["title"], x["command"], x["name"]) for x in result["lenses"]] == [
        ("Scan this server", "agis.scanServer", "calculator")], result["lenses"]
    assert any(d["code"] == "AGSC301" for d in result["after"]), result["after"]


def test_neovim_011_scan_lens_with_the_bundled_libraries(tmp_path):
    """Neovim 0.11 runs the server as the VS Code extension does (a Python that cannot import agis_lsp, the
    extension's launcher, bundled/libs): vim.lsp.codelens.run() on "Scan this server" scans the poisoned
    server and its findings arrive on the buffer, not "No module named 'agis_lsp'"."""
    pytest.importorskip("mcp")
    from ..bundled import bundled_layout, cannot_import_agis_lsp
    nvim = current_nvim()
    if version_of(nvim) < (0, 11, 0):
        missing(f"Neovim >= 0.11 (found {version_of(nvim)}; expected in {NVIM_VENV})")
    python, launcher = bundled_layout(tmp_path / "vsix")
    assert cannot_import_agis_lsp(python, tmp_path)
    env = {"AGIS_NVIM_MODE": "codelens", "PYTHONPATH": ""}
    result = run_nvim(tmp_path, "agis-0.11.lua", name=".vscode/mcp.json", text=_mcp_config(tmp_path),
                      code="AGSC301", nvim=nvim, cmd=json.dumps([python, launcher]), extra_env=env)
    assert result["ok"], json.dumps(result, indent=2)
    scan = [d for d in result["after"] if d["source"] == "agis-lint mcp scan"]
    assert {"AGSC102", "AGSC301"} <= {d["code"] for d in scan}, result["after"]
    assert all(d["message"].startswith("mcp://calculator/") for d in scan), scan
    pins = tmp_path / "state" / "agis-lint" / "mcp-pins.json"      # XDG_STATE_HOME of run_nvim
    assert pins.is_file() and not (tmp_path / "ws" / ".vscode" / "mcp-pins.json").exists()
