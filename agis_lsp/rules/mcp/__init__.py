"""MCP tool lists (``MCPTnnn``), MCP specification revision 2025-11-25."""
