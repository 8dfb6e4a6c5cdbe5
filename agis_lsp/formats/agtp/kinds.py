"""Which AGTP-API file a document is, and the typed view over it.

Kinds: ``agtp-endpoint`` (one endpoint per TOML file), ``agtp-server``
(``agtp-server.toml``), ``agtp-recipes`` (``agtp-recipes.toml``),
``agtp-manifest`` (the server manifest JSON of AGTP-API section 8) and
``agtp-catalog`` (a method catalog, ``methods.json``, section 3.1).
"""
from __future__ import annotations

import os
import re

from ...document import Document
from .endpoints import EndpointFileView
from .manifest import CatalogView, ManifestView
from .recipes import RecipesView
from .server import ServerView
from .vocabulary import ENDPOINTS_DIR, RECIPES_FILE, SERVER_FILE

__all__ = ["detect_toml_kind", "detect_json_kind", "view_for", "toml_kind_by_marks", "json_kind_by_marks"]

# The textual marks of each AGTP kind, read when a file does not parse (an unclosed string
# hides the data, not the table headers): the same signs ``detect_toml_kind`` and
# ``detect_json_kind`` read in the data.
_TABLE = r"(?m)^[ \t]*\[[ \t]*{name}[ \t]*[\].]"           # [name] or [name.sub]
_ARRAY_TABLE = r"(?m)^[ \t]*\[\[[ \t]*{name}[ \t]*[\].]"     # [[name]] or [[name.sub]]
TOML_MARKS = (
    ("agtp-endpoint", (_TABLE.format(name="endpoint"), _ARRAY_TABLE.format(name="endpoint"))),
    ("agtp-recipes", (_ARRAY_TABLE.format(name="recipe"),)),
    ("agtp-server", (_TABLE.format(name="server"),)),
)
_TOP_KEY = r"(?m)^[ \t]*[\"']?{name}[\"']?[ \t]*="
JSON_MARKS = (
    ("agtp-manifest", (r'"agtp_version"[ \t]*:', r'"agtp_api_version"[ \t]*:')),
)
_CATALOG_KEYS = ('"methods"', '"version"')


def toml_kind_by_marks(text: str) -> str | None:
    """The AGTP kind a TOML text that does not parse shows: an ``[endpoint]`` (or
    ``[[recipe]]``, ``[server]``) header, or an endpoint's top-level ``method`` and ``path``
    keys before the first table header."""
    for kind, marks in TOML_MARKS:
        if any(re.search(m, text) for m in marks):
            return kind
    head = re.split(r"(?m)^[ \t]*\[", text, maxsplit=1)[0]
    if all(re.search(_TOP_KEY.format(name=k), head) for k in ("method", "path")):
        return "agtp-endpoint"
    return None


def json_kind_by_marks(text: str) -> str | None:
    """The AGTP kind a JSON text that does not parse shows (a server manifest, a catalog)."""
    for kind, marks in JSON_MARKS:
        if any(re.search(m, text) for m in marks):
            return kind
    if all(k in text for k in _CATALOG_KEYS) and any(
            k in text for k in ('"embedded"', '"legacy"', '"categories"')):
        return "agtp-catalog"
    return None


def detect_toml_kind(doc: Document, path: str | None) -> str | None:
    """By file name first (``agtp-server.toml``, ``agtp-recipes.toml``, ``endpoints/*.toml``),
    then by content (an ``[endpoint]`` table or top-level ``method`` + ``path``)."""
    norm = (path or doc.path or "").replace(os.sep, "/")
    name = norm.rsplit("/", 1)[-1].lower()
    if name == SERVER_FILE:
        return "agtp-server"
    if name == RECIPES_FILE:
        return "agtp-recipes"
    parent = norm.rsplit("/", 2)[-2].lower() if norm.count("/") >= 1 else ""
    if parent == ENDPOINTS_DIR and name.endswith(".toml"):
        return "agtp-endpoint"
    data = doc.data
    if isinstance(data, dict):
        if isinstance(data.get("endpoint"), dict) or ("method" in data and "path" in data):
            return "agtp-endpoint"
        if isinstance(data.get("recipe"), list):
            return "agtp-recipes"
        if isinstance(data.get("server"), dict) and (
                "policies" in data or "server_id" in data["server"]):
            return "agtp-server"
    if not doc.parsed and parent == ENDPOINTS_DIR:
        return "agtp-endpoint"
    return None


def detect_json_kind(doc: Document, path: str | None) -> str | None:
    data = doc.data
    if not isinstance(data, dict):
        return None
    if "agtp_version" in data or "agtp_api_version" in data or (
            "embedded_methods" in data and "server" in data):
        return "agtp-manifest"
    if isinstance(data.get("methods"), (dict, list)) and "version" in data and (
            "embedded" in data or "legacy" in data or "categories" in data):
        return "agtp-catalog"
    return None


def view_for(kind: str, doc: Document):
    cls = {"agtp-endpoint": EndpointFileView, "agtp-server": ServerView,
           "agtp-recipes": RecipesView, "agtp-manifest": ManifestView,
           "agtp-catalog": CatalogView}.get(kind)
    return cls(doc) if cls else None
