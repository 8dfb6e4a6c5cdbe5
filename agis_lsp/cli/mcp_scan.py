"""``agis-lint mcp scan``: start or reach the servers the user names, read what they offer,
and lint it with the engine's MCP rules, across servers and against the pin file.

Safety: only the servers named on the command line or written in the configurations given
(or found by --discover) are started; each has a start-up and a per-request time limit and is
stopped (its process group killed) after the read; ``tools/call`` is never sent; values of
``env`` and ``headers`` reach the server but never the output; at most --jobs servers at a time.
"""
from __future__ import annotations

import json
import os
import shlex
import sys

from ..engine.config import Config
from ..formats import mcp_config
from ..formats.mcp_config import ServerEntry
from ..formats.mcp_scan import SCAN_META
from . import mcp_pins

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
# changed, new, removed definitions against the pin file: what --update-pins accepts
PIN_CODES = ("MCPT401", "MCPT402", "MCPT403")


class ScanUsageError(Exception):
    """A scan that cannot be carried out as asked (exit status 2)."""


def add_arguments(p) -> None:
    p.add_argument("configs", nargs="*", metavar="CONFIG",
                   help="client configuration files whose servers to scan")
    p.add_argument("--command", dest="server_command", default=None,
                   help="start this stdio server ('CMD ARGS…')")
    p.add_argument("--env", action="append", default=[], metavar="K=V",
                   help="with --command: an environment variable for the server (repeatable)")
    p.add_argument("--url", default=None, help="reach this server (Streamable HTTP, SSE fallback)")
    p.add_argument("--header", action="append", default=[], metavar="K:V",
                   help="with --url: an HTTP header (repeatable)")
    p.add_argument("--name", default=None, help="the server's name for --command/--url")
    p.add_argument("--server", action="append", default=[], metavar="NAME",
                   help="scan only the server of this name from the CONFIG files (repeatable; "
                        "the editor's \"Scan this server\")")
    p.add_argument("--discover", action="store_true",
                   help="scan the servers of every known client's configuration files")
    p.add_argument("--pins", default=None, metavar="FILE",
                   help="pin file, keyed by server name (default: the user's state file, "
                        "keyed by configuration file and server name)")
    p.add_argument("--update-pins", action="store_true",
                   help="accept what the servers offer now as the pinned state (the pin "
                        "changes are still printed but no longer fail the run)")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="seconds for a server to start and answer initialize (default 30)")
    p.add_argument("--request-timeout", type=float, default=30.0,
                   help="seconds for each list request (default 30)")
    p.add_argument("--jobs", "-j", type=int, default=4, help="servers scanned at once (default 4)")
    p.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    p.add_argument("--no-semantic", action="store_true", help="skip the model-backed passes")
    p.add_argument("--select", default=None, help="comma-separated rule codes or prefixes to enable")
    p.add_argument("--ignore", default=None, help="comma-separated rule codes or prefixes to disable")
    p.add_argument("--config", default=None, help="agis-lint configuration file")
    p.add_argument("-q", "--quiet", action="store_true", help="print findings only")


# -- which servers ---------------------------------------------------------------------------
def _pairs(values: list, sep: str, option: str) -> dict:
    out = {}
    for v in values:
        key, found, value = v.partition(sep)
        if not found or not key.strip():
            raise ScanUsageError(f"{option} wants KEY{sep}VALUE, not {key.strip() or '…'!r}")
        out[key.strip()] = value.strip() if sep == ":" else value
    return out


def servers_of(args, cwd: str) -> tuple[list, list, list]:
    """(server entries, configuration reads as (path, ConfigRead), notes)."""
    entries: list = []
    reads: list = []
    notes: list = []
    if args.server_command:
        try:
            argv = shlex.split(args.server_command)
        except ValueError as exc:
            raise ScanUsageError(f"--command: {exc}") from None
        if not argv:
            raise ScanUsageError("--command is empty")
        entries.append(ServerEntry(args.name or _name_of(argv), "stdio", argv[0], argv[1:],
                                   _pairs(args.env, "=", "--env")))
    if args.url:
        entries.append(ServerEntry(args.name or "server", "http", url=args.url,
                                   headers=_pairs(args.header, ":", "--header")))
    paths = list(args.configs)
    if args.discover:
        home = os.path.expanduser("~")
        paths += [p for _, p in mcp_config.locations(sys.platform, home, dict(os.environ), cwd)
                  if os.path.isfile(p) and p not in paths]
    for path in paths:
        if not os.path.isfile(path):
            from ..files.reading import missing_reason
            why = missing_reason(path)
            raise ScanUsageError(f"{path}: " + ("no such configuration file"
                                                if why == "no such file or directory" else why))
        read = mcp_config.read_config(path)
        if read.doc is None or not read.doc.parsed:
            raise ScanUsageError(read.problems[0][1] if read.problems else f"{path}: unreadable")
        reads.append((path, read))
        notes += [f"{path}: {msg}" for _, msg in read.problems]
        entries += [mcp_config.expand(e, dict(os.environ)) for e in read.entries
                    if not args.server or e.name in args.server]
    missing = [n for n in args.server if n not in {e.name for e in entries}]
    if missing:
        raise ScanUsageError(f"--server: no server named {', '.join(map(repr, missing))} in "
                             f"{', '.join(paths) or 'the configurations given'}")
    if not entries and not args.discover:
        raise ScanUsageError("nothing to scan: give CONFIG files, --command, --url or --discover")
    return _unique(entries, notes), reads, notes


def _name_of(argv: list) -> str:
    for a in reversed(argv):
        if not a.startswith("-"):
            base = os.path.basename(a.rstrip("/"))
            return base.rsplit("@", 1)[0] if base.rsplit("@", 1)[0] else base
    return "server"


def _unique(entries: list, notes: list) -> list:
    """One entry per server: the same server configured in two files is scanned once (else
    it would shadow itself); two different servers of one name get distinct names."""
    out, seen, names = [], {}, set()
    for e in entries:
        key = (e.transport, e.command, tuple(e.args), tuple(sorted(e.env.items())), e.url,
               tuple(sorted(e.headers.items())))
        if key in seen:
            first = seen[key]
            notes.append(f"server '{e.name}' of {e.source} is the same as '{first.name}' of "
                         f"{first.source}: scanned once")
            continue
        name, n = e.name, 2
        while name in names:
            name, n = f"{e.name}#{n}", n + 1
        e.name = name
        names.add(name)
        seen[key] = e
        out.append(e)
    return out


# -- fetching --------------------------------------------------------------------------------
def fetch_all(entries: list, args) -> dict:
    """name -> snapshot dict, or the FetchError message (str)."""
    import anyio

    from .mcp_fetch import FetchError, fetch
    results: dict = {}

    async def one(entry, limiter):
        async with limiter:
            try:
                results[entry.name] = await fetch(entry, startup=args.timeout,
                                                  request=args.request_timeout)
            except FetchError as exc:
                results[entry.name] = str(exc)

    async def main():
        limiter = anyio.CapacityLimiter(max(1, args.jobs))
        async with anyio.create_task_group() as tg:
            for e in entries:
                tg.start_soon(one, e, limiter)

    anyio.run(main)
    return results


# -- the documents ---------------------------------------------------------------------------
def document_of(entry, snapshot, peers: dict, pins: dict | None,
                capabilities: dict | None = None) -> str:
    scan: dict = {"server": entry.name,
                  "peers": {n: tools for n, tools in peers.items() if n != entry.name}}
    if capabilities:
        scan["capabilities"] = capabilities
    if isinstance(snapshot, str):
        data: dict = {"tools": []}
        scan["error"] = snapshot
    else:
        data = dict(snapshot)
        if pins is not None:
            scan["pins"] = pins.get("definitions", {})
    data["_meta"] = {**(data.get("_meta") or {}), SCAN_META: scan}
    return json.dumps(data, indent=2, ensure_ascii=False)


def run(args) -> int:
    from ..engine.linter import Linter
    from .batch import Settings
    from .usage import UsageError
    cwd = os.getcwd()
    try:
        entries, reads, notes = servers_of(args, cwd)
        overrides = _overrides(args)
    except (ScanUsageError, UsageError) as exc:
        print(f"agis-lint: {exc}", file=sys.stderr)
        return EXIT_ERROR
    try:
        store = mcp_pins.PinStore.open(args.pins)
    except mcp_pins.PinError as exc:
        print(f"agis-lint: {exc}", file=sys.stderr)
        return EXIT_ERROR
    snapshots = fetch_all(entries, args) if entries else {}
    settings = Settings(overrides, args.config)
    linter = Linter(config_of=settings.config_of)
    config = settings.config_of(os.path.join(cwd, "x.mcp.json")) if entries else Config()
    records = {e.name: store.get(e) for e in entries}
    report = lint_snapshots(entries, snapshots, linter, dict(reads), records, cwd)
    notes += report.flow_notes(config.accept_flows)
    for entry in entries:
        note = _pin(store, entry, snapshots.get(entry.name, "not scanned"), records[entry.name],
                    args.update_pins)
        if note:
            notes.append(note)
    if not entries:
        notes.append("no MCP server configuration found" + (" (--discover)" if args.discover else ""))
    try:
        store.save()
    except mcp_pins.PinError as exc:
        print(f"agis-lint: {exc}", file=sys.stderr)
        return EXIT_ERROR
    secrets = [s for e in entries for s in e.secrets()]
    report.emit(args, notes, secrets)
    return report.exit_code(config, overrides, PIN_CODES if args.update_pins else ())


def _pin(store, entry, snap, record, update: bool) -> str | None:
    """Records a server's first baseline (or, with --update-pins, its current state) in the
    store; the note that says so, or that the server is not the one pinned."""
    if not isinstance(snap, dict):
        return None
    identity = mcp_pins.identity(entry, snap)
    if record is None or update:
        new = {"identity": identity, "definitions": mcp_pins.record(snap)}
        if new == record:
            return None
        store.put(entry, new)
        what = _count(new["definitions"])
        if record is None:
            return f"pinned {what} of server '{entry.name}' as a new baseline in {store.path}"
        return f"accepted {what} of server '{entry.name}' as the baseline in {store.path}"
    if record.get("identity") != identity:
        return (f"server '{entry.name}' is not the one pinned: pinned "
                f"{_ident(record.get('identity'))}, now {_ident(identity)}")
    return None


def _count(definitions: dict) -> str:
    """'2 tools, 1 prompt and the instructions' for the definitions' keys (tools/NAME, ...)."""
    counts = {"tools": 0}
    for key in definitions:
        section = key.split("/", 1)[0]
        counts[section] = counts.get(section, 0) + 1
    names = {"tools": "tool", "prompts": "prompt", "resources": "resource",
             "resourceTemplates": "resource template"}
    parts = [f"{n} {names.get(k, k)}{'' if n == 1 else 's'}" for k, n in counts.items()
             if k != "instructions"]
    if "instructions" in counts:
        parts.append("the instructions")
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def lint_snapshots(entries: list, snapshots: dict, linter, reads: dict, pins: dict, cwd: str):
    """The report of what the servers offered (``snapshots``: name -> the snapshot dict that
    ``fetch`` returns, or why it could not be read): each server linted as one document with
    the scan's context (peers' tool names, its pins, and the capabilities of the servers in
    one agent's reach: those of the same client, whose files a --discover may mix)."""
    from ..formats.capability_sources import of_mcp_tools, table_of
    from . import mcp_report
    caps = {e.name: of_mcp_tools(snapshots[e.name].get("tools"))
            for e in entries if isinstance(snapshots.get(e.name), dict)}
    peers = {e.name: [t.get("name") for t in snapshots[e.name].get("tools", [])
                      if isinstance(t, dict) and isinstance(t.get("name"), str)]
             for e in entries if isinstance(snapshots.get(e.name), dict)}
    table = {name: table_of(found) for name, found in caps.items()}
    report = mcp_report.Report(reads, entries, caps, table)
    client = {e.name: e.client for e in entries}
    for entry in entries:
        snap = snapshots.get(entry.name, "not scanned")
        reach = {n: t for n, t in table.items() if client.get(n) == entry.client}
        text = document_of(entry, snap, peers, pins.get(entry.name), reach)
        virtual = os.path.join(cwd, f"{entry.name}.mcp.json")
        report.add(entry, linter.check(virtual, text=text, default_kind="mcp-tools"))
    return report


def _overrides(args) -> dict:
    from .usage import codes_option
    out: dict = {"semantic": False} if args.no_semantic else {}
    for option in ("select", "ignore"):
        if getattr(args, option) is not None:
            out[option] = codes_option(getattr(args, option), f"--{option}")
    return out


def _ident(identity) -> str:
    if not isinstance(identity, dict):
        return "?"
    parts = [identity.get("package") or identity.get("url") or identity.get("command") or "?"]
    info = identity.get("serverInfo")
    if isinstance(info, dict) and info.get("version"):
        parts.append(f"serverInfo {info.get('name', '')} {info['version']}".strip())
    return " ".join(str(p) for p in parts)
