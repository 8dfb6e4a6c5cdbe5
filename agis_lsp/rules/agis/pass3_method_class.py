"""Pass 3 (method class): prohibited HTTP methods, non-action words, vague verbs.

These are the explicit rules of section 4.2/4.3 and the curated stoplist that
section 8.5(b) recommends as a first-pass filter. The model-backed classifier
(semantic) plugs into the same pass and never overrules these.
"""
from __future__ import annotations

from ...engine.findings import Finding, Fix
from ...engine.registry import rule
from ._method import HTTP_REPLACEMENTS, analyse, compound_parts, lexicon, rename_ops

_CLASS_TEXT = {"state": "describes a state", "adjective": "is an adjective describing a condition",
               "noun": "is a noun", "being": "expresses existence or being",
               "function": "is a function word (a preposition, pronoun, determiner, conjunction or adverb)",
               "adverb": "is an adverb"}


def _single_word(ctx, ep):
    """The endpoint's method analysed when it is a single word (None: nothing to classify)."""
    if isinstance(ep.method, str) and ep.method.strip():
        tok = analyse(ep.method, ctx.catalog_names)
        if tok.alpha and not tok.camel:
            return tok
    return None


@rule("AGIS301", spec="AGIS §4.3", visits="endpoint")
def http_method(ctx, ep):
    """The method is an HTTP method (`GET`, `POST`, `PUT`, `DELETE`, `PATCH`, ...).

    ## What it does
    Flags GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS, CONNECT and TRACE in any
    letter case.

    ## Why is this bad?
    Section 4.3 prohibits them regardless of anything else: they carry HTTP
    semantics and no intent, which is exactly what AGIS exists to replace
    ([HOOD2026]: 10-29 points lower agent accuracy with CRUD verbs).

    ## Example
    ```yaml
    method: GET
    path: /restaurant/{id}
    ```

    ## Use instead
    ```yaml
    method: FETCH
    path: /restaurant/{id}
    ```

    ## Fix safety
    Unsafe: GET -> FETCH, POST -> CREATE, PUT -> REPLACE, DELETE -> REMOVE and
    PATCH -> MODIFY follow the AGTP catalog's legacy map, but a more specific
    verb (BOOK, FIND, CANCEL) is usually better; the author should choose.
    HEAD, OPTIONS, CONNECT and TRACE have no fix.

    ## Decision
    TRACE and CONNECT are verbs of the AGTP method catalog 1.0.0, but AGIS
    section 4.3 prohibits them "regardless of syntactic or semantic class
    validity". In AGIS documents the prohibition wins; AGTP endpoint files
    follow the catalog (see the AGTP rules).
    """
    tok = _single_word(ctx, ep)
    if tok is None:
        return
    if not tok.http:
        return
    loc, part = ep.method_loc
    repl = HTTP_REPLACEMENTS.get(tok.upper)
    fixes = [Fix(f"Replace {tok.upper} with {repl}", False, rename_ops(ctx, ep, repl),
                 preferred=True)] if repl else []
    better = f"; use an action verb such as {repl}, or one that names the intent" if repl else \
        "; use an action verb that names the intent"
    yield Finding(loc, f"method '{tok.raw}' is an HTTP method, prohibited in AGIS (section 4.3){better}",
                  part=part, fixes=fixes)


@rule("AGIS302", spec="AGIS §4.2, §8.5(b)", visits="endpoint")
def non_action_method(ctx, ep):
    """The method is a state, adjective, noun, being or function word (`AVAILABLE`, `STATUS`, `EXISTS`, `WITH`).

    ## What it does
    Checks single-word methods against a curated list of English words that are
    not action verbs: states and adjectives (AVAILABLE, ACTIVE, VALID), nouns
    (STATUS, DATA, INFO), being verbs (EXISTS, IS, HAS) and closed-class words
    (prepositions, pronouns, determiners, conjunctions and adverbs: FOR, WITH,
    THIS, SOON, ASAP, MAYBE). Verbs of the AGTP catalog and words that are
    primarily verbs (OPEN, ORDER, BOOK) are never flagged.

    ## Why is this bad?
    Section 4.2: a method MUST belong to the action-intent class; words that
    describe a state, recast a noun, or express being do not tell an agent what
    will be done on its behalf.

    ## Example
    ```yaml
    method: AVAILABLE
    path: /table
    ```

    ## Use instead
    ```yaml
    method: FIND
    path: /table
    ```

    ## Fix safety
    No fix: the right verb depends on what the endpoint does.
    """
    lex = lexicon()
    tok = _single_word(ctx, ep)
    if tok is None:
        return
    if tok.http or tok.in_catalog or compound_parts(tok):
        return
    cls = lex.non_action_class(tok.upper)
    if cls is None:
        return
    loc, part = ep.method_loc
    yield Finding(loc, f"method '{tok.raw}' {_CLASS_TEXT.get(cls, 'is not an action verb')}, "
                  "not an action; use a verb that says what the endpoint does for the caller "
                  "(section 4.2)", part=part)


@rule("AGIS303", spec="AGIS §4.2", visits="endpoint")
def vague_method(ctx, ep):
    """The method is a borderline verb like `PROCESS` or `HANDLE` that hides the intent.

    ## What it does
    Flags verbs that may express intent or describe system activity (PROCESS,
    HANDLE, MANAGE, DO, PERFORM...). A warning, never an error.

    ## Why is this bad?
    Section 4.2's table marks PROCESS as borderline: "a more specific verb is
    RECOMMENDED". An agent matching "refund my order" finds REFUND, not PROCESS.

    ## Example
    ```yaml
    method: PROCESS
    path: /refund
    ```

    ## Use instead
    ```yaml
    method: REFUND
    path: /order/{id}
    ```

    ## Fix safety
    No fix.
    """
    lex = lexicon()
    tok = _single_word(ctx, ep)
    if tok is None:
        return
    if tok.http or not lex.is_vague(tok.upper):
        return
    loc, part = ep.method_loc
    alternatives = getattr(lex, "vague_alternatives", lambda w: ())(tok.upper)
    hint = f" (e.g. {', '.join(alternatives[:4])})" if alternatives else ""
    yield Finding(loc, f"method '{tok.raw}' is borderline: it may describe system activity rather than "
                  f"the caller's intent; a more specific verb is RECOMMENDED{hint} (section 4.2)", part=part)


@rule("AGIS305", spec="AGIS §4.2", visits="endpoint")
def stative_method(ctx, ep):
    """The method is a stative verb (`KNOW`, `WANT`, `NEED`, `OWN`, `CONTAIN`): it names a state.

    ## What it does
    Flags single-word methods on the lexicon's list of stative verbs: verbs of
    knowing, wanting, having and being like (KNOW, WANT, NEED, OWN, CONTAIN,
    RESEMBLE, DESERVE, LACK, POSSESS, BELIEVE, PREFER ...). They are
    verbs in the base form, so pass 2 accepts them.

    ## Why is this bad?
    Section 4.2: a method MUST belong to the action-intent class, "an action
    that an agent performs or requests on behalf of a principal". A stative
    verb says what is the case (the user *needs* a room), not what the endpoint
    does (FIND a room, BOOK it). An agent matching an intent to a method never
    asks to "know" or to "own".

    ## Example
    ```yaml
    method: NEED
    path: /room
    ```

    ## Use instead
    ```yaml
    method: REQUEST
    path: /room
    ```

    ## Fix safety
    No fix: the right action depends on what the endpoint does.

    ## Decision
    Section 4.2 classifies methods by semantic class, and its table lists
    state words (AVAILABLE) as invalid, but it does not name stative verbs.
    agis-lint reports them as a warning (not an error like AGIS302) because a
    stative verb is still a verb and some have a rare dynamic sense. The list
    is curated in `scripts/build_lexicon.py`; AGTP catalog verbs are never on it
    (the catalog decides verb facts) and stative verbs with a common dynamic API
    sense (LIKE a post, HOLD a seat, INCLUDE an item, UNDERSTAND a document) are
    left off.
    """
    lex = lexicon()
    tok = _single_word(ctx, ep)
    if tok is None:
        return
    if tok.http or tok.in_catalog or not lex.is_stative(tok.upper):
        return
    loc, part = ep.method_loc
    yield Finding(loc, f"method '{tok.raw}' is a stative verb: it names a state (knowing, wanting, "
                  "having), not an action; use a verb that says what the endpoint does for the caller "
                  "(section 4.2)", part=part)


@rule("AGIS306", spec="AGIS §4.1(b), §4.2", visits="endpoint")
def fused_phrasal_method(ctx, ep):
    """The method is a fused phrasal noun (`LOGIN`, `SIGNUP`, `SETUP`, `BACKUP`) or jargon (`UPSERT`).

    ## What it does
    Flags single-word methods that fuse a phrasal verb into one word (`LOGIN`
    for "log in", `SIGNUP`, `SETUP`, `BACKUP`, `PICKUP`, `CLEANUP`, `TOPUP`,
    `LOGOUT`, `SIGNIN`) and the jargon blends `UPSERT` and `AUTOCOMPLETE`,
    unless the AGTP method catalog lists the word as a verb. Suggests catalog
    verbs for the action (`AUTHENTICATE`, `REGISTER`, `CONFIGURE` ...).

    ## Why is this bad?
    Sections 4.1(b) and 4.2: a method is the imperative base form of an action
    verb. `LOGIN` is the noun for the phrasal verb "log in" (the verb is two
    words, so the single token is the noun: "a login"), and an agent reading
    `SETUP` cannot tell configuring from installing. The catalog gives one verb
    for each of these actions.

    ## Example
    ```yaml
    method: LOGIN
    path: /session
    ```

    ## Use instead
    ```yaml
    method: AUTHENTICATE
    path: /session
    ```

    ## Fix safety
    Unsafe: renames the method to the first suggested catalog verb, which
    changes the API and may not be the action the author meant.

    ## Decision
    The catalog decides verb facts: its own closed compounds (`CHECKIN`,
    `CHECKOUT`, `LOOKUP`, `ROLLBACK`, `SHUTDOWN`, `HANDOFF`) are verbs of the
    protocol and stay valid, and a catalog passed with `--catalog` that lists
    `LOGIN` makes it valid too. The lexicon keeps these words as known words
    (so they are neither split as compounds nor called typos); the list and the
    suggestions are curated in `scripts/build_lexicon.py` (`FUSED`).
    """
    lex = lexicon()
    catalog = _catalog_names(ctx)
    tok = _single_word(ctx, ep)
    if tok is None:
        return
    if tok.http or tok.upper in catalog:
        return
    hit = lex.fused_phrasal(tok.upper)
    if hit is None:
        return
    phrase, suggestions = hit
    suggestions = [s for s in suggestions if not catalog or s in catalog]
    loc, part = ep.method_loc
    fixes = [Fix(f"Rename to {suggestions[0]}", False, rename_ops(ctx, ep, suggestions[0]),
                 preferred=True)] \
        if suggestions else []
    hint = f"; use a catalog verb such as {', '.join(suggestions)}" if suggestions else \
        "; use an action verb"
    yield Finding(loc, f"method '{tok.raw}' fuses '{phrase}' into one word, a noun or jargon rather than "
                  f"an action verb of the catalog{hint} (sections 4.1(b), 4.2)", part=part, fixes=fixes)


def _catalog_names(ctx) -> frozenset:
    try:
        return ctx.catalog_names    # (the catalog's one name set: asked once per endpoint)
    except Exception:  # no catalog: the curated suggestions stand
        return frozenset()
