"""Agent Skills: a ``SKILL.md`` (YAML frontmatter and Markdown instructions) with its folder
(agentskills.io specification, as its reference library ``skills-ref`` validates it).

The document is a Markdown document (``document.markdown``): ``frontmatter`` holds the
fields, ``body`` the blocks of instructions. The folder's other files (``scripts/``,
``references/``, ``assets/``) are read as names only: never opened, run or imported.
"""
from __future__ import annotations

import os
import re
from functools import cached_property

from . import _common as c
from .agent_scope import INSTRUCTION_KIND
from .markdown_view import MarkdownView, body_prose
from .registry import EditorHooks, FormatKind, Symbol

SPEC = "Agent Skills specification (agentskills.io)"
#: Limits of the specification's frontmatter table ("name field", "description field",
#: "compatibility field"), the same as skills-ref's validator.
NAME_MAX, DESCRIPTION_MAX, COMPATIBILITY_MAX = 64, 1024, 500
FIELDS = ("name", "description", "license", "compatibility", "metadata", "allowed-tools")
REQUIRED = ("name", "description")
#: The folders the specification names ("Optional directories"); ``scripts/`` holds code the
#: agent may run.
SCRIPTS_DIR = "scripts"
SCRIPT_SUFFIXES = (".py", ".sh", ".bash", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl", ".ps1", ".bat",
                   ".cmd", ".php", ".go", ".lua", ".r", ".zsh", ".fish")

def name_problems(name: str) -> list[str]:
    """What breaks the specification's name format ("name field"), after NFKC normalisation as
    skills-ref does; empty for a valid name."""
    import unicodedata
    norm = unicodedata.normalize("NFKC", name.strip())
    problems = []
    if len(norm) > NAME_MAX:
        problems.append(f"has {len(norm)} characters (at most {NAME_MAX})")
    if norm != norm.lower():
        problems.append("is not lowercase")
    if norm.startswith("-") or norm.endswith("-"):
        problems.append("starts or ends with a hyphen")
    if "--" in norm:
        problems.append("contains consecutive hyphens")
    if not all(ch.isalnum() or ch == "-" for ch in norm):
        problems.append("contains characters other than letters, digits and hyphens")
    return problems


SCHEMA = c.obj({
    "name": c.string("Required. 1-64 characters: lowercase letters, digits and hyphens, not starting "
                     "or ending with a hyphen, no '--'; must match the skill's folder name "
                     "(Agent Skills specification, \"name field\")."),
    "description": c.string("Required. 1-1024 characters: what the skill does and when to use it "
                            "(\"description field\")."),
    "license": c.string("Optional. The license's name or a bundled license file (\"license field\")."),
    "compatibility": c.string("Optional. 1-500 characters: environment requirements (intended product, "
                              "system packages, network access) (\"compatibility field\")."),
    "metadata": {"type": "object", "additionalProperties": {"type": "string"},
                 "description": "Optional. A map from string keys to string values for properties "
                                "the specification does not define (\"metadata field\")."},
    "allowed-tools": c.string("Optional, experimental. Space-separated tools the skill is "
                              "pre-approved to use (\"allowed-tools field\")."),
}, f"The frontmatter of a SKILL.md ({SPEC}, \"Frontmatter\").", required=REQUIRED)

# Markdown links and images with a relative target, and file paths written in code spans
# or as a bare folder path ("scripts/extract.py", "references/REFERENCE.md").
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_PATH = re.compile(r"(?<![\w./-])((?:scripts|references|assets)/(?:[\w-]+/)*[\w-]+\.[A-Za-z0-9]{1,8})"
                   r"(?![\w/])")


class SkillView(MarkdownView):
    @property
    def flow_paths(self) -> list:
        """Paths of the frontmatter's flow collections (``[a, b]``, ``{k: v}``)."""
        return list(getattr(self.doc, "frontmatter_flow", ()))

    @cached_property
    def folder(self) -> str | None:
        """The skill's folder on disk (None for a buffer without a file)."""
        path = self.doc.path
        if not path or not os.path.isabs(path) and not os.path.exists(path):
            return None
        return os.path.dirname(os.path.abspath(path))

    @cached_property
    def scripts(self) -> list[str]:
        """The scripts the skill bundles, relative to its folder (names only: never opened)."""
        if self.folder is None:
            return []
        top = os.path.join(self.folder, SCRIPTS_DIR)
        out = []
        for root, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for n in sorted(names):
                if n.lower().endswith(SCRIPT_SUFFIXES):
                    out.append(os.path.relpath(os.path.join(root, n), self.folder).replace(os.sep, "/"))
        return out

    def references(self):
        """(block index, start, end, target) of every relative file reference in the body:
        Markdown links and images (outside fenced code blocks, where a link is literal text),
        and ``scripts/``, ``references/``, ``assets/`` file paths (code blocks included: that
        is where ``python scripts/extract.py`` is written)."""
        for i, block in enumerate(self.blocks):
            seen = set()
            if not block.lstrip().startswith(("```", "~~~")):
                for m in _LINK.finditer(block):
                    target = m.group(1)
                    if _relative(target):
                        seen.update(range(m.start(1), m.end(1)))
                        yield i, m.start(1), m.end(1), target
            for m in _PATH.finditer(block):
                if m.start(1) not in seen:
                    yield i, m.start(1), m.end(1), m.group(1)


def _relative(target: str) -> bool:
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("#", "/", "~", "{", "$", "<")):
        return False
    return bool(target.split("#", 1)[0].split("?", 1)[0])


def target_path(target: str) -> str:
    """The file a relative reference names (no anchor, no query, %20 decoded)."""
    from urllib.parse import unquote
    return unquote(target.split("#", 1)[0].split("?", 1)[0])


def prose(view: SkillView):
    """The description (found by the generic walk too) and every block of instructions."""
    fm = view.frontmatter or {}
    if isinstance(fm.get("description"), str):
        yield ("frontmatter", "description"), fm["description"]
    yield from body_prose(view)


def outline(view: SkillView) -> list[Symbol]:
    fm = view.frontmatter or {}
    out = []
    if fm:
        name = fm.get("name")
        out.append(Symbol(str(name) if name else "frontmatter", "object", ("frontmatter",),
                          detail=str(fm.get("description", ""))[:80]))
    headings = tuple(Symbol(b.lstrip("#").strip(), "string", ("body", i))
                     for i, b in enumerate(view.blocks) if b.startswith("#"))
    if headings:
        out.append(Symbol("instructions", "array", ("body",), headings))
    if view.scripts:
        out.append(Symbol("bundled scripts (code the agent may run)", "array", ("frontmatter",),
                          tuple(Symbol(s, "file", ("frontmatter",), detail="running code")
                                for s in view.scripts)))
    return out


def folder_files(path: str, limit: int = 5000) -> list[str]:
    """The files of the skill's folder (names relative to it), for the result cache's key."""
    top = os.path.dirname(os.path.abspath(path))
    out: list[str] = []
    for root, dirs, names in os.walk(top):
        dirs.sort()
        out += sorted(os.path.relpath(os.path.join(root, n), top) for n in names)
        if len(out) > limit:
            break
    return out


def _field_keys(spath, data):
    return FIELDS if tuple(spath) in ((), ("frontmatter",)) else None


FORMAT = FormatKind(
    name="agent-skill",
    title="Agent Skill (SKILL.md)",
    spec=SPEC,
    # any SKILL.md; the agents' own skill folders are named so that a directory walk enters them
    file_globs=("SKILL.md", "skill.md", "*/.claude/skills/*/SKILL.md", "*/.codex/skills/*/SKILL.md",
                "*/.agents/skills/*/SKILL.md"),
    view=SkillView,
    schema=c.obj({"frontmatter": SCHEMA,
                  "body": c.array(c.string("A block of the skill's instructions."),
                                  "The Markdown instructions (\"Body content\").")},
                 f"A SKILL.md ({SPEC}).", required=("frontmatter",)),
    outline=outline,
    prose=prose,
    depends_on=folder_files,
    editor=EditorHooks(field_keys=_field_keys),
    **INSTRUCTION_KIND,
)
