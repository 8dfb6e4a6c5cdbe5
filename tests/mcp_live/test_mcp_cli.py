"""The mcp subcommands' contract that needs no server: the SDK stays out of `check`, and
without the SDK `agis-lint mcp` says how to install it (exit 2)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from .helpers import AGIS_LINT, ROOT


def test_check_of_a_tool_list_does_not_import_the_sdk(tmp_path):
    doc = tmp_path / "tools.mcp.json"
    doc.write_text(json.dumps({"tools": [{"name": "get_forecast", "description": "Gets the "
                                          "weather forecast for a city.",
                                          "inputSchema": {"type": "object"}}]}))
    code = ("import sys\nfrom agis_lsp.cli.entry import main\n"
            f"main(['check', '--no-cache', '--no-semantic', '-q', {str(doc)!r}])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types', 'anyio')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, AGIS_LINT_CACHE_DIR=str(tmp_path / "c")), timeout=300)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr


def test_without_the_sdk_mcp_says_how_to_install_it(tmp_path):
    fake = tmp_path / "shadow" / "mcp"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named mcp (test)')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "shadow"))
    proc = subprocess.run([AGIS_LINT, "mcp", "scan", "--command", "true"], capture_output=True,
                          text=True, env=env, timeout=300, cwd=str(tmp_path))
    assert proc.returncode == 2
    assert "pip install 'mcp>=2.3,<3'" in proc.stderr and "Traceback" not in proc.stderr
