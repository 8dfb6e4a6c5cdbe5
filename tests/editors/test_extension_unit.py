"""The VS Code extension's logic that needs no VS Code (vscode-extension/test/*.test.ts under
Node's test runner), its type check, and the output filter against the real server's stderr."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from .conftest import EXTENSION, need_node, need_npm_packages, run


def test_unit_tests_pass():
    need_node()
    need_npm_packages()
    proc = run(["npm", "run", "-s", "test:unit"], cwd=EXTENSION, timeout=180)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    passed = int(re.search(r"^# pass (\d+)", out, re.M).group(1))
    assert passed >= 12 and re.search(r"^# fail 0$", out, re.M), out


def test_typecheck():
    bin_dir = need_npm_packages()
    proc = run([str(bin_dir / "tsc"), "-p", ".", "--noEmit"], cwd=EXTENSION, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def test_pygls_cancel_noise_is_hidden_unless_tracing(tmp_path):
    """The real server prints pygls' 'Cancel notification for unknown message id' on stderr when a
    client cancels a request it has already answered; the extension's filter drops exactly that
    line (and keeps it while agis.trace.server is on)."""
    bin_dir = need_npm_packages()
    proc = subprocess.Popen([sys.executable, "-m", "agis_lsp.lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                 "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "exit"}))
        proc.stdin.flush()
        _, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    stderr = stderr.decode()
    assert 'Cancel notification for unknown message id "1"' in stderr, stderr
    bundle = tmp_path / "logFilter.js"
    built = run([str(bin_dir / "esbuild"), str(EXTENSION / "src" / "logFilter.ts"), "--bundle", "--platform=node",
                 "--format=cjs", f"--outfile={bundle}", "--log-level=warning"], timeout=60)
    assert built.returncode == 0, built.stderr
    (tmp_path / "stderr.txt").write_text(stderr, encoding="utf-8")
    script = ("const {LineFilter, keepLine} = require(process.argv[1]); const fs = require('fs');"
              "const text = fs.readFileSync(process.argv[2], 'utf8'); const out = {};"
              "for (const t of ['off', 'messages']) { const f = new LineFilter(keepLine(t));"
              " let s = ''; for (let i = 0; i < text.length; i += 7) s += f.push(text.slice(i, i + 7));"
              " out[t] = s + f.flush(); }"
              "process.stdout.write(JSON.stringify(out));")
    proc = run(["node", "-e", script, str(bundle), str(tmp_path / "stderr.txt")], timeout=60)
    assert proc.returncode == 0, proc.stderr
    shown = json.loads(proc.stdout)
    assert "Cancel notification" not in shown["off"], shown["off"]
    assert shown["messages"] == stderr
    assert shown["off"] == "".join(line for line in stderr.splitlines(keepends=True)
                                   if not line.startswith("Cancel notification")), shown
