"""The name reader on real tool names of published MCP servers and on hard cases, and the rules
that read through it (TOOL2xx, TOOL3xx, TOOL6xx, MCPT601) run by the shipped engine and CLI."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from agis_lsp.formats.name_reader import describe, name_context, read_name

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "benchmarks", "corpora", "mcp")


def parts(name: str, others=()) -> tuple[str, str, str]:
    lead = read_name(name, name_context([name, *others]) if others else name_context([name]))
    return lead.namespace, lead.word if lead.verb else "", lead.object


def server(unit: str) -> list[str]:
    with open(os.path.join(CORPUS, f"{unit}.tools.mcp.json"), encoding="utf-8") as fh:
        return [t["name"] for t in json.load(fh)["tools"]]


@pytest.mark.parametrize("name, expected", [
    ("get_user", ("", "get", "user")),
    ("list-files", ("", "list", "files")),
    ("getConsoleLogs", ("", "get", "ConsoleLogs")),
    ("github_create_issue", ("github", "create", "issue")),
    ("hosting_createWebsiteV1", ("hosting", "create", "Website")),
    ("VPS_stopProjectV1", ("VPS", "stop", "Project")),
    ("Service.verify", ("Service", "verify", "")),
    ("github.create_issue", ("github", "create", "issue")),
    ("mcp__github__create_issue", ("github", "create", "issue")),
    ("createUserV2", ("", "create", "User")),
    ("user_create", ("", "create", "user")),
    ("checking_status", ("", "checking", "status")),
])
def test_hard_cases_alone(name, expected):
    assert parts(name) == expected


def test_version_suffix_is_kept_apart():
    lead = read_name("hosting_createWebsiteV1")
    assert lead.version == "V1" and "V1" not in lead.object
    assert describe("hosting_createWebsiteV1", lead) == \
        "`hosting_createWebsiteV1`: namespace `hosting`, verb `create`, object `Website`"


def test_real_verb_prefix_shared_by_every_tool_stays_the_verb():
    # zereight's GitLab server: LIST leads 28 tools and MERGE, REQUEST follow it; LIST is the verb
    names = server("zereight_mcp-gitlab")
    ctx = name_context(names)
    for name in ("list_merge_request_pipelines", "get_merge_request_notes", "create_issue"):
        lead = read_name(name, ctx)
        assert (lead.namespace, lead.word) == ("", name.split("_")[0]), name


def test_a_prefix_most_tools_share_is_a_namespace():
    # firecrawl: every tool starts with firecrawl_; a group (monitor) comes before differing verbs
    ctx = name_context(server("firecrawl-mcp"))
    assert (read_name("firecrawl_search", ctx).namespace, read_name("firecrawl_search", ctx).word) == \
        ("firecrawl", "search")
    lead = read_name("firecrawl_monitor_list", ctx)
    assert (lead.namespace, lead.prefix, lead.word) == ("firecrawl", "monitor", "list")
    # brave: BRAVE is a verb in English, but both tools share it, and SEARCH follows
    lead = read_name("brave_web_search", name_context(server("modelcontextprotocol_server-brave-search")))
    assert (lead.namespace, lead.word, lead.object) == ("brave", "search", "web")


def test_group_then_noun_verbs_read_in_order():
    ctx = name_context(server("tacticlaunch_mcp-linear"))
    assert read_name("linear_archiveProject", ctx).word == "archive"
    assert read_name("linear_getInitiativeUpdateById", ctx).word == "get"


def test_an_object_group_the_server_continues_with_verbs_comes_before_the_verb():
    # names written object first, verb last: the group is what several names continue with
    # differing common verbs, even when its first word is a verb too (ALERT, RECORD)
    names = [f"{group}-{verb}" for group in ("alert-policy", "domain-record", "domain", "invoice")
             for verb in ("create", "delete", "get", "list")] + ["invoice-summary-get"]
    ctx = name_context(names)
    assert read_name("alert-policy-create", ctx).word == "create"
    assert read_name("domain-record-delete", ctx).word == "delete"
    assert read_name("domain-list", ctx).word == "list"
    assert read_name("invoice-summary-get", ctx).word == "get"
    # a group continued by objects keeps its verb first
    ctx = name_context(["github_create_issue", "github_create_review", "github_create_branch",
                        "github_list_issues", "github_get_issue"])
    assert read_name("github_create_review", ctx).word == "create"
    # alone, with nothing to show the group, a leading verb stays the verb
    assert read_name("alert-policy-create").word == "alert"


def test_the_word_in_the_groups_verb_slot_is_the_verb_when_it_is_one():
    # a namespace whose names go on with verbs: the word in that slot is the verb even when it
    # is a noun too (REVOKE, REPLY) and a common verb follows it (REVIEW); a word the group also
    # goes on with is the verb its modifier qualifies (batch_update beside update_post), and a
    # longer group of the name that goes on with verbs comes first (nfs-file-share-create)
    names = ["wp_revoke_review_link", "wp_reply_to_review_comment", "wp_read_post", "wp_update_post",
             "wp_batch_update", "wp_create_page", "wp_delete_page", "wp_list_pages", "wp_get_site"]
    ctx = name_context(names)
    assert read_name("wp_revoke_review_link", ctx).word == "revoke"
    assert read_name("wp_reply_to_review_comment", ctx).word == "reply"
    assert read_name("wp_read_post", ctx).word == "read"
    assert read_name("wp_batch_update", ctx).word == "update"
    names = [f"nfs-{g}-{v}" for g in ("file-share", "snapshot") for v in ("create", "delete", "get", "list")]
    ctx = name_context(names + ["nfs-file-share-resize"])
    assert read_name("nfs-file-share-create", ctx).word == "create"
    assert read_name("nfs-file-share-resize", ctx).word == "resize"


def test_a_server_that_puts_a_domain_before_each_verb_reads_every_name_so():
    # a Chrome-DevTools-protocol style server: most names are a domain and a common verb, each
    # domain its own; a name of the same shape whose verb is less common reads the same
    names = ["CSS_getComputedStyleForNode", "DOM_getDocument", "DOM_querySelector", "Device_listClients",
             "Debugger_listScripts", "Runtime_listConsole", "Page_reload", "Input_emulateTouchFromMouseEvent"]
    ctx = name_context(names)
    assert read_name("Page_reload", ctx).word == "reload"
    assert read_name("Input_emulateTouchFromMouseEvent", ctx).word == "emulate"
    # a server that leads with its verbs is not read so
    ctx = name_context(["search_files", "read_file", "write_file", "page_through", "list_dirs"])
    assert read_name("page_through", ctx).word == "page"


def test_a_leading_verb_is_a_namespace_only_when_verbs_follow_it():
    # DO's names go on with verbs after DO; a server of DESCRIBE and SHOW names goes on with
    # objects, so DESCRIBE and SHOW are the verbs (SHOW CREATE VIEW shows a statement)
    ctx = name_context(["do_create_droplet", "do_list_droplets", "do_delete_droplet", "do_get_account"])
    assert (read_name("do_create_droplet", ctx).namespace, read_name("do_create_droplet", ctx).word) == \
        ("do", "create")
    names = ["describe_cases", "describe_services", "describe_severity_levels", "describe_create_case_options",
             "create_support_case", "resolve_support_case"]
    lead = read_name("describe_create_case_options", name_context(names))
    assert (lead.namespace, lead.word, lead.object) == ("", "describe", "create_case_options")
    names = ["show_create_view", "show_create_trigger", "show_create_procedure", "create_view", "create_trigger",
             "list_tables", "drop_view", "run_query"]
    lead = read_name("show_create_view", name_context(names))
    assert (lead.namespace, lead.word, lead.object) == ("", "show", "create_view")
    # ... while a verb-like word several names continue with differing verbs stays a namespace
    lead = read_name("queue_list", name_context(["queue_list", "queue_create", "queue_delete", "get_job"]))
    assert (lead.namespace, lead.word) == ("queue", "list")


def test_a_name_without_a_verb_stays_without_one():
    ctx = name_context(server("firecrawl-mcp"))
    lead = read_name("firecrawl_agent_status", ctx)
    assert not lead.verb and lead.namespace == "firecrawl" and lead.object == "agent_status"
    assert not read_name("data_summary").verb


def test_labelled_sample_matches_its_header():
    # the label file lists the rows benchmarks/tool_names.py --sample draws from the corpus
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    try:
        import tool_names
    finally:
        sys.path.pop(0)
    rows = [(r["split"], r["server"], r["name"]) for r in tool_names.labels()]
    assert rows == tool_names.sample_rows()


def _lint(tmp_path, tools: list[dict], *flags: str) -> list[dict]:
    path = tmp_path / "server.tools.mcp.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    exe = os.path.join(os.path.dirname(sys.executable), "agis-lint")
    proc = subprocess.run([exe, "check", "--no-cache", "--format", "json", "-q", *flags, str(path)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)["diagnostics"]


def test_cli_reads_a_namespaced_server(tmp_path):
    names = ["hosting_createWebsiteV1", "hosting_listWebsitesV1", "hosting_deleteWebsiteV1",
             "VPS_stopProjectV1", "hosting_getWebsiteV1", "hosting_status"]
    found = _lint(tmp_path, [{"name": n, "inputSchema": {"type": "object"}} for n in names],
                  "--no-semantic")
    by = {(d["code"], d["message"].split("`")[1] if "`" in d["message"] else d["message"]) for d in found}
    # the namespace is not a verb: no inflected HOSTING, no noun-before-verb
    assert not [d for d in found if d["code"] in ("TOOL201", "TOOL305", "TOOL304")], found
    # GET after the namespace is still an HTTP verb, and a name with no verb still gets its finding
    assert ("TOOL301", "hosting_getWebsiteV1") in by
    msgs = [d["message"] for d in found if d["code"] == "TOOL302"]
    assert msgs and "`hosting_status`: namespace `hosting`, no verb" in msgs[0]


def test_cli_still_flags_a_real_noun_before_verb(tmp_path):
    found = _lint(tmp_path, [{"name": "user_create", "inputSchema": {"type": "object"}},
                             {"name": "send_email", "inputSchema": {"type": "object"}}], "--no-semantic")
    assert [d["code"] for d in found] == ["TOOL305"]


def test_cli_judges_the_verb_after_the_namespace(tmp_path):
    from tests.goldens import semantic_available
    if not semantic_available():
        pytest.skip("semantic model not installed")
    tools = [{"name": "hosting_deleteWebsiteV1", "description": "Deletes a website and its files.",
              "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
             {"name": "hosting_createWebsiteV1", "description": "Creates a new website on a plan.",
              "inputSchema": {"type": "object"}},
             {"name": "hosting_listWebsitesV1", "description": "Lists the websites of the account.",
              "inputSchema": {"type": "object"}}]
    found = _lint(tmp_path, tools)
    mcpt = [d for d in found if d["code"] == "MCPT601"]
    assert len(mcpt) == 1 and "namespace `hosting`, verb `delete`" in mcpt[0]["message"]
    # the verbs agree with their descriptions once the namespace is not read as the verb
    assert not [d for d in found if d["code"] in ("TOOL601", "TOOL602")], found


@pytest.mark.parametrize("name", ["_" * 3000 + "get", "__", "x.", "-", "9", "v2_tool", "a" * 5000])
def test_odd_names_read_without_error(name):
    lead = read_name(name, name_context([name, "get_" + name]))
    # a namespace, when one is read, has letters or digits (never a run of separators)
    assert lead is None or not lead.namespace or lead.namespace.strip("_-")


def test_a_group_the_server_continues_with_verbs_is_a_namespace_before_any_verb():
    """project-create reads PROJECT as a group because CREATE follows; project-duplicate, in the same
    list, is the same group with a verb the lexicon also reads as a noun."""
    names = ["project-all", "project-create", "project-duplicate", "project-remove", "project-update",
             "domain-create", "domain-delete"]
    assert parts("project-create", names) == ("project", "create", "")
    assert parts("project-duplicate", names) == ("project", "duplicate", "")


@pytest.mark.parametrize("name", ["domain-byComposeId", "domain-canGenerateTraefikMeDomains"])
def test_a_word_after_by_or_can_is_not_the_name_s_verb(name):
    """A lookup by a key or a question about what can be done: the name has no verb of its own."""
    names = ["domain-byComposeId", "domain-byApplicationId", "domain-canGenerateTraefikMeDomains",
             "domain-create", "domain-delete", "domain-update"]
    ns, verb, _obj = parts(name, names)
    assert ns == "domain" and verb == ""
    assert parts("get_user_by_id") == ("", "get", "user_by_id")   # "by" after the verb: the verb stays


def test_a_group_that_goes_on_with_verbs_is_a_namespace_though_its_words_can_be_verbs():
    # icloud-mcp's log_write, log_read, log_clear; serpstat's page_audit_* (eighth blind split):
    # LOG and PAGE can be verbs, but the names go on with three and more different verbs
    ctx = name_context(["list_accounts", "get_email", "log_write", "log_read", "log_clear", "bulk_move"])
    assert (read_name("log_read", ctx).word, read_name("log_read", ctx).namespace) == ("read", "log")
    ctx = name_context([f"page_audit_{v}" for v in ("start_scan", "get_last_scans", "rescan", "stop", "delete")]
                       + ["get_domains_info", "start_site_audit"])
    assert read_name("page_audit_start_scan", ctx).word == "start"
    # a verb that goes on with objects, or with a verb and objects, stays the verb
    ctx = name_context(["schedule_config_checks", "schedule_start_application", "schedule_stop_application"])
    assert read_name("schedule_start_application", ctx).word == "schedule"
    ctx = name_context(["get_email", "get_thread", "get_contact", "list_rules"])
    assert read_name("get_thread", ctx).word == "get"
