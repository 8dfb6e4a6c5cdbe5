"""Pieces shared by the importers: intents, nouns, semantic defaults, the verb step."""
from __future__ import annotations

import re

from .. import lexicon as lex
from . import mapping
from .build import EndpointDraft
from .markup import plain_text
from .verbs import VerbChoice

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_STOP = frozenset("""a an the all any some each every one or and of to in on for with by from into at
as your their its my our this that these those given specified new existing list details""".split())
MAX_INTENT = 300


def first_sentence(text) -> str:
    if not isinstance(text, str):
        return ""
    t = " ".join(plain_text(text).split("\n\n")[0].split())
    t = _SENTENCE.split(t)[0] if t else ""
    if len(t) > MAX_INTENT:
        t = t[:MAX_INTENT].rsplit(" ", 1)[0] + "..."
    return t.strip()


_BOILERPLATE = re.compile(r"^(?:invoke|use|call|run) (?:this|the) (?:tool|function|capability|endpoint|api)"
                         r" (?:to|for) ", re.IGNORECASE)


def intent_from_description(text: str) -> tuple[str, bool]:
    """(intent, rewritten): tool boilerplate ("Invoke this tool to lookup ...") is not the agent's
    goal (Appendix C reverse (b)); the rest of the sentence is."""
    t = text.strip()
    m = _BOILERPLATE.match(t)
    if not m or len(t) == m.end():
        return t, False
    rest = t[m.end():]
    return rest[0].upper() + rest[1:], True


def object_noun(text: str, verb: str) -> str:
    """The first content word after the leading verb: "Books a restaurant table" -> "restaurant"."""
    words = re.findall(r"[A-Za-z][A-Za-z-]*", text or "")
    for w in words[1:]:
        lw = w.lower()
        if lw in _STOP or lw == verb.lower() or lex.is_base_verb(lw) and not lex.non_action_class(lw) \
                or lex.non_action_class(lw) == "adjective":
            continue
        return lw
    return ""


def apply_choice(d: EndpointDraft, c: VerbChoice) -> None:
    d.method = c.verb
    d.extra["verb_choice"] = c
    if c.review:
        d.review(("method",), f"verb {c.verb} for {d.source}: {c.reason}")


def fill_semantic(d: EndpointDraft, catalog, http: str | None, noun: str, review_outcome: bool,
                  review_capability: bool) -> None:
    sem = d.semantic
    sem.setdefault("actor", "agent")
    if not sem.get("outcome"):
        cap = sem.get("capability") or mapping.capability_for(d.method, catalog, http)
        sem["outcome"] = mapping.outcome_for(cap, noun)
        if review_outcome:
            d.review(("semantic", "outcome"), f"outcome of {d.source} is a placeholder derived from its "
                     "capability; say what is true after success")
    if not sem.get("capability"):
        sem["capability"] = mapping.capability_for(d.method, catalog, http)
        if review_capability:
            d.review(("semantic", "capability"), f"capability of {d.source} was classified from the verb "
                     f"{d.method}; confirm it")
    if not sem.get("impact_tier"):
        sem["impact_tier"] = mapping.CAPABILITY_IMPACT.get(sem["capability"], "reversible")
        if sem.get("is_idempotent") is None and sem["impact_tier"] == "informational":
            sem["is_idempotent"] = True
        if review_capability:
            d.review(("semantic", "impact_tier"), f"impact_tier of {d.source} follows from its capability "
                     f"{sem['capability']}; confirm it")
    if sem.get("impact_tier") == "irreversible" and sem.get("confidence_guidance") is None:
        sem["confidence_guidance"] = mapping.IRREVERSIBLE_CONFIDENCE
    # keep the order of the semantic block stable
    d.semantic = {k: sem[k] for k in sorted(sem, key=_sem_order)}


_ORDER = ("intent", "actor", "outcome", "capability", "confidence_guidance", "impact_tier", "is_idempotent")


def _sem_order(k: str) -> tuple:
    return (_ORDER.index(k) if k in _ORDER else len(_ORDER), k)
