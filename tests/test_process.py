"""The installed console scripts as processes, many times: the exit status is a contract.

A failure that exists only at process exit (a native thread alive while the interpreter
shuts down aborts the process with status 134, after all output was printed) is
invisible to in-process tests, so these run ``agis-lint`` and ``agis-lsp`` from the
venv's bin directory, with PYTHONPATH pointing at this checkout.
"""
from __future__ import annotations

import concurrent.futures
import json
import os
import subprocess
import sys
import time

import pytest

from tests.conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.slow

BIN = os.path.dirname(sys.executable)
RUNS = 20          # per input kind (at least 20)
WORKERS = 4        # processes at once; they mostly wait for imports and disk

SERVER_TOML = os.path.join(EXAMPLES, "deployment", "agtp-server.toml")
ENDPOINT_TOML = os.path.join(EXAMPLES, "deployment", "endpoints", "book_room.toml")


def script(name: str) -> str:
    path = os.path.join(BIN, name)
    if not os.path.isfile(path):
        pytest.fail(f"{name} is not installed next to {sys.executable}: run `pip install -e '.[test]'`")
    return path


def env() -> dict:
    e = dict(os.environ, PYTHONPATH=ROOT)
    e.pop("AGIS_LSP_MODEL_DIR", None)
    return e


def run(args, stdin: bytes | None = None, cwd=None, timeout=120):
    proc = subprocess.run([script("agis-lint"), *args], input=stdin, capture_output=True,
                          cwd=cwd or ROOT, env=env(), timeout=timeout)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def run_many(args, n=RUNS, stdin=None, cwd=None):
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(lambda _: run(args, stdin, cwd), range(n)))


def assert_all_0_or_1(results, what):
    bad = [(code, err[-400:]) for code, _, err in results if code not in (0, 1)]
    assert not bad, f"{what}: {len(bad)} of {len(results)} runs exited outside {{0, 1}}: {bad[:3]}"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("inputs")
    files = {
        "endpoints-empty.agis": b'agis: "1.0"\nendpoints: []\n',
        "binary.agis": bytes(range(256)) * 4,
        "latin1.agis": 'service:\n  name: "Caf\xe9 r\xe9servations"\nendpoints: []\n'.encode("latin-1"),
        "empty.agis": b"",
        "syntax.agis": b"agis: '1.0\nendpoints: [\n  - method: BOOK\n",
    }
    for name, data in files.items():
        (d / name).write_bytes(data)
    lone = d / "lone"
    lone.mkdir()
    (lone / "book_room.toml").write_bytes(open(ENDPOINT_TOML, "rb").read())
    return d


KINDS = ["single-endpoint-toml", "deployment-endpoint-toml", "server-toml", "endpoints-empty.agis",
         "binary.agis", "latin1.agis", "empty.agis", "syntax.agis", "stdin"]


@pytest.mark.parametrize("kind", KINDS)
def test_quick_inputs_never_abort(kind, inputs):
    stdin = None
    if kind == "single-endpoint-toml":
        args = ["check", str(inputs / "lone" / "book_room.toml")]
    elif kind == "deployment-endpoint-toml":
        args = ["check", ENDPOINT_TOML]
    elif kind == "server-toml":
        args = ["check", SERVER_TOML]
    elif kind == "stdin":
        args = ["check", "-", "--stdin-filename", "api.agis"]
        stdin = open(os.path.join(EXAMPLES, "restaurant.agis"), "rb").read()
    else:
        args = ["check", str(inputs / kind)]
    assert_all_0_or_1(run_many(args, stdin=stdin), kind)


def test_deployment_directory_never_aborts():
    """The README's own command (exited 134 in about one run out of five)."""
    assert_all_0_or_1(run_many(["check", os.path.join(EXAMPLES, "deployment")]), "examples/deployment")


# -- the model starts only when a semantic rule has something to judge --------------------------

PROBE = """
import sys
from agis_lsp.cli.main import main
import agis_lsp.semantic as semantic
code = main(sys.argv[1:])
print(code, "onnxruntime" in sys.modules, semantic.loading_started())
"""


def model_started(*args, stdin: bytes | None = None) -> bool:
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], input=stdin, capture_output=True,
                          cwd=ROOT, env=env(), timeout=120)
    code, onnx, started = proc.stdout.decode().split()[-3:]
    assert int(code) in (0, 1, 2), proc.stderr.decode()
    assert onnx == started, "onnxruntime imported without the model being loaded"
    return started == "True"


@pytest.mark.parametrize("args", [
    ["check", os.path.join(EXAMPLES, "deployment")],
    ["check", ENDPOINT_TOML],
    ["check", os.path.join(EXAMPLES, "restaurant.agis"), "--no-semantic"],
    ["rules"],
    ["rule", "AGIS601"],
], ids=["deployment", "endpoint-toml", "no-semantic", "rules", "rule"])
def test_model_not_started(args):
    assert not model_started(*args)


def test_model_not_started_for_documents_without_endpoints(inputs):
    assert not model_started("check", *(str(inputs / n) for n in
                                        ("endpoints-empty.agis", "empty.agis", "binary.agis")))


def test_model_not_started_by_catalog_diff():
    from agis_lsp.catalog import SHIPPED_CATALOG
    path = str(SHIPPED_CATALOG)
    assert not model_started("catalog-diff", path, path, "--against-deployment",
                             os.path.join(EXAMPLES, "deployment"))


def test_model_started_for_an_agis_document_with_endpoints():
    assert model_started("check", os.path.join(EXAMPLES, "restaurant.agis"))


# -- the language server: started and stopped at once, and stopped mid model load ---------------

def _frame(obj) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _read_frame(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def _initialize(progress: bool):
    caps = {"window": {"workDoneProgress": True}} if progress else {}
    return [_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                    "params": {"processId": None, "rootUri": None, "capabilities": caps}}),
            _frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})]


STOP = [_frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}),
        _frame({"jsonrpc": "2.0", "method": "exit"})]


def lsp_start_stop(_=None):
    proc = subprocess.run([script("agis-lsp")], input=b"".join(_initialize(False) + STOP),
                          capture_output=True, env=env(), timeout=60)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


def test_lsp_start_and_stop_20_times():
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        results = list(pool.map(lsp_start_stop, range(20)))
    bad = [r for r in results if r[0] != 0 or "Traceback" in r[1]]
    assert not bad, f"{len(bad)} of 20 agis-lsp runs did not exit 0: {bad[:3]}"


def lsp_stop_while_model_loads(_=None):
    """Open an AGIS document, wait for the model's progress `begin`, then shutdown + exit."""
    proc = subprocess.Popen([script("agis-lsp")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env())
    try:
        text = open(os.path.join(EXAMPLES, "restaurant.agis"), encoding="utf-8").read()
        proc.stdin.write(b"".join(_initialize(True)))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///nowhere/api.agis", "languageId": "agis", "version": 1,
                             "text": text}}}))
        proc.stdin.flush()
        began = False
        deadline = time.monotonic() + 60
        while not began and time.monotonic() < deadline:
            msg = _read_frame(proc.stdout)
            if msg is None:
                break
            if msg.get("method") == "window/workDoneProgress/create":
                proc.stdin.write(_frame({"jsonrpc": "2.0", "id": msg["id"], "result": None}))
                proc.stdin.flush()
            elif msg.get("method") == "$/progress" and msg["params"]["value"].get("kind") == "begin":
                began = True
        proc.stdin.write(b"".join(STOP))
        proc.stdin.flush()
        _, err = proc.communicate(timeout=60)
        return began, proc.returncode, err.decode("utf-8", "replace")[-400:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_lsp_exits_cleanly_with_the_model_half_loaded():
    results = [lsp_stop_while_model_loads() for _ in range(5)]
    assert all(began for began, _, _ in results), "the server never began loading the model"
    bad = [r for r in results if r[1] != 0 or "Traceback" in r[2]]
    assert not bad, f"agis-lsp stopped mid model load: exit status and stderr {bad}"
