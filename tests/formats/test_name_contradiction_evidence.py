"""TOOL601 (a warning) needs a contradiction the verb table decides; what only the pair head sees is
TOOL602 (information). Hard negatives are real tools of the development half of the MCP corpus;
the positives are mistakes that must stay warnings. Run by the shipped CLI."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from agis_lsp.formats.name_reader import name_context, read_name

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "benchmarks", "corpora", "mcp")
EXE = os.path.join(os.path.dirname(sys.executable), "agis-lint")


def _names(unit: str) -> list[str]:
    with open(os.path.join(CORPUS, f"{unit}.tools.mcp.json"), encoding="utf-8") as fh:
        return [t["name"] for t in json.load(fh)["tools"]]


def _lint(paths: list[str]) -> list[dict]:
    proc = subprocess.run([EXE, "check", "--no-cache", "--format", "json", "-q", *paths],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)["diagnostics"]


def _naming_findings(tmp_path, tools: list[dict]) -> list[dict]:
    """TOOL601 and TOOL602 of a tool list written to a file and linted by the shipped CLI."""
    path = tmp_path / "server.tools.mcp.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    return [d for d in _lint([str(path)]) if d["code"] in ("TOOL601", "TOOL602")]


def _model():
    from tests.goldens import semantic_available
    if not semantic_available():
        pytest.skip("semantic model not installed")


def test_http_nouns_do_not_outrank_the_verb():
    # chrome-devtools: STOP is the verb, TRACE the object (TRACE is an HTTP method, and a noun)
    ctx = name_context(_names("chrome-devtools-mcp"))
    lead = read_name("performance_stop_trace", ctx)
    assert (lead.namespace, lead.word, lead.object) == ("performance", "stop", "trace")
    # alone, a leading TRACE is still read as the verb
    assert read_name("trace_request").word == "trace"


def test_a_title_with_the_servers_suffix_is_not_a_sure_verb():
    # mapbox names its tools as titles: BUFFER, PLACE may be nouns there; SEARCH stays sure
    ctx = name_context(_names("mapbox_mcp-server"))
    assert not read_name("buffer_tool", ctx).sure
    assert not read_name("place_details_tool", ctx).sure
    assert read_name("buffer_tool", name_context(["buffer_tool", "list_items"])).sure
    assert read_name("category_search_tool", ctx).word == "search"


def test_real_servers_opinions_are_information(tmp_path):
    # development servers whose tools the pair head called contradictions, all false on reading:
    # askBrowserStackAI, place_details_tool, buffer_tool, query ("Run a read-only SQL query"),
    # puppeteer_evaluate ("Execute JavaScript in the browser console")
    _model()
    units = ["browserstack_mcp-server", "mapbox_mcp-server", "modelcontextprotocol_server-postgres",
             "modelcontextprotocol_server-puppeteer"]
    found = _lint([os.path.join(CORPUS, f"{u}.tools.mcp.json") for u in units])
    naming = [d for d in found if d["code"].startswith(("TOOL6", "MCPT6"))]
    assert not [d for d in naming if d["severity"] in ("warning", "error")], naming
    # the opinions are still there, as hints
    assert any(d["code"] == "TOOL602" and "puppeteer_evaluate" in d["message"] for d in naming), naming


MISTAKES = [
    # an acting verb whose description only reads
    ("remove_file", "Lists the files in a directory."),
    # kinds that never go together
    ("find_user", "Creates a new user account with the given email."),
    # opposites
    ("lock_door", "Unlocks the front door."),
    # a removal verb after a namespace, on a reading description
    ("hosting_removeWebsiteV1", "Lists the websites of the account."),
]


def test_decided_contradictions_stay_warnings(tmp_path):
    _model()
    tools = [{"name": n, "description": d, "inputSchema": {"type": "object"}} for n, d in MISTAKES]
    tools += [{"name": "hosting_listWebsitesV1", "description": "Lists the websites.",
               "inputSchema": {"type": "object"}},
              {"name": "run_query", "description": "Runs a read-only SQL query.",
               "inputSchema": {"type": "object"}}]
    path = tmp_path / "server.tools.mcp.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    found = _lint([str(path)])
    warned = {d["message"].split("'")[1] if "'" in d["message"] else d["message"].split("`")[1]
              for d in found if d["code"] == "TOOL601" and d["severity"] == "warning"}
    assert warned == {n for n, _ in MISTAKES}, found


def test_usage_notes_after_the_statement_neither_make_nor_hide_a_contradiction(tmp_path):
    # the model reads the statement first (its first sentence) and the whole description only
    # when that reads as another operation: error lists after a title are not the operation,
    # and the mistakes above stay warnings behind usage notes
    _model()
    notes = {"remove_file": " Pass a path relative to the workspace root; hidden files are left out unless `all` is true.",
             "find_user": " The address must be verified; a welcome message is sent.",
             "lock_door": "\nRequires the resident's PIN.",
             "hosting_removeWebsiteV1": " Paged, 50 a page."}
    tools = [{"name": n, "description": d + notes[n], "inputSchema": {"type": "object"}} for n, d in MISTAKES]
    tools += [{"name": n, "description": f"Acme | {t}\nError Responses:\n400: Bad request", "inputSchema": {"type": "object"}}
              for n, t in (("retrieve_page", "Retrieve a page"), ("query_table", "Query a table"))]
    path = tmp_path / "server.tools.mcp.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    found = _lint([str(path)])
    naming = [d for d in found if d["code"] in ("TOOL601", "TOOL602")]
    warned = {d["message"].split("'")[1] if "'" in d["message"] else d["message"].split("`")[1]
              for d in naming if d["code"] == "TOOL601"}
    assert warned == {n for n, _ in MISTAKES}, naming
    assert not [d for d in naming if "retrieve_page" in d["message"] or "query_table" in d["message"]], naming


def test_one_kind_on_both_sides_is_no_contradiction_of_kinds(tmp_path):
    # food402's checkout_ready (sixth blind split): the model reads CHECKOUT and "Get basket ready
    # for checkout" both as a transaction, and the pair head tells two operations of it apart; the
    # finding says that, as information, and never "implies a transaction, but describes a transaction"
    _model()
    found = _naming_findings(tmp_path, [
        {"name": "checkout_ready", "inputSchema": {"type": "object"},
         "description": "Get basket ready for checkout with payment context. Call this before placing an order."},
        {"name": "remove_file", "description": "Lists the files in a directory.", "inputSchema": {"type": "object"}}])
    checkout = [d for d in found if "checkout_ready" in d["message"]]
    assert all(d["code"] == "TOOL602" and d["severity"] == "information" for d in checkout), found
    for d in found:   # a message names two different kinds, or says the kinds are the same
        if " implies " in d["message"]:
            implied, described = d["message"].split(" implies ", 1)[1].split(", but the description describes ")
            assert implied.split(" (")[0] != described.split(" (")[0], d["message"]
        else:
            assert " both read as " in d["message"], d["message"]
    assert any(d["code"] == "TOOL601" and "remove_file" in d["message"] for d in found), found


def test_the_last_of_coordinated_steps_is_the_operation(tmp_path):
    # mcp-mail-server's save_attachment (seventh blind split): "Download and save ..." ends with
    # SAVE; the pair head's reading of the first step stays a hint (TOOL602). A name that only
    # the first step contradicts would be read the same; one the last step contradicts is not
    _model()
    found = _naming_findings(tmp_path, [{"name": "save_attachment", "inputSchema": {"type": "object"},
                                         "description": "Download and save email attachments to local file system."}])
    assert [d["code"] for d in found] == ["TOOL602"], found


def test_an_act_or_its_opposite_sets_a_state(tmp_path):
    # the AWS SAP server's update_schedule_state (eighth blind split): "Enable or disable ..." sets
    # the schedule's state, a modification, not an activation that UPDATE contradicts
    _model()
    found = _naming_findings(tmp_path, [{"name": "update_schedule_state", "inputSchema": {"type": "object"},
                                         "description": "Enable or disable an EventBridge Scheduler schedule."}])
    assert [d for d in found if d["code"] == "TOOL601"] == []


def test_an_act_and_another_that_is_not_its_opposite_sets_no_state():
    from types import SimpleNamespace
    from agis_lsp.rules.verbs._senses import sets_a_state_either_way
    lead = SimpleNamespace(upper="UPDATE")
    assert sets_a_state_either_way(lead, SimpleNamespace(intent="Enable or disable a schedule.", verb_class="modify"))
    assert sets_a_state_either_way(lead, SimpleNamespace(intent="Starts or stops the instance.", verb_class="modify"))
    assert sets_a_state_either_way(lead, SimpleNamespace(intent="Approve, decline, or request changes to a ticket.",
                                                         verb_class="modify"))
    assert sets_a_state_either_way(lead, SimpleNamespace(intent="Lock/unlock the door.", verb_class="modify"))
    assert not sets_a_state_either_way(lead, SimpleNamespace(intent="Delete, archive, or restore a user.",
                                                             verb_class="modify"))
    assert not sets_a_state_either_way(lead, SimpleNamespace(intent="Enable or delete a schedule.", verb_class="modify"))
    assert not sets_a_state_either_way(lead, SimpleNamespace(intent="Enable or disable a schedule.", verb_class="create"))
