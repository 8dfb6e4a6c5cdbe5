#!/bin/sh
# Installs the published MCP servers the live-scan tests start (tests/mcp_live/test_mcp_npm.py), at
# pinned versions, into .tmp/mcp-servers of the repository (or $AGIS_MCP_SERVERS). Needs node and
# npm; the registry is reached here only, never by the tests.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEST=${AGIS_MCP_SERVERS:-$ROOT/.tmp/mcp-servers}
mkdir -p "$DEST"
npm install --prefix "$DEST" --no-audit --no-fund --loglevel=error \
  @modelcontextprotocol/server-filesystem@2026.8.31 \
  @modelcontextprotocol/server-memory@2026.8.31
echo "installed into $DEST"
