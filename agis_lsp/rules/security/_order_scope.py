"""What an order addressed to the model points at (AGSC101): this tool's own use, or beyond it.

Honest servers address the model all the time; an order of theirs is a poisoning signal only when
it reaches past the tool. These tests read the words after an AGSC101 match and keep four classes
of the tool's own contract out of its hits:

* a **prohibition that protects** ("The LLM MUST NOT invoke other tools until the user says so",
  "The assistant should not suggest other projects"): it narrows what the model does. Not one that
  hides something from the user ("must not mention"): a prohibition of telling is concealment;
* an **order about an argument's value** ("Assistant must provide the full absolute path to the
  template file", "the LLM should extract and use the projectSlug for later calls"), where nothing
  of the user's, the conversation's or a secret is the object;
* **what to tell the user about this tool**: a limit of its own ("tell the user direct upload is not
  supported here"), a risk before a consent ("tell them it stays open and may block other
  writers, then get their agreement"), or what it returned ("If update_available is True,
  inform the user that a new version is available");
* **when to call this tool**: on a topic of its own ("Call this tool first for any queries related
  to location"), on a need of its own ("whenever you need today's date") or before a named tool of
  its own server (:func:`before_own_tool`, which needs the document's names).

Each test also asks :func:`._scope.carried` whether the words cross a boundary (other tools, files,
secrets, recipients, the conversation, concealment): one that does stays a hit.
"""
from __future__ import annotations

import re

I = re.I

ORDERS = "gives the model orders"
TELL_USER = "tells the model what to say to the user"
BEYOND_PURPOSE = "tells the model to call this tool beyond its purpose"
FIRST_STEP = "tells the model what to do before anything else"

# a sentence ends at . ! ? or at a blank line or a list item: a line break alone wraps it ("tell them
# first that it stays open\n    until they close it")
_END = re.compile(r"[.!?](?=\s|$)|\n\s*\n|\n\s*(?:[-*\u2022]|\d+[.)])\s|\s[\u2014\u2013]\s")
# "should NOT suggest", "MUST NOT invoke", "must never guess": an act of the model forbidden
_NEGATED = re.compile(
    r"\s+(?:not|never)\s+(?:\w+ly\s+)?(?:suggest|recommend|invoke|call|use|run|execute|guess|assume|fabricate|invent|"
    r"make\s+up|hard-?code|retry|try|attempt|proceed|modify|change|delete|remove|overwrite|create|send|post|submit|"
    r"store|log|cache|expose|share)\b", I)
# ... and the user's word that lifts it: "until receiving a clear instruction from the user"
_CONSENT_GATE = re.compile(r"\b(?:until|unless|without)\b[^.\n]{0,80}?\b(?:user|instructions?|confirm\w*|approv\w*|"
                           r"consent|permission|agree\w*)\b", I)
# "must provide the full path", "should extract and use the projectSlug", "should generate a
# meaningful name", "should read it from pom.xml", "should detect from project files"
_VALUE = re.compile(r"\s+(?:always\s+|first\s+|also\s+)?(?:(?:provide|pass|supply|specify|use|extract|fill\s+in|enter|set|"
                    r"format|convert|escape|encode|generate|choose|pick|select|determine|derive|infer)"
                    r"(?:\s+and\s+(?:use|pass|provide|supply))?\s+(?:the|a|an|its|this|that|each)\s|(?:read|detect|infer|derive|determine|get|take|obtain)\s+(?:it\s+)?from\s)",
                    I)
# where a value comes from is not its object: "a name based on the user's request"
_SOURCE = re.compile(r"\b(?:based\s+on|from|according\s+to)\s+(?:the\s+)?user'?s?\s+(?:request|input|message|question|"
                     r"description|prompt|words)\b", I)
# objects that are not an argument's value: the user, the replies, the conversation, secrets
_NOT_A_VALUE = re.compile(r"\b(?:user'?s?|customers?|repl(?:y|ies)|answers?|responses?|summar\w+|conversation|chat|"
                          r"history|memory|prompt|instructions?|passwords?|secrets?|credentials?|tokens?|api\s+keys?|"
                          r"private\s+keys?|cookies?|https?://|@)", I)
# what the model is told to tell the user: this tool's limit ...
_LIMIT = re.compile(r"\b(?:isn't|aren't|is\s+not|are\s+not|cannot\s+be|can't\s+be)\s+(?:yet\s+)?(?:supported|"
                    r"available|possible|enabled)\b|\bnot\s+(?:yet\s+)?supported\b|\bunsupported\b", I)
# ... or a risk, before the user's agreement
_CONSENT_AFTER = re.compile(r"\b(?:then|and)\s+(?:get|obtain|ask\s+for|wait\s+for|request)\s+(?:their|the\s+user'?s|"
                            r"explicit)\s+(?:\w+\s+)?(?:agreement|confirmation|consent|approval|permission|go-ahead)\b", I)
_RISK = re.compile(r"\b(?:may|might|will|could|stays?|remains?|cannot|irreversibl\w*|permanent\w*|delet\w+|block\w*|"
                   r"cost\w*|charg\w+|overwrit\w+|lock\w*)\b", I)
_LINK = re.compile(r"https?://|www\.|\S@\S", I)
# "first for any queries related to location": a topic of its own
_TOPIC = re.compile(r"\s+(?:for|on|with)\s+(?:any|all|every)\s+(?:\w+\s+)?(?:quer(?:y|ies)|questions?|requests?|tasks?)\s+"
                    r"(?:related\s+to|about|on|regarding|concerning|involving)\s+(?!(?:anything|everything|any\s+topic)\b)",
                    I)
# "whenever you need today's date": a need of its own (not "whenever you need to answer")
_NEED = re.compile(r"\s+you\s+(?:need|want|have\s+to\s+know)\s+(?!(?:anything|something|to\s+(?:answer|respond|reply|"
                   r"talk|speak|say|do\s+anything))\b)", I)
_NAMED_NEXT = re.compile(r"\s+[`'\"]?([A-Za-z_][\w.-]*)")


def when_needed(text: str, e: int) -> bool:
    """"... whenever you need today's date" after the match ending at ``e``: a need of its own."""
    m = re.match(r"\s+whenever", text[e:e + 12], I)
    return bool(m) and bool(_NEED.match(text, e + m.end()))


def for_its_purpose(text: str, e: int) -> bool:
    """"... to find schemas for AWS service events" after a preference ending at ``e``: what it
    is for, a task of its own (not "to answer every question")."""
    return bool(_FOR_PURPOSE.match(text, e)) and not _UNIVERSAL.search(_rest(text, e))


def _rest(text: str, e: int) -> str:
    """The words after ``e`` to the end of their sentence (or a dash that starts another clause)."""
    m = _END.search(text, e)
    return text[e:m.start() if m else len(text)]


def order_in_contract(text: str, e: int, what: str, carried) -> bool:
    """Whether the AGSC101 match ending at ``e`` (its kind ``what``) orders only this tool's own use.
    ``carried``: :func:`._scope.carried`, the boundaries a piece of text crosses."""
    rest = _rest(text, e)
    if what == ORDERS:
        return _protects(text, e, rest, carried) or _sets_a_value(text, e, rest, carried)
    if what == TELL_USER:
        return _tells_of_this_tool(rest, carried) or _relays_a_result(text, e, rest, carried)
    if what in (BEYOND_PURPOSE, FIRST_STEP) and _conditional(text, e - 1):
        return True
    if what == BEYOND_PURPOSE:
        ends = text[max(0, e - 8):e].lower()    # the match's last word: "... whenever", "... first"
        return bool(_TOPIC.match(text, e) or (ends.endswith("whenever") and _NEED.match(text, e))
                    or when_needed(text, e)
                    or (ends.endswith("first") and _FOR_PURPOSE.match(text, e) and not carried(rest)))
    return False


# "first to start a browser session": the step of a workflow, with its purpose
_FOR_PURPOSE = re.compile(r"\s+to\s+(?!(?:every|each|all|any)\b)[a-z]+", I)
_IF = re.compile(r"\s*(?:only\s+)?(?:if|when|whenever|once|unless)\b", I)
_UNIVERSAL = re.compile(r"\b(?:any|anything|every|everything|all|whatever|each|always)\b", I)
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*\u2022]|\d+[.)])\s")


def sentence_head(text: str, start: int) -> str:
    """The words before ``start`` back to the last sentence mark (``.!?;`` or a line break),
    commas included: "Never call publish_post on the user's behalf without ...". Here, the lowest
    of the security modules, so that the order checks, ``secrecy`` and ``_model_orders`` share it."""
    return text[max(text.rfind(c, 0, start) for c in ".!?;\n") + 1:start]


def _conditional(text: str, at: int) -> bool:
    """Whether the match at ``at`` is what to do under a narrow condition: after "If you need
    low-level segment editing, ..." in its sentence, or in an item of a list that "Only use this
    tool if:" introduces. Not under "if the user asks anything" (every turn)."""
    head = sentence_head(text, at)
    if _IF.match(head) and "," in head:
        return not _UNIVERSAL.search(head)
    line_start = text.rfind("\n", 0, at) + 1
    if not _LIST_ITEM.match(text, line_start) or _UNIVERSAL.search(text[line_start:at]):
        return False
    intro = line_start - 1
    while intro > 0:
        prev = text.rfind("\n", 0, intro) + 1
        line = text[prev:intro]
        if not _LIST_ITEM.match(line):
            return bool(re.search(r"\b(?:if|when|whenever|unless)\s*:\s*$", line, I))
        intro = prev - 1
    return False


def _protects(text: str, e: int, rest: str, carried) -> bool:
    if not _NEGATED.match(text, e):
        return False
    crossed = carried(rest, skip="AGSC101")
    return not crossed or (set(crossed) <= {"other tools", "AGSC401"} and bool(_CONSENT_GATE.search(rest)))


def _sets_a_value(text: str, e: int, rest: str, carried) -> bool:
    return bool(_VALUE.match(text, e)) and not _NOT_A_VALUE.search(_SOURCE.sub(" ", rest)) \
        and not carried(rest, skip="AGSC101")


def _tells_of_this_tool(told: str, carried) -> bool:
    if _LINK.search(told) or carried(told, skip="AGSC101"):
        return False
    return bool(_LIMIT.search(told) or (_CONSENT_AFTER.search(told) and _RISK.search(told)))


# "If a tool result contains `user_notice`, ...", "If update_available is True, ...": what the
# tool returned decides it, so what the model tells the user is this tool's own output
_RESULT_CONDITION = re.compile(
    r"\b(?:if|when|whenever|once)\s+(?:(?:the|a|an|its|this|any)\s+)?(?:tool\s+)?(?:result|response|output)\s+"
    r"(?:contains|includes|has|returns|shows|reports)\b|"
    r"\b(?:if|when|whenever)\s+[`'\"]?[A-Za-z_][\w.]*[`'\"]?\s+(?:is|are)\s+(?:true|false|set|present|returned|"
    r"non-empty|not\s+empty)\b", I)


def _relays_a_result(text: str, e: int, rest: str, carried) -> bool:
    """"If update_available is True, inform the user that a new version is available": the
    sentence's condition is what this tool returned, and what is told crosses no boundary."""
    head = sentence_head(text, e)
    rest = _ONCE_PER.sub(" ", rest)
    return bool(_RESULT_CONDITION.search(head)) and not _UNIVERSAL.search(head) \
        and not _LINK.search(rest) and not carried(rest, skip="AGSC101")


# how often, not what: "once per conversation" takes nothing from the conversation
_ONCE_PER = re.compile(r"\b(?:once|one\s+time)\s+(?:per|a|each|in\s+(?:the|a|each))\s+(?:conversation|chat|session)\b", I)


def before_own_tool(text: str, e: int, own: frozenset) -> bool:
    """"Use this tool before calling get_cloudwatch_metrics": the match ends at "before calling"
    and the tool it names is one of the document's own (``own``: ``_own_names.own_names``)."""
    if not re.search(r"\bbefore\s+(?:using|calling|invoking|running)$", text[max(0, e - 20):e], I):
        return False
    m = _NAMED_NEXT.match(text, e)
    return bool(m) and m.group(1).rstrip(".") in own
