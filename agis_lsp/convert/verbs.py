"""Choosing the AGIS method verb for an operation or a tool.

One chooser serves every importer (OpenAPI, MCP, A2T, ADP, AINP). It reads
the words the source gives (a summary's leading verb, an ``operationId`` or a
tool name) and keeps the first one that passes the linter's own checks
(passes 2-3: a base-form action verb of the lexicon or the AGTP catalog, not
an HTTP method, not vague). HTTP method words and API slang are mapped
through a fixed table (``mapping.WORD_VERBS``); with nothing usable, the HTTP
method's catalog replacement is taken. Every choice is then read against the
intent by the pass-6 model: a contradiction is reported, and where the verb
was a fallback the model's suggestion replaces it.

Whether a choice needs a human is decided by ``VerbChoice.review``:

* ``stated``: the source said the verb (``Retrieve a user``, ``create_issue``)
  and the model does not contradict it: no review;
* ``mapped``: an HTTP word or slang was replaced by the fixed table
  (``Get a user`` -> FETCH): no review when the model confirms the verb
  matches the intent, unless the caller asks to review every replacement
  (the MCP importer does, as Appendix C's reverse mapping says);
* ``http`` / ``model``: nothing in the text named the action: always review.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from .. import lexicon as lex
from ..semantic.text import intent_head, lemma
from . import mapping, opnames
from .markup import first_plain_sentence

log = logging.getLogger("agis_lsp.convert")


@dataclass
class VerbRequest:
    source: str                      # what the human calls it: "GET /users/{id} (users/get)", "get_data"
    intent: str                      # the sentence the verb must agree with (may be "")
    words: list = field(default_factory=list)   # candidate words, best first (original spelling)
    http: str | None = None          # the HTTP method, if any
    item: bool | None = None         # the path ends in a parameter (one resource); None: unknown
    review_mapped: bool = False      # every replacement of an HTTP word needs review


@dataclass
class VerbChoice:
    verb: str
    origin: str                      # stated | mapped | http | model
    word: str | None = None          # the source word the verb came from
    where: str = ""                  # where that word was: text (summary) | name | description
    review: bool = False
    reason: str = ""
    verdict: str | None = None       # pass-6 verdict of (verb, intent), None if not judged
    suggestion: str | None = None


def candidate_words(*texts_and_names) -> list[tuple]:
    """(word, where, object) in the order they are tried: each argument is ("text", s),
    ("description", s) or ("name", s).

    A sentence gives its leading verb (after its markup is removed); a name (operationId,
    tool name) gives the words of its action part (``opnames.name_words``: the last dotted
    segment of a Google name, what follows Azure's underscore, ...). An HTTP method word
    carries its object ("get customers") so GET can tell one from many.
    """
    out: list[tuple] = []
    for kind, value in texts_and_names:
        if not isinstance(value, str) or not value.strip():
            continue
        if kind in ("text", "description"):
            head, _ = intent_head(_lead(value))
            if head:
                out.append((head.split(" ")[0], kind, None))
        else:
            nw = opnames.name_words(value)
            if nw.http:
                out.append((nw.http, kind, f"get {nw.obj}" if nw.http == "get" else None))
            out.extend((w, kind, None) for w in nw.words)
    return out


_API_LEAD = re.compile(r"(?i)^(?:this |the )?(?:api|endpoint|method|operation|service|function|call)"
                       r"(?: is)?(?: used)? (?:to|for|that|which) ")


def _lead(text: str) -> str:
    """The first sentence without markup, and without "API to ..." ("API to verify X" -> "verify X")."""
    t = first_plain_sentence(text)
    m = _API_LEAD.match(t)
    return t[m.end():] if m and len(t) > m.end() else t


_VERB_PREFIXES = ("un", "re", "de", "dis", "geo", "auto", "pre", "co")


def _rejected_by_pass3(word: str) -> bool:
    """Stative verbs (KNOW) and fused phrasal nouns (LOGIN, SETUP) fail pass 3 (AGIS305/306)."""
    for check in ("is_stative", "fused_phrasal"):
        fn = getattr(lex, check, None)
        if fn is not None and fn(word):
            return True
    return False


class VerbChooser:
    def __init__(self, catalog, semantic: bool = True) -> None:
        self.catalog = catalog
        self.semantic = semantic
        self.model_note: str | None = None
        self._model = None

    # -- one word ---------------------------------------------------------------------
    def verb_for_word(self, word: str, http: str | None, item: bool | None,
                      where: str = "text", text: str | None = None) -> tuple[str | None, str]:
        """(VERB, origin) for one candidate word, or (None, "") if it names no usable action."""
        w = lemma(word.lower()) if word.isalpha() else ""
        if not w:
            return None, ""
        if w in mapping.HTTP_WORDS:
            return mapping.http_verb(w, item, self.catalog, text), "mapped"
        if w in mapping.WORD_VERBS or word.lower() in mapping.WORD_VERBS:
            verb = mapping.WORD_VERBS.get(word.lower()) or mapping.WORD_VERBS[w]
            if http == "GET" and not mapping.fits_read(verb, self.catalog.get(verb)):
                return None, ""          # "news" is not "new" -> CREATE on a read
            return verb, "mapped"
        if w in mapping.SKIP_WORDS:
            return None, ""
        up = w.upper()
        info = self.catalog.get(up)
        if info is None:
            if not lex.is_base_verb(w) or lex.non_action_class(w) is not None or lex.is_vague(w) \
                    or lex.inflection_of(w) is not None or _rejected_by_pass3(up):
                return None, ""
            flags = lex.get_lexicon()._flags(w)
            if (http == "GET" or where == "name") and "n" in flags:
                # a noun heading a GET summary ("Pet by ID") or a tool name ("weather") is not
                # the action
                return None, ""
            if not flags and not w.startswith(_VERB_PREFIXES):
                # a word the lexicon only derives ("subsite" from "site") is not a stated verb;
                # "untag", "rescore", "geocode" are
                return None, ""
        elif lex.is_vague(w):
            return None, ""
        if http == "GET" and not mapping.fits_read(up, info):
            return None, ""
        return up, "stated"

    def first_choice(self, req: VerbRequest) -> VerbChoice:
        for cand in req.words:
            word, where = cand[0], cand[1]
            obj = cand[2] if len(cand) > 2 else None
            verb, origin = self.verb_for_word(word, req.http, req.item, where, obj or req.intent)
            if verb:
                return VerbChoice(verb, origin, word.lower(), where)
        if req.http:
            return VerbChoice(mapping.http_verb(req.http.lower(), req.item, self.catalog), "http", None)
        return VerbChoice(mapping.DEFAULT_VERB, "model", None)

    # -- many, with the model -------------------------------------------------------------
    def choose_many(self, requests: list[VerbRequest]) -> list[VerbChoice]:
        choices = [self.first_choice(r) for r in requests]
        judged = self._judge([(c.verb, r.intent) for c, r in zip(choices, requests)])
        for c, r, j in zip(choices, requests, judged):
            self._settle(c, r, j)
        return choices

    def _settle(self, c: VerbChoice, r: VerbRequest, j) -> None:
        if j is not None:
            c.verdict, c.suggestion = j.verdict, j.suggestion
        confirmed = j is not None and j.verdict == "consistent"
        if c.origin in ("http", "model"):
            if j is not None and j.verdict != "consistent" and j.suggestion and \
                    self.verb_for_word(j.suggestion, r.http, r.item)[1] == "stated":
                c.verb, c.origin = j.suggestion, "model"
                c.reason = (f"no verb in the source names the action; {c.verb} is the semantic "
                            "model's choice for the intent")
            elif c.origin == "http":
                c.reason = (f"no verb in the source names the action; {c.verb} is the catalog's "
                            f"replacement for HTTP {r.http}")
            else:
                c.reason = f"no verb in the source names the action; {c.verb} is a default"
            c.review = True
            return
        if c.origin == "mapped":
            c.reason = f"'{c.word}' is not an AGIS verb (HTTP method or API slang); {c.verb} replaces it"
            c.review = r.review_mapped or not confirmed
            if not confirmed and j is None:
                c.reason += " (not confirmed by the semantic model: it did not run)"
        if c.origin == "stated" and c.where == "description" and not confirmed:
            # a verb read from the description's first words, not from the summary or the name
            c.review = True
            c.reason = (f"{c.verb} is the first verb of the description; the summary and the name state "
                        "none" + ("" if j is not None else " (not confirmed by the semantic model: it did not run)"))
        if j is not None and j.verdict == "suspicious" and not c.review:
            c.review = True
            c.reason = ((c.reason + "; ") if c.reason else "") + \
                f"the semantic model is not sure the intent describes {c.verb}"
        if j is not None and j.verdict == "inconsistent":
            c.review = True
            extra = f"; {j.suggestion} matches it better" if j.suggestion and j.suggestion != c.verb else ""
            c.reason = ((c.reason + "; ") if c.reason else "") + \
                f"the semantic model reads the intent as a different operation than {c.verb}{extra}"

    def _judge(self, pairs):
        todo = [i for i, (v, t) in enumerate(pairs) if t and t.strip()]
        out = [None] * len(pairs)
        model = self._get_model() if todo else None
        if model is None:
            return out
        try:
            res = model.judge_consistency([(pairs[i][0], pairs[i][1][:500]) for i in todo])
        except Exception as exc:  # the model is an aid; a failure leaves choices unconfirmed
            self.model_note = f"semantic model failed: {type(exc).__name__}: {exc}"
            return out
        for i, j in zip(todo, res):
            out[i] = j
        return out

    def _get_model(self):
        if not self.semantic:
            if self.model_note is None:
                self.model_note = "verbs not checked by the semantic model (--no-semantic)"
            return None
        if self._model is None:
            try:
                from ..semantic import SemanticUnavailable, get_model
            except ImportError as exc:  # pragma: no cover - numpy/onnxruntime missing
                self.model_note = f"semantic model unavailable: {exc}"
                self.semantic = False
                return None
            try:
                self._model = get_model()
            except SemanticUnavailable as exc:
                self.model_note = f"semantic model unavailable: {exc.reason}"
                self.semantic = False
                return None
        return self._model
