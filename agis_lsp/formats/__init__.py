"""What a document *is*: AGIS document, AGTP endpoint, server config, ..."""
from __future__ import annotations

import os

from ..document import Document

AGIS_SUFFIXES = (".agis", ".agis.yaml", ".agis.yml", ".agis.json")


def detect_kind(doc: Document) -> str | None:
    """The document kind used to select rules, or None for files we leave alone."""
    path = (doc.path or "").replace(os.sep, "/")
    name = path.rsplit("/", 1)[-1].lower()
    if doc.syntax == "toml" or name.endswith(".toml"):
        from .agtp.kinds import detect_toml_kind
        return detect_toml_kind(doc, path)
    from . import registry  # the agent-interface formats (A2T, ADP, AINP, MCP, agis.json)
    by_name = registry.kind_by_name(path)
    if by_name is not None:
        return by_name
    data = doc.data
    if name.endswith(AGIS_SUFFIXES):
        return "agis"
    if doc.parsed:
        kind = registry.kind_by_content(data)
        if kind is not None:
            return kind
    if isinstance(data, dict):
        if "agis" in data or ("endpoints" in data and "vocabulary" in data):
            return "agis"
        from .agtp.kinds import detect_json_kind
        return detect_json_kind(doc, path)
    return None
