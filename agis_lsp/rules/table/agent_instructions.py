"""Agent instruction files and skills: every AGIN rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('AGIN101', 'credential-in-instructions', 'agent_instructions.secrets',
      kinds=('agent-instructions', 'agent-skill'), pass_no=None),
)
