"""The MCP tool lists: every MCPT rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('MCPT101', 'mcp-missing-required-field', 'mcp.structure',
      kinds=('mcp-tools',), pass_no=1, generated="_shape_rules"),
    R('MCPT102', 'mcp-wrong-field-type', 'mcp.structure',
      kinds=('mcp-tools',), pass_no=1, generated="_shape_rules"),
    R('MCPT103', 'mcp-invalid-enum-value', 'mcp.structure',
      kinds=('mcp-tools',), pass_no=1, generated="_shape_rules"),
    R('MCPT201', 'invalid-tool-name', 'mcp.structure', kinds=('mcp-tools',), pass_no=5),
    R('MCPT202', 'duplicate-tool-name', 'mcp.structure', kinds=('mcp-tools',), pass_no=5),
    R('MCPT203', 'contradictory-annotations', 'mcp.annotations', kinds=('mcp-tools',), pass_no=5),
    R('MCPT301', 'tool-shadowed-across-servers', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT302', 'names-another-servers-tool', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT303', 'mentions-missing-tool', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT304', 'server-not-readable', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT305', 'server-offers-nothing', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT401', 'definition-changed-since-pinned', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT402', 'definition-not-pinned', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT403', 'pinned-definition-removed', 'mcp.scan', kinds=('mcp-tools',), pass_no=5),
    R('MCPT501', 'toxic-flow', 'mcp.flows', kinds=('mcp-tools',), pass_no=5),
    R('MCPT502', 'toxic-flow-with-harm', 'mcp.flows', kinds=('mcp-tools',), pass_no=5),
    R('MCPT503', 'possible-toxic-flow', 'mcp.flows', kinds=('mcp-tools',), pass_no=5),
    R('MCPT601', 'annotations-contradict-verb', 'mcp.annotations',
      kinds=('mcp-tools',), pass_no=6, semantic=True),
)
