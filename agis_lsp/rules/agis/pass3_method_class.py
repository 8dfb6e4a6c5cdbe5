"""Pass 3 (method class): prohibited HTTP methods, non-action words, vague verbs.

These are the explicit rules of section 4.2/4.3 and the curated stoplist that
section 8.5(b) recommends as a first-pass filter. The model-backed classifier
(semantic) plugs into the same pass and never overrules these.
"""
from __future__ import annotations

from ...engine.model import Finding, Fix
from ...engine.registry import rule
from ._method import HTTP_REPLACEMENTS, analyse, compound_parts, lexicon, rename_ops

_CLASS_TEXT = {"state": "describes a state", "adjective": "is an adjective describing a condition",
               "noun": "is a noun", "being": "expresses existence or being"}


def _single_words(ctx):
    for ep in ctx.view.endpoints:
        if isinstance(ep.method, str) and ep.method.strip():
            tok = analyse(ep.method)
            if tok.alpha and not tok.camel:
                yield ep, tok


@rule("AGIS301", "http-method", pass_no=3, spec="AGIS §4.3")
def http_method(ctx):
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
    for ep, tok in _single_words(ctx):
        if not tok.http:
            continue
        loc, part = ep.method_loc
        repl = HTTP_REPLACEMENTS.get(tok.upper)
        fixes = [Fix(f"Replace {tok.upper} with {repl}", False, rename_ops(ctx, ep, repl))] if repl else []
        better = f"; use an action verb such as {repl}, or one that names the intent" if repl else \
            "; use an action verb that names the intent"
        yield Finding(loc, f"method '{tok.raw}' is an HTTP method, prohibited in AGIS (section 4.3){better}",
                      part=part, fixes=fixes)


@rule("AGIS302", "non-action-method", pass_no=3, spec="AGIS §4.2, §8.5(b)")
def non_action_method(ctx):
    """The method is a state, adjective, noun or being word (`AVAILABLE`, `STATUS`, `EXISTS`).

    ## What it does
    Checks single-word methods against a curated list of English words that are
    not action verbs: states and adjectives (AVAILABLE, ACTIVE, VALID), nouns
    (STATUS, DATA, INFO) and being verbs (EXISTS, IS, HAS). Verbs of the AGTP
    catalog and words that are primarily verbs (OPEN, ORDER, BOOK) are never
    flagged.

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
    for ep, tok in _single_words(ctx):
        if tok.http or tok.in_catalog or compound_parts(tok):
            continue
        cls = lex.non_action_class(tok.upper)
        if cls is None:
            continue
        loc, part = ep.method_loc
        yield Finding(loc, f"method '{tok.raw}' {_CLASS_TEXT.get(cls, 'is not an action verb')}, "
                      "not an action; use a verb that says what the endpoint does for the caller "
                      "(section 4.2)", part=part)


@rule("AGIS303", "vague-method", pass_no=3, spec="AGIS §4.2")
def vague_method(ctx):
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
    for ep, tok in _single_words(ctx):
        if tok.http or not lex.is_vague(tok.upper):
            continue
        loc, part = ep.method_loc
        alternatives = getattr(lex, "vague_alternatives", lambda w: ())(tok.upper)
        hint = f" (e.g. {', '.join(alternatives[:4])})" if alternatives else ""
        yield Finding(loc, f"method '{tok.raw}' is borderline: it may describe system activity rather than "
                      f"the caller's intent; a more specific verb is RECOMMENDED{hint} (section 4.2)", part=part)
