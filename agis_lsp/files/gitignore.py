"""Which paths git ignores, read from the ignore files themselves (git is never run).

The files are those git reads for untracked files: ``.gitignore`` in every directory from
the repository's top down to the path, and ``.git/info/exclude`` (the user's global
``core.excludesFile`` is not read). Within one file the last matching pattern wins; a
deeper file wins over a shallower one, and every ``.gitignore`` over ``info/exclude``.

A pattern is read as gitignore(5) says: a blank line or ``#`` starts nothing; a trailing
space is dropped unless escaped; ``!`` re-includes; a trailing ``/`` matches directories
only; a ``/`` at the start or in the middle anchors the pattern to its file's directory,
else it matches at any depth; ``*``, ``?`` and ``[...]`` match within one path part;
``**/`` at the start, ``/**`` at the end and ``/**/`` in the middle match any number of
parts. A path under an ignored directory is ignored whatever a later pattern says (the walk
never enters the directory).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .reading import read_bytes

MAX_IGNORE_FILE = 1 << 20      # bytes of one ignore file that are read (a larger one is skipped)


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern
    negated: bool
    dir_only: bool


def _translate_glob(glob: str) -> str:
    """``*``, ``?``, ``[...]`` and backslash escapes of one pattern (no ``**`` handling)."""
    out, i, n = [], 0, len(glob)
    while i < n:
        c = glob[i]
        if c == "\\" and i + 1 < n:
            out.append(re.escape(glob[i + 1]))
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            j = i + 1
            if j < n and glob[j] in "!^":
                j += 1
            if j < n and glob[j] == "]":
                j += 1
            while j < n and glob[j] != "]":
                j += 1
            if j >= n:                       # no closing bracket: a literal "["
                out.append(re.escape(c))
            else:
                body = glob[i + 1:j]
                if body[:1] in ("!", "^"):
                    body = "^" + body[1:]
                out.append("(?!/)[" + body + "]")
                i = j
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def _translate(pattern: str) -> str:
    """The regular expression of one pattern (no ``!``, no trailing ``/``), matched against
    the whole path relative to the ignore file's directory."""
    anchored = "/" in pattern
    parts = pattern.lstrip("/").split("/") if pattern.startswith("/") else pattern.split("/")
    body = ""
    for k, part in enumerate(parts):
        last = k == len(parts) - 1
        if part == "**":
            # "**" alone: everything; "a/**": everything inside a; "**/" and "/**/": any
            # number of directories, none included
            body += (".*" if k == 0 else ".+") if last else "(?:.*/)?"
        else:
            body += _translate_glob(part) + ("" if last else "/")
    return ("" if anchored else "(?:.*/)?") + body


def parse(text: str) -> list[Pattern]:
    out = []
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        stripped = line.rstrip(" ")
        if len(stripped) < len(line) and stripped.endswith("\\"):
            stripped += " "                  # "a\ " keeps one escaped space
        line = stripped
        if not line:
            continue
        negated = line.startswith("!")
        if negated:
            line = line[1:]
        dir_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        try:
            out.append(Pattern(re.compile(_translate(line) + r"\Z", re.DOTALL), negated, dir_only))
        except re.error:
            continue                         # a pattern git would not match either
    return out


def _read(path: str) -> list[Pattern]:
    try:
        raw = read_bytes(path, MAX_IGNORE_FILE, "ignore file")
    except OSError:
        return []
    return parse(raw.decode("utf-8", errors="replace"))


def repository_top(folder: str) -> str | None:
    """The top of the git work tree ``folder`` is in (the nearest ``.git`` upwards)."""
    d = os.path.abspath(folder)
    while True:
        if os.path.exists(os.path.join(d, ".git")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


@dataclass
class _Level:
    base: str                    # the directory the patterns are relative to ("/"-separated, "" top)
    patterns: list
    any_file: re.Pattern | None = None    # one regex: does any pattern that applies to files match?
    any_dir: re.Pattern | None = None     # ... to directories

    def __post_init__(self) -> None:
        self.any_file = _union([p for p in self.patterns if not p.dir_only])
        self.any_dir = _union(self.patterns)


def _union(patterns: list) -> re.Pattern | None:
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{p.regex.pattern})" for p in patterns), re.DOTALL)


@dataclass
class Ignorer:
    """Decides, for the paths of one walk, whether git ignores them. Start with
    :meth:`for_folder`; call :meth:`enter` for every directory walked into (its
    ``.gitignore`` is read once)."""
    top: str                                      # the repository's top, or the walk's folder
    levels: dict = field(default_factory=dict)    # relative dir -> the levels that apply in it

    @classmethod
    def for_folder(cls, folder: str) -> Ignorer:
        folder = os.path.abspath(folder)
        top = repository_top(folder) or folder
        ign = cls(top)
        base: list = []
        exclude = _read(os.path.join(top, ".git", "info", "exclude"))
        if exclude:
            base.append(_Level("", exclude))
        ign.levels[""] = base + ign._own("")
        rel = os.path.relpath(folder, top).replace(os.sep, "/")
        if rel != ".":
            parts = rel.split("/")
            for k in range(len(parts)):
                ign.enter("/".join(parts[: k + 1]))
        return ign

    def _own(self, rel: str) -> list:
        patterns = _read(os.path.join(self.top, rel, ".gitignore") if rel else
                         os.path.join(self.top, ".gitignore"))
        return [_Level(rel, patterns)] if patterns else []

    def rel(self, path: str) -> str:
        return os.path.relpath(os.path.abspath(path), self.top).replace(os.sep, "/")

    def enter(self, rel_dir: str) -> None:
        """Read the ``.gitignore`` of the directory ``rel_dir`` (relative to the top)."""
        if rel_dir in self.levels:
            return
        parent = rel_dir.rpartition("/")[0]
        if parent not in self.levels:
            self.enter(parent)
        self.levels[rel_dir] = self.levels[parent] + self._own(rel_dir)

    def ignored_path(self, rel_path: str, is_dir: bool) -> bool:
        """Does git ignore ``rel_path``, itself or as the content of an ignored directory?"""
        parts = rel_path.split("/")
        return any(self.ignored("/".join(parts[: k + 1]), True) for k in range(len(parts) - 1)) \
            or self.ignored(rel_path, is_dir)

    def ignored(self, rel_path: str, is_dir: bool) -> bool:
        """Does git ignore ``rel_path`` (relative to the top) when its parent is not ignored?"""
        parent = rel_path.rpartition("/")[0]
        if parent not in self.levels:
            self.enter(parent)
        result = False
        for level in self.levels[parent]:
            sub = rel_path[len(level.base) + 1:] if level.base else rel_path
            quick = level.any_dir if is_dir else level.any_file
            if quick is None or not quick.match(sub):
                continue                        # no pattern of this file matches (the most)
            for p in level.patterns:
                if (is_dir or not p.dir_only) and p.regex.match(sub):
                    result = not p.negated
        return result
