"""End to end in real Neovim (headless) with the real server.

Sources editors/nvim's config snippet (0.7: start_client + buf_attach_client; 0.8+:
vim.lsp.start), opens an AGIS file whose method is GET, waits for AGIS301, asks for
its code action, applies the workspace edit, writes the buffer and checks the file.
The Lua driver is tests/editors/nvim_e2e.lua; it reports through a JSON file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time

import pytest

from .conftest import EDITORS, INSTALL, ROOT, run, server_python
from .test_vscode_e2e import CODE, DEFECT, FIX_TITLE

NVIM_DIR = ROOT / "editors" / "nvim"


def nvim_version() -> tuple[int, int, int]:
    nvim = shutil.which("nvim")
    if not nvim:
        pytest.skip(f"nvim is not installed (run `{INSTALL}`)")
    out = run([nvim, "--version"], timeout=30).stdout
    m = re.search(r"NVIM v(\d+)\.(\d+)\.(\d+)", out)
    assert m, out
    return tuple(int(x) for x in m.groups())


TOML_DEFECT = 'method = "GET"\npath = "/reservations/{id}"\n'
TOML_CODE, TOML_FIX = "AGTP103", "Replace with FETCH"     # legacy HTTP verb in an AGTP endpoint file


def run_nvim(tmp_path, config: str, name: str = "reservations.agis", settings: dict | None = None,
             text: str = DEFECT, code: str = CODE, fix: str = FIX_TITLE) -> dict:
    workspace = tmp_path / "ws"
    fixture = workspace / name
    fixture.parent.mkdir(parents=True)
    fixture.write_text(text, encoding="utf-8")
    result_file = tmp_path / "result.json"
    env = {
        **os.environ,
        "AGIS_NVIM_RTP": str(NVIM_DIR),
        "AGIS_NVIM_CONFIG": str(NVIM_DIR / config),
        "AGIS_NVIM_CMD": json.dumps([server_python(), "-m", "agis_lsp.lsp"]),
        "AGIS_NVIM_SETTINGS": json.dumps(settings or {"semantic": {"enabled": False}}),
        "AGIS_NVIM_FILE": str(fixture),
        "AGIS_NVIM_CODE": code,
        "AGIS_NVIM_FIX": fix,
        "AGIS_NVIM_RESULT": str(result_file),
        "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    t = time.monotonic()
    proc = run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n",
                "-c", f"luafile {EDITORS / 'nvim_e2e.lua'}"], cwd=workspace, env=env, timeout=180)
    elapsed = time.monotonic() - t
    assert result_file.exists(), f"nvim wrote no result (rc={proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    result = json.loads(result_file.read_text(encoding="utf-8"))
    result["file"] = fixture.read_text(encoding="utf-8")
    print(f"nvim {result.get('nvim')} {config}: {elapsed:.1f} s;",
          [(s["name"], s["ms"]) for s in result.get("steps", [])])
    return result


ERROR, WARN = 1, 2   # vim.diagnostic.severity


def check(result: dict, severity: int = ERROR, code: str = CODE, fix: str = FIX_TITLE, filetype: str = "agis",
          fixed: str = "method: FETCH", broken: str = "method: GET") -> None:
    assert result["ok"], json.dumps(result, indent=2)
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
    nvim_version()
    check(run_nvim(tmp_path, "agis-nvim07.lua"))


def test_neovim_08_config(tmp_path):
    version = nvim_version()
    if version < (0, 8, 0):
        # The 0.8+ snippet cannot run here; at least make sure it is valid Lua for this nvim.
        proc = run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c",
                    f"lua assert(loadfile('{NVIM_DIR / 'agis.lua'}'))", "-c", "qa!"], timeout=60)
        assert proc.returncode == 0 and "Error" not in proc.stderr, proc.stderr
        pytest.skip(f"nvim {'.'.join(map(str, version))} < 0.8: vim.lsp.start needs 0.8 (the snippet parses)")
    check(run_nvim(tmp_path, "agis.lua"))


def test_neovim_settings_reach_the_server(tmp_path):
    """agis.severity set through client settings (workspace/configuration) turns AGIS301 into a warning."""
    nvim_version()
    result = run_nvim(tmp_path, "agis-nvim07.lua",
                      settings={"semantic": {"enabled": False}, "severity": {CODE: "warning"}})
    check(result, severity=WARN)


def test_neovim_agtp_toml_keeps_filetype(tmp_path):
    """endpoints/*.toml stays filetype toml and still gets the server (attached by file name)."""
    nvim_version()
    result = run_nvim(tmp_path, "agis-nvim07.lua", name="endpoints/get.toml", text=TOML_DEFECT,
                      code=TOML_CODE, fix=TOML_FIX)
    check(result, code=TOML_CODE, fix=TOML_FIX, filetype="toml", fixed='method = "FETCH"', broken='"GET"')
