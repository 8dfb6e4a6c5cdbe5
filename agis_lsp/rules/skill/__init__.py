"""Agent Skills (SKILL.md): the specification's frontmatter rules and the skill's folder."""
