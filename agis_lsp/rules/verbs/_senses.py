"""Readings of a name and its description that explain a contradiction the verb table decides
(TOOL601, ``semantic_names``): the description adds the act the name's verb names ("Add a reply"
for ``replyToComment``), APPLY is applied to something (a change), not applied for, or a verb
that undoes a noun removes it ("Removes the tags" for ``UntagResource``), and a statement whose
last coordinated verb is the name's ("Download and save email attachments" for
``save_attachment``), and a statement that does an act or its opposite ("Enable or disable a
schedule" for ``update_schedule_state``) sets a state, a modification."""
from __future__ import annotations

import re

# "Add a reply to an existing comment" for `replyToComment`, "Create a backup of the volume" for
# `backup_volume`: a creating verb whose object is the name's verb itself, used as a noun and not
# as a modifier of another ("Creates a new verification code" is a code; "a new listing for a
# rental" is a listing, a thing: the action-noun trap stays a contradiction)
_ACT_ADDED = re.compile(r"^\W*(?:add|adds|create|creates|make|makes|post|posts|write|writes|leave|leaves)\s+"
                        r"(?:(?:a|an|the|one|new)\s+)*([a-z]+)(?:\s+(?:to|on|for|in|of|with|from)\b|\s*[.,;:]|\s*$)", re.I)


def adds_the_named_act(lead, j) -> bool:
    """The description adds an instance of the act the name's verb names, the verb itself as the
    noun: REPLY / "Add a reply to a comment"."""
    m = _ACT_ADDED.match(j.intent)
    noun = m.group(1).upper() if m else ""
    return bool(noun) and lead.upper in (noun, noun[:-1] if noun.endswith("S") else noun)


# APPLY in the verb table is the commit of an application ("apply for a permit"); applied to
# something ("Apply layout grids to a frame", `apply_image_transform`) it changes that thing
_APPLY_TO = re.compile(r"^\W*appl(?:y|ies)\b(?![^.;:]*?\bfor\b)[^.;:]*?\bto\b", re.I)


def applies_to_something(lead, j) -> bool:
    """A contradiction between modification and APPLY's commit, where APPLY is applied to
    something: SET / "Apply layout grids to a frame", `apply_image_transform` / "Adjust ..."."""
    kinds = {j.verb_class.split("/")[0], j.intent_class.split("/")[0]}
    if kinds != {"modify", "commit"}:
        return False
    if lead.upper == "APPLY":
        return not re.match(r"for\b", (lead.object or "").lower())
    return _APPLY_TO.match(j.intent) is not None


# UNTAG / "Removes the tags from the resource", UNPIN / "Removes the pin": a verb that undoes its
# noun (UN- and a word) is the removal of that noun; "Adds a tag" or "Locks the door" still
# contradicts it
_REMOVES = re.compile(r"^\W*(?:remove|removes|delete|deletes|detach|detaches|clear|clears|drop|drops|unset|unsets|"
                      r"take\s+off|takes\s+off)\b([^.;:]*)", re.I)


def removes_what_it_undoes(lead, j) -> bool:
    """UN and a noun as the name's verb, a description that removes that noun: UNTAG / "Removes
    the tags, identified by the keys, from the specified resource"."""
    verb = lead.upper
    if not verb.startswith("UN") or len(verb) < 5:
        return False
    noun = verb[2:].lower()
    m = _REMOVES.match(j.intent)   # the removing verb and its clause
    words = set(re.findall(r"[a-z]+", m.group(1).lower())) if m else set()
    return bool(words & {noun, noun + "s", noun + "es", noun + "ing", noun + "ings"})


# "Download and save email attachments", "Fetch, parse and store the feed": steps of one operation,
# the last of them its end (AGIS601 reads "Checks availability and then books" the same way)
_COORDINATED = re.compile(r"^\W*([a-z]+)((?:\s*,\s*[a-z]+)*)\s*,?\s+(?:and|&)\s+(?:then\s+)?([a-z]+)\b", re.I)


def ends_with_the_named_act(lead, j) -> bool:
    """The statement's coordinated verbs end with the name's verb: SAVE / "Download and save
    email attachments to local file system". The last step names the operation; a name that
    names an earlier one (READ / "Reads and deletes the file") hides the end, and stays."""
    m = _COORDINATED.match(j.intent)
    if not m:
        return False
    return lead.upper in (m.group(3).upper(), _base(m.group(3)))


# "Enable or disable an EventBridge Scheduler schedule", "Lock or unlock the door", "Starts or stops the
# instance", "Approve, decline, or request resubmission of a session": an act or its opposite, the
# caller's choice, sets the thing's state
_EITHER = re.compile(r"^\W*([a-z]+)(?:\s+or\s+|\s*/\s*|\s*,\s*(?:or\s+)?)([a-z]+)\b", re.I)


def sets_a_state_either_way(lead, j) -> bool:
    """A name that modifies (UPDATE, SET, TOGGLE) and a statement that does an act or its opposite
    ("Enable or disable an EventBridge Scheduler schedule"): both ways, it sets a state."""
    from ...semantic.text import opposite
    m = _EITHER.match(j.intent)
    return bool(m) and "modify" in j.verb_class.split("/") and opposite(_base(m.group(1)), _base(m.group(2)))


def _base(word: str) -> str:
    """The base form of a statement's verb, upper case: SAVES -> SAVE, Starts -> START."""
    from ...lexicon import inflection_of
    inflected = inflection_of(word.upper())
    return inflected.base.upper() if inflected else word.upper()
