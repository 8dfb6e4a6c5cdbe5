"""How the words of a tool name read as nouns: the action noun of a verb (``notification`` names
NOTIFY), a leading word that is the first noun of a compound (``invoice_lines``) and a light verb
whose object carries the action (``give_feedback``)."""
from __future__ import annotations

import re

from ...formats.agis_methods import lexicon
from ...lexicon.tables import get_lexicon

# action nouns and the verbs they name: notification -> notify, deletion -> delete, payment -> pay
_NOMINAL = (("ification", ("ify",)), ("ation", ("ate", "e", "")), ("tion", ("te", "")),
            ("sion", ("d", "de", "t")), ("ment", ("",)), ("al", ("e", "")), ("ure", ("e",)),
            ("ing", ("", "e")))
# the forms a word takes as a noun in running text: invoice(s), forwarding, shipment, orders
_NOUN_ENDS = ("", "s", "es", "ing", "ings", "ment", "ments", "ion", "ions", "ation", "ations", "al")
# words before a noun ("s" is the possessive of "the user's")
_DETERMINERS = frozenset(("the", "a", "an", "each", "every", "this", "that", "these", "those", "its",
                          "their", "your", "our", "his", "her", "any", "all", "s"))
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_TEXT_WORDS = re.compile(r"[a-z]+")


def name_words(part: str) -> list[str]:
    """The lower-cased words of a part of a name (``PushNotification`` -> push, notification)."""
    return [w.lower() for w in _NAME_WORDS.findall(part)]


def named_verbs(noun: str) -> list[str]:
    """The verbs an object noun may name: itself (ORDER, TRANSFER) and the verbs it is the action
    noun of (NOTIFY for notification, CANCEL for cancellation)."""
    out = [noun]
    for suffix, ends in _NOMINAL:
        base = noun[:-len(suffix)]
        if noun.endswith(suffix) and len(base) >= 3:
            out += [base + e for e in ends]
            if base[-1] == base[-2]:
                out.append(base[:-1])
    lex = lexicon()
    return [w.upper() for w in dict.fromkeys(out) if lex.is_base_verb(w.upper())]


def _forms(word: str) -> set[str]:
    stems = {word, word[:-1] if word.endswith("e") else word, word + word[-1]}
    return {s + e for s in stems for e in _NOUN_ENDS}


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def may_lead_a_compound(word: str) -> bool:
    """A leading word the lexicon knows as a noun too, and not as one of the verbs that lead
    names (CANCEL, SEARCH): INVOICE, ORDER, BOOK, SHIP, FORWARD."""
    lex = get_lexicon()
    w = word.lower()
    roles = lex.path_roles.get(w, frozenset())
    return "n" in lex.words.get(w, ("", 0))[0] and not roles & {"leak", "verb-first"}


def text_names_the_compound(word: str, obj: str, text: str) -> bool:
    """Whether ``text`` writes the name's leading word as a noun with one of the name's object
    words: "the line items of an invoice" for ``invoice_lines``, "the mail forwarding rules" for
    ``forward_rules``: the object next after it, or the object then "of" and the word."""
    lead = _forms(word.lower())
    objects = {o + e for o in map(_singular, name_words(obj)) if len(o) >= 3 for e in ("", "s", "es")}
    words = _TEXT_WORDS.findall(text.lower())
    base = word.lower()
    for i, w in enumerate(words):
        # "forwarding rules", "the invoice lines"; not the verb phrase "give feedback"
        if w in lead and i + 1 < len(words) and words[i + 1] in objects \
                and (w != base or (i > 0 and words[i - 1] in _DETERMINERS)):
            return True
        if w in objects:
            after = words[i + 1:i + 3]
            if "of" in after:
                k = i + 1 + after.index("of")
                if lead & set(words[k + 1:k + 4]):
                    return True
    return False


# Light verbs: "give feedback", "take a screenshot", "make a payment", "do a search", "have a
# look". The action is the object noun's; the verb adds none of its own to contradict.
LIGHT_VERBS = frozenset(("give", "take", "make", "do", "have"))


def light_verb_phrase(word: str, obj: str) -> bool:
    """Whether a name's leading verb is a light verb with an object noun (``give_feedback``)."""
    return word.lower() in LIGHT_VERBS and bool(name_words(obj))
