"""Pass 6 (semantic consistency): does each intent say what its method verb does?

Both sides are read as *operation kinds* by the semantic model
(agis_lsp.semantic): what the verb implies (BOOK: a transaction/creation) and
what the intent sentence describes ("Returns a list of available restaurants":
retrieval).  The draft's own suggestion, cosine(method, intent) < 0.3, is not
used: on the project's dev sets it flags a quarter of consistent endpoints and
misses "CANCEL / Retrieves cancellation policy" (see models/README.md).
"""
from __future__ import annotations

from ...engine.findings import Finding, Fix
from ...engine.registry import rule
from ._method import analyse, base_form, rename_ops


def _pairs(ctx):
    """(endpoint, method token, intent) for single-word methods with a string intent."""
    # an inflected method (BOOKING) is judged as its base form (BOOK), the verb AGIS203
    # renames it to: see _finding
    for ep in ctx.view.endpoints:
        sem = ep.semantic
        if not sem or not isinstance(ep.method, str):
            continue
        intent = sem.get("intent")
        if not isinstance(intent, str) or not intent.strip():
            continue
        tok = analyse(ep.method, ctx.catalog_names)
        if not tok.alpha or tok.camel or tok.http:      # passes 2/3 report those
            continue
        yield ep, tok, intent.strip()


def _judge(ctx):
    pairs = list(_pairs(ctx))
    if not pairs:
        return []
    model = ctx.model()
    # the statement first, the whole intent when that reads as another operation: a finding
    # needs both readings, and reports the whole intent's verdict (SemanticModel.judge_statements)
    judged = model.judge_statements([(_verb(tok), intent) for _, tok, intent in pairs])
    return [(ep, tok, whole) for (ep, tok, _), (_, whole) in zip(pairs, judged)]


def _texts(ctx, model) -> list[str]:
    """What _judge will embed (the engine embeds a document's texts in one pass first)."""
    return model.statement_texts([(_verb(tok), intent) for _, tok, intent in _pairs(ctx)])


def _verb(tok) -> str:
    """The verb the method is judged as: its base form when it is an inflection."""
    found = base_form(tok)
    return found[1] if found is not None else tok.upper


def _kind_text(kinds: str) -> str:
    from ...semantic import KIND_LABELS
    names = [KIND_LABELS.get(k, k) for k in kinds.split("/") if k]
    return " or ".join(names) if names else "something else"


# A method that is no usable verb (pass 3; a compound, odd characters, an inflection or
# whitespace in pass 2) makes judging its intent against it a restatement of that mistake.
# A verb in the wrong case (AGIS204) is still the verb: its intent is judged on its own.
_NOT_A_VERB = (3, "AGIS201", "AGIS202", "AGIS203", "AGIS206")


def _finding(ctx, ep, tok, j, lead: str, *, on_method: bool = False) -> Finding:
    verb = _verb(tok)
    said = f"'{tok.raw}'" if verb == tok.upper else f"'{tok.raw}' (base form {verb})"
    if j.shared_kinds:   # one kind read on both sides: the model tells two operations of it apart
        msg = (f"{lead}: method {said} and the intent both read as {_kind_text(j.shared_kinds)}, but as "
               f"different operations (semantic model, consistency {j.score:.2f})")
    else:
        msg = (f"{lead}: method {said} implies {_kind_text(j.verb_class)}, but the intent "
               f"describes {_kind_text(j.intent_class)} (semantic model, consistency {j.score:.2f})")
    fixes = []
    if j.suggestion and j.suggestion != verb:
        msg += f"; a verb such as {j.suggestion} matches the intent"
        fixes.append(Fix(f"Rename the method to {j.suggestion}", False,
                         rename_ops(ctx, ep, j.suggestion), preferred=on_method))
    msg += "; or rewrite the intent to say what the endpoint does (section 5.4)"
    intent = ep.field_path("semantic", "intent")
    if on_method:
        # an inflection whose base form contradicts the intent: one mistake, the verb; this
        # finding is on the method and AGIS203 ("use BOOK") folds into it (superseded_by)
        method_path, part = ep.method_loc
        return Finding(method_path, msg, part=part, fixes=fixes, restates=(intent,))
    # judging an intent against a method that is itself a mistake only restates it
    return Finding(intent, msg, fixes=fixes, restates=(ep.method_loc[0],))


@rule("AGIS601", spec="AGIS §5.4, §8.4", superseded_by=_NOT_A_VERB, model_texts=_texts)
def intent_contradicts_method(ctx):
    """The intent describes a different kind of operation than the method verb implies.

    ## What it does
    Reads what the method verb implies (BOOK: a transaction; CANCEL:
    termination) and what the intent sentence describes (retrieval, creation,
    notification...) with the semantic model, and reports endpoints where the
    two contradict each other. The message names both sides; when a catalog
    verb clearly matches the intent better it is offered as a fix.

    ## Why is this bad?
    Section 5.4: the intent MUST be semantically consistent with the method,
    and a validator MUST flag an endpoint whose intent contradicts the
    operation the verb implies. An agent that matches "book a table" to BOOK
    and gets a list of restaurants (or a cancellation policy from CANCEL) acts
    on a false premise; [HOOD2026] measured +60 point overconfidence under such
    description mismatches.

    ## Example
    ```yaml
    - method: CANCEL
      path: /reservation/{id}
      semantic:
        intent: Retrieves cancellation policy
    ```

    ## Use instead
    ```yaml
    - method: CANCEL
      path: /reservation/{id}
      semantic:
        intent: Cancels the reservation and releases the table
    ```

    ## Fix safety
    Unsafe: renaming the method changes the API, and the model may have read
    the intent wrongly; either the verb or the intent may be the mistake.

    ## Decision
    An inflected method (`BOOKING`) is judged as its base form (`BOOK`), the
    verb AGIS203 would rename it to. When that base form contradicts the intent
    and another verb matches it, the finding is on the method, its fix renames
    to that verb, and AGIS203 is its related information: "rename to BOOK"
    followed by "BOOK contradicts the intent, use CANCEL" would be two
    diagnostics, and two fixes that disagree, for one wrong verb.

    Section 8.4 suggests cosine(method, intent) with all-MiniLM-L6-v2, warning
    below 0.3. Measured on the project's dev sets that rule flags about a
    quarter of consistent endpoints and passes CANCEL / "Retrieves
    cancellation policy" (0.54), so this rule classifies both sides into
    operation kinds instead (models/README.md has the numbers).

    Section 5.1 asks for an intent of one sentence; an intent of several
    (a converted OpenAPI description) is read in its first sentence first,
    and whole only when that sentence reads as another operation. A finding
    needs both readings, and reports the whole intent's verdict (TOOL601
    reads tool descriptions the same way).
    """
    for ep, tok, j in _judge(ctx):
        if j.verdict == "inconsistent":
            on_method = base_form(tok) is not None and bool(j.suggestion) and j.suggestion != _verb(tok)
            yield _finding(ctx, ep, tok, j, "intent contradicts the method", on_method=on_method)


@rule("AGIS602", spec="AGIS §5.4, §8.4", superseded_by=_NOT_A_VERB, model_texts=_texts)
def intent_may_not_match_method(ctx):
    """The intent may describe a different operation than the method verb (borderline).

    ## What it does
    Same model as AGIS601, for the borderline band: the intent and the verb
    agree only weakly (for example a notification verb with an intent that
    reads like a transfer). Reported as a softer finding so authors can
    check the wording.

    ## Why is this bad?
    Section 5.4 requires the intent to be consistent with the verb; section
    8.4 recommends a second look at borderline cases. A clearer intent also
    helps agents match user requests to the endpoint.

    ## Example
    ```yaml
    - method: CANCEL
      path: /delivery/{id}
      semantic:
        intent: Puts a new delivery on the schedule
    ```

    ## Use instead
    ```yaml
    - method: SCHEDULE
      path: /delivery/{id}
      semantic:
        intent: Puts a new delivery on the schedule
    ```

    ## Fix safety
    Unsafe: renaming the method changes the API.

    ## Decision
    A verdict near the error threshold is this warning, not AGIS601: a score
    under the `suspicious` threshold, or under the `inconsistent` one by less
    than `error_margin_logit` (0.4 logit units; models/heads.json). Both
    thresholds are set on development pairs only (realistic, traps and the
    hard pairs: paraphrases, domain verbs, multi-step intents;
    models/README.md). A multi-step intent is judged by its later main clause
    too when that clause's verb is the method or of the method's primary
    kind ("Checks availability and then books the room" for BOOK). A
    method that acts whose one-clause intent only reads ("Returns the
    history of past calls" for DISPATCH) is this warning, never AGIS601:
    real APIs also write "Returns the new token" for an action.
    """
    for ep, tok, j in _judge(ctx):
        if j.verdict == "suspicious":
            yield _finding(ctx, ep, tok, j, "intent may not match the method")
