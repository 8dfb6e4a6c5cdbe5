"""End to end in real VS Code (code-server 4.100.3 = VS Code 1.100.3, headless Chromium).

Builds the linux-x64 .vsix that carries the server (scripts/build_vsix.py), installs it into a fresh extensions dir,
opens a workspace with an AGIS file whose method is GET, waits for the real
server's AGIS301 in the Problems panel, applies the quick fix with Ctrl+., saves,
and checks the diagnostic is gone and the file on disk is fixed.  The editing story
(test_editing_story_in_vscode): the server's semantic tokens applied, inlay hints,
Auto Fix, Fix All and rename (F2).  Also: the
workspace's .venv is the interpreter found without a setting, AGIS: Show Rule
Documentation opens the rule's page, and a Python without agis_lsp leads to the
offer to install it into the extension's private environment, which then runs the server
(those three with agis.server.importStrategy = fromEnvironment: the roads without the bundled server).
test_bundled_server_with_a_plain_python: python3 on PATH without agis_lsp runs the bundled server.
test_scan_this_server_with_the_bundled_server: that server's "Scan this server" lens, clicked on an MCP
client configuration that starts a real poisoned server, brings the scan's findings into the Problems panel.

Needs: node, /usr/bin/chromium, tests/editors/install_editors.sh (code-server,
playwright-core, npm packages) and scripts/install_wheelhouse.sh (the bundled libraries, offline). AGIS_VSIX=path/to.vsix
installs that one instead of building it (the build takes minutes: vsce reads ~3,000 files).  AGIS_UPDATE_DOCS_IMAGES=1 also copies the
screenshots to docs/images/vscode-diagnostic.png, vscode-path-colour.png, vscode-inlay-hints.png,
vscode-semantic-off.png and vscode-rename.png.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from .conftest import EDITORS, EXTENSION, INSTALL, ROOT, VSCODE_WEB_DIR, missing, need_node, need_npm_packages, \
    run, server_python

CHROMIUM = "/usr/bin/chromium"
DEFECT = """\
agis: "1.0"
service: "Acme Restaurant Reservations"
agtp: "agtp://reservations.acme.com"
description: "Reservation look-ups for restaurant booking agents"
endpoints:
  - method: GET
    path: /reservation/{id}
    semantic:
      intent: "Retrieves a restaurant reservation"
      actor: agent
      outcome: "The reservation record is returned"
      capability: retrieval
      confidence_guidance: 0.9
      impact_tier: informational
      is_idempotent: true
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    output: {type: object}
    errors: [{name: reservation_not_found, description: "No such reservation"}]
vocabulary: {declared_verbs: [GET], domain: hospitality}
"""
CODE = "AGIS301"                      # http-method: GET is prohibited
FIX_TITLE = "Replace GET with FETCH"
OFF_CODE = "AGIS104"                  # missing 'version': turned off through agis.severity


@pytest.fixture(scope="module")
def vscode_web() -> Path:
    need_node()
    if not os.path.exists(CHROMIUM):
        missing(CHROMIUM)
    if not (VSCODE_WEB_DIR / "node_modules" / ".bin" / "code-server").exists():
        missing(f"code-server (in {VSCODE_WEB_DIR})")
    need_npm_packages()
    return VSCODE_WEB_DIR


def kill_group(pid_file: Path) -> None:
    try:
        pgid = int(pid_file.read_text())
    except (OSError, ValueError):
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        time.sleep(1)


WHEELHOUSE = Path(os.environ.get("AGIS_WHEELHOUSE", Path.home() / ".cache" / "agis-release" / "wheelhouse"))


@pytest.fixture(scope="module")
def installed_extension(vscode_web, tmp_path_factory) -> dict:
    """Builds the linux-x64 .vsix that carries the server (scripts/build_vsix.py: the wheel of this checkout
    and its dependencies in bundled/libs, offline from the wheelhouse) and installs it into a fresh
    extensions dir."""
    tmp = tmp_path_factory.mktemp("vsix")
    timings = {}
    t = time.monotonic()
    if os.environ.get("AGIS_VSIX"):      # a .vsix scripts/build_vsix.py (or release.py) built before
        vsix = Path(os.environ["AGIS_VSIX"])
    else:
        if not any(WHEELHOUSE.glob("onnxruntime-*.whl")):
            missing(f"the wheelhouse {WHEELHOUSE}", "run `bash scripts/install_wheelhouse.sh`")
        proc = run([sys.executable, str(ROOT / "scripts" / "build_vsix.py"), "--target", "linux-x64", "--no-index",
                    "--find-links", str(WHEELHOUSE), "--out", str(tmp)], cwd=ROOT, timeout=3600)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        vsix = Path(proc.stdout.strip().splitlines()[-1])
    assert vsix.name.startswith("agis-lsp-linux-x64-") and vsix.is_file(), proc.stdout[-2000:]
    timings["build vsix"] = time.monotonic() - t
    listing = run(["unzip", "-l", str(vsix)], timeout=60).stdout if shutil.which("unzip") else ""
    t = time.monotonic()
    ext_dir = tmp / "ext"
    proc = run([str(vscode_web / "node_modules" / ".bin" / "code-server"), "--config", str(vscode_web / "config.yaml"),
                "--user-data-dir", str(tmp / "install-udd"), "--extensions-dir", str(ext_dir),
                "--install-extension", str(vsix), "--force"],
               timeout=300, env={**os.environ, "TMPDIR": str(vscode_web / "tmp")})
    assert proc.returncode == 0 and "successfully installed" in proc.stdout, proc.stdout + proc.stderr
    timings["install vsix"] = time.monotonic() - t
    [installed] = [p for p in ext_dir.iterdir() if p.is_dir() and p.name.startswith("agis-lsp.agis-lsp-")]
    return {"dir": ext_dir, "installed": installed, "timings": timings, "listing": listing,
            "size_mb": vsix.stat().st_size / 1e6}


def run_session(vscode_web, ext: dict, tmp_path: Path, file_name: str, text: str | None, **spec_extra) -> dict:
    workspace = tmp_path / "ws"
    workspace.mkdir(exist_ok=True)
    target = workspace / file_name
    if text is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    shots = tmp_path / "shots"
    shots.mkdir()
    spec = {
        "webDir": str(vscode_web), "extDir": str(ext["dir"]), "workspace": str(workspace), "file": str(target),
        "screenshot": str(shots / "vscode-diagnostic.png"), "screenshotAfter": str(shots / "vscode-fixed.png"),
        "result": str(tmp_path / "result.json"), "pidFile": str(tmp_path / "code-server.pid"), **spec_extra,
    }
    (tmp_path / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    t = time.monotonic()
    try:
        # cwd: not the repository, whose agis_lsp/ would be importable from the current directory
        proc = run(["node", str(EDITORS / "vscode_e2e.js"), str(tmp_path / "spec.json")], timeout=300, cwd=tmp_path)
    finally:
        kill_group(tmp_path / "code-server.pid")    # no-op when the script cleaned up itself
    elapsed = time.monotonic() - t
    result = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    print("timings (s):", {k: round(v, 1) for k, v in {**ext["timings"], "vscode session": elapsed}.items()})
    print("steps (ms since code-server start):", [(s["name"], s["ms"]) for s in result["steps"]])
    assert proc.returncode == 0 and result["ok"], json.dumps(result, indent=2) + proc.stderr
    result["file"] = target.read_text(encoding="utf-8")
    result["shots"] = shots
    return result


def test_vsix_contents(installed_extension):
    """The packaged extension carries its grammars and points at them."""
    root = installed_extension["installed"]
    manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
    for grammar in manifest["contributes"]["grammars"]:
        path = root / grammar["path"]
        assert path.is_file(), f"{grammar['path']} is not in the .vsix"
        assert json.loads(path.read_text(encoding="utf-8"))["scopeName"] == grammar["scopeName"]
    assert (root / "out" / "extension.js").is_file()
    assert not (root / "node_modules").exists() and not (root / "src").exists()
    # the server and its libraries: agis_lsp with the model once, the compiled dependencies per Python version
    libs = root / "bundled" / "libs"
    assert (root / "bundled" / "tool" / "lsp_server.py").is_file()
    assert (libs / "common" / "agis_lsp" / "models" / "encoder.onnx").is_file()
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    for package in ("onnxruntime", "numpy", "tokenizers", "pygls", "ruamel", "jsonschema"):
        assert (libs / tag / package).is_dir(), f"{package} is not bundled for {tag}"
    assert not (libs / tag / "agis_lsp").exists() and not (libs / tag / "bin").exists()
    print(f".vsix: {installed_extension['size_mb']:.1f} MB")


def test_bundled_server_with_a_plain_python(vscode_web, installed_extension, tmp_path):
    """No setting, no pip install: python3 on PATH (which cannot import agis_lsp) runs the server bundled
    in the .vsix; its diagnostic, hover and quick fix arrive."""
    path_python = shutil.which("python3")
    assert path_python, "python3 is not on PATH"
    assert run([path_python, "-c", "import agis_lsp"], timeout=60, cwd=tmp_path).returncode != 0, \
        "python3 on PATH imports agis_lsp: this test could not tell the bundled server from an installed one"
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", DEFECT,
        code=CODE, hover="Preferred AGTP verb", fixTitle=FIX_TITLE, fixedText="method: FETCH", readOutput=True,
        settings={"agis.semantic.enabled": False})
    output = result["output"].replace("\n", "")     # the panel wraps long lines
    assert "Python (PATH): python3" in output, result["output"]
    assert "agis_lsp (bundled with the extension):" in output and "bundled/libs/common/agis_lsp" in output, \
        result["output"]
    assert any("python3 bundled (PATH)" in t for t in result["statusTexts"]), result["statusTexts"]
    assert any(CODE in p and "GET" in p for p in result["problems"]), result["problems"]
    assert "legacy HTTP verb" in result["hover"] and "FETCH" in result["hover"], result["hover"]
    assert any(FIX_TITLE in a for a in result["actions"]), result["actions"]
    assert "method: FETCH" in result["file"] and "method: GET" not in result["file"], result["file"]


def test_scan_this_server_with_the_bundled_server(vscode_web, installed_extension, tmp_path):
    """The bundled server run by python3 on PATH (which cannot import agis_lsp): clicking "Scan this server"
    over a .vscode/mcp.json entry scans that server (the poisoned SDK server of tests/mcp_live) with the
    bundled libraries; the notification counts its findings and they are in the Problems panel."""
    pytest.importorskip("mcp")
    path_python = shutil.which("python3")
    assert path_python and run([path_python, "-c", "import agis_lsp"], timeout=60, cwd=tmp_path).returncode != 0
    server = ROOT / "tests" / "mcp_live" / "servers" / "fixture_server.py"
    config = json.dumps({"servers": {"calculator": {"type": "stdio", "command": sys.executable,
                                                    "args": [str(server), "poisoned"]}}}, indent=2)
    state = tmp_path / "state"
    result = run_session(
        vscode_web, installed_extension, tmp_path, ".vscode/mcp.json", config, code="AGSC102",
        scanLens="Scan this server", env={"XDG_STATE_HOME": str(state)},
        settings={"agis.semantic.enabled": False})
    print("lenses:", result["lenses"], "notification:", result["notification"])
    assert [t for t in result["lenses"] if "Scan" in t] == ["Scan this server"], result["lenses"]  # VS Code adds "Start"
    assert "server 'calculator' scanned" in result["notification"], result["notification"]
    assert "No module named" not in result["notification"], result["notification"]
    assert any("AGSC102" in p and "mcp://calculator/tools/add_numbers" in p for p in result["problems"]), \
        result["problems"]
    assert (state / "agis-lint" / "mcp-pins.json").is_file()
    assert not (tmp_path / "ws" / ".vscode" / "mcp-pins.json").exists()


def test_diagnostic_and_quick_fix_in_vscode(vscode_web, installed_extension, tmp_path):
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", DEFECT,
        code=CODE, fixTitle=FIX_TITLE, fixedText="method: FETCH", absentCodes=[OFF_CODE], languageMode="AGIS",
        settings={"agis.server.pythonPath": server_python(), "agis.severity": {OFF_CODE: "off"},
                  "agis.semantic.enabled": False})
    if os.environ.get("AGIS_UPDATE_DOCS_IMAGES") == "1":
        (ROOT / "docs" / "images").mkdir(parents=True, exist_ok=True)
        shutil.copy(result["shots"] / "vscode-diagnostic.png", ROOT / "docs" / "images" / "vscode-diagnostic.png")

    assert result["languageMode"] == "AGIS"
    assert any(CODE in p and "GET" in p for p in result["problems"]), result["problems"]
    assert any(FIX_TITLE in a for a in result["actions"]), result["actions"]
    assert any(f"Show documentation for {CODE}" in a for a in result["actions"]), result["actions"]
    assert "method: FETCH" in result["file"] and "method: GET" not in result["file"], result["file"]
    assert not any(CODE in p for p in result["problemsAfter"]), result["problemsAfter"]
    # The grammar is active: the verb and the key before it are coloured differently.
    classes = dict(result["tokenClasses"])
    assert "GET" in classes and "method" in classes and classes["GET"] != classes["method"], result["tokenClasses"]
    # A path is no string: its own colour (mtkN) and underlined (mtku) under Dark Modern.
    path_class, string_class = classes["/reservation/"], classes['"1.0"']
    assert path_class.split()[0] != string_class.split()[0] and "mtku" in path_class.split(), result["tokenClasses"]


def bare_python(tmp_path: Path) -> str:
    """A Python without agis_lsp (a venv without pip of the interpreter running the tests)."""
    venv = tmp_path / "bare-venv"
    proc = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=120)
    assert proc.returncode == 0, proc.stderr
    python = str(venv / "bin" / "python")
    assert run([python, "-c", "import agis_lsp"], timeout=60, cwd=tmp_path).returncode != 0
    return python


def test_missing_server_package_offers_install(vscode_web, installed_extension, tmp_path):
    """An interpreter without agis_lsp: an error that offers the private environment and the setting."""
    python = bare_python(tmp_path)
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", DEFECT,
        expectNotification="agis-lsp package is not installed",
        settings={"agis.server.pythonPath": python, "agis.server.importStrategy": "fromEnvironment"})
    assert python in result["notification"] and "private environment" in result["notification"], result["notification"]
    assert {"Install agis-lsp", "Choose Python…"} <= set(result["buttons"]), result["buttons"]


def test_workspace_venv_and_rule_docs(vscode_web, installed_extension, tmp_path):
    """No agis.server.pythonPath: the workspace's own .venv runs the server (python3 on PATH has no
    agis_lsp here); AGIS: Show Rule Documentation on the diagnostic opens its rule's page."""
    from agis_lsp.engine.registry import get_rule

    workspace = tmp_path / "ws"
    venv = workspace / ".venv"
    proc = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=120)
    assert proc.returncode == 0, proc.stderr
    python = venv / "bin" / "python"
    [site_dir] = run([str(python), "-c", "import site; print(site.getsitepackages()[0])"], timeout=60).stdout.split()
    # the test interpreter's packages (agis_lsp's dependencies) and the agis_lsp it imports
    import agis_lsp
    lines = [*__import__("site").getsitepackages(), str(Path(agis_lsp.__file__).resolve().parents[1])]
    (Path(site_dir) / "agis_test_env.pth").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run([str(python), "-c", "import agis_lsp, pygls"], timeout=60, cwd=tmp_path).returncode == 0
    path_python = shutil.which("python3")
    assert path_python is None or run([path_python, "-c", "import agis_lsp"], timeout=60, cwd=tmp_path).returncode != 0, \
        "python3 on PATH imports agis_lsp: this test could not tell the .venv from PATH"
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", DEFECT,
        code=CODE, ruleDocs=CODE, readOutput=True,
        settings={"agis.semantic.enabled": False, "agis.server.importStrategy": "fromEnvironment"},
        screenshotDiagnostic=str(tmp_path / "vscode-path-colour.png"))
    if os.environ.get("AGIS_UPDATE_DOCS_IMAGES") == "1":
        shutil.copy(tmp_path / "vscode-path-colour.png", ROOT / "docs" / "images" / "vscode-path-colour.png")
    output = result["output"].replace("\n", "")     # the panel wraps long lines
    assert f"Python (the workspace's virtual environment): {python}" in output, result["output"]
    assert "Cancel notification" not in result["output"], result["output"]
    assert any(f"{python} -m agis_lsp.lsp" in t for t in result["statusTexts"]), result["statusTexts"]
    assert CODE in result["ruleDocsTab"], result["ruleDocsTab"]
    rule = get_rule(CODE)
    assert f"{CODE} {rule.name}" in result["ruleDocsText"], result["ruleDocsText"]


def _wheel(out_dir: Path, name: str, version: str, files: dict[str, Path | bytes]) -> Path:
    """A py3-none-any wheel of `files` (archive name -> file or content), RECORD and all."""
    import base64
    import hashlib
    import zipfile

    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    entries = {**files,
               f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
               f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: tests/editors\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = []
    wheel = out_dir / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
        for arc, src in entries.items():
            data = src if isinstance(src, bytes) else src.read_bytes()
            zf.writestr(arc, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{arc},sha256={digest},{len(data)}")
        record.append(f"{info}/RECORD,,")
        zf.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return wheel


def local_wheels(tmp_path: Path) -> list[Path]:
    """No network here: a wheel of this checkout's agis_lsp, and one whose .pth puts the test
    interpreter's site-packages (agis_lsp's dependencies) on the private environment's path."""
    import agis_lsp
    import site

    out = tmp_path / "wheels"
    out.mkdir()
    package = Path(agis_lsp.__file__).resolve().parent
    files = {}
    for path in sorted(package.rglob("*")):       # rglob follows agis_lsp/models -> ../models
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[f"agis_lsp/{path.relative_to(package).as_posix()}"] = path
    pth = ("\n".join(site.getsitepackages()) + "\n").encode()
    return [_wheel(out, "agis-lsp", agis_lsp.__version__, files),
            _wheel(out, "agis-test-deps", "0", {"agis_test_deps.pth": pth})]


def test_install_into_private_env(vscode_web, installed_extension, tmp_path):
    """A Python without agis_lsp; "Install agis-lsp": a venv under the extension's global storage,
    pip install (pointed at local wheels through the test-only agis.server.installSource), then
    the server runs from there and reports its diagnostic."""
    python = bare_python(tmp_path)
    wheels = local_wheels(tmp_path)
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", DEFECT,
        expectNotification="agis-lsp package is not installed", clickButton="Install agis-lsp", code=CODE,
        readOutput=True,
        settings={"agis.server.pythonPath": python, "agis.semantic.enabled": False,
                  "agis.server.importStrategy": "fromEnvironment",
                  "agis.server.installSource": ["--no-index", "--no-deps", *map(str, wheels)]})
    assert any(CODE in p for p in result["problems"]), result["problems"]
    running = [t for t in result["statusTexts"] if "running" in t]
    assert any("server-env" in t and "private environment" in t for t in running), result["statusTexts"]
    output = result["output"].replace("\n", "")     # the panel wraps long lines
    assert f"Python (agis.server.pythonPath): {python}" in output, result["output"]
    assert "Installing agis-lsp into the extension's private environment" in output, result["output"]


def test_agtp_toml_deployment_in_vscode(vscode_web, installed_extension, tmp_path):
    """An endpoint TOML keeps its own language, gets the server's diagnostic and quick fix; the server's
    progress while it checks the rest of the deployment shows in the AGIS status item."""
    shutil.copytree(ROOT / "examples" / "deployment", tmp_path / "ws")
    endpoint = tmp_path / "ws" / "endpoints" / "fetch_reservation.toml"
    text = endpoint.read_text(encoding="utf-8")
    assert 'method = "FETCH"' in text
    endpoint.write_text(text.replace('method = "FETCH"', 'method = "GET"', 1), encoding="utf-8")
    result = run_session(
        vscode_web, installed_extension, tmp_path, "endpoints/fetch_reservation.toml", None,
        code="AGTP103", fixTitle="Replace with FETCH", fixedText='method = "FETCH"',
        settings={"agis.server.pythonPath": server_python(), "agis.semantic.enabled": False})
    assert result["languageMode"] != "AGIS", result["languageMode"]     # still toml / plain text
    assert 'method = "FETCH"' in result["file"] and 'method = "GET"' not in result["file"]
    assert any("AGIS: Checking" in t and "language server: running" in t for t in result["statusTexts"]), \
        result["statusTexts"]


STORY = """\
agis: "1.0"
service: "Acme Restaurant Reservations"
agtp: "agtp://reservations.acme.com"
description: "Reservation look-ups for restaurant booking agents"
endpoints:
  - method: GET
    path: /reservation/{id}
    semantic: {intent: "Retrieves a restaurant reservation", actor: agent, capability: retrieval}
  - method: RETRIEVE
    path: /guest/{id}
    semantic: {intent: "Retrieves a guest profile", actor: agent, capability: retrieval}
  - method: RETRIEVE
    path: /table/{id}
    semantic: {intent: "Retrieves a table", actor: agent, capability: retrieval}
  - method: fetch
    path: /menu/{id}
    semantic: {intent: "Retrieves a menu", actor: agent, capability: retrieval}
vocabulary: {declared_verbs: [GET, RETRIEVE], domain: hospitality}
"""


def test_editing_story_in_vscode(vscode_web, installed_extension, tmp_path):
    """Semantic tokens, inlay hints, Auto Fix, Fix All and rename in real VS Code.

    Semantic tokens: the computed colour of each word is read with editor.semanticHighlighting
    on, off (set in Preferences: Open User Settings (JSON)) and on again. The TextMate grammar colours every method
    alike; the server's tokens mark GET (AGIS301) and `fetch` (not upper case) `invalid`, which
    package.json maps to invalid.illegal: with semantic highlighting on they differ from RETRIEVE,
    off they do not, and turning it on again brings the first colours back.
    Auto Fix (editor.action.autoFix) on `fetch` applies its safe preferred fix (FETCH; GET's
    fix, FETCH too, is unsafe and never Auto Fix's); Fix All (editor.action.fixAll, the
    server's source.fixAll.agis) declares FETCH and leaves GET to the author; F2 on RETRIEVE shows it in the rename box, LOCATE + Enter renames both endpoints and
    declared_verbs. Every step is saved and read back from disk."""
    shots = tmp_path / "story-shots"
    shots.mkdir()
    story = {
        "colourWords": ["GET", "RETRIEVE", "fetch", "method"],
        "autoFixAt": [15, 14], "autoFixExpect": "  - method: FETCH\n    path: /menu/{id}",
        "fixAllExpect": "declared_verbs: [GET, RETRIEVE, FETCH]",
        "renameAt": [9, 14], "renameOld": "RETRIEVE", "newName": "LOCATE",
        "shotHints": str(shots / "vscode-inlay-hints.png"),      # also the semantic colours (on)
        "shotSemanticOff": str(shots / "vscode-semantic-off.png"), "shotRename": str(shots / "vscode-rename.png"),
    }
    result = run_session(
        vscode_web, installed_extension, tmp_path, "reservations.agis", STORY, code=CODE, languageMode="AGIS",
        story=story,
        settings={"agis.server.pythonPath": server_python(), "agis.semantic.enabled": False,
                  "editor.semanticHighlighting.enabled": True, "editor.inlayHints.enabled": "on"})
    if os.environ.get("AGIS_UPDATE_DOCS_IMAGES") == "1":
        for name in ("vscode-inlay-hints.png", "vscode-semantic-off.png", "vscode-rename.png"):
            shutil.copy(shots / name, ROOT / "docs" / "images" / name)
    print(json.dumps({k: result.get(k) for k in ("coloursOn", "coloursOff", "coloursOnAgain", "hintLines",
                                                  "renamePlaceholder")}, indent=1))
    on, off, again = result["coloursOn"], result["coloursOff"], result["coloursOnAgain"]
    # semantic tokens applied: invalid methods differ from a valid one only while they are on
    assert off is not None, f"no colour changed with semantic highlighting off: {on}"
    assert on["GET"] != on["RETRIEVE"] and on["fetch"] != on["RETRIEVE"], on
    assert off["GET"] == off["RETRIEVE"] == off["fetch"], off
    assert again == on, (on, again)
    # inlay hints: category/safety beside a catalog verb, the legacy note beside GET, the MCP tool name
    hints = "\n".join(result["hintLines"])
    assert "legacy HTTP verb" in hints and "MCP tool: get_reservation" in hints, result["hintLines"]
    assert "method: RETRIEVE\u200aretrieval · safe (reads only)" in hints, result["hintLines"]
    # Auto Fix: the safe preferred fix, fetch -> FETCH; nothing else changed
    after_auto = result["afterAutoFix"]
    assert "method: fetch" not in after_auto and "declared_verbs: [GET, RETRIEVE]" in after_auto, after_auto
    assert "method: GET" in after_auto, after_auto
    # Fix All: the safe fixes only: FETCH is declared, GET (an unsafe rename) stays
    after_all = result["afterFixAll"]
    assert "method: GET" in after_all and after_all.count("method: FETCH") == 1, after_all
    # rename: the placeholder from prepareRename, then every RETRIEVE
    assert result["renamePlaceholder"] == "RETRIEVE", result["renamePlaceholder"]
    expected = after_all.replace("RETRIEVE", "LOCATE")
    assert result["file"] == expected and expected.count("LOCATE") == 3, result["file"]
