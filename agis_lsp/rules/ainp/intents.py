"""AINP intents against their capability (pass 6 model)."""
from __future__ import annotations

from ...engine.findings import Finding, Related
from ...engine.registry import rule
from ...formats import ainp as fmt
from ...formats.agis_methods import PROHIBITED_HTTP_METHODS
from ..verbs._names import leading_word
from ..verbs.semantic_names import kind_text


@rule("AINP601", spec="AINP 1.0 Manifest; AGIS §5.4")
def intent_contradicts_capability(ctx):
    """An `intents` phrase asks for a different operation than its capability performs.

    ## What it does
    Reads the capability's verb (the leading word of its `name`, else its
    `id`) and each phrase of its `intents` with the pass 6 model, and reports
    phrases that describe a contradicting operation ("delete my account"
    listed under `create_user`).

    ## Why is this bad?
    AINP negotiates by intent: `POST /.ainp/query` matches a user's phrase
    against these intents. A phrase that asks for another operation routes
    the user to a capability that does the opposite of what they asked.

    ## Example
    ```yaml
    - id: create_user
      name: CreateUser
      intents: ["create a new user", "delete my account"]
    ```

    ## Use instead
    ```yaml
    - id: create_user
      name: CreateUser
      intents: ["create a new user", "register someone"]
    ```

    ## Fix safety
    No fix: the phrase may belong to another capability.
    """
    view = ctx.view
    if not isinstance(view, fmt.ManifestView):
        return
    rows = []
    for _, path, cap in view.capabilities:
        name = cap.get("name") if isinstance(cap.get("name"), str) else cap.get("id")
        lead = leading_word(name) if isinstance(name, str) else None
        if lead is None or lead.upper in PROHIBITED_HTTP_METHODS:
            continue
        intents = cap.get("intents")
        for i, phrase in enumerate(intents if isinstance(intents, list) else []):
            if isinstance(phrase, str) and phrase.strip():
                rows.append((path, name, lead, i, phrase.strip()))
    if not rows:
        return
    judged = ctx.model().judge_consistency([(lead.upper, phrase) for _, _, lead, _, phrase in rows])
    for (path, name, lead, i, phrase), j in zip(rows, judged):
        if j.verdict != "inconsistent":
            continue
        key = "name" if isinstance(ctx.doc.get(path + ("name",)), str) else "id"
        yield Finding(path + ("intents", i), f"intent '{phrase}' describes {kind_text(j.intent_class)}"
                      f", but capability '{name}' ({lead.upper}) performs {kind_text(j.verb_class)} "
                      f"(semantic model, consistency {j.score:.2f}); move the phrase to the "
                      "capability it asks for", related=[Related(path + (key,), "the capability")])
