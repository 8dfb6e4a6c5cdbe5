"""The release a user installs: sdist + wheel pass `twine check`, carry the model, install into a fresh
venv outside the source tree (and with pipx), and both console scripts work there as processes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import agis_lsp

from .conftest import ROOT, offline_env, run

MODEL_FILES = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["setuptools"]["package-data"]["agis_lsp"]


def test_version_comes_from_one_place():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    manifest = json.loads((ROOT / "vscode-extension" / "package.json").read_text(encoding="utf-8"))
    assert manifest["version"] == agis_lsp.__version__, "vscode-extension/package.json: keep it equal to agis_lsp.__version__"
    exe = Path(sys.executable).with_name("agis-lint")
    proc = run([str(exe), "--version"], timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == f"agis-lint {agis_lsp.__version__}", proc


@pytest.mark.slow
def test_twine_check_and_contents(dist):
    proc = run([sys.executable, "-m", "twine", "check", "--strict", str(dist["sdist"]), str(dist["wheel"])],
               timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert dist["wheel"].name == f"agis_lsp-{agis_lsp.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(dist["wheel"]) as zf:
        names = set(zf.namelist())
        for rel in MODEL_FILES:                       # the model through the agis_lsp/models symlink
            info = zf.getinfo(f"agis_lsp/{rel}")
            assert info.file_size == (ROOT / rel).stat().st_size, rel
        meta = zf.read(f"agis_lsp-{agis_lsp.__version__}.dist-info/METADATA").decode()
    assert "agis_lsp/catalog/" in " ".join(names) and "agis_lsp/lsp/main.py" in names
    assert f"Version: {agis_lsp.__version__}" in meta and "License-Expression: Apache-2.0" in meta, meta[:800]
    assert any(n.endswith("licenses/LICENSE") for n in names), "the licence file is not in the wheel"


def fresh_venv(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
    proc = run([sys.executable, "-m", "venv", str(venv)], timeout=300)
    assert proc.returncode == 0, proc.stderr
    proc = run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)], timeout=900,
               env=offline_env(), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return venv


def lsp_message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def initialize(server: list[str], cwd: Path) -> dict:
    """initialize / initialized / shutdown / exit over stdio; the initialize result."""
    proc = subprocess.Popen(server, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                      "params": {"processId": None, "rootUri": cwd.as_uri(), "capabilities": {}}}))
        proc.stdin.flush()
        while True:                                   # skip notifications until the answer to id 1
            length = None
            while (line := proc.stdout.readline().strip()):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length is not None, proc.stderr.read().decode()
            message = json.loads(proc.stdout.read(length))
            if message.get("id") == 1:
                break
        for m in ({"jsonrpc": "2.0", "method": "initialized", "params": {}},
                  {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}):
            proc.stdin.write(lsp_message(m))
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0, proc.stderr.read().decode()
        return message["result"]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def check_console_scripts(bin_dir: Path, tmp_path: Path) -> None:
    example = tmp_path / "restaurant.agis"
    shutil.copy(ROOT / "examples" / "restaurant.agis", example)
    proc = run([str(bin_dir / "agis-lint"), "--version"], timeout=60, cwd=tmp_path, env=offline_env())
    assert proc.stdout.strip() == f"agis-lint {agis_lsp.__version__}", proc
    # with the semantic passes: the model files are read from the installed package
    proc = run([str(bin_dir / "agis-lint"), "check", example.name], timeout=300, cwd=tmp_path, env=offline_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    bad = tmp_path / "bad.agis"
    bad.write_text(example.read_text(encoding="utf-8").replace("method: BOOK", "method: GET", 1), encoding="utf-8")
    assert "method: GET" in bad.read_text(encoding="utf-8")
    proc = run([str(bin_dir / "agis-lint"), "check", "--no-semantic", bad.name], timeout=300, cwd=tmp_path,
               env=offline_env())
    assert proc.returncode == 1 and "AGIS301" in proc.stdout, proc.stdout + proc.stderr
    result = initialize([str(bin_dir / "agis-lsp")], tmp_path)
    assert result["serverInfo"]["name"] and result["capabilities"]["textDocumentSync"], result


@pytest.mark.slow
def test_wheel_in_a_fresh_venv(dist, wheelhouse, tmp_path):
    venv = fresh_venv(tmp_path, dist["wheel"])
    where = run([str(venv / "bin" / "python"), "-c", "import agis_lsp; print(agis_lsp.__file__)"], timeout=60,
                cwd=tmp_path, env=offline_env())
    assert where.stdout.startswith(str(venv)), where       # not this checkout
    check_console_scripts(venv / "bin", tmp_path)


@pytest.mark.slow
def test_pipx_install(dist, wheelhouse, tmp_path):
    pipx = shutil.which("pipx", path=str(Path(sys.executable).parent)) or shutil.which("pipx")
    if pipx is None:
        from .conftest import missing
        missing("pipx", "pip install pipx (the [test] extra)")
    home, bin_dir = tmp_path / "pipx-home", tmp_path / "pipx-bin"
    env = offline_env(PIPX_HOME=str(home), PIPX_BIN_DIR=str(bin_dir), PIPX_MAN_DIR=str(tmp_path / "man"))
    proc = run([pipx, "install", str(dist["wheel"])], timeout=900, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    check_console_scripts(bin_dir, tmp_path)
