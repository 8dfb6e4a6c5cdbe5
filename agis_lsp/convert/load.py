"""Read an input (YAML, JSON or TOML text) into plain data and say what format it is.

Conversion needs values, not positions, so inputs are read with the fast
loaders (``json``, libyaml's safe loader, ``tomllib``) instead of the
positioned document parsers; a YAML alias bomb is refused with the same
expansion limit as the document layer uses. Formats are recognised by content.
"""
from __future__ import annotations

import json
import re

import yaml

from ..document.yaml_parser import MAX_EXPANDED_NODES, expanded_size
from .model import ConvertError

try:  # pragma: no cover
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader

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
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - the safe loader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise ConvertError(f"invalid YAML: {exc.problem or exc}",
                           mark.line + 1 if mark else None, mark.column + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise ConvertError(f"invalid YAML: {exc}") from None
    if expanded_size(data, MAX_EXPANDED_NODES) > MAX_EXPANDED_NODES:
        raise ConvertError(f"aliases expand this document to more than {MAX_EXPANDED_NODES:,} nodes "
                           "(an alias bomb?); it is not converted")
    return data


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
