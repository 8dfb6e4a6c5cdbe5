"""A bare JSON-RPC client over the server's stdio (for the robustness and fuzz tests).

It sees exactly what the server writes: every response (errors included), every
notification, the stderr log, the exit status and when the process ended. Requests can be
cancelled with ``$/cancelRequest``. No LSP library sits between it and the server.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CAPABILITIES = {
    "general": {"positionEncodings": ["utf-8", "utf-16"]},
    "textDocument": {
        "synchronization": {"dynamicRegistration": False},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        "completion": {"completionItem": {"snippetSupport": True}},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
            "quickfix", "source", "source.fixAll"]}}},
        "diagnostic": {"dynamicRegistration": False},
    },
    "workspace": {"configuration": False},
}


class RawClient:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.ids = itertools.count(1)
        self.pending: dict[int, asyncio.Future] = {}
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self.errors: list[dict] = []            # JSON-RPC error responses
        self.stderr = bytearray()
        self.exited_at: float | None = None
        self._tasks = [asyncio.ensure_future(self._read()), asyncio.ensure_future(self._drain())]

    @classmethod
    async def start(cls, *args: str, env: dict | None = None) -> "RawClient":
        argv = list(args) or ["-m", "agis_lsp.lsp"]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env={**os.environ, **(env or {})}, limit=2 ** 26)
        return cls(proc)

    # -- wire ---------------------------------------------------------------------------
    def _write(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8", "surrogatepass")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    async def _read(self) -> None:
        out = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = await out.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = await out.readexactly(length)
                self._dispatch(json.loads(body.decode("utf-8", "surrogatepass")))
        except (asyncio.IncompleteReadError, ConnectionError):
            return
        finally:
            for fut in self.pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("the server closed its output"))

    async def _drain(self) -> None:
        while True:
            chunk = await self.proc.stderr.read(65536)
            if not chunk:
                return
            self.stderr.extend(chunk)

    def _dispatch(self, msg: dict) -> None:
        if "method" in msg and "id" in msg:          # a request from the server
            self.server_requests.append(msg)
            self._write({"jsonrpc": "2.0", "id": msg["id"], "result": None})
        elif "method" in msg:
            self.notifications.append(msg)
        else:
            if "error" in msg:
                self.errors.append(msg)
            fut = self.pending.pop(msg.get("id"), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)

    # -- API -----------------------------------------------------------------------------
    def notify(self, method: str, params) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def send(self, method: str, params) -> tuple[int, asyncio.Future]:
        msg_id = next(self.ids)
        fut = asyncio.get_running_loop().create_future()
        self.pending[msg_id] = fut
        self._write({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return msg_id, fut

    async def request(self, method: str, params, timeout: float = 10.0) -> dict:
        """The whole response message (``result`` or ``error``)."""
        _, fut = self.send(method, params)
        return await asyncio.wait_for(fut, timeout)

    def cancel(self, msg_id: int) -> None:
        self.notify("$/cancelRequest", {"id": msg_id})

    async def initialize(self, root_uri: str | None = None, options=None,
                         capabilities=None) -> dict:
        response = await self.request("initialize", {
            "processId": os.getpid(), "rootUri": root_uri, "capabilities":
            capabilities or CAPABILITIES, "initializationOptions": options}, timeout=30)
        self.notify("initialized", {})
        return response

    def open(self, uri: str, text: str, version: int = 1, language: str = "agis") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri: str, version: int, changes: list) -> None:
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    async def stop(self, timeout: float = 10.0) -> int:
        """``shutdown`` then ``exit``; the exit status (also sets ``exit_seconds``)."""
        await self.request("shutdown", None, timeout=timeout)
        return await self.exit(timeout)

    async def exit(self, timeout: float = 10.0) -> int:
        sent = time.monotonic()
        self.notify("exit", None)
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        finally:
            self.exit_seconds = time.monotonic() - sent
        await asyncio.gather(*self._tasks, return_exceptions=True)
        return code

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()

    def log(self) -> str:
        messages = [n["params"]["message"] for n in self.notifications
                    if n["method"] == "window/logMessage"]
        return "\n".join(messages) + "\n" + self.stderr.decode("utf-8", "replace")

    def published(self, uri: str | None = None) -> list[dict]:
        return [n["params"] for n in self.notifications
                if n["method"] == "textDocument/publishDiagnostics" and
                (uri is None or n["params"]["uri"] == uri)]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def assert_goes_idle(client: RawClient, why: str) -> None:
    """The server process burns (almost) no CPU once the model has loaded: a stopped builder
    no longer runs. Skipped where there is no ``/proc``."""
    pid = client.proc.pid
    if not os.path.exists(f"/proc/{pid}/stat"):
        return
    for _ in range(1200):  # the model's load (started by the first check) is CPU too
        if "semantic model" in client.log():
            break
        await asyncio.sleep(0.025)
    await asyncio.sleep(1.0)
    before = cpu_seconds(pid)
    await asyncio.sleep(1.5)
    assert cpu_seconds(pid) - before < 0.75, why
