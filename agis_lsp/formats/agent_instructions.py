"""Agent instruction files: the Markdown or plain text a coding agent loads into its context
on every turn (``AGENTS.md``, ``CLAUDE.md``, ``GEMINI.md``, ``.cursorrules``,
``.windsurfrules``, ``.cursor/rules/*.mdc``, ``.github/copilot-instructions.md``).

A Markdown document (``document.markdown``): an optional ``frontmatter`` (Cursor's ``.mdc``
rules: ``description``, ``globs``, ``alwaysApply``) and the ``body`` blocks. Only these
exact names and places are the kind: a ``README.md`` is not.
"""
from __future__ import annotations

from .agent_scope import INSTRUCTION_KIND
from .markdown_view import MarkdownView, body_prose
from .registry import FormatKind, Symbol

SPEC = ("agent instruction files (AGENTS.md; Claude Code's CLAUDE.md; Cursor rules; GitHub Copilot "
        "custom instructions; Gemini CLI's GEMINI.md; Windsurf rules)")
#: The file names and places, as "/"-separated globs on the path.
FILE_GLOBS = ("AGENTS.md", "AGENTS.override.md", "CLAUDE.md", "CLAUDE.local.md", "GEMINI.md",
              ".cursorrules", ".windsurfrules", ".clinerules",
              "*/.cursor/rules/*.mdc", ".cursor/rules/*.mdc",
              "*/.github/copilot-instructions.md", ".github/copilot-instructions.md",
              "*/.github/instructions/*.instructions.md", ".github/instructions/*.instructions.md",
              "*/.windsurf/rules/*.md", ".windsurf/rules/*.md")


def outline(view: MarkdownView) -> list[Symbol]:
    out = []
    if view.frontmatter:
        out.append(Symbol("frontmatter", "object", ("frontmatter",)))
    out.extend(Symbol(b.splitlines()[0].lstrip("#").strip(), "string", ("body", i))
               for i, b in enumerate(view.blocks) if b.startswith("#"))
    return out


FORMAT = FormatKind(
    name="agent-instructions",
    title="Agent instruction file",
    spec=SPEC,
    file_globs=FILE_GLOBS,
    view=MarkdownView,
    outline=outline,
    prose=body_prose,
    **INSTRUCTION_KIND,
)
