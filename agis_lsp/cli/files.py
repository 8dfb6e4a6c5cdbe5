"""Which files `agis-lint check` looks at."""
from __future__ import annotations

import os

from ..formats import AGIS_SUFFIXES, registry

AGTP_NAMES = ("agtp-server.toml", "agtp-recipes.toml")
_SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".tox", "dist", "build"}


_JSON_MARKERS = (b'"agtp_version"', b'"agtp_api_version"', b'"embedded_methods"', b'"embedded"')


def _sniff_agtp_json(path: str) -> bool:
    """A server manifest or method catalog, judged from the first 64 KB (cheap)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(65536)
    except OSError:
        return False
    return any(m in head for m in _JSON_MARKERS + registry.sniff_markers())


def is_lintable(path: str) -> bool:
    name = os.path.basename(path).lower()
    if name.endswith(AGIS_SUFFIXES) or name in AGTP_NAMES or registry.kind_by_name(path):
        return True
    if name.endswith(".json"):
        return _sniff_agtp_json(path)
    parent = os.path.basename(os.path.dirname(os.path.abspath(path)))
    return parent == "endpoints" and name.endswith(".toml")


def collect(paths: list[str]) -> tuple[list[str], list[str]]:
    """Files to lint (directories recurse) and paths that do not exist."""
    files: list[str] = []
    missing: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and (
                    not d.startswith(".") or d in registry.dot_dirs()))
                for n in sorted(names):
                    full = os.path.join(root, n)
                    if is_lintable(full):
                        files.append(full)
        elif os.path.isfile(p):
            files.append(p)  # explicitly named files are linted whatever their name
        else:
            missing.append(p)
    seen: set = set()
    return [f for f in files if not (f in seen or seen.add(f))], missing
