"""The leading verb of a tool or capability name, and renaming it in the name's own style.

``lookup_weather_by_city`` -> LOOKUP, ``sendEmail`` -> SEND, ``CreateUser`` -> CREATE,
``github.create_issue`` -> CREATE (a dotted or slashed prefix is a namespace),
``Lookup Weather`` -> LOOKUP, ``BOOK`` -> BOOK.

A leading word that is a noun followed by a verb (``git_commit``, ``user_create``,
``puppeteerNavigate``) is read as a prefix: the verb is the second word, and
``Lead.prefix`` keeps the noun (TOOL305 reports the order; the verb rules judge the
verb).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .registry import kind_names

_CAMEL = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_SEP = re.compile(r"[_\-\s]+")
# Appendix C(a) of the AGIS draft: "get_data -> GET (invalid; HTTP method; rewrite as
# RETRIEVE or FETCH)"; the other HTTP verbs follow the AGTP catalog's legacy map.
HTTP_SUGGESTIONS = {"GET": ("RETRIEVE", "FETCH"), "POST": ("CREATE", "SUBMIT"),
                    "PUT": ("REPLACE",), "DELETE": ("REMOVE",), "PATCH": ("MODIFY",)}


KINDS = kind_names()


@dataclass(frozen=True)
class Lead:
    word: str            # as written ("get", "Get", "GET")
    start: int           # offset of the word inside the name
    end: int
    prefix: str = ""     # a noun before the verb ("git" in git_commit), as written

    @property
    def upper(self) -> str:
        return self.word.upper()


@lru_cache(maxsize=8192)
def leading_word(name: str) -> Lead | None:
    base = 0
    cut = max(name.rfind("."), name.rfind("/"))
    if cut >= 0:
        base = cut + 1
    rest = name[base:]
    m = re.search(r"[A-Za-z]", rest)
    if not m:
        return None
    i = m.start()
    seg_end = _SEP.search(rest, i)
    seg = rest[i:seg_end.start() if seg_end else len(rest)]
    words = _CAMEL.findall(seg)
    if not words or not words[0].isalpha():
        return None
    first = words[0]
    start = base + i
    second = _second_word(rest, i, seg, words)
    if second is not None and _noun_then_verb(first, second[0]):
        word, at = second
        return Lead(word, base + at, base + at + len(word), prefix=first)
    return Lead(first, start, start + len(first))


def _second_word(rest: str, i: int, seg: str, words: list) -> tuple[str, int] | None:
    """The word after the first one and its offset in ``rest`` (camel or separated)."""
    if len(words) > 1:
        return (words[1], i + seg.index(words[1], len(words[0]))) if words[1].isalpha() else None
    m = re.match(r"[_\-\s]+([A-Za-z]+)", rest[i + len(seg):])
    if not m:
        return None
    word = _CAMEL.findall(m.group(1))[0]
    return word, i + len(seg) + m.start(1)


def _noun_then_verb(first: str, second: str) -> bool:
    from .. import lexicon
    a, b = first.upper(), second.upper()
    return (lexicon.non_action_class(a) is not None and not lexicon.is_base_verb(a)
            and lexicon.is_base_verb(b) and lexicon.non_action_class(b) is None)


def restyle(word: str, like: str) -> str:
    if like.isupper():
        return word.upper()
    if like[:1].isupper():
        return word.capitalize()
    return word.lower()


def rename_leading(name: str, lead: Lead, new_verb: str) -> str:
    return name[:lead.start] + restyle(new_verb, lead.word) + name[lead.end:]


def operation_at(kind: str | None, doc, path: tuple):
    """(operation, lead) whose name sits at ``path``, or None (hover on a tool name)."""
    from .registry import view_for
    view = view_for(kind, doc)
    for op in (getattr(view, "operations", None) or []) if view is not None else []:
        if tuple(op.name_path) == tuple(path):
            lead = leading_word(op.name)
            return (op, lead) if lead is not None else None
    return None


def operations_of(view) -> list:
    """(operation, lead) for every named operation of a document's view (the rules read it
    once per lint: the fact ``rules.verbs._names.operations``)."""
    ops = getattr(view, "operations", None) or []
    return [(op, lead) for op in ops for lead in (leading_word(op.name),) if lead is not None]
