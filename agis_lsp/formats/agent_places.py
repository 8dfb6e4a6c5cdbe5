"""Where coding agents read skills and instruction files: the user's own (under the home
folder) and the project's (under the working folder). ``mcp scan --discover`` lints them.

Only documented places and exact names: a ``README.md`` is never one of them.
"""
from __future__ import annotations

import glob
import os

#: Folders of skills (each ``NAME/SKILL.md``), relative to the home folder and to the project.
USER_SKILLS = (".claude/skills", ".codex/skills", ".agents/skills", ".gemini/skills",
               ".config/opencode/skills", ".copilot/skills", ".cursor/skills")
PROJECT_SKILLS = (".claude/skills", ".codex/skills", ".agents/skills", ".github/skills",
                  ".gemini/skills", ".opencode/skills", ".cursor/skills")
#: Instruction files the agents load for every session of the user.
USER_FILES = (".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md")
#: Instruction files of a project (at its root), and folders of rule files.
PROJECT_FILES = ("AGENTS.md", "AGENTS.override.md", "CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md",
                 "GEMINI.md", ".cursorrules", ".windsurfrules", ".clinerules",
                 ".github/copilot-instructions.md")
PROJECT_GLOBS = (".cursor/rules/*.mdc", ".github/instructions/*.instructions.md", ".windsurf/rules/*.md")


def _skills(base: str, folders: tuple) -> list[str]:
    out = []
    for folder in folders:
        top = os.path.join(base, *folder.split("/"))
        out += sorted(glob.glob(os.path.join(glob.escape(top), "*", "SKILL.md")))
    return out


def locations(home: str, cwd: str) -> list[str]:
    """The skills and instruction files that exist, the user's first, each once."""
    j = os.path.join
    found = [j(home, *f.split("/")) for f in USER_FILES] + _skills(home, USER_SKILLS)
    found += [j(cwd, *f.split("/")) for f in PROJECT_FILES]
    for pattern in PROJECT_GLOBS:
        found += sorted(glob.glob(j(glob.escape(cwd), *pattern.split("/"))))
    found += _skills(cwd, PROJECT_SKILLS)
    out, seen = [], set()
    for path in found:
        real = os.path.realpath(path)
        if os.path.isfile(path) and real not in seen:
            seen.add(real)
            out.append(path)
    return out
