"""What the pass 8 schema rules share: where a document's schemas are, how a place in one is named."""
from __future__ import annotations

from ._jsonschema import json_schema_places


def schema_places(ctx):
    """Schema places that are JSON Schema (not the draft's shorthand, which AGIS808 reports),
    with their subschema nodes."""
    return json_schema_places(ctx)


def rel_text(path: tuple) -> str:
    from ...document import format_path
    return format_path(path) if path else ""


def place(label: str, rel: tuple) -> str:
    return f"{label} at {rel_text(rel)}" if rel else label
