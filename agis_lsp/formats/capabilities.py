"""What each tool can do, as five labels with a confidence: the legs of a dangerous flow.

* ``untrusted``: returns text that third parties write (web pages, search results, issues,
  messages, papers, public documentation);
* ``private``: reads the user's or organisation's own data (files, databases, notes,
  mailboxes, account resources, logs, secrets);
* ``sends``: puts model-chosen content where others can read it, or reaches a model-chosen
  address (HTTP to a URL the model gives, posting a message, comment, issue or page,
  pushing a commit, typing into a web page);
* ``destructive``: deletes, overwrites, replaces or revokes existing state;
* ``executes``: runs code or commands the model writes (shell, REPL, JavaScript in a page,
  write queries).

Evidence, each with a weight: the name read as verb + object (``slack_post_message`` ->
POST + MESSAGE), the parameters (``url``, ``path``, ``channel_id`` + ``text``,
``command``), the first sentence of the description, and the MCP annotations
(``readOnlyHint``, ``destructiveHint``, ``openWorldHint``). The weights of one label
combine as independent evidence (1 - the product of 1 - w); a label holds at
``THRESHOLD``; a reading tool that says nothing of what it reads then takes what most of its
server's reading tools read (``with_server_profile``). Where the facts come from:
``capability_sources.py``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..lexicon.split import split_words
from . import _capability_words as W

LABELS = ("untrusted", "private", "sends", "destructive", "executes")
THRESHOLD = 0.5
_SENTENCE = re.compile(r"(?<=[.!?])\s|\n\s*\n")


@dataclass(frozen=True)
class ToolFacts:
    """A tool as the classifier reads it, whatever its format."""
    name: str
    path: tuple = ()                         # document path of the tool (its name's parent)
    description: str = ""
    params: dict = field(default_factory=dict)     # parameter name -> description
    annotations: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Capabilities:
    name: str
    scores: dict                             # label -> confidence 0..1
    evidence: dict                           # label -> [reason, ...] (strongest first)
    path: tuple = ()

    def has(self, label: str) -> bool:
        return self.scores.get(label, 0.0) >= THRESHOLD

    @property
    def labels(self) -> list:
        return [lb for lb in LABELS if self.has(lb)]

    def as_json(self) -> dict:
        return {lb: {"confidence": round(self.scores[lb], 2), "evidence": self.evidence[lb]}
                for lb in self.labels}

    def summary(self) -> str:
        """``sends 0.90 (verb POST + MESSAGE); private 0.70 (parameter 'path')``."""
        return "; ".join(f"{lb} {self.scores[lb]:.2f} ({', '.join(self.evidence[lb][:2])})"
                         for lb in self.labels) or "none of the five"


def _words(text: str) -> list:
    return [w.lower() for w in split_words(text)]


def _first_sentence(text: str) -> str:
    text = " ".join(str(text or "").split()[:80])
    return _SENTENCE.split(text.strip(), maxsplit=1)[0] if text else ""


class _Score:
    def __init__(self) -> None:
        self.weights: dict = {lb: [] for lb in LABELS}

    def add(self, label: str, weight: float, why: str) -> None:
        self.weights[label].append((weight, why))

    def result(self, facts: ToolFacts) -> Capabilities:
        scores, evidence = {}, {}
        for lb, items in self.weights.items():
            keep = 1.0
            for w, _ in items:
                keep *= 1.0 - max(-1.0, min(w, 0.99))
            scores[lb] = max(0.0, min(1.0, 1.0 - keep))
            evidence[lb] = list(dict.fromkeys(why for w, why in sorted(items, key=lambda x: -x[0])
                                              if w > 0))
        return Capabilities(facts.name, scores, evidence, facts.path)


def classify(facts: ToolFacts) -> Capabilities:
    s = _Score()
    words = _words(facts.name)
    verb = next((w for w in words if w in W.VERBS), None)
    objects = [w for w in words if w != verb]
    _by_name(s, verb, objects)
    _later_verbs(s, verb, objects, facts.params)
    sentence = _first_sentence(facts.description)
    _by_description(s, sentence.lower(), W.VERBS.get(verb))
    m = W.PAGE_CUE.search(sentence.lower())
    if m and W.VERBS.get(verb) in ("read", None):
        s.add("untrusted", 0.6, f"description '{m.group(0)}'")
    _by_params(s, verb, objects, {str(k): str(v or "") for k, v in facts.params.items()},
               _fixed_site(facts.description), facts.annotations)
    _browser_code(s, facts.description.lower())
    _by_annotations(s, facts.annotations if isinstance(facts.annotations, dict) else {})
    return s.result(facts)


def _by_name(s: _Score, verb, objects: list) -> None:
    kind = W.VERBS.get(verb)
    objs = set(objects)
    if verb in ("post", "put") and objs & W.HTTP_READ_NOUNS:
        kind = "read"
    untrusted_obj = objs & W.UNTRUSTED_NOUNS
    private_obj = objs & W.PRIVATE_NOUNS
    both = objs & W.SHARED_NOUNS
    shown = f"verb {verb.upper()}" if verb else "name"
    obj = next(iter(sorted(untrusted_obj | private_obj | both)), "")
    what = f"{shown} + {obj.upper()}" if obj else shown
    if objs & W.BROWSER_NOUNS:
        private_obj = set()
    if kind in ("read", None) and (objs & W.WEB_BRANDS or verb in W.WEB_VERBS):
        s.add("untrusted", 0.6, f"name word {(objs & W.WEB_BRANDS or {verb}).pop().upper()}")
    brand = objs & (W.PRIVATE_BRANDS | W.FORGE_BRANDS)
    if kind == "read" and brand:
        s.add("private", 0.6, f"{shown} + {sorted(brand)[0].upper()}")
    if kind == "read" and objs & W.FORGE_BRANDS:
        forge = sorted(objs & W.FORGE_BRANDS)[0].upper()
        s.add("untrusted", 0.6, f"{shown} + {forge} (public projects)")
    if kind == "read":
        if untrusted_obj or both:
            s.add("untrusted", 0.75, what)
        if private_obj or both:
            s.add("private", 0.7, what)
    elif kind == "send":
        s.add("sends", 0.8 if objs & W.SEND_NOUNS or verb in W.SEND_ALWAYS else 0.45, what)
    elif kind == "create" and objs & W.SEND_NOUNS:
        s.add("sends", 0.75, what)
    elif kind == "destroy":
        s.add("destructive", 0.8, what)
    elif kind == "update":
        s.add("destructive", 0.6, what)
        if objs & W.SEND_NOUNS:
            s.add("sends", 0.6, what)
    elif kind == "navigate":
        s.add("sends", 0.6, what)
    elif kind == "execute" and objs & W.CODE_NOUNS:
        s.add("executes", 0.85, what)
    elif kind == "execute" and "query" in objs:
        s.add("private", 0.6, f"{shown} + QUERY")
    if kind is None and (untrusted_obj or both):
        s.add("untrusted", 0.45, f"name word {sorted(untrusted_obj or both)[0].upper()}")
    if objs & W.SECRET_NOUNS and kind in ("read", None):
        s.add("private", 0.7, f"name word {(objs & W.SECRET_NOUNS).pop().upper()}")


def _later_verbs(s: _Score, verb, objects: list, params: dict) -> None:
    """Verbs after the first (``create_or_update_file``, ``run_rollback_pipeline``), a
    write of a query language (``write_neo4j_cypher``: code that changes data), an HTTP
    method beside a URL (``playwright_put``: an HTTP client), a send of a local file."""
    kind = W.VERBS.get(verb)
    later = {W.VERBS[w] for w in objects if w in W.VERBS}
    if "destroy" in later and kind != "destroy":
        s.add("destructive", 0.6, "a destroying verb in the name")
    if "update" in later and kind not in ("update", "destroy", "read"):
        s.add("destructive", 0.5, "an updating verb in the name")
    names = {str(k).lower() for k in params}
    if kind in ("create", "update", "execute") and set(objects) & W.QUERY_LANGUAGES:
        s.add("executes", 0.7, f"verb {verb.upper()} + a query language")
        s.add("destructive", 0.6, f"verb {verb.upper()} + a query language")
        s.add("private", 0.5, f"verb {verb.upper()} + a query language")
    if verb in W.HTTP_METHODS and names & W.URL_PARAMS:
        s.add("untrusted", 0.6, f"HTTP {verb.upper()} to a URL parameter")
        s.add("destructive", -1.0, f"HTTP {verb.upper()} to any URL")
    if kind == "send" and names & W.PATH_PARAMS:
        s.add("private", 0.6, f"verb {verb.upper()} + a local path parameter")


def _by_description(s: _Score, sentence: str, kind) -> None:
    for label, weight, pattern in W.SENTENCE_CUES:
        if label in ("untrusted", "private") and kind not in ("read", None):
            continue
        m = pattern.search(sentence)
        if m:
            s.add(label, weight, f"description '{m.group(0).strip()}'")


def _by_params(s: _Score, verb, objects: list, params: dict, fixed: bool, ann) -> None:
    names = {k.lower().replace("-", "_"): k for k in params}
    kind = W.VERBS.get(verb)
    url = next((names[n] for n in names if n in W.URL_PARAMS), None)
    if url and not fixed and not _fixed_site(params[url]):
        s.add("sends", 0.6, f"parameter '{url}'")
        if isinstance(ann, dict) and ann.get("openWorldHint") is True:
            s.add("sends", 0.3, f"parameter '{url}' and openWorldHint: true")
        if kind in ("read", None):
            s.add("untrusted", 0.6, f"parameter '{url}'")
    path = next((names[n] for n in names if n in W.PATH_PARAMS), None)
    if "owner" in names and "repo" in names and kind in ("read", None):
        s.add("untrusted", 0.6, "parameters 'owner' and 'repo' (any repository)")
        s.add("private", 0.5, "parameters 'owner' and 'repo' (private repositories)")
    if path and kind in ("read", None) and not url and not set(objects) & W.UNTRUSTED_NOUNS:
        s.add("private", 0.55, f"parameter '{path}'")
    code = next((names[n] for n in names if n in W.CODE_PARAMS), None)
    if code:
        s.add("executes", 0.6 if kind == "execute" else 0.4, f"parameter '{code}'")
    to = next((names[n] for n in names if n in W.RECIPIENT_PARAMS), None)
    body = next((names[n] for n in names if n in W.BODY_PARAMS), None)
    if to and body and kind not in ("read", "destroy"):
        s.add("sends", 0.55, f"parameters '{to}' and '{body}'")
    elif body and kind in ("create", "update", "send"):
        s.add("sends", 0.3, f"parameter '{body}'")
    value = next((names[n] for n in names if n in ("value", "text")), None)
    if value and kind == "fill":
        s.add("sends", 0.6, f"verb {verb.upper()} + parameter '{value}'")
    if next((n for n in names if n in W.SQL_PARAMS), None) and kind in ("read", "execute", None):
        s.add("private", 0.5, "a query parameter")


def _browser_code(s: _Score, description: str) -> None:
    """Code run in a web page reads the page and can send anything anywhere."""
    if re.search(r"\b(?:javascript|js)\b.{0,30}\b(?:browser|page|console)\b|"
                 r"\b(?:browser|page)\b.{0,30}\bjavascript\b", description):
        s.add("untrusted", 0.55, "JavaScript in a web page")
        s.add("sends", 0.55, "JavaScript in a web page")


def _fixed_site(description: str) -> bool:
    """A URL parameter bound to one site (``Must be from the docs.aws.amazon.com domain``)."""
    return bool(re.search(r"\b(?:must be|only)\b.{0,60}?\b(?:domain|site|host)\b|"
                          r"\byoutube\b|\bsentry url\b", description, re.I))


def _by_annotations(s: _Score, ann: dict) -> None:
    ro, destroy, ow = ann.get("readOnlyHint"), ann.get("destructiveHint"), ann.get("openWorldHint")
    if ro is True:
        s.add("destructive", -2.0, "readOnlyHint: true")
        s.add("executes", -0.5, "readOnlyHint: true")
    if destroy is True and ro is not True:
        s.add("destructive", 0.35, "destructiveHint: true")
    if destroy is False:
        s.add("destructive", -1.0, "destructiveHint: false")
    if ow is True and ro is True:
        s.add("untrusted", 0.2, "openWorldHint: true")
    if ow is False:
        s.add("untrusted", -0.15, "openWorldHint: false")
        s.add("sends", -0.3, "openWorldHint: false")


# -- a server's profile ----------------------------------------------------------------------
PROFILE_SHARE, PROFILE_MIN, PROFILE_WEIGHT = 0.75, 3, 0.55


def _reads(facts: ToolFacts) -> bool:
    """A tool whose name's verb reads (``list_artifacts``, ``API-get-block-children``)."""
    kinds = [W.VERBS[w] for w in _words(facts.name) if w in W.VERBS]
    return kinds[:1] == ["read"]


def with_server_profile(facts: list, caps: list) -> list:
    """A reading tool whose name and text do not say what it reads reads what most of its
    server's other reading tools read (``list_artifacts`` of CircleCI reads the account like
    its siblings; Notion's ``API-get-block-children`` reads pages like ``API-retrieve-a-page``)."""
    readers = [(f, c) for f, c in zip(facts, caps) if _reads(f)]
    out = list(caps)
    for label in ("untrusted", "private"):
        known = [c for _, c in readers if c.has("untrusted") or c.has("private")]
        holding = sum(c.has(label) for c in known)
        if len(known) < PROFILE_MIN or holding / len(known) < PROFILE_SHARE:
            continue
        why = f"like {holding} of {len(known)} reading tools of its server"
        for i, (f, c) in enumerate(zip(facts, caps)):
            if _reads(f) and max(c.scores["untrusted"], c.scores["private"]) < THRESHOLD:
                out[i] = _plus(out[i], label, PROFILE_WEIGHT, why)
    return out


def _plus(c: Capabilities, label: str, weight: float, why: str) -> Capabilities:
    scores = dict(c.scores)
    scores[label] = 1.0 - (1.0 - scores[label]) * (1.0 - weight)
    evidence = dict(c.evidence)
    evidence[label] = [why] + list(evidence[label])
    return Capabilities(c.name, scores, evidence, c.path)
