"""`agis-lint mcp serve` driven by the MCP SDK's client over stdio (the installed console
script as a process)."""
from __future__ import annotations

import json
import os
import sys

import anyio
import pytest

from agis_lsp.engine.linter import Linter

pytestmark = pytest.mark.slow
AGIS_LINT = os.path.join(os.path.dirname(sys.executable), "agis-lint")
BAD_TOOLS = json.dumps({"tools": [{"name": "find flights", "description": "Finds flights.",
                                   "inputSchema": {"type": "object"}}]})


async def _session_run(tmp_path):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    params = StdioServerParameters(command=AGIS_LINT, args=["mcp", "serve"], cwd=str(tmp_path),
                                   env={"AGIS_LINT_CACHE_DIR": str(tmp_path / "cache")})
    out = {}
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            with anyio.fail_after(300):
                out["init"] = await session.initialize()
                out["tools"] = (await session.list_tools()).tools
                out["check"] = await session.call_tool(
                    "check_document", {"text": BAD_TOOLS, "filename": "tools.mcp.json"})
                out["explain"] = await session.call_tool("explain_rule", {"code": "MCPT201"})
                out["rules"] = await session.call_tool("list_rules", {"prefix": "MCPT3"})
                out["convert"] = await session.call_tool(
                    "convert_document", {"text": BAD_TOOLS.replace("find flights", "find_flights"),
                                         "to": "agis"})
    return out


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    return anyio.run(_session_run, tmp_path_factory.mktemp("serve"))


def test_tools_offered(served):
    assert served["init"].server_info.name == "agis-lint"
    assert [t.name for t in served["tools"]] == ["check_document", "convert_document",
                                                 "explain_rule", "list_rules"]


def test_check_document_returns_structured_diagnostics(served):
    res = served["check"]
    assert not res.is_error
    content = res.structured_content
    assert content["kind"] == "mcp-tools"
    bad = [d for d in content["diagnostics"] if d["code"] == "MCPT201"]
    assert bad and bad[0]["path"] == ["tools", 0, "name"] and bad[0]["severity"] == "error"
    assert bad[0]["line"] == 1


def test_explain_list_and_convert(served):
    assert "invalid-tool-name" in served["explain"].structured_content["result"]
    codes = [r["code"] for r in served["rules"].structured_content["rules"]]
    assert codes == ["MCPT301", "MCPT302", "MCPT303", "MCPT304", "MCPT305"]
    conv = served["convert"].structured_content
    assert conv["target"] == "agis" and "FIND" in conv["files"][0]["text"]   # find_flights -> FIND


def test_its_own_tool_list_lints_clean(served, tmp_path):
    tools = [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in served["tools"]]
    text = json.dumps({"tools": tools}, indent=2)
    outcome = Linter().check(str(tmp_path / "agis-lint.mcp.json"), text=text,
                             default_kind="mcp-tools")
    assert outcome.kind == "mcp-tools"
    assert [(d.code, d.message) for d in outcome.diagnostics] == []
