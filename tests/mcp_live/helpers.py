"""Running `agis-lint mcp scan` and the fixture servers as processes (tests/mcp_live)."""
from __future__ import annotations

import json
import re
import os
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
SERVER = os.path.join(HERE, "servers", "fixture_server.py")
START = "120"    # seconds: a Python server starts in ~2 s alone, ~10 s on a loaded CI machine


def entry(variant: str, *extra: str, env: dict | None = None) -> dict:
    out = {"command": sys.executable, "args": [SERVER, variant, "stdio", *extra]}
    if env:
        out["env"] = env
    return out


def scan(*args: str, cwd: str, timeout: float = 600, state: str | None = None) -> subprocess.CompletedProcess:
    """``agis-lint mcp scan ARGS`` run in ``cwd``; the user's state (the pins) in ``state``,
    by default ``cwd/.state``."""
    return subprocess.run([AGIS_LINT, "mcp", "scan", "--no-semantic", "--timeout", START,
                           "--request-timeout", "60", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout, env=dict(
                              os.environ, AGIS_LINT_CACHE_DIR=os.path.join(cwd, ".cache"),
                              XDG_STATE_HOME=state or os.path.join(cwd, ".state")))


def user_pins(state: str, config: str | None = None) -> dict:
    """The servers pinned in the user's state file under ``state`` (XDG_STATE_HOME) for the
    configuration file ``config`` (None: the servers named on the command line)."""
    with open(os.path.join(state, "agis-lint", "mcp-pins.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    return data["configs"][os.path.abspath(config) if config else "(command line)"]["servers"]


def diagnostics(proc) -> list:
    assert proc.stdout.strip(), proc.stderr
    return json.loads(proc.stdout)["diagnostics"]


def signals(diags: list, path: str | None = None) -> set:
    """The security codes that fired at ``path`` (every path when None): each finding's own code
    and the codes its related information names ("also AGSC301: ..."). The security pass
    reports one finding per prose field; the other rules' hits on it are its evidence."""
    out = set()
    for d in diags:
        if path is None or d["path"] == path:
            out.add(d["code"])
            out |= {m.group(1) for r in d.get("related") or []
                    for m in [re.match(r"also ([A-Z]+\d+):", r.get("message", ""))] if m}
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_server(variant: str, env: dict | None = None, transport: str = "http"):
    """A fixture server on Streamable HTTP (or the older SSE transport) at 127.0.0.1:PORT;
    (process, url) once it listens."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, SERVER, variant, transport, str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, **(env or {})), start_new_session=True)
    deadline = time.monotonic() + float(START)
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc, f"http://127.0.0.1:{port}/{'sse' if transport == 'sse' else 'mcp'}"
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"the {variant} server exited with {proc.returncode}")
            time.sleep(0.2)   # polling a port: the server gives no other sign of readiness
    proc.kill()
    raise RuntimeError(f"the {variant} server did not listen within {START} s")


def stop(proc) -> None:
    import signal
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=30)


def processes_with(marker: str) -> list:
    """Pids of live processes whose command line holds ``marker``."""
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as fh:
                    if marker.encode() in fh.read():
                        out.append(int(pid))
            except OSError:
                pass
    return out
