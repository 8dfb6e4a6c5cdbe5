"""TOOL601 and MCPT601 weigh a contradiction by its harm (MCP ToolAnnotations: read-only, additive,
destructive). A creating verb whose object is the action noun of what the description adds
(`create_notification` / "Sends a notification") is TOOL602 information, and so is a leading word
that is the first noun of a compound a reading description writes out (`invoice_lines` / "the line
items of an invoice"); a read verb declared destructive is MCPT601 information (MCP's own default).
The harmful direction stays a warning. The tools are written for these tests; run by the shipped
CLI."""
from __future__ import annotations

import json

from agis_lsp.rules.verbs._nouns import named_verbs
from tests.formats.test_name_contradiction_evidence import _lint, _model


def _tool(name: str, description: str, **annotations) -> dict:
    tool = {"name": name, "description": description, "inputSchema": {"type": "object"}}
    if annotations:
        tool["annotations"] = annotations
    return tool


def _by_name(tmp_path, tools: list[dict], codes: tuple[str, ...]) -> dict[str, set]:
    path = tmp_path / "server.tools.mcp.json"
    path.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    out: dict[str, set] = {t["name"]: set() for t in tools}
    for d in _lint([str(path)]):
        if d["code"] in codes:
            name = next(n for n in out if f"'{n}'" in d["message"])
            out[name].add((d["code"], d["severity"]))
    return out


def test_action_nouns_name_the_verb_they_come_from():
    assert named_verbs("notification") == ["NOTIFY"]
    assert named_verbs("cancellation") == ["CANCEL"]
    assert named_verbs("payment") == ["PAY"]
    assert named_verbs("transfer") == ["TRANSFER"]
    assert named_verbs("feedback") == []


def test_creating_the_described_operation_is_a_hint(tmp_path):
    _model()
    found = _by_name(tmp_path, [
        # hard negatives: creating a notification or an announcement is sending it
        _tool("create_notification", "Sends a push notification to the user's registered devices."),
        _tool("create_announcement", "Announces the release to the team channel."),
        # kept: the name hides what the description sends, removes, moves or stops
        _tool("draft_contract", "Sends the final contract to the customer for signature."),
        _tool("create_deletion_request", "Deletes the user's account and all of its data."),
        _tool("create_transfer", "Transfers the balance to another account."),
        _tool("cancel_booking", "Books a table for two at the restaurant."),
    ], ("TOOL601", "TOOL602"))
    assert found["create_notification"] == {("TOOL602", "information")}, found
    assert found["create_announcement"] == {("TOOL602", "information")}, found
    for name in ("draft_contract", "create_deletion_request", "create_transfer", "cancel_booking"):
        assert ("TOOL601", "warning") in found[name], found


def test_a_compound_the_description_writes_out_is_a_hint(tmp_path):
    _model()
    found = _by_name(tmp_path, [
        # hard negatives: the leading word is the first noun of a compound the description reads
        _tool("invoice_lines", "Returns the line items of an invoice."),
        _tool("forward_rules", "Lists the mail forwarding rules of a mailbox."),
        _tool("ship_tracking", "Returns the tracking events of a shipment."),
        # kept: the description does not write the name's words as a compound, or the verb
        # leads names (CANCEL)
        _tool("transfer_funds", "Lists past transfers between the user's accounts."),
        _tool("ship_order", "Returns the shipping status of an order."),
        _tool("cancel_policy", "Returns the cancellation policy of the hotel."),
        # the verb phrase itself is no compound
        _tool("book_flight", "Returns the free seats; use it to book flight tickets later."),
    ], ("TOOL601", "TOOL602"))
    for name in ("invoice_lines", "forward_rules", "ship_tracking"):
        assert found[name] == {("TOOL602", "information")}, found
    for name in ("transfer_funds", "ship_order", "cancel_policy", "book_flight"):
        assert ("TOOL601", "warning") in found[name], found


def test_annotations_warn_only_in_the_harmful_direction(tmp_path):
    _model()
    found = _by_name(tmp_path, [
        # over-caution, MCP's default: one confirmation too many
        _tool("search_logs", "Searches the service logs for a phrase.",
              readOnlyHint=False, destructiveHint=True),
        _tool("export_report", "Writes the monthly report to a file on disk.", destructiveHint=True),
        # a removal that would run without the user's confirmation
        _tool("purge_cache", "Purges the CDN cache.", readOnlyHint=True),
    ], ("MCPT601",))
    assert found["search_logs"] == {("MCPT601", "information")}, found
    assert found["export_report"] == {("MCPT601", "information")}, found
    assert found["purge_cache"] == {("MCPT601", "warning")}, found


def test_a_light_verb_leaves_the_action_to_its_noun(tmp_path):
    _model()
    found = _by_name(tmp_path, [
        # hard negatives: "give feedback", "take a screenshot" say what the noun does
        _tool("give_feedback", "Open the feedback form in the browser so the user can provide feedback."),
        _tool("take_screenshot", "Captures the visible part of the page as a PNG image."),
        # kept: the noun names another operation than the one described
        _tool("make_payment", "Deletes the customer's account and all of its data."),
    ], ("TOOL601", "TOOL602"))
    assert ("TOOL601", "warning") not in found["give_feedback"], found
    assert ("TOOL601", "warning") not in found["take_screenshot"], found
    assert ("TOOL601", "warning") in found["make_payment"], found


def test_who_may_do_it_is_not_what_the_tool_does(tmp_path):
    # Microsoft Graph's "This action allows <who> to <verb>": the verb is the operation
    _model()
    found = _by_name(tmp_path, [
        _tool("forward_event", "This action allows the organizer or attendee of a meeting event to forward the "
                               "meeting request to a new recipient."),
        # kept: what it allows contradicts the name
        _tool("send_message", "This action allows the owner of a mailbox to delete a message for good."),
    ], ("TOOL601", "TOOL602"))
    assert found["forward_event"] == set(), found
    assert ("TOOL601", "warning") in found["send_message"], found


def test_a_contradiction_read_in_another_script_is_a_hint(tmp_path):
    """The pass 6 model learned English intents: what it reads into a Chinese description
    ("Disconnects the current database connection", read as linking) is its opinion, TOOL602;
    the same contradiction in English stays a warning."""
    _model()
    found = _by_name(tmp_path, [
        _tool("disconnect_database", "断开当前数据库连接。断开后需要重新调用 connect_database 才能执行查询。"),
        _tool("cancel_booking", "Books a table for two at the restaurant."),
    ], ("TOOL601", "TOOL602"))
    assert ("TOOL601", "warning") not in found["disconnect_database"], found
    assert ("TOOL601", "warning") in found["cancel_booking"], found


def test_adding_the_act_the_verb_names_and_applying_to_something_are_hints(tmp_path):
    """REPLY / "Add a reply to a comment" adds the act the name names; SET or FORMAT / "Apply grids
    to a frame" changes the frame (the verb table's APPLY is the commit of "apply for"), and so does
    `apply_image_transform`. The harmful readings stay warnings."""
    _model()
    found = _by_name(tmp_path, [
        _tool("reply_to_comment", "Add a reply to an existing comment"),
        _tool("set_grid", "Apply layout grids to a frame node. Supports columns, rows and grid patterns."),
        _tool("format_doc_text", "Apply text formatting (bold, italic, font, color) to a range of a document."),
        _tool("apply_image_transform", "Adjust image position, scale, and rotation within the node."),
        _tool("cancel_booking", "Books a table for two at the restaurant."),
        _tool("create_deletion_request", "Deletes the user's account and all of its data."),
        # the action-noun trap: a listing and a verification code are things, not the act
        _tool("list", "Creates a new listing for a rental property"),
        _tool("verify", "Creates a new verification code and sends it to the user"),
    ], ("TOOL601", "TOOL602"))
    for name in ("reply_to_comment", "set_grid", "format_doc_text", "apply_image_transform"):
        assert ("TOOL601", "warning") not in found[name], found
    for name in ("cancel_booking", "create_deletion_request", "list", "verify"):
        assert ("TOOL601", "warning") in found[name], found


def test_a_verb_that_undoes_a_noun_removes_it(tmp_path):
    """UNTAG / "Removes the tags ... from the resource" removes what the verb undoes: a hint at most.
    UNSUBSCRIBE / "Subscribes ..." and UNLOCK / "Locks the door" still contradict the name."""
    _model()
    found = _by_name(tmp_path, [
        _tool("UntagResource", "Removes the tags, identified by the keys, from the specified resource."),
        _tool("unpin_message", "Removes the pin from a message in the channel."),
        _tool("unsubscribe_user", "Subscribes the user to the weekly newsletter."),
        _tool("unlock_door", "Locks the front door and arms the alarm."),
    ], ("TOOL601", "TOOL602"))
    for name in ("UntagResource", "unpin_message"):
        assert ("TOOL601", "warning") not in found[name], found
    for name in ("unsubscribe_user", "unlock_door"):
        assert ("TOOL601", "warning") in found[name], found
