"""Pass 5 (semantic completeness): the semantic block and which of its fields are present."""
from __future__ import annotations


from ...engine.findings import AddKey, Finding, Fix, RenameKey, SetValue
from ...engine.registry import rule
from .._text import close_matches
from ._jsonschema import input_parameters
from ._semantic import (KNOWN, LEVEL2, REQUIRED, anchor, and_list, is_irreversible, is_mapping, name,
                        semantic_of, state_change_reason, type_name)


@rule("AGIS501", spec="AGIS §5, §5.1, §8.4 pass 5", visits="endpoint")
def missing_semantic_field(ctx, ep):
    """An endpoint has no semantic block, or the block lacks `intent`, `actor` or `outcome`.

    ## What it does
    Checks that every endpoint has a `semantic` mapping and that it declares
    `intent`, `actor` and `outcome` with a value (null and blank strings
    count as missing).

    ## Why is this bad?
    Section 5: every endpoint MUST include a semantic declaration block, and
    intent, actor and outcome are REQUIRED at every conformance level.
    Pass 5 of section 8.4 verifies exactly this. Agents match user intent
    against `intent` and verify success against `outcome`.

    ## Example
    ```yaml
    - method: BOOK
      path: /reservation
      semantic:
        intent: "Books a restaurant reservation on behalf of the requesting agent"
    ```

    ## Use instead
    ```yaml
    - method: BOOK
      path: /reservation
      semantic:
        intent: "Books a restaurant reservation on behalf of the requesting agent"
        actor: agent
        outcome: "A confirmed reservation record exists with status CONFIRMED"
    ```

    ## Fix safety
    A missing `actor` can be added as `agent` (the default appendix D gives
    when converting MCP tools): unsafe, since the author may mean `user` or
    `system`. Intent and outcome have no fix: only the author knows them.
    """
    if not is_mapping(ctx, ep):
        return
    if "semantic" not in ep.body or ep.body.get("semantic") is None:
        loc, part = anchor(ep)
        yield Finding(loc, f"endpoint {name(ep)} has no semantic block; add one with intent, actor "
                      "and outcome (section 5)", part=part)
        return
    sem = ep.body["semantic"]
    sem_path = ep.field_path("semantic")
    if not isinstance(sem, dict):
        yield Finding(sem_path, f"semantic block of {name(ep)} must be a mapping with intent, actor "
                      f"and outcome, not {type_name(sem)} (section 5)")
        return
    for field in REQUIRED:
        value = sem.get(field)
        if value is None or (isinstance(value, str) and not value.strip()):
            present = field in sem
            where = sem_path + (field,) if present else sem_path
            fixes = []
            if field == "actor":
                op = SetValue(sem_path + ("actor",), "agent") if present \
                    else AddKey(sem_path, "actor", "agent")
                fixes.append(Fix("Set actor: agent", False, [op]))
            what = "is empty" if present else "is missing"
            yield Finding(where, f"semantic.{field} of {name(ep)} {what}; {_ADVICE[field]} "
                          "(section 5.1)", part="value" if present else "key", fixes=fixes)


_ADVICE = {
    "intent": "state in one sentence what the endpoint does for the caller",
    "actor": "declare who initiates it: agent, user or system",
    "outcome": "state in one sentence the verifiable state after success",
}


@rule("AGIS516", spec="AGIS §5.1", visits="endpoint")
def non_string_semantic_text(ctx, ep):
    """`intent` or `outcome` is not a string (a list, a number, a mapping).

    ## What it does
    Checks that `intent` and `outcome`, when present, are strings.

    ## Why is this bad?
    Section 5.1 defines both as a single sentence in plain natural language.
    Agents embed and compare these sentences; a list or a mapping is not one.

    ## Example
    ```yaml
    semantic:
      intent: ["Books a table", "Holds a seat"]
    ```

    ## Use instead
    ```yaml
    semantic:
      intent: "Books a table at a restaurant on behalf of the requesting agent"
    ```

    ## Fix safety
    No fix: only the author knows the sentence.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    for field in ("intent", "outcome"):
        value = sem.get(field)
        if value is None or isinstance(value, str):
            continue
        yield Finding(ep.field_path("semantic", field),
                      f"semantic.{field} of {name(ep)} must be one sentence (a string), not "
                      f"{type_name(value)} (section 5.1)")


_ALIASES = {
    "confidence": "confidence_guidance", "confidence_threshold": "confidence_guidance",
    "min_confidence": "confidence_guidance", "idempotent": "is_idempotent",
    "impact": "impact_tier", "tier": "impact_tier", "tool_name": "mcp_tool_name",
    "mcp_name": "mcp_tool_name", "hints": "parameter_hints", "param_hints": "parameter_hints",
    "transition": "state_transition", "state_change": "state_transition",
    "capabilities": "capability", "actors": "actor", "description": "intent",
}


@rule("AGIS517", spec="AGIS §5.1, §5.2", visits="endpoint")
def unknown_semantic_field(ctx, ep):
    """The semantic block has a field AGIS does not define (often a misspelling).

    ## What it does
    Flags keys of a semantic block other than the ten of sections 5.1 and 5.2
    (intent, actor, outcome, capability, confidence_guidance, impact_tier,
    is_idempotent, parameter_hints, state_transition, mcp_tool_name) and
    suggests the field that was probably meant.

    ## Why is this bad?
    Agents ignore fields they do not know, so a misspelt `capabilty` or
    `confidence` means the field is simply missing, and the runtime falls
    back to its defaults (`is_idempotent` defaults to false, section 5.2).

    ## Example
    ```yaml
    semantic:
      confidence: 0.9
    ```

    ## Use instead
    ```yaml
    semantic:
      confidence_guidance: 0.9
    ```

    ## Fix safety
    Renaming to the suggested field is unsafe: the suggestion is a guess. No
    fix is offered when the suggested field is already present.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    for key in sem:
        if not isinstance(key, str) or key in KNOWN:
            continue
        guess = _ALIASES.get(key.lower().replace("-", "_"))
        if guess is None:
            close = close_matches(key.lower().replace("-", "_"), KNOWN)
            guess = close[0] if close else None
        path = ep.field_path("semantic", key)
        fixes = [Fix(f"Rename to '{guess}'", False, [RenameKey(path, guess)])] \
            if guess and guess not in sem else []
        hint = f"; did you mean '{guess}'?" if guess else \
            "; the fields are " + and_list(KNOWN)
        yield Finding(path, f"unknown semantic field '{key}' in {name(ep)}{hint} (section 5)",
                      part="key", fixes=fixes)


@rule("AGIS508", spec="AGIS §3 (conformance table), §5.2", visits="endpoint")
def missing_recommended_semantic_field(ctx, ep):
    """The semantic block lacks a field the conformance table RECOMMENDS at the configured level.

    ## What it does
    At conformance level 1 (the default), notes endpoints that do not declare
    `capability`, `confidence_guidance`, `impact_tier` or `is_idempotent`.
    At level 2 (`--level 2`) those are REQUIRED (AGIS509) and this rule
    notes a missing `parameter_hints` on endpoints that take parameters.

    ## Why is this bad?
    The conformance table of section 3 RECOMMENDS these fields at level 1:
    runtimes use them to route (capability), to decide when to ask the user
    (confidence_guidance, impact_tier) and whether a retry is safe
    (is_idempotent, which defaults to false when absent).

    ## Example
    ```yaml
    semantic:
      intent: "Finds restaurants matching the agent criteria"
      actor: agent
      outcome: "A ranked list of matching restaurants is returned"
    ```

    ## Use instead
    ```yaml
    semantic:
      intent: "Finds restaurants matching the agent criteria"
      actor: agent
      outcome: "A ranked list of matching restaurants is returned"
      capability: discovery
      confidence_guidance: 0.6
      impact_tier: informational
      is_idempotent: true
    ```

    ## Fix safety
    No fix: the values are the author's judgement.

    ## Decision
    One finding per endpoint lists every missing field. A missing
    `confidence_guidance` on an irreversible endpoint is AGIS507's (a
    warning), not this rule's. At level 2, `parameter_hints` is only expected
    on endpoints whose input declares parameters.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    if ctx.level >= 2:
        if "parameter_hints" not in sem and _has_parameters(ctx, ep):
            yield Finding(ep.field_path("semantic"), f"semantic block of {name(ep)} has no "
                          "parameter_hints (RECOMMENDED at conformance level 2); map each parameter "
                          "to the phrases users say for it (section 5.2)", part="key")
        return
    missing = [f for f in LEVEL2 if f not in sem]
    if "confidence_guidance" in missing and is_irreversible(sem):
        missing.remove("confidence_guidance")
    if missing:
        yield Finding(ep.field_path("semantic"), f"semantic block of {name(ep)} does not declare "
                      f"{and_list(missing)} (RECOMMENDED; REQUIRED at conformance level 2, section 3)",
                      part="key")


def _has_parameters(ctx, ep) -> bool:
    return bool(input_parameters(ctx, ep))


@rule("AGIS509", spec="AGIS §3 (conformance table), §5.2", visits="endpoint")
def missing_level2_field(ctx, ep):
    """At conformance level 2, the semantic block lacks a REQUIRED field.

    ## What it does
    Only with `--level 2` (or `level = 2` in the configuration): requires
    `capability`, `confidence_guidance`, `impact_tier` and `is_idempotent` on
    every endpoint, and `state_transition` on every endpoint that changes
    state.

    ## Why is this bad?
    The conformance table of section 3 makes these fields REQUIRED at level 2,
    where the document drives routing, governance, retries and
    post-execution verification without extra code; section 5.2 requires
    `state_transition` "on all endpoints that produce state changes".

    ## Example
    ```yaml
    # agis-lint --level 2
    - method: CANCEL
      path: /reservation/{id}
      semantic:
        intent: "Cancels an existing reservation for the guest"
        actor: agent
        outcome: "The reservation record has status CANCELLED"
        capability: modification
        confidence_guidance: 0.9
        impact_tier: reversible
        is_idempotent: true
    ```

    ## Use instead
    ```yaml
        state_transition: "reservation.status: CONFIRMED -> CANCELLED"
    ```

    ## Fix safety
    No fix: the values are the author's judgement.

    ## Decision
    An endpoint "produces state changes" when its `impact_tier` is
    `reversible` or `irreversible`, or its `capability` is `transaction` or
    `modification` (section 5.2 defines both as creating, committing or
    updating). Informational endpoints with another capability are not
    asked for a `state_transition`; when neither field says, the missing
    fields are reported and `state_transition` is not.
    """
    if ctx.level < 2:
        return
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    missing = [f for f in LEVEL2 if f not in sem]
    reason = state_change_reason(sem)
    if reason and "state_transition" not in sem:
        missing.append("state_transition")
    if not missing:
        return
    why = f" (it changes state: {reason})" if "state_transition" in missing else ""
    yield Finding(ep.field_path("semantic"), f"semantic block of {name(ep)} does not declare "
                  f"{and_list(missing)}, REQUIRED at conformance level 2{why} (section 3, section 5.2)",
                  part="key")
