"""Pass 3 (method class), model part: is a single-word method an action verb?

The explicit rules of pass 3 (AGIS301 HTTP methods, AGIS302 the curated
non-action list, AGIS303 vague verbs) and pass 2 (inflections, compounds) run
first and are never overruled: this rule only judges single alphabetic words
that none of them decided, that are not AGTP catalog verbs and that the
lexicon does not know as a verb.  Its verdict is a warning.
"""
from __future__ import annotations

from ...engine.findings import Finding
from ...engine.registry import rule
from ._method import analyse, compound_parts, lexicon

_LABEL_TEXT = {"state": "describes a state or condition", "noun": "looks like a noun",
               "existence": "expresses existence or being", "other": "is not a verb",
               "adjective": "looks like an adjective"}


def _candidates(ctx):
    """(endpoint, token) for methods only the model can judge."""
    lex = lexicon()
    for ep in ctx.view.endpoints:
        if not isinstance(ep.method, str) or not ep.method.strip():
            continue
        tok = analyse(ep.method, ctx.catalog_names)
        if not tok.alpha or tok.camel or tok.http or tok.in_catalog or compound_parts(tok):
            continue
        if lex.inflection_of(tok.upper) is not None:          # pass 2 (AGIS203)
            continue
        if lex.non_action_class(tok.upper) is not None:        # AGIS302
            continue
        if lex.is_base_verb(tok.upper):                        # a known verb: nothing to judge
            continue
        yield ep, tok


@rule("AGIS304", spec="AGIS §4.2, §8.5(b)")
def method_not_action_verb(ctx):
    """The model judges the method to be a noun, adjective or state word, not an action verb.

    ## What it does
    For single-word methods that no explicit rule decided (not an HTTP method,
    not on the curated non-action list, not an AGTP catalog verb, not a verb
    the lexicon knows), asks the semantic model whether the word is an action
    verb. Words it judges to be a state, a noun or a being word are reported
    with the model's confidence.

    ## Why is this bad?
    Section 4.2: a method MUST belong to the action-intent class. Section
    8.5(b) recommends a classifier for what a stop-list cannot enumerate
    (FUNERAL, SUNNY, PROTEIN...). The model is calibrated to flag at most 1% of
    real verbs, so a report is worth a look; it is a warning, not an error,
    because a model can be wrong.

    ## Example
    ```yaml
    method: HEALTHINESS
    path: /patient/{id}
    ```

    ## Use instead
    ```yaml
    method: ASSESS
    path: /patient/{id}
    ```

    ## Fix safety
    No fix: the right verb depends on what the endpoint does (pass 6 may
    suggest one from the intent).
    """
    cands = list(_candidates(ctx))
    if not cands:
        return
    model = ctx.model()
    judged = {j.verb.upper(): j for j in model.judge_verbs(sorted({t.upper for _, t in cands}))}
    for ep, tok in cands:
        j = judged.get(tok.upper)
        if j is None or j.is_action:
            continue
        loc, part = ep.method_loc
        what = _LABEL_TEXT.get(j.label, "is not an action verb")
        yield Finding(loc, f"method '{tok.raw}' {what}, not an action verb (semantic model, "
                      f"confidence {j.confidence:.2f}); use a verb that says what the endpoint "
                      "does for the caller (section 4.2)", part=part)
