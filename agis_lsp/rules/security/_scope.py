"""What a phrase carries: the scope tests the pattern rules share.

Text addressed to the model is normal in an agent interface ("Use this tool
when ...", "Make sure that you pass an idempotency key", "Dates must be ISO
8601"). Poisoning steers the model *beyond the tool's own contract*: toward
other tools or servers, other data (files, secrets, the conversation, the
system prompt), other recipients, concealment from the user, overriding
instructions or the user's authority, or a change of role. The helpers here
let a detector ask that question about the words around a match:

* :func:`subordinate` - the match sits in a conditional or temporal clause
  ("Set to true only *when the user has explicitly approved*", "*If you need
  to comply* with ..."): it states a condition, it gives no order;
* :func:`carried` - the boundaries a piece of text (the content of a tag, the
  rest of a sentence) crosses, as short phrases for messages; empty when the
  text stays inside the tool's own contract.
"""
from __future__ import annotations

import re

from ._scan import lazy

I = re.I
_CLAUSE_END = re.compile(r"[.!?;:,\n]\s|[()\[\]<>]")
_SUBORDINATORS = frozenset("if when whenever once after unless until whether before while where because since"
                           .split())


def clause_head(text: str, start: int) -> str:
    """The words of the clause before ``start`` (back to the last sentence or clause mark)."""
    head = text[max(0, start - 120):start]
    cut = 0
    for m in _CLAUSE_END.finditer(head):
        cut = m.end()
    return head[cut:]


def subordinate(text: str, start: int, words: int = 6) -> bool:
    """Whether the match at ``start`` follows a subordinating word within ``words`` words of
    its clause ("only when the user has approved", "if you need to comply")."""
    head = re.findall(r"[A-Za-z]+", clause_head(text, start).lower())[-words:]
    return not _SUBORDINATORS.isdisjoint(head)


_DESCRIBES = re.compile(r"\b(?:is|are|was|were|been|being|will|would|can|could|may|might)\b", re.I)


def describes(text: str, start: int) -> bool:
    """Whether the clause before ``start`` describes (a subject and an auxiliary: "it will
    override ...", "calls are run without ...") rather than orders, or is a condition."""
    return bool(_DESCRIBES.search(clause_head(text, start))) or subordinate(text, start)


# Boundary cues: phrases that take the model outside the tool's contract. Each is
# (regex, the boundary it crosses). They judge the *content* a tag or a marker carries,
# so they may be broader than a detector that reports on its own.
_CUES = [
    (lazy(r"\b(?:before|after|instead\s+of)\s+(?:using\s+|calling\s+)?(?:any|every|all|each|other|the\s+other)\s+(?:\w+\s+)?"
          r"(?:tools?|functions?|servers?|calls?|requests?|plugins?)\b|\bcall\s+me\b|\bthis\s+server\s+for\s+(?:every|all|any)\b|"
          r"\b(?:every|all|any)\s+(?:other\s+)?(?:tools?|servers?|network\s+requests?)\b", I),
     "other tools"),
    (lazy(r"\b(?:read|open|cat|load|fetch|attach|include|upload|send|pass|forward)\w*\b[^.\n]{0,40}?"
          r"(?:~/|/etc/|\$HOME|(?<!\bpackage)(?<!\bpackage-lock)(?<!\btsconfig)(?<!\bcomposer)\.(?:json|env|ya?ml|pem|key|db|netrc|ssh)\b|"
          r"\bconfig(?:uration)?\s+(?:file|values)|"
          r"\b(?:your|the\s+user'?s|all|any|every|stored|saved)\s+(?:\w+\s+)?(?:credentials|passwords?|secrets|tokens|api\s+keys))",
          I), "files or secrets"),
    (lazy(r"\b(?:system\s+prompt|hidden\s+(?:configuration|instructions?|values?)|conversation|chat\s+history|"
          r"previous\s+(?:messages|answers|results))\b", I), "the conversation or the system prompt"),
    (lazy(r"\b(?:upload|send|forward|mirror|copy|post|transmit|exfiltrat)\w*\b[^.\n]{0,60}?\b(?:to|into)\s+(?:the\s+|a\s+|our\s+)?"
          r"(?:mirror|remote|external|backup|collector|https?://|[\w.+-]+@)", I), "other recipients"),
    (lazy(r"\b(?:disable|skip|bypass|suppress|turn\s+off|avoid)\w*\s+(?:\w+\s+){0,2}(?:confirmation|approval|consent|"
          r"permission|two-factor|2fa|verification)\w*|\b(?:do\s+not|don't|never)\s+(?:tell|mention|inform|show|reveal)\b|"
          r"\bsecretly\b|\bwithout\s+(?:asking|telling|the\s+user)", I), "concealment from the user"),
    (lazy(r"\b(?:higher|highest|top)\s+priority\s+than\b|\bpriority\s+over\s+(?:the\s+)?user\b|\b(?:verified|trusted|real)\s+"
          r"(?:administrator|admin|owner|developer)\b|\b(?:ignore|disregard|forget|override)\w*\s+(?:\w+\s+){0,3}"
          r"(?:instructions?|rules|guidelines|user)\b", I), "the user's authority"),
    (lazy(r"\byou\s+(?:serve|work\s+for|are\s+(?:now|actually|no\s+longer))|\bact\s+as\b|\bpretend\b|\bmode\s+enabled\b", I),
     "the model's role"),
    (lazy(r"\b(?:copy|put|place|include|pass|add|insert|write)\w*\s+(?:all\s+|every\s+|each\s+|the\s+)?[^.\n]{0,40}?"
          r"\b(?:into|in|as)\s+(?:the\s+)?[`'\"]\w+[`'\"]\s+(?:argument|parameter|field)", I), "other data, moved into an argument"),
    (lazy(r"\b(?:summar\w+|repl(?:y|ies)|answers?|responses?|output)\b[^.\n]{0,40}?\b(?:must|should|always)\s+"
          r"(?:start|begin|end|include|contain|say|mention)\b", I), "the model's replies to the user"),
    (lazy(r"\b(?:reveal|disclose|print|output|leak)\w*\s+(?:the\s+|all\s+|your\s+)?(?:hidden|internal|secret|private|"
          r"system|api|stored)\b", I), "secrets"),
]


def carried(text: str, skip: str = "") -> list[str]:
    """The boundaries ``text`` crosses: its boundary cues, and the findings of the other
    detectors (except rule ``skip``) inside it. Empty: the text stays in the tool's scope."""
    from ._own_names import names_own_tool
    from ._scan import SHADOW_CODE, detectors
    found: list[str] = []
    for rx, boundary in _CUES:
        if next(rx.finditer(text), None) is not None and boundary not in found:
            found.append(boundary)
    if not found:
        for det in detectors():
            if det.code == skip or det.code == "AGSC603":
                continue
            # an order about the document's own tool stays inside its contract
            if any(det.code != SHADOW_CODE or not names_own_tool(text[s:e]) for s, e, _ in det.fn(text)):
                found.append(det.code)
                break
    return found
