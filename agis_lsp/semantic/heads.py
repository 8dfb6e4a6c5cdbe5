"""Heads over the encoder: pass 3 (is a token an action verb?) and pass 6
(does an intent sentence say what its method verb does?).

Both passes reason in *operation kinds* (``KINDS``): what an operation does,
e.g. ``retrieve``, ``create``, ``terminate``.  The verb side is a lookup in the
hand-labelled verb table shipped in heads.json (the 425 AGTP catalog verbs and
~250 more), with a logistic-regression head on the verb's embedding for verbs
outside the table.  The intent side is a logistic-regression head on the
sentence embedding plus the embedding of the verb the sentence leads with, so
"Returns the cancellation policy" reads as retrieval, not cancellation.
A small pair head turns the kind agreement and a few similarity signals into a
consistency probability; two thresholds calibrated on a dev split cut it into
consistent / suspicious / inconsistent.  See models/README.md for the numbers.

The feature code lives here and models/build.py trains through it, so the
trained weights and the runtime can't drift apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from .contradictions import class_swap, exclusive_kinds, only_reads
from .encoder import Encoder
from .text import LIGHT_VERBS, head_text, intent_head, later_clauses, opposite, statement, verb_text

KINDS = ["discover", "retrieve", "analyze", "create", "commit", "modify", "remove",
         "terminate", "activate", "transfer", "notify", "approve", "reject", "connect"]
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}

# How a kind is named in diagnostics.
KIND_LABELS = {
    "discover": "discovery (searching or listing)",
    "retrieve": "retrieval (returning existing data)",
    "analyze": "analysis (computing or checking)",
    "create": "creation",
    "commit": "a transaction (booking, ordering, paying)",
    "modify": "modification",
    "remove": "removal",
    "terminate": "termination (cancelling or stopping)",
    "activate": "activation (starting or enabling)",
    "transfer": "transfer (moving something elsewhere)",
    "notify": "notification",
    "approve": "approval (granting or accepting)",
    "reject": "rejection (denying or declining)",
    "connect": "association (linking or attaching)",
}

# Symmetric kind compatibility (1 = same kind of operation, 0 = contradictory).
_COMPAT = [
    ("discover", "retrieve", 1.0), ("discover", "analyze", 0.5), ("retrieve", "analyze", 0.5),
    ("create", "commit", 1.0), ("create", "activate", 0.5), ("create", "connect", 0.5),
    ("create", "modify", 0.3), ("commit", "transfer", 0.5), ("commit", "approve", 0.5),
    ("commit", "connect", 0.5), ("modify", "remove", 0.5), ("modify", "connect", 0.5),
    ("modify", "transfer", 0.5), ("modify", "analyze", 0.3), ("remove", "terminate", 1.0),
    ("terminate", "reject", 0.5), ("activate", "approve", 0.5), ("activate", "connect", 0.5),
    ("notify", "transfer", 0.5),
]


def compat_matrix() -> np.ndarray:
    m = np.eye(len(KINDS), dtype=np.float32)
    for a, b, v in _COMPAT:
        m[KIND_INDEX[a], KIND_INDEX[b]] = m[KIND_INDEX[b], KIND_INDEX[a]] = v
    return m


def kinds_distribution(kinds: Sequence[str]) -> np.ndarray:
    """Hand labels -> distribution: the primary kind 0.6, the others share 0.4."""
    p = np.zeros(len(KINDS), dtype=np.float32)
    if len(kinds) == 1:
        p[KIND_INDEX[kinds[0]]] = 1.0
    else:
        p[KIND_INDEX[kinds[0]]] += 0.6
        for k in kinds[1:]:
            p[KIND_INDEX[k]] += 0.4 / (len(kinds) - 1)
    return p


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


# -- pass 3 word features ------------------------------------------------------

def word_texts(token: str) -> list[str]:
    w = token.lower()
    return [w, "the " + w, "to " + w]


def suffix_features(token: str, vocab: dict[str, int]) -> np.ndarray:
    v = np.zeros(len(vocab), dtype=np.float32)
    w = token.lower()
    for k in (2, 3, 4):
        j = vocab.get(w[-k:])
        if j is not None:
            v[j] = 0.5
    return v


OPPOSITE_SCORE = 0.02   # score given to a method whose intent does the opposite

PAIR_FEATURES = ["s_sent", "s_head", "head_known", "verb_known", "lexical", "cos_head",
                 "cos_intent", "s_head_known", "s_sent_known"]


@dataclass(frozen=True)
class VerbJudgement:
    verb: str
    is_action: bool
    label: str            # "action" | "state" | "noun" | "existence" | "other"
    confidence: float     # probability of ``label`` (1.0 for table verbs)


@dataclass(frozen=True)
class ConsistencyJudgement:
    verb: str
    intent: str
    verdict: str          # "consistent" | "suspicious" | "inconsistent"
    verb_class: str       # what the verb implies, e.g. "create/commit"
    intent_class: str     # what the intent describes, e.g. "retrieve"
    score: float          # P(consistent), 0..1
    suggestion: str | None = None  # a catalog verb clearly closer to the intent

    @property
    def shared_kinds(self) -> str:
        """The kinds both the verb and the intent read as ("transaction" for CHECKOUT / "Get the
        basket ready for checkout"), "/"-joined; empty when they read as different kinds."""
        intent = set(self.intent_class.split("/"))
        return "/".join(k for k in self.verb_class.split("/") if k and k in intent)


class Heads:
    """The trained parameters (heads.json + heads.npz)."""

    def __init__(self, meta: dict, arrays: dict[str, np.ndarray]) -> None:
        self.meta = meta
        self.a = arrays
        self.verb_table: dict[str, list[str]] = meta["verb_table"]
        self.catalog: list[str] = meta["catalog"]
        self.suffix_vocab = {s: i for i, s in enumerate(meta["pass3"]["suffixes"])}
        self.compat = compat_matrix()

    @classmethod
    def load(cls, directory: Path) -> "Heads":
        meta = json.loads((directory / "heads.json").read_text())
        with np.load(directory / "heads.npz", allow_pickle=False) as z:
            arrays = {k: z[k].astype(np.float32) for k in z.files}
        return cls(meta, arrays)


class SemanticModel:
    """The heads over their encoders: ``encoder`` (encoder.onnx) for pass 3, pass 6 and the verb
    heads; ``scope`` (scope.onnx, None when the model directory has none) for the security head,
    which reads ``security_encoder``."""

    def __init__(self, encoder: Encoder, heads: Heads, *, scope: Encoder | None = None) -> None:
        self.encoder = encoder
        self.scope = scope
        self.heads = heads
        self._catalog_dist: np.ndarray | None = None

    @property
    def security_encoder(self) -> Encoder:
        """The encoder the security head (AGSC901) embeds through: scope.onnx's, else encoder.onnx's."""
        return self.scope if self.scope is not None else self.encoder

    def encoder_for(self, reads: str) -> Encoder:
        """The encoder a rule's texts go to (``Rule.model_encoder``): ``"security"`` is
        ``security_encoder``, anything else encoder.onnx's."""
        return self.security_encoder if reads == "security" else self.encoder

    # -- shared pieces ----------------------------------------------------------

    def cache_info(self) -> dict:
        """encoder.onnx's cache; ``scope_cache_info`` is scope.onnx's."""
        return self.encoder.cache_info()

    def scope_cache_info(self) -> dict | None:
        return self.scope.cache_info() if self.scope is not None else None

    def verb_distributions(self, verbs: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """(P[n, kinds], known[n]): table lookup, else the verb head."""
        h = self.heads
        out = np.zeros((len(verbs), len(KINDS)), dtype=np.float32)
        known = np.zeros(len(verbs), dtype=np.float32)
        unknown = []
        for i, v in enumerate(verbs):
            kinds = h.verb_table.get(v.upper())
            if kinds:
                out[i] = kinds_distribution(kinds)
                known[i] = 1.0
            else:
                unknown.append(i)
        if unknown:
            texts = [verbs[i] for i in unknown]
            x = np.concatenate([self.encoder.embed([verb_text(t) for t in texts]),
                                self.encoder.embed([t.lower() for t in texts])], axis=1)
            out[unknown] = softmax(x @ h.a["verb_W"] + h.a["verb_b"])
        return out, known

    def intent_distributions(self, intents: Sequence[str]) -> tuple[np.ndarray, list]:
        heads = [intent_head(t) for t in intents]
        s = self.encoder.embed(intents)
        hv = self.encoder.embed([head_text(hd[0]) or "to do" for hd in heads])
        p = softmax(np.concatenate([s, hv], axis=1) @ self.heads.a["intent_W"] + self.heads.a["intent_b"])
        return p, heads

    def pair_features(self, verbs: Sequence[str], intents: Sequence[str]):
        """Feature matrix for (verb, intent) pairs plus the pieces the verdict reports."""
        parts = self._pair_parts(verbs, intents)
        return parts["x"], parts["pv"], parts["pi"], parts["ph"], parts["hknown"]

    def _pair_parts(self, verbs: Sequence[str], intents: Sequence[str]) -> dict:
        pv, vknown = self.verb_distributions(verbs)
        pi, heads = self.intent_distributions(intents)
        head_words = [hd[1] for hd in heads]
        ph, hknown = self.verb_distributions([w or "do" for w in head_words])
        # a support verb ("Gives ...", "Lets ... know") says little by itself:
        # the sentence head speaks for the intent
        light = np.array([hd[0].split(" ")[0] in LIGHT_VERBS or not hd[0] for hd in heads])
        ph[light] = pi[light]
        hknown[light] = 0.0
        m = self.heads.compat
        s_sent = np.einsum("nk,kj,nj->n", pv, m, pi)
        s_head = np.einsum("nk,kj,nj->n", pv, m, ph)
        lexical = np.array([1.0 if w and w == v.lower() else 0.0
                            for v, w in zip(verbs, head_words)], dtype=np.float32)
        ev = self.encoder.embed([verb_text(v) for v in verbs])
        eh = self.encoder.embed([head_text(hd[0]) or "to do" for hd in heads])
        ei = self.encoder.embed(intents)
        cos_head = (ev * eh).sum(1)
        cos_intent = (self.encoder.embed([v.lower() for v in verbs]) * ei).sum(1)
        x = np.stack([s_sent, s_head, hknown, vknown, lexical, cos_head, cos_intent,
                      s_head * hknown, s_sent * vknown], axis=1).astype(np.float32)
        return dict(x=x, pv=pv, pi=pi, ph=ph, hknown=hknown, heads=heads, eh=eh, ei=ei)

    # -- pass 3 -------------------------------------------------------------------

    def judge_verbs(self, verbs: Iterable[str]) -> list[VerbJudgement]:
        verbs = list(verbs)
        h = self.heads
        p3 = h.meta["pass3"]
        out: list[VerbJudgement | None] = [None] * len(verbs)
        todo = []
        for i, v in enumerate(verbs):
            if v.upper() in h.verb_table:
                out[i] = VerbJudgement(v, True, "action", 1.0)
            else:
                todo.append(i)
        if todo:
            toks = [verbs[i] for i in todo]
            texts = [word_texts(t) for t in toks]
            cols = [self.encoder.embed([t[j] for t in texts]) for j in range(3)]
            suf = np.stack([suffix_features(t, h.suffix_vocab) for t in toks])
            x = np.concatenate(cols + [suf], axis=1)
            z = x @ h.a["action_w"] + float(p3["action_b"])
            p_action = sigmoid(z)
            labels = p3["nonaction_labels"]
            p_label = softmax(x @ h.a["label_W"] + h.a["label_b"])
            for j, i in enumerate(todo):
                if z[j] >= p3["threshold"]:
                    out[i] = VerbJudgement(verbs[i], True, "action", float(p_action[j]))
                else:
                    k = int(p_label[j].argmax())
                    out[i] = VerbJudgement(verbs[i], False, labels[k],
                                           float((1 - p_action[j]) * p_label[j, k]))
        return out  # type: ignore[return-value]

    # -- pass 6 -------------------------------------------------------------------

    def consistency_scores(self, verbs: Sequence[str], intents: Sequence[str]) -> np.ndarray:
        ev, ei, owner = self._with_clauses(verbs, intents)
        x = self.pair_features(ev, ei)[0]
        return self._best(self._scores(x, ev, ei), owner, len(verbs))[0]

    def _with_clauses(self, verbs: Sequence[str], intents: Sequence[str]):
        """The pairs plus one pair for each later main clause of a multi-step intent whose verb
        is the method or a table verb whose primary kind is one of the method's ("Checks
        availability and then books the room": BOOK is judged against "Books the room" too),
        with the index of the pair each row belongs to. A clause of another kind is left out:
        "Purchases the items and creates an order" is still judged as a purchase."""
        ev, ei, owner = list(verbs), list(intents), list(range(len(verbs)))
        table = self.heads.verb_table
        for i, (v, t) in enumerate(zip(verbs, intents)):
            own = table.get(v.upper(), ())
            for head, clause in later_clauses(t):
                kinds = table.get(head.upper())
                if head == v.lower() or (kinds and kinds[0] in own):
                    ev.append(v)
                    ei.append(clause)
                    owner.append(i)
        return ev, ei, owner

    @staticmethod
    def _best(score: np.ndarray, owner: list, n: int) -> tuple[np.ndarray, list]:
        """Per pair, the best score over its rows (the main action is the one that matches) and
        the row that has it."""
        best = np.full(n, -1.0, dtype=np.float64)
        row = list(range(n))
        for r, (o, s) in enumerate(zip(owner, score)):
            if s > best[o]:
                best[o], row[o] = float(s), r
        return best, row

    def _scores(self, x, verbs, intents) -> np.ndarray:
        s = sigmoid(x @ self.heads.a["pair_w"] + float(self.heads.meta["pass6"]["pair_b"]))
        # opposite operations contradict whatever the kinds say; so does an intent that only
        # reads the action's record ("Returns the cancellation policy" for CANCEL)
        # a class swap is as clear (UPDATE / "Deletes the document"); an acting method whose intent
        # only reads is put at the error threshold, where the verdict is a warning (AGIS602)
        table = self.heads.verb_table
        t_warn = float(self.heads.meta["pass6"]["t_inconsistent"])
        for i, (v, t) in enumerate(zip(verbs, intents)):
            head = intent_head(t)[1]
            if opposite(v, head) or self._reads_the_action(v, head, t) or class_swap(table, v, head, t):
                s[i] = min(float(s[i]), OPPOSITE_SCORE)
            elif t_warn > 0 and only_reads(table, v, head, t):   # 0 while calibrating
                s[i] = min(float(s[i]), t_warn)
        return s

    _READING = frozenset(("discover", "retrieve"))
    _PRODUCES_DATA = frozenset(("discover", "retrieve", "analyze"))   # "Returns the translation" is TRANSLATE

    def _reads_the_action(self, verb: str, head: str, intent: str) -> bool:
        """A method that acts (CANCEL, BOOK), an intent led by a verb that only reads or lists
        first (return, retrieve, list), whose object is the action's own noun ("the cancellation
        policy", "the booking confirmation"): the action-noun trap of the draft's section 5.4."""
        table = self.heads.verb_table
        own, lead = table.get(verb.upper()), table.get(head.upper())
        reads = head in _READING_VERBS or bool(lead) and lead[0] in self._READING
        if not own or not reads or self._PRODUCES_DATA & set(own):
            return False
        stem = verb.lower()[:-1] if verb.lower().endswith("e") else verb.lower()
        if len(stem) < 4:
            return False
        words = _NOUN_WORDS.findall(intent.lower())[1:]
        return any(w.startswith(stem) for w in words)

    def decided(self, verb: str, intent: str, shared_kinds: str = "") -> bool:
        """Whether the verb table itself says ``verb`` and ``intent`` describe different operations:
        opposite verbs, the action-noun trap, a class swap, an acting verb whose intent only reads,
        or two verbs whose kinds never go together. Otherwise a contradiction is the pair head's
        opinion alone. ``shared_kinds`` (``ConsistencyJudgement.shared_kinds``): the model reads
        both sides as one kind, so what the table says of the intent's head verb ("Get basket
        ready for checkout": GET only reads) does not decide; opposites (BUY / "Sells") still do."""
        head = intent_head(intent)[1]
        table = self.heads.verb_table
        m = self.heads.compat
        if opposite(verb, head):
            return True
        return not shared_kinds and (
            self._reads_the_action(verb, head, intent)
            or class_swap(table, verb, head, intent) or only_reads(table, verb, head, intent)
            or exclusive_kinds(table, lambda a, b: float(m[KIND_INDEX[a], KIND_INDEX[b]]), verb, head))

    def judge_consistency(self, pairs: Iterable[tuple[str, str]]) -> list[ConsistencyJudgement]:
        pairs = list(pairs)
        if not pairs:
            return []
        ev, ei, owner = self._with_clauses([p[0] for p in pairs], [p[1] for p in pairs])
        parts = self._pair_parts(ev, ei)
        x, pv, pi, ph, hknown = (parts[k] for k in ("x", "pv", "pi", "ph", "hknown"))
        heads, eh, e_int = parts["heads"], parts["eh"], parts["ei"]
        p6 = self.heads.meta["pass6"]
        rows_score = self._scores(x, ev, ei)
        best, row = self._best(rows_score, owner, len(pairs))
        verdicts = [verdict_of(float(s), p6) for s in best]
        # what the intent describes: its head verb's kinds when the head is a
        # known verb, else the sentence head
        pint = np.where(hknown[:, None] > 0, ph, pi)
        flagged = [row[i] for i, v in enumerate(verdicts) if v != "consistent"]
        suggestions = self._suggest(flagged, heads, pint, pi, ph, hknown, eh, e_int, rows_score)
        return [ConsistencyJudgement(
            verb=v, intent=t, verdict=verdicts[i], verb_class=_describe(pv[row[i]]),
            intent_class=_describe(pint[row[i]], top=1), score=float(best[i]),
            suggestion=suggestions.get(row[i])) for i, (v, t) in enumerate(pairs)]

    def judge_statements(self, pairs: Iterable[tuple[str, str]]
                         ) -> list[tuple[ConsistencyJudgement, ConsistencyJudgement]]:
        """Each (verb, intent) read twice at most: first its statement (``text.statement``, the
        sentence that says what the operation is); then, when the model does not find that
        consistent and the intent says more, the whole intent. (the statement's verdict, the
        whole intent's: the same object when it was not read again.) A finding needs both
        readings: usage notes after the statement (formats, limits, errors, when to call it) do
        not make an operation consistent or not, and most of a long description's tokens are
        there. ``statement_texts`` is what the first reading embeds."""
        pairs = list(pairs)
        said = [statement(t) for _, t in pairs]
        first = self.judge_consistency([(v, st) for (v, _), st in zip(pairs, said)])
        again = [i for i, (j, st) in enumerate(zip(first, said))
                 if j.verdict != "consistent" and st != pairs[i][1]]
        whole = list(first)
        for i, j in zip(again, self.judge_consistency([pairs[i] for i in again])):
            whole[i] = j
        return list(zip(first, whole))

    def statement_texts(self, pairs: Iterable[tuple[str, str]]) -> list[str]:
        """The texts ``judge_statements(pairs)`` embeds first (``consistency_texts`` of the statements)."""
        return self.consistency_texts([(v, statement(t)) for v, t in pairs])

    def consistency_texts(self, pairs: Iterable[tuple[str, str]]) -> list[str]:
        """The texts ``judge_consistency(pairs)`` embeds (but the catalog's, embedded once), for
        the engine to embed a whole document's at once before the rules run."""
        pairs = list(pairs)
        ev, ei, _ = self._with_clauses([p[0] for p in pairs], [p[1] for p in pairs])
        heads = [intent_head(t) for t in ei]
        table = self.heads.verb_table
        out = list(ei) + [head_text(hd[0]) or "to do" for hd in heads]
        out += [verb_text(v) for v in ev] + [v.lower() for v in ev]
        for w in [hd[1] or "do" for hd in heads]:
            if not table.get(w.upper()):
                out += [verb_text(w), w.lower()]
        return out

    def _catalog_matrices(self):
        """Kind distributions and vectors of the catalog verbs (computed once)."""
        if self._catalog_dist is None:
            cat = self.heads.catalog
            self._catalog_dist = (
                np.stack([kinds_distribution(self.heads.verb_table[v]) for v in cat]),
                self.encoder.embed([verb_text(v) for v in cat]),
                self.encoder.embed([v.lower() for v in cat]),
                np.array([self.heads.verb_table[v][0] for v in cat]))
        return self._catalog_dist

    def _suggest(self, rows, heads, pint, pi, ph, hknown, eh, ei, score) -> dict[int, str]:
        """A catalog verb that clearly matches each flagged intent better.

        The intent's own leading verb if it is a catalog verb; else, among the
        catalog verbs whose primary kind is what the intent describes, the one
        with the best pair score, if it beats the method by 0.3.  Vectorized:
        the catalog side is fixed, so this is a few matrix products.
        """
        if not rows:
            return {}
        h = self.heads
        out: dict[int, str] = {}
        cat = h.catalog
        catset = set(cat)
        pc, e_to, e_bare, primary = self._catalog_matrices()
        m = h.compat
        w = h.a["pair_w"]
        b = float(h.meta["pass6"]["pair_b"])
        for i in rows:
            joined = heads[i][1].upper()
            if joined in catset:
                out[i] = joined
                continue
            top = KINDS[int(np.argmax(pint[i]))]
            idx = np.nonzero(primary == top)[0]
            if idx.size == 0:
                continue
            s_sent = pc[idx] @ (m @ pi[i])
            s_head = pc[idx] @ (m @ ph[i])
            lexical = np.zeros(idx.size, dtype=np.float32)
            x = np.stack([s_sent, s_head, np.full(idx.size, hknown[i]), np.ones(idx.size),
                          lexical, e_to[idx] @ eh[i], e_bare[idx] @ ei[i],
                          s_head * hknown[i], s_sent], axis=1)
            sc = sigmoid(x @ w + b)
            j = int(np.argmax(sc))
            if sc[j] >= h.meta["pass6"]["t_suspicious"] and sc[j] - score[i] >= 0.3:
                out[i] = cat[idx[j]]
        return out


ERROR_MARGIN_LOGIT = 0.4
_NOUN_WORDS = __import__("re").compile(r"[a-z]+")
# Leading verbs that only read (RETURN and GET are not in the verb table: HTTP-like names).
_READING_VERBS = frozenset("return get retrieve fetch list show display read view describe".split())


def verdict_of(score: float, p6: dict) -> str:
    """'inconsistent' (AGIS601) only when the score is clearly under the error threshold: within
    ``error_margin_logit`` (logit units) of it the verdict is 'suspicious' (AGIS602, a warning),
    as it is between the two thresholds; 'consistent' above ``t_suspicious``."""
    if score >= p6["t_suspicious"]:
        return "consistent"
    margin = float(p6.get("error_margin_logit", ERROR_MARGIN_LOGIT))
    t = min(max(float(p6["t_inconsistent"]), 1e-6), 1 - 1e-6)
    z = float(np.log(max(score, 1e-9) / max(1 - score, 1e-9)))
    return "inconsistent" if z < float(np.log(t / (1 - t))) - margin else "suspicious"


def _describe(p: np.ndarray, top: int = 2) -> str:
    """'create/commit' for the kinds carrying most of the probability."""
    order = np.argsort(-p)
    names = [KINDS[order[0]]]
    for j in order[1:top]:
        if p[j] >= 0.25:
            names.append(KINDS[j])
    return "/".join(names)
