"""Path templates across endpoints (AGTP §5.4): two templates that match one request path
with the same number of parameters are ambiguous. The cross-file rule and the OpenAPI
converter read them."""
from __future__ import annotations

from functools import lru_cache

from .syntax import analyze_path


def template_shape(path: str) -> tuple | None:
    """Segments with parameters as None; None for paths we cannot judge."""
    if not isinstance(path, str) or not path.startswith("/"):
        return None
    return _shape(path)


@lru_cache(maxsize=8192)
def _shape(path: str) -> tuple | None:
    a = analyze_path(path)
    if a.structure or a.query or any(s.kind == "template-error" for s in a.segments):
        return None
    return tuple(None if s.kind == "param" else s.text for s in a.segments)


def ambiguous(a: list, b: list) -> bool:
    """Two templates match a common request path with the same number of parameters."""
    if len(a) != len(b):
        return False
    if sum(x is None for x in a) != sum(x is None for x in b) or all(x is not None for x in a):
        return False
    return all(x is None or y is None or x == y for x, y in zip(a, b))
