"""The pin file of ``agis-lint mcp scan`` (``mcp-pins.json``): per server, its identity and the
SHA-256 and canonical text of each definition it offered when the user accepted it.

    {"version": 1,
     "servers": {"notes": {"identity": {"transport": "stdio", "command": "npx",
                                        "args": ["-y", "@scope/server@1.2.3"],
                                        "package": "@scope/server@1.2.3",
                                        "serverInfo": {"name": "notes", "version": "1.2.3"}},
                           "definitions": {"tools/list_notes": {"sha256": "…", "text": "{…}"}}}}}

Environment and header values are never written (only their names are part of nothing here).

Where the pins live: ``--pins FILE`` names one file, keyed by server name (the form above, for
CI and for a repository that keeps its pins). Without it, the pins live with the user, in one
state file (``$XDG_STATE_HOME/agis-lint/mcp-pins.json``, by default
``~/.local/state/agis-lint/``; ``~/Library/Application Support/agis-lint/`` on macOS,
``%LOCALAPPDATA%\\agis-lint\\`` on Windows), keyed by the configuration file's absolute path and
the server's name, so that a scan run from any directory compares with the same baseline:

    {"version": 1,
     "configs": {"/home/me/.cursor/mcp.json": {"servers": {"notes": {…as above…}}},
                 "(command line)": {"servers": {"weather": {…}}}}}
"""
from __future__ import annotations

import json
import os
import re
import sys
import tempfile

from ..files.reading import read_bytes
from ..formats.mcp_scan import definitions, digest

MAX_PIN_FILE = 64 * 1024 * 1024     # bytes of a pin file read at most

VERSION = 1
STATE_FILE = "mcp-pins.json"
COMMAND_LINE = "(command line)"     # the key of servers named by --command or --url
_PACKAGE = re.compile(r"^(?:@[\w.\-]+/)?[\w.\-]+(?:@[\w.\-^~<>=*]+|==[\w.\-]+)$")


class PinError(Exception):
    """The pin file cannot be read or written."""


def identity(entry, snapshot: dict | None) -> dict:
    out: dict = {"transport": entry.transport}
    if entry.transport == "stdio":
        out["command"] = entry.command
        out["args"] = list(entry.args)
        package = next((a for a in entry.args if not a.startswith("-") and _PACKAGE.match(a)
                        and ("@" in a.lstrip("@") or "==" in a)), None)
        if package:
            out["package"] = package
    else:
        out["url"] = entry.url
    info = (snapshot or {}).get("serverInfo")
    if isinstance(info, dict):
        out["serverInfo"] = {k: info[k] for k in ("name", "version") if k in info}
    return out


def load(path: str, per_config: bool = False) -> dict:
    mapping = "configs" if per_config else "servers"
    if not os.path.exists(path):
        return {"version": VERSION, mapping: {}}
    try:
        data = json.loads(read_bytes(path, MAX_PIN_FILE, "pin file").decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise PinError(f"{path}: cannot read the pin file: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get(mapping), dict):
        raise PinError(f"{path}: not a pin file (no \"{mapping}\" mapping)")
    return data


def record(snapshot: dict) -> dict:
    """The definitions of a snapshot as pins."""
    return {key: {"sha256": digest(text), "text": text}
            for key, (_, text) in definitions(snapshot).items()}


def state_dir(platform: str | None = None, environ=None, home: str | None = None) -> str:
    """The user's state directory of agis-lint (see the module's docstring)."""
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    home = os.path.expanduser("~") if home is None else home
    if platform == "win32":
        base = environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
    elif platform == "darwin":
        base = os.path.join(home, "Library", "Application Support")
    else:
        xdg = environ.get("XDG_STATE_HOME", "")
        base = xdg if os.path.isabs(xdg) else os.path.join(home, ".local", "state")
    return os.path.join(base, "agis-lint")


class PinStore:
    """The pins of the servers of one scan: the explicit file (keyed by server name) or the
    user's state file (keyed by configuration file and server name)."""

    def __init__(self, path: str, per_config: bool) -> None:
        self.path, self.per_config = path, per_config
        self.data = load(path, per_config)
        self.changed: dict = {}        # key -> record, written by save()

    @classmethod
    def open(cls, explicit: str | None) -> "PinStore":
        if explicit:
            return cls(explicit, per_config=False)
        return cls(os.path.join(state_dir(), STATE_FILE), per_config=True)

    def key(self, entry) -> tuple:
        if not self.per_config:
            return (entry.name,)
        return (os.path.abspath(entry.source) if entry.source else COMMAND_LINE, entry.name)

    def _servers(self, data: dict, key: tuple, create: bool = False) -> dict:
        """The name -> record mapping that holds ``key`` (a malformed part reads as empty and
        is replaced when written)."""
        if not self.per_config:
            return data["servers"]
        configs = data["configs"]
        group = configs.get(key[0])
        if not isinstance(group, dict) or not isinstance(group.get("servers"), dict):
            if not create:
                return {}
            group = configs[key[0]] = {"servers": {}}
        return group["servers"]

    def get(self, entry) -> dict | None:
        key = self.key(entry)
        record = self._servers(self.data, key).get(key[-1])
        return record if isinstance(record, dict) else None

    def put(self, entry, record: dict) -> None:
        key = self.key(entry)
        self._servers(self.data, key, create=True)[key[-1]] = record
        self.changed[key] = record

    def save(self) -> None:
        """Writes the changed records into the file as it is now (another scan may have
        written it meanwhile), atomically: a temporary file beside it, then a rename."""
        if not self.changed:
            return
        data = load(self.path, self.per_config)
        for key, record in self.changed.items():
            self._servers(data, key, create=True)[key[-1]] = record
        save(self.path, data)


def save(path: str, pins: dict) -> None:
    text = json.dumps(pins, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    directory = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".mcp-pins-", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise PinError(f"{path}: cannot write the pin file: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
