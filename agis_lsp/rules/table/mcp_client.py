"""The MCP client configurations: every MCPC rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('MCPC101', 'secret-inline', 'mcp_client.servers', kinds=('mcp-client-config',), pass_no=5),
    R('MCPC201', 'unpinned-server-package', 'mcp_client.servers', kinds=('mcp-client-config',), pass_no=5),
    R('MCPC202', 'plain-http-to-remote-server', 'mcp_client.servers',
      kinds=('mcp-client-config',), pass_no=5),
    R('MCPC301', 'unknown-client-config-key', 'mcp_client.keys', kinds=('mcp-client-config',), pass_no=5),
    R('MCPC302', 'duplicate-server-name', 'mcp_client.keys', kinds=('mcp-client-config',), pass_no=5),
)
