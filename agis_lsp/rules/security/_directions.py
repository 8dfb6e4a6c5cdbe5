"""What a text the security head flags points at (AGSC901, ``learned.py``): the boundary its words
cross, for the message; an order to call a tool its document does not define; consent text, which
adds the user's decision instead of taking it away."""
from __future__ import annotations

import re

from ._contract import NAMED_DATA

_CALLED = re.compile(r"\b(?i:call|calls|calling|invoke|invoking|use|using|run|trigger|execute)\s+(?:the\s+)?"
                     r"[`'\"]?([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)")


# Words joined by hyphens alone ("use assistant-generated text", "Run the design-system audit")
# are an English compound, not a tool's name, unless quoted or called a tool ("the db-purge tool").
_COMPOUND = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")
_TOOL_NOUN = re.compile(r"[`'\"]?\s+(?:tool|function|command)\b", re.I)


def calls_another_tool(piece: str, own: frozenset) -> bool:
    """Does ``piece`` order a call to a tool-like name (``delete_file``, ``sendEmail``) that is not
    one of the document's own tools or parameters (nor data it names: ``_contract.NAMED_DATA``, a
    name followed by a noun of data: "use the error_code field", "using the X-Request-Id header";
    nor an English compound, ``_COMPOUND``)?"""
    return any(m.group(1) not in own and not NAMED_DATA.match(piece, m.end()) and _tool_like(piece, m)
               for m in _CALLED.finditer(piece))


def _tool_like(piece: str, m: re.Match) -> bool:
    """Whether the name ``_CALLED`` matched in ``m`` reads as a tool's: any but an English compound
    (``_COMPOUND``), and that too when quoted or followed by "tool", "function" or "command"."""
    if not _COMPOUND.fullmatch(m.group(1)):
        return True
    return piece[m.start(1) - 1] in "`'\"" or _TOOL_NOUN.match(piece, m.end()) is not None


_OTHER_TOOLS_DIRECTION = "involves other tools or servers"
# Which of the boundaries a flagged sentence crosses, for the message (first match wins: the
# most specific first). The head's verdict does not depend on these words.
_DIRECTIONS = (
    (re.compile(r"\b(?:you are now|you are no longer|act as|acting as|pretend|role-?play|behave as|"
                r"from now on|developer mode|new persona)\b", re.I), "changes the model's role"),
    (re.compile(r"\b(?:ignore|disregard|override|overrides|regardless|take[s]? (?:priority|precedence)|"
                r"no longer appl|even if the user|supersede|suspended|without (?:asking|confirmation|permission)|"
                r"(?:permission|consent) (?:is|has been|was) (?:implied|granted|given))", re.I),
     "overrides earlier instructions or the user's decision"),
    (re.compile(r"\b(?:do not|don't|never|without) (?:tell|telling|mention|mentioning|show|showing|reveal|"
                r"revealing|inform|informing|let the user know)\b|\b(?:quietly|silently|secretly|covertly|"
                r"keep (?:this|it) (?:secret|hidden)|hide|hidden from)\b", re.I),
     "hides something from the user"),
    (re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|https?://|\b(?:bcc|cc|forward|upload|post|send|share|email|"
                r"transfer)\b[^.]*\b(?:to|with)\b", re.I), "sends data to another recipient"),
    (re.compile(r"\b(?:system prompt|conversation|chat history|previous messages|earlier in|passwords?|"
                r"secrets?|credentials?|tokens?|api keys?|private key|ssh|\.env\b|~/|environment variables?|"
                r"home directory|files? (?:of|in) the (?:workspace|project|home))", re.I),
     "asks for data outside this tool's inputs (files, secrets, the conversation)"),
    (re.compile(r"\b(?:other|another|any|every) (?:tools?|servers?|functions?)\b|\b(?:tools?|servers?) of\b|"
                r"\bbefore (?:any|every) other\b|\b\w+_\w+\b", re.I), _OTHER_TOOLS_DIRECTION),
)


# Consent text: the model is told to get the user's agreement before it acts ("get their
# explicit consent", "do not call this tool until the user has explicitly agreed"). It adds the
# user's decision instead of taking it away: what defenders want authors to write.
_CONSENT = re.compile(
    r"\b(?:get|gets|getting|obtain|obtaining|ask\s+for|request|requesting|wait\s+for|seek|require|requires)\s+"
    r"(?:the\s+user'?s\s+|the\s+customer'?s\s+|their\s+|the\s+)?(?:explicit\s+|express\s+|written\s+|prior\s+)?"
    r"(?:consent|confirmation|approval|permission|agreement)\b|\bconfirm\s+with\s+the\s+(?:user|customer)\b|"
    r"\b(?:until|after|once|unless)\s+the\s+(?:user|customer)\s+(?:has\s+|have\s+)?(?:explicitly\s+|expressly\s+)?"
    r"(?:confirm|confirms|confirmed|agree|agrees|agreed|approve|approves|approved|consent|consents|consented)\b", re.I)


def asks_consent_only(piece: str, own: frozenset) -> bool:
    """Is ``piece`` consent text and nothing more: it asks for the user's agreement, names no
    tool outside its document, and none of the boundary directions but "other tools" (its own
    tools' names) is in it (a role change, an override, concealment, a recipient, other data)?"""
    if not _CONSENT.search(piece) or calls_another_tool(piece, own):
        return False
    piece = _IN_THE_CONVERSATION.sub(" ", piece)   # where the user agrees, not data taken from it
    return not any(rx.search(piece) for rx, what in _DIRECTIONS if what != _OTHER_TOOLS_DIRECTION)


_IN_THE_CONVERSATION = re.compile(r"\bin\s+(?:the|this)\s+(?:current\s+|same\s+)?(?:conversation|chat)\b", re.I)


def direction(piece: str) -> str:
    for rx, what in _DIRECTIONS:
        if rx.search(piece):
            return what
    return "steers the model beyond this tool's own contract"
