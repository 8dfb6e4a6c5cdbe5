"""Agent Skills (SKILL.md): every SKIL rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

KINDS = ("agent-skill",)
ROWS = (
    R('SKIL101', 'skill-frontmatter-missing', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL102', 'skill-missing-field', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL103', 'skill-field-type', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL104', 'skill-name-format', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL105', 'skill-name-folder-mismatch', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL106', 'skill-field-too-long', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL107', 'skill-unknown-field', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL108', 'skill-frontmatter-flow-style', 'skill.frontmatter', kinds=KINDS, pass_no=1),
    R('SKIL201', 'skill-missing-file', 'skill.folder', kinds=KINDS, pass_no=2),
    R('SKIL202', 'skill-bundled-scripts', 'skill.folder', kinds=KINDS, pass_no=2),
)
