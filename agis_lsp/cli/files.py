"""Which files `agis-lint check` looks at (the kinds are decided in ``formats.kinds``)."""
from __future__ import annotations

import os

from ..formats import kinds


def collect(paths: list[str]) -> tuple[list[str], list[str]]:
    """Files to lint (directories recurse) and paths that do not exist."""
    files: list[str] = []
    missing: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            files.extend(kinds.walk(p))
        elif os.path.isfile(p):
            files.append(p)  # explicitly named files are linted whatever their name
        else:
            missing.append(p)
    seen: set = set()
    return [f for f in files if not (f in seen or seen.add(f))], missing
