"""Plain-text helpers shared by the runtime and models/build.py (stdlib only).

``intent_head`` finds the verb an intent sentence leads with ("Returns the
cancellation policy" -> "return"), after stripping boilerplate such as "This
endpoint" or "Allows the agent to".  The head is one of the intent head's
inputs (so the action noun "cancellation" cannot outvote the verb "Returns")
and gives the exact-match signal "the intent leads with the method verb".
"""

from __future__ import annotations

import re

_PREFIXES = [
    r"(?:this|the) (?:endpoint|operation|method|api|call|service|tool|action)\s+(?:is used to|will|can|should)?\s*",
    # only with an actor: "Enables automatic backups" keeps its verb
    r"(?:allows?|lets?|enables?|permits?|helps?) (?:an? |the )?(?:requesting |calling )?"
    r"(?:agents?|callers?|users?|clients?|applications?|apps?|customers?|services?) (?:to )?",
    r"(?:used|use this|call this|invoke this) to ",
    r"(?:endpoint|operation|method) (?:that|which|to) ",
    r"(?:it|this) ",
    r"(?:on behalf of (?:the|an?) (?:requesting )?(?:agent|user|caller),? )",
]
_PREFIX_RE = re.compile(r"^(?:" + "|".join(_PREFIXES) + r")", re.IGNORECASE)
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]*")
PARTICLES = {"up", "down", "off", "on", "out", "back", "in", "over", "away"}
_KEEP_S = ("ss", "us", "is", "ous", "ics", "sis")
_IRREGULAR = {"does": "do", "goes": "go", "has": "have", "is": "be", "are": "be"}


# Support verbs whose meaning comes from what follows ("Gives the go-ahead",
# "Lets the user know", "Makes a reservation"): their own kind says little, so
# the sentence head decides.
LIGHT_VERBS = frozenset("""give make take have get do put keep let go come bring tell say turn
help see hold""".split())

# Opposite operations.  A method and an intent head that are opposites (or
# differ by an un- prefix) contradict each other even when both are of
# the same kind (BUY / "Sells ...", BLOCK / "Unblocks ...").
_ANTONYMS = [
    ("buy", "sell"), ("purchase", "sell"), ("import", "export"), ("upload", "download"),
    ("deposit", "withdraw"), ("credit", "debit"), ("lock", "unlock"), ("merge", "split"),
    ("approve", "reject"), ("approve", "deny"), ("approve", "decline"), ("accept", "decline"),
    ("accept", "reject"), ("grant", "revoke"), ("grant", "deny"), ("enable", "disable"),
    ("start", "stop"), ("open", "close"), ("attach", "detach"), ("encrypt", "decrypt"),
    ("compress", "decompress"), ("hire", "fire"), ("admit", "discharge"), ("promote", "demote"),
    ("increase", "decrease"), ("include", "exclude"), ("allow", "deny"), ("allow", "block"),
    ("permit", "deny"), ("push", "pull"), ("send", "receive"), ("lend", "borrow"),
    ("pause", "resume"), ("suspend", "resume"), ("suspend", "reinstate"), ("activate", "suspend"),
    ("connect", "disconnect"), ("install", "uninstall"), ("deploy", "undeploy"),
    ("create", "delete"), ("create", "remove"), ("add", "remove"), ("add", "delete"),
    ("insert", "delete"), ("book", "cancel"), ("reserve", "cancel"), ("subscribe", "cancel"),
    ("enroll", "withdraw"), ("archive", "restore"), ("upgrade", "downgrade"), ("expand", "collapse"),
    ("freeze", "thaw"), ("block", "allow"), ("ban", "unban"), ("charge", "refund"),
    ("encode", "decode"), ("link", "unlink"), ("start", "end"), ("open", "shut"),
    ("activate", "deactivate"), ("provision", "deprovision"), ("register", "deregister"),
    ("allocate", "deallocate"), ("commission", "decommission"), ("code", "decode"),
    ("allow", "disallow"), ("approve", "disapprove"), ("assemble", "disassemble"),
    ("arm", "disarm"), ("qualify", "disqualify"), ("continue", "discontinue"),
    ("mount", "dismount"), ("escalate", "deescalate"), ("list", "delist"),
    # particle verbs, compared without the space ("Turns off ..." heads "turnoff")
    ("enable", "turnoff"), ("enable", "switchoff"), ("activate", "turnoff"), ("activate", "switchoff"),
    ("disable", "turnon"), ("disable", "switchon"), ("deactivate", "turnon"), ("deactivate", "switchon"),
    ("turnon", "turnoff"), ("switchon", "switchoff"),
]
ANTONYMS = frozenset(_ANTONYMS) | frozenset((b, a) for a, b in _ANTONYMS)
_OPPOSITE_PREFIXES = ("un",)   # de-/dis- words are listed: DEFINE, DISCOVER are not opposites


def opposite(a: str, b: str) -> bool:
    """True if verbs ``a`` and ``b`` (base forms, any case) name opposite operations."""
    a, b = a.lower().replace(" ", ""), b.lower().replace(" ", "")
    if not a or not b or a == b:
        return False
    if (a, b) in ANTONYMS:
        return True
    for p in _OPPOSITE_PREFIXES:
        if (a == p + b or b == p + a) and min(len(a), len(b)) >= 3:
            return True
    return False


def lemma(word: str) -> str:
    """Third-person singular -> base form, by rule (imperatives pass through)."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) <= 3 or w.endswith(_KEEP_S):
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return w[:-2]
    if w.endswith("s"):
        return w[:-1]
    return w


def strip_prefix(text: str) -> str:
    t = text.strip()
    for _ in range(3):  # "This endpoint allows the agent to ..." strips twice
        new = _PREFIX_RE.sub("", t, count=1)
        if new == t:
            break
        t = new
    return t


# A check written as a clause ("Confirms that the address exists", "Makes sure the file is
# valid", "Establishes whether ..."): the operation verifies, whatever the leading verb says
# alone ("Confirms the booking" is an approval; "Confirms that ..." a check).
_CHECK_LEAD = re.compile(
    r"^(?:confirms?|checks?|ensures?|makes? sure|establish(?:es)?|determines?|tests?|verif(?:y|ies)|"
    r"finds? out|works? out|asserts?)\s+(?:that|whether|if)\b|^makes? sure\b", re.IGNORECASE)


def intent_head(text: str) -> tuple[str, str]:
    """(head, joined) for an intent: ("shut down", "shutdown"), ("return", "return").

    ``head`` is the lemma of the leading verb plus a following particle, if any;
    ``joined`` is the same without spaces, to compare with one-token methods
    such as SHUTDOWN, LOOKUP or CHECKIN.  Empty strings if there is no word.
    A check written as a clause ("Confirms that ...", "Makes sure ...") heads "verify".
    """
    stripped = strip_prefix(text)
    if _CHECK_LEAD.match(stripped):
        return "verify", "verify"
    words = _WORD_RE.findall(stripped)
    if not words:
        return "", ""
    head = lemma(words[0])
    if len(words) > 1 and words[1].lower() in PARTICLES:
        head = head + " " + words[1].lower()
    return head, head.replace(" ", "")


# A later main clause of a multi-step intent: "Checks availability and then books the room",
# "Verifies the balance, then pays the invoice". The clause's verb (third person) must be
# followed by what a verb phrase starts with, so "Finds restaurants and bars near ..." is one
# clause; the caller also requires the verb to be a known verb.
_NEXT_CLAUSE = re.compile(
    r"(?:,\s*(?:and\s+)?(?:then\s+)?|;\s*(?:then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+)"
    r"([A-Za-z]+s)\s+(?=(?:the|a|an|it|them|its|their|his|her|each|every|all|one|new|any|this|that|"
    r"these|those|up|out|off|back|down|in|on|over|to)\b)", re.IGNORECASE)


def later_clauses(text: str) -> list[tuple[str, str]]:
    """(verb lemma, clause) for each later main clause of ``text`` (see ``_NEXT_CLAUSE``);
    the clause starts at its verb, capitalized ("Books the room for the guest")."""
    out = []
    for m in _NEXT_CLAUSE.finditer(text):
        clause = text[m.start(1):].strip()
        out.append((lemma(m.group(1)), clause[:1].upper() + clause[1:]))
    return out


# Where a sentence ends: . ! or ? before white space (not the dot of "e.g." or "etc."; a dot
# inside a token, "v1.2", never is), or a line break.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)[.!?](?=\s)|\n")
STATEMENT_CHARS = 16   # a first sentence shorter than this ("Search.", "Experimental.") is read with the next
STATEMENT_SPAN = 2000  # where the first sentence is looked for (the model reads ~500 characters)


def statement(text: str) -> str:
    """The sentence of a description that states its operation: the first, joined with the
    next ones while shorter than ``STATEMENT_CHARS`` ("Search. Finds issues by label.").
    What follows it in a tool's description (argument formats, limits, when to call it) says
    how to use the operation, not which one it is. A text with no sentence end in its first
    ``STATEMENT_SPAN`` characters is its own statement (the model reads its start)."""
    text = text.strip()
    head = text[:STATEMENT_SPAN]
    for m in _SENTENCE_END.finditer(head):
        said = head[:m.end()].rstrip()
        if len(said) >= STATEMENT_CHARS:
            return " ".join(said.split())
    return text


def head_text(head: str) -> str:
    """What gets embedded for a head or a method verb: 'to cancel'."""
    return "to " + head if head else ""


def verb_text(verb: str) -> str:
    return "to " + verb.lower()
