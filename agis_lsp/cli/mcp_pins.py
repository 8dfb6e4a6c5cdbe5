"""The pin file of ``agis-lint mcp scan`` (``mcp-pins.json``): per server, its identity and the
SHA-256 and canonical text of each definition it offered when the user accepted it.

    {"version": 1,
     "servers": {"notes": {"identity": {"transport": "stdio", "command": "npx",
                                        "args": ["-y", "@scope/server@1.2.3"],
                                        "package": "@scope/server@1.2.3",
                                        "serverInfo": {"name": "notes", "version": "1.2.3"}},
                           "definitions": {"tools/list_notes": {"sha256": "…", "text": "{…}"}}}}}

Environment and header values are never written (only their names are part of nothing here).
"""
from __future__ import annotations

import json
import os
import re

from ..files.reading import read_bytes
from ..formats.mcp_scan import definitions, digest

MAX_PIN_FILE = 64 * 1024 * 1024     # bytes of a pin file read at most

VERSION = 1
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


def load(path: str) -> dict:
    if not os.path.exists(path):
        return {"version": VERSION, "servers": {}}
    try:
        data = json.loads(read_bytes(path, MAX_PIN_FILE, "pin file").decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise PinError(f"{path}: cannot read the pin file: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
        raise PinError(f"{path}: not a pin file (no \"servers\" mapping)")
    return data


def record(snapshot: dict) -> dict:
    """The definitions of a snapshot as pins."""
    return {key: {"sha256": digest(text), "text": text}
            for key, (_, text) in definitions(snapshot).items()}


def save(path: str, pins: dict) -> None:
    text = json.dumps(pins, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise PinError(f"{path}: cannot write the pin file: {exc.strerror or exc}") from None
