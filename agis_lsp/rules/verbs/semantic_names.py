"""The model-backed verb checks on tool and capability names (passes 3 and 6).

Findings from the model are warnings (or softer), as for AGIS documents.
"""
from __future__ import annotations

import re

from ...engine.facts import fact
from ...engine.findings import Finding, Fix, SetValue
from ...engine.registry import rule
from ...formats.agis_methods import PROHIBITED_HTTP_METHODS, lexicon
from ._names import KINDS, describe, operations, rename_leading
from ._nouns import light_verb_phrase, may_lead_a_compound, name_words, named_verbs, text_names_the_compound
from ._senses import (adds_the_named_act, applies_to_something, ends_with_the_named_act, removes_what_it_undoes,
                      sets_a_state_either_way)

_LABEL_TEXT = {"state": "describes a state or condition", "noun": "looks like a noun",
               "existence": "expresses existence or being", "other": "is not a verb",
               "adjective": "looks like an adjective"}


def kind_text(kinds: str) -> str:
    from ...semantic import KIND_LABELS
    names = [KIND_LABELS.get(k, k) for k in kinds.split("/") if k]
    return " or ".join(names) if names else "something else"


def _undecided(ctx):
    """(operation, lead) whose leading word no lexical rule decided."""
    lex = lexicon()
    try:
        catalog = ctx.catalog.methods
    except Exception:  # noqa: BLE001 - the catalog is optional here
        catalog = {}
    for op, lead in operations(ctx):
        w = lead.upper
        if w in PROHIBITED_HTTP_METHODS or w in catalog or lex.inflection_of(w) or lex.non_action_class(w) \
                or lex.is_base_verb(w) or len(w) < 3:
            continue
        yield op, lead


@rule("TOOL304", spec="AGIS §4.2, §8.5(b)", convention="agis")
def leading_word_not_action_verb(ctx):
    """The model judges the leading word of a tool or capability name not to be an action verb (`weather_lookup`).

    ## What it does
    For leading words that neither the lexicon nor the AGTP catalog knows as
    verbs and that no curated list decides, asks the semantic model (the one of
    AGIS304) whether the word is an action verb.

    ## Why is this bad?
    AGIS section 4.2: the verb carries the intent; `weather_lookup` reads as a
    resource first. A model can be wrong, so this is a warning.

    ## Example
    ```json
    {"tools": [{"name": "healthiness_report", "inputSchema": {"type": "object"}}]}
    ```

    ## Use instead
    ```json
    {"tools": [{"name": "assess_health", "inputSchema": {"type": "object"}}]}
    ```

    ## Fix safety
    No fix: the right verb depends on what the tool does.
    """
    cands = list(_undecided(ctx))
    if not cands:
        return
    model = ctx.model()
    judged = {j.verb.upper(): j for j in model.judge_verbs(sorted({l.upper for _, l in cands}))}
    for op, lead in cands:
        j = judged.get(lead.upper)
        if j is None or j.is_action:
            continue
        yield Finding(op.name_path, f"{op.label} name '{op.name}' starts with '{lead.word}', which "
                      f"{_LABEL_TEXT.get(j.label, 'is not an action verb')} (semantic model, "
                      f"confidence {j.confidence:.2f}); lead with the verb that says what it does "
                      "(AGIS §4.2)")


# "Invoke this tool to ...", "This tool lets you ...", and Microsoft Graph's "This action allows
# the organizer or attendee of a meeting event to forward ...": who may do it, then what it does
_PREAMBLE = re.compile(r"^\s*(?:(?:invoke|use|call|run)\s+(?:this|the)\s+(?:tool|function|capability|"
                       r"endpoint|api)\s+(?:to|for)\s+|(?:this|the)\s+(?:tool|function|capability|"
                       r"endpoint|action|operation|method|api)\s+(?:is\s+used\s+to\s+|lets\s+(?:you|users?|the\s+\w+)\s+|"
                       r"(?:allows|enables|permits)\s+(?:[\w'-]+\s+){0,10}?to\s+)?)",
                       re.I)


def description_text(description: str) -> str:
    """The operation a description states: ``Invoke this tool to look up the weather`` ->
    ``look up the weather`` (A2T §6.1 Figure 2's style); the preamble names the tool
    call itself, not what the tool does."""
    text = description.strip()
    m = _PREAMBLE.match(text)
    if m and m.end() < len(text):
        rest = text[m.end():]
        return rest[:1].upper() + rest[1:]
    return text


@fact("verbs.tool-pairs")
def _pairs(ctx) -> list:
    """(operation, lead, the operation its description states) for every named operation with
    a description whose leading verb pass 6 judges (TOOL301/302 judge the others): read once
    a lint, by both rules' texts and by the judgment."""
    lex = lexicon()
    out = []
    for op, lead in operations(ctx):
        if not op.description or not op.description.strip() or op.description_path is None:
            continue
        w = lead.upper
        if not lead.verb or w in PROHIBITED_HTTP_METHODS or lex.non_action_class(w):  # TOOL301/302's
            continue
        out.append((op, lead, description_text(op.description)))
    return out


# what a description may do behind a creating verb's action noun: operations that add to the
# environment (MCP ToolAnnotations: additive updates). Changing, removing, stopping, paying,
# moving or deciding are destructive updates; "create a deletion request" that deletes skips
# the request, so those stay warnings
_ADDING = ("create", "notify", "activate", "connect")
_READING = ("discover", "retrieve", "analyze")


def _object_verbs(lead) -> list[str]:
    """The verbs the name's object words are the action nouns of (``notification``: NOTIFY)."""
    return [v for w in name_words(lead.object) for v in named_verbs(w)] if lead.object else []


def _does_one_of(model, verbs: list[str], kind: str) -> bool:
    """Whether the verb table lets one of ``verbs`` do an operation of ``kind``."""
    from ...semantic import KINDS as ALL_KINDS
    if not verbs or kind not in ALL_KINDS:
        return False
    dist, known = model.verb_distributions(verbs)
    want = ALL_KINDS.index(kind)
    return any(k and p[want] > 0 for p, k in zip(dist, known))


def _creates_the_operation(model, lead, j) -> bool:
    """A creating verb whose object is the action noun of what the description does, when that
    adds to the environment: ``create_notification`` / "Sends a notification" creates a
    notification by sending it."""
    kind = j.intent_class.split("/")[0]
    if "create" not in j.verb_class.split("/") or kind not in _ADDING:
        return False
    return _does_one_of(model, _object_verbs(lead), kind)


def _leads_a_compound(lead, j, description: str) -> bool:
    """A leading word that is a noun of a compound the description writes out, on a description
    that only reads: ``invoice_lines`` / "Returns the line items of an invoice" names the
    invoice's lines, it does not invoice."""
    return (lead.first and bool(lead.object) and j.intent_class.split("/")[0] in _READING
            and may_lead_a_compound(lead.word) and text_names_the_compound(lead.word, lead.object, description))


def _names_the_operation(model, lead, j, description: str) -> bool:
    """The name's words name what the description does, as nouns (a contradiction of the verb
    alone is then a reading of the name, not a mistake in it), or the verb is a light verb whose
    object carries the action (``give_feedback``: GIVE says nothing of its own to contradict)."""
    return (_creates_the_operation(model, lead, j) or _leads_a_compound(lead, j, description)
            or _light_verb_noun_does_it(model, lead, j) or adds_the_named_act(lead, j)
            or applies_to_something(lead, j) or removes_what_it_undoes(lead, j)
            or ends_with_the_named_act(lead, j) or sets_a_state_either_way(lead, j))


def _light_verb_noun_does_it(model, lead, j) -> bool:
    """A light verb whose object noun names no verb (``give_feedback``, ``take_screenshot``) or
    one the described operation goes with (``make_payment`` / "Pays the invoice"); the noun of
    another operation (``make_payment`` / "Deletes the account") stays a contradiction."""
    if not lead.object or not light_verb_phrase(lead.word, lead.object):
        return False
    verbs = _object_verbs(lead)
    return not verbs or _does_one_of(model, verbs, j.intent_class.split("/")[0])


@fact("verbs.tool-consistency")
def _judge(ctx) -> list:
    """(operation, lead, the model's verdict, strong) for every named operation with a description,
    read by ``SemanticModel.judge_statements`` (its statement, then the whole description when
    the statement reads as another operation: a finding needs both readings, and the verdict is
    the whole description's). ``strong``: a contradiction the verb table decides
    (``SemanticModel.decided``) where the name's words do not name the described operation as
    nouns (``_names_the_operation``), in both readings."""
    pairs = _pairs(ctx)
    if not pairs:
        return []
    model = ctx.model()
    read = model.judge_statements([(lead.upper, d) for _, lead, d in pairs])
    return [(op, lead, whole, _strong(model, lead, first, d)
             and (whole is first or _strong(model, lead, whole, d)))
            for (op, lead, d), (first, whole) in zip(pairs, read)]


def _strong(model, lead, j, description: str) -> bool:
    """A contradiction of the name in what the model read of ``description`` (``j.intent``: its
    statement or the whole) that the verb table decides and that the name's words do not explain,
    in a description the model can read (the Latin script: it learned English intents)."""
    from ...semantic.directive import latin
    return (j.verdict == "inconsistent" and model.decided(lead.upper, j.intent, j.shared_kinds)
            and latin(description) and not _names_the_operation(model, lead, j, description))


@fact("verbs.tool-consistency-texts")
def _pair_texts(ctx) -> list:
    """What _judge will embed first, asked of the model once a lint (TOOL601 and TOOL602 both name them)."""
    pairs = _pairs(ctx)
    return ctx.model().statement_texts([(lead.upper, d) for _, lead, d in pairs]) if pairs else []


def _texts(ctx, model) -> list[str]:
    """What _judge will embed (the engine embeds a document's texts in one pass first)."""
    if ctx.has_fact(_judge):
        return []
    return _pair_texts(ctx)


def _finding(op, lead, j, lead_text: str) -> Finding:
    named = (f"the name {describe(op.name, lead)}; its verb {lead.upper}" if lead.parts
             else f"the name '{op.name}' leads with {lead.upper}, which")
    if j.shared_kinds:   # the kinds agree: say what the model read, not a contradiction of kinds
        named = named.removesuffix(", which") + ("" if lead.parts else f"; {lead.upper}")
        msg = (f"{lead_text}: {named} and the description both read as {kind_text(j.shared_kinds)}, "
               f"but as different operations (semantic model, consistency {j.score:.2f})")
    else:
        msg = (f"{lead_text}: {named} implies "
               f"{kind_text(j.verb_class)}, but the description describes {kind_text(j.intent_class)} "
               f"(semantic model, consistency {j.score:.2f})")
    fixes = []
    if j.suggestion and j.suggestion != lead.upper:
        new = rename_leading(op.name, lead, j.suggestion)
        msg += f"; a verb such as {j.suggestion} matches the description"
        fixes.append(Fix(f"Rename to '{new}'", False, [SetValue(op.name_path, new)]))
    msg += "; or rewrite the description to say what the " + op.label + " does (AGIS §5.4)"
    return Finding(op.description_path, msg, fixes=fixes)


@rule("TOOL601", spec="AGIS §5.4, §8.4, appendix C(b)", model_texts=_texts)
def description_contradicts_name(ctx):
    """The description of a tool or capability describes a different operation than its name's verb.

    ## What it does
    Reads what the leading verb of the name implies and what the description
    describes with the pass 6 model (AGIS601), and reports contradictions on
    the description. A verb that matches the description better is offered.

    ## Why is this bad?
    AGIS section 5.4 requires the intent to match the verb; appendix C(b) makes
    a tool's description the AGIS intent. An agent that picks `cancel_order`
    to read an order's status acts on a false premise.

    ## Example
    ```json
    {"name": "cancel_order", "description": "Returns the status and tracking number of an order"}
    ```

    ## Use instead
    ```json
    {"name": "track_order", "description": "Returns the status and tracking number of an order"}
    ```

    ## Fix safety
    Unsafe: renaming changes the API, and the model may have read the
    description wrongly.

    ## Decision
    A warning needs a contradiction the pass 6 verb table decides: opposite
    verbs (LOCK / "Unlocks"), the action-noun trap, a class swap, an acting
    verb whose description only reads (CANCEL / "Returns the status"), or a
    description verb whose kinds never go with the name verb's (FIND /
    "Creates"). A description led by a verb that runs what its object names
    ("Run a read-only SQL query", "Execute JavaScript") is no such evidence.
    What only the pair head sees is its opinion, reported as TOOL602
    (information). On the development half of the real MCP servers all five
    TOOL601 warnings were such opinions, and false (`query`,
    `puppeteer_evaluate`, `askBrowserStackAI`, mapbox's `buffer_tool` and
    `place_details_tool`); on the development hard pairs of pass 6, 121 of
    the 125 contradictions the head reports are decided by the table.

    A contradiction is weighed by its harm, in the terms of MCP's
    ToolAnnotations (revision 2025-11-25: read-only, additive or destructive
    updates). A creating verb whose object is the action noun of what the
    description does, when that adds to the environment (creation,
    notification, activation, connection), names the operation instead of
    hiding it: `create_notification` / "Sends a push notification" creates a
    notification by sending it. That is TOOL602 information. When the
    described operation alters what exists (modification, removal,
    termination, a transaction, a transfer, a decision), the creating verb
    hides it: `create_deletion_request` / "Deletes the account" skips the
    request, and stays a warning. So does a name that hides a sending behind
    a creation (`draft_contract` / "Sends the final contract"): the object
    does not name the sending. Likewise a leading word the lexicon also
    knows as a noun (INVOICE, SHIP, FORWARD; not the verbs that lead names,
    CANCEL, SEARCH), on a description that only reads and writes the name's
    words out as a compound ("the line items of an invoice" for
    `invoice_lines`, "the mail forwarding rules" for `forward_rules`), is a
    noun compound, not a verb: TOOL602. `ship_order` / "Returns the shipping
    status of an order" does not write "shipping order" or "order of ...
    shipping" and stays a warning, as does `transfer_funds` / "Lists past
    transfers". On the pass 6 development pairs (bare verbs, where neither
    reading applies) TOOL601 is unchanged; of their 248 contradictions the
    table decides, 8 read as such a compound when the name is given an
    object the intent writes next to the verb's noun (`purchase_history` /
    "Shows the purchase history of the user"), and are no longer
    contradictions of the name as written. A light verb (GIVE, TAKE, MAKE,
    DO, HAVE) with an object noun carries no action of its own: the noun
    does (`give_feedback_to_desktop_commander` / "Open feedback form in
    browser to provide feedback"); a contradiction of the verb alone is
    TOOL602.

    A contradiction is also a difference of kinds. When the model reads the
    name's verb and the description as one kind of operation (`checkout_ready`
    / "Get basket ready for checkout": both a transaction) and the pair head
    still tells them apart, the table's reading of the description's head
    verb (GET only reads) disagrees with the model's reading of the whole
    statement; the finding says that both read as the kind, as TOOL602.

    The model reads a description's statement first: its first sentence,
    the one that says what the tool does (AGIS §5.1 asks an intent to be
    that sentence; appendix C(b) makes the description the intent). Only
    when the statement reads as another operation is the whole description
    read too, and a finding needs both readings: what follows the statement
    (argument formats, limits, error codes, when to call the tool) describes
    how to use the operation, not which one it is. On the 76 servers' tool
    lists this reads about a third of the descriptions' tokens, and the
    findings are a subset of those of the whole-description reading
    (docs/benchmarks.md).
    """
    for op, lead, j, strong in _judge(ctx):
        if strong and not lead.prefix and lead.sure:
            yield _finding(op, lead, j, "description contradicts the name")


@rule("TOOL602", spec="AGIS §5.4, §8.4", model_texts=_texts)
def description_may_not_match_name(ctx):
    """The description of a tool or capability may describe a different operation than its name's verb (borderline).

    ## What it does
    The borderline band of TOOL601's model: the verb and the description agree
    only weakly.

    ## Why is this bad?
    A description that reads like another operation makes agents hesitate or
    pick the wrong tool (AGIS section 5.4, 8.4).

    ## Example
    ```json
    {"name": "notify_customer", "description": "Moves the order to the customer's new address"}
    ```

    ## Use instead
    ```json
    {"name": "notify_customer", "description": "Sends the customer a message about their order"}
    ```

    ## Fix safety
    Unsafe: renaming changes the API.

    ## Decision
    When the verb is the second word of the name (a noun comes first,
    TOOL305: `git_log`), the verb may itself be a noun ("log"); a
    contradiction is then reported here, as borderline, not as TOOL601.
    So is a verb read after a namespace (`firecrawl_credit_usage`) when the
    lexicon also knows it as a noun or adjective (CREDIT), and a verb that
    leads a name ending in the server's generic suffix (mapbox's
    `buffer_tool`: such names are often titles). A contradiction the pass 6
    verb table does not decide (TOOL601's decision) is reported here too, and
    so is a creating verb whose object names the additive operation the
    description does (`create_notification` / "Sends a notification") and
    a leading noun of a compound the description writes out
    (`invoice_lines` / "Returns the line items of an invoice"), and a light
    verb with an object noun (`give_feedback`). So is a description that
    adds the act the name's verb names (`replyToComment` / "Add a reply to
    an existing comment"), and APPLY applied to something, which changes
    it (`set_grid` / "Apply layout grids to a frame"; the verb table's APPLY
    is the commit of "apply for a permit"), and a verb that undoes a noun
    removing it (`UntagResource` / "Removes the tags"), a verb and a
    description the model reads as the same kind of operation, and a
    statement whose last coordinated verb is the name's (`save_attachment` /
    "Download and save email attachments": steps of one operation, the last
    its end, as AGIS601 reads "Checks availability and then books"). So is a contradiction in a
    description written in another script than the Latin: the pass 6 model
    learned English intents, and reads "断开当前数据库连接" ("Disconnects the
    current database connection") as linking.
    """
    for op, lead, j, strong in _judge(ctx):
        # a verb read after a leading noun (git_log: LOG) may itself be a noun, and a contradiction
        # only the pair head sees is its opinion: never more than a borderline finding
        if j.verdict == "suspicious" or (j.verdict == "inconsistent"
                                         and (lead.prefix or not lead.sure or not strong)):
            yield _finding(op, lead, j, "description may not match the name")
