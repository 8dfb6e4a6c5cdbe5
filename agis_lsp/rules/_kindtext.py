"""How operation kinds of the semantic model are named in messages."""
from __future__ import annotations


def kind_label(kind: str) -> str:
    from ..semantic import KIND_LABELS
    return KIND_LABELS.get(kind, kind)
