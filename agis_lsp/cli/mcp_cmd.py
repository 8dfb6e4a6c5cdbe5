"""``agis-lint mcp``: the subcommands that talk to live MCP servers (scan) or are one (serve).

Only these import the MCP SDK (``mcp``); ``agis-lint check`` never does.
"""
from __future__ import annotations

import sys

INSTALL = "pip install 'mcp>=2.3,<3'  (or: pip install --force-reinstall agis-lsp)"


def add_parser(sub) -> None:
    from . import mcp_scan
    m = sub.add_parser("mcp", help="scan live MCP servers, or serve agis-lint over MCP")
    msub = m.add_subparsers(dest="mcp_command", required=True)
    scan = msub.add_parser("scan", help="lint what live MCP servers offer (starts them!)")
    mcp_scan.add_arguments(scan)
    msub.add_parser("serve", help="run agis-lint as an MCP server over standard input/output")


def sdk_missing() -> str | None:
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        return f"agis-lint mcp needs the MCP Python SDK ({exc}); install it with: {INSTALL}"
    return None


def run(args) -> int:
    missing = sdk_missing()
    if missing:
        print(f"agis-lint: {missing}", file=sys.stderr)
        return 2
    if args.mcp_command == "serve":
        from .mcp_serve import serve
        return serve()
    from .mcp_scan import run as scan
    return scan(args)
