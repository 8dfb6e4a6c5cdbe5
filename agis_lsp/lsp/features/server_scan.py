""""Scan this server" in an MCP client configuration: the code lenses over each server entry,
and the scan of one entry as diagnostics on it.

The scan is ``agis-lint mcp scan FILE --server NAME --format json``, the CLI's own scan (the
MCP SDK, time limits, process-group kill, secrets scrubbed, pins in the user's state file),
run as a child process: the language server never imports the SDK, never runs a server in
its own process, and waits for the child without blocking its event loop. The child is the
server's own interpreter with the server's own library path (``PYTHONPATH``: every directory
of the server's ``sys.path``, in order), so a server that runs from libraries it was handed
(the VS Code extension's ``bundled/libs``, put on ``sys.path`` by its launcher) scans with
them too; an interpreter that cannot import ``agis_lsp`` by itself is then no obstacle. The
MCP servers the scan starts do not inherit it: the SDK gives them only its default variables
(HOME, PATH, ...) and the entry's own ``env``. A child rather than a worker thread of the server:
a thread cannot be killed at the time limit, and the SDK's process handling would run inside
the editor's server. Each finding of
the scan becomes a diagnostic on the entry's name, its message starting with the scan's
stable location (``mcp://NAME/tools/TOOL``).
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
from dataclasses import dataclass, field

from lsprotocol import types

from ...formats import registry
from ...formats.mcp_client import KIND

COMMAND = "agis.scanServer"
TITLE = "Scan this server"
SOURCE = "agis-lint mcp scan"
SCAN_LIMIT = 180.0        # seconds for the whole child (start-up and requests are limited inside)
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "information": types.DiagnosticSeverity.Information, "hint": types.DiagnosticSeverity.Hint}


FLOW_CODES = ("MCPT501", "MCPT502", "MCPT503")
FLOWS_KEY = "\0flows"     # the publisher's scan slot of the combinations across entries


@dataclass
class ScanResult:
    """The diagnostics of one server's last scan, valid for the text it was made on, and
    its tools' capabilities (``{tool: {label: confidence}}``, from the scan's JSON)."""
    text: str
    items: list = field(default_factory=list)
    capabilities: dict = field(default_factory=dict)


def entries(doc, kind) -> list:
    """(server name, document path) of each server entry of a client configuration."""
    if kind != KIND or not doc.parsed:
        return []
    view = registry.view_for(kind, doc)
    return [(name, path) for name, path, _ in view.servers if name]


def build_lenses(doc, kind, uri: str) -> list:
    out = []
    for name, path in entries(doc, kind):
        part = "key" if isinstance(path[-1], str) else "value"
        try:
            rng = doc.range(path, part)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
        out.append(types.CodeLens(
            range=types.Range(start=types.Position(rng.start.line, rng.start.character),
                              end=types.Position(rng.end.line, rng.end.character)),
            command=types.Command(title=TITLE, command=COMMAND, arguments=[uri, name])))
    return out


def entry_range(doc, kind, name: str) -> types.Range | None:
    for lens in build_lenses(doc, kind, ""):
        if lens.command.arguments[1] == name:
            return lens.range
    return None


def scan_argv(path: str, name: str, semantic: bool) -> list:
    argv = [sys.executable, "-m", "agis_lsp.cli", "mcp", "scan", path, "--server", name,
            "--format", "json", "--timeout", "60", "--request-timeout", "30"]
    return argv + ([] if semantic else ["--no-semantic"])


def scan_env(environ=None, path=None) -> dict:
    """The child's environment: the caller's, with ``PYTHONPATH`` set to the directories of the
    server's ``sys.path`` in their order (the interpreter drops the duplicates of its own
    standard library and site-packages, so the child's path is the server's)."""
    env = dict(os.environ if environ is None else environ)
    dirs = [os.path.abspath(p) for p in (sys.path if path is None else path) if p and os.path.isdir(p)]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(dirs))
    return env


async def run_scan(path: str, name: str, semantic: bool, limit: float = SCAN_LIMIT) -> tuple:
    """(exit status, JSON report or None, standard error) of the scan of one server; the
    child (and the servers it started, in their own process groups) is killed at ``limit``."""
    proc = await asyncio.create_subprocess_exec(
        *scan_argv(path, name, semantic), cwd=os.path.dirname(os.path.abspath(path)),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, start_new_session=True, env=scan_env())
    try:
        out, err = await asyncio.wait_for(proc.communicate(), limit)
    except (asyncio.TimeoutError, asyncio.CancelledError):
        _kill(proc)
        await proc.wait()
        raise
    try:
        report = json.loads(out.decode("utf-8", "replace")) if out.strip() else None
    except ValueError:
        report = None
    return proc.returncode, report, err.decode("utf-8", "replace")


def _kill(proc) -> None:
    import signal
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def diagnostics_of(report, rng: types.Range, name: str) -> list:
    """The scan's findings as diagnostics on the entry's range (``rng``)."""
    out = []
    for d in (report or {}).get("diagnostics", []):
        if d.get("code") in FLOW_CODES:
            continue        # combinations are placed from every scanned entry (flow_diagnostics)
        where = d.get("path") or f"mcp://{name}"
        prefix = f"{where}: " if str(where).startswith("mcp://") else ""
        out.append(types.Diagnostic(
            range=rng, message=f"{prefix}{d.get('message', '')}",
            severity=_SEVERITY.get(d.get("severity"), types.DiagnosticSeverity.Warning),
            code=d.get("code"), source=SOURCE))
    return out


def summary(status: int, report, stderr: str, name: str) -> str:
    if report is None:
        tail = stderr.strip().splitlines()[-1:] if stderr.strip() else []
        return f"agis-lsp: the scan of server '{name}' failed (exit {status})" + \
            (f": {tail[0]}" if tail else "")
    n = len(report.get("diagnostics", []))
    return f"agis-lsp: server '{name}' scanned: {n} finding(s)"


def capabilities_of(report, name: str) -> dict:
    """``{tool: {label: confidence}}`` of the scanned server, from the scan's JSON."""
    for server in (report or {}).get("servers", []):
        if isinstance(server, dict) and server.get("server") == name:
            return {t["name"]: {lb: v["confidence"] for lb, v in t["capabilities"].items()}
                    for t in server.get("tools", [])
                    if isinstance(t, dict) and t.get("name") and t.get("capabilities")}
    return {}


def flow_diagnostics(doc, kind, uri: str, scans: dict, text: str, config) -> list:
    """The dangerous combinations across the entries scanned so far (on this text): each on
    its first server's entry, the others as related information (MCPT501-503)."""
    from ...formats import flows
    order = [name for name, _ in entries(doc, kind)]
    table = {n: scans[n].capabilities for n in order
             if n in scans and scans[n].text == text and scans[n].capabilities}
    found, _ = flows.find(table, config.accept_flows)
    out = []
    for flow in found:
        sev = config.severity_of(flow.code)
        rng = entry_range(doc, kind, flow.servers[0])
        if sev is None or rng is None:
            continue
        related = []
        for other in flow.servers[1:]:
            other_rng = entry_range(doc, kind, other)
            if other_rng is not None:
                legs = [f"{leg.label} '{leg.tool}'" for leg in flow.legs if leg.server == other]
                related.append(types.DiagnosticRelatedInformation(
                    location=types.Location(uri=uri, range=other_rng),
                    message=f"server '{other}' ({', '.join(legs) or 'in reach'})"))
        out.append(types.Diagnostic(range=rng, message=flow.message(), code=flow.code,
                                    severity=types.DiagnosticSeverity(int(sev)), source=SOURCE,
                                    related_information=related or None))
    return out
