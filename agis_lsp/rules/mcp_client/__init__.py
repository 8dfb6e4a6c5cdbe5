"""MCP client configuration files (``MCPCnnn``): the servers a client starts, as the clients
document their formats (formats/mcp_client.py)."""
