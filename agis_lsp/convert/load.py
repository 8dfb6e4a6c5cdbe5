"""Read an input (YAML, JSON or TOML text) into plain data and say what format it is.

Conversion needs values, not positions, so JSON and TOML are read with the
standard loaders (``json``, ``tomllib``). YAML is read by the document layer
(libyaml's C events from ruamel.yaml.clib, YAML 1.2 scalars; no PyYAML): its
syntax errors, nesting limit and alias-bomb refusal become a ConvertError with
the place. Formats are recognised by content.
"""
from __future__ import annotations

import json
import re

from ..document.yaml_parser import MAX_EXPANDED_NODES, parse_yaml
from .result import ConvertError

try:
    import tomllib
except ImportError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

FORMATS = ("agis", "mcp", "openapi", "agtp-endpoint", "a2t", "adp", "ainp")
_TOML_HINT = re.compile(r"^\s*(\[\[?[A-Za-z0-9_.\"' -]+\]\]?|[A-Za-z0-9_\"-]+\s*=)", re.MULTILINE)


def parse_input(text: str, name: str | None = None):
    """Plain data from YAML, JSON or TOML text (by content; a .toml name forces TOML)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    stripped = text.lstrip()
    if not stripped:
        raise ConvertError("the input is empty")
    if stripped[0] in "{[" and not (name or "").endswith(".toml"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            if stripped[0] == "{" or not _TOML_HINT.match(stripped):
                raise ConvertError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if (name or "").endswith(".toml") or _looks_like_toml(stripped):
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            if (name or "").endswith(".toml"):
                raise ConvertError(f"invalid TOML: {exc}") from None
    return _load_yaml(text)


def _load_yaml(text: str):
    doc = parse_yaml(text)
    for problem in doc.problems:
        if problem.code == "AGIS002":   # a duplicate key: the later value wins, as YAML loaders do
            continue
        if problem.code == "AGIS004":
            raise ConvertError(f"aliases expand this document to more than {MAX_EXPANDED_NODES:,} "
                               "nodes (an alias bomb?); it is not converted")
        line = doc.lines.position(problem.start).line
        message = problem.message.removeprefix("YAML syntax error: ").removeprefix("YAML: ")
        if problem.code == "AGIS003":
            message = "expected a single document in the stream, but found another document"
        raise ConvertError(f"invalid YAML: {message}", line + 1, problem.start - doc.lines.starts[line] + 1)
    return doc.data


def _looks_like_toml(text: str) -> bool:
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    return bool(_TOML_HINT.match(first)) and ":" not in first.split("=")[0]


def detect_format(data) -> str | None:
    """One of FORMATS, or None. The agent-interface formats are recognised by the readers in
    ``formats/`` (the linter's own detection), the rest here."""
    from ..formats import a2t, adp, ainp, mcp
    if isinstance(data, dict):
        if str(data.get("openapi", "")).startswith("3") or ("openapi" in data and isinstance(data.get("paths"), dict)):
            return "openapi"
        if "swagger" in data:
            return "swagger"
        if "agis" in data and "endpoints" in data or ("endpoints" in data and "vocabulary" in data):
            return "agis"
        if isinstance(data.get("endpoint"), dict) or ("method" in data and "path" in data):
            return "agtp-endpoint"
    if a2t.detect(data) or (isinstance(data, list) and data and all(a2t._is_signature(t) for t in data)):
        return "a2t"
    if mcp.detect(data):
        return "mcp"
    if adp.detect_manifest(data) or adp.detect_detail(data):
        return "adp"
    if ainp.detect_manifest(data):
        return "ainp"
    if isinstance(data, list) and data and all(isinstance(t, dict) and "name" in t for t in data):
        return "mcp"
    return None


def mcp_tools(data) -> list | None:
    """The tool list of an MCP ``tools/list`` result (bare, wrapped in JSON-RPC, or a list)."""
    if isinstance(data, list):
        return data if all(isinstance(t, dict) for t in data) else None
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("result"), dict):
        data = data["result"]
    tools = data.get("tools")
    if isinstance(tools, list) and all(isinstance(t, dict) for t in tools):
        return tools
    return None
