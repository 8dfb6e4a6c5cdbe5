"""Which files `agis-lint check` looks at (the kinds are decided in ``formats.kinds``)."""
from __future__ import annotations

import os
from typing import Callable

from ..files.reading import missing_reason
from ..formats import kinds


def collect(paths: list[str], *, respect_gitignore: bool | Callable[[str], bool] = True,
            notes: list | None = None) -> tuple[list[str], list[str]]:
    """Files to lint (directories recurse) and, for each path that cannot be linted, why
    ("x.agis: not a regular file: a FIFO", "y: no such file or directory"). A file named
    here is linted whatever its name and whatever .gitignore says; what a directory walk
    leaves out that is no regular file is told in ``notes``. ``respect_gitignore``: for all
    directories, or asked of each (its configuration's ``respect-gitignore``)."""
    files: list[str] = []
    problems: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            respect = respect_gitignore(p) if callable(respect_gitignore) else respect_gitignore
            files.extend(kinds.walk(p, respect_gitignore=respect, skipped=notes))
        elif os.path.isfile(p):
            files.append(p)  # explicitly named files are linted whatever their name
        else:
            problems.append(f"{p}: {missing_reason(p)}")
    seen: set = set()
    return [f for f in files if not (f in seen or seen.add(f))], problems
