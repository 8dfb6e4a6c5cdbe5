"""Pass 5 (semantic completeness): the values of actor, capability, confidence_guidance,
impact_tier and is_idempotent, and the confidence of irreversible endpoints."""
from __future__ import annotations

import math

from ...engine.findings import AddKey, Finding, Fix, SetValue
from ...engine.registry import rule
from .._text import close_matches
from ._semantic import (ACTORS, CAPABILITIES, IMPACT_TIERS, IRREVERSIBLE_MIN_CONFIDENCE, is_irreversible,
                        is_number, name, or_list, semantic_blocks, semantic_of, type_name)


def _enum_findings(ctx, field: str, allowed: tuple, synonyms: dict, section: str, notes: dict = None):
    """Findings for an enumerated semantic field: case fixes are safe, guesses unsafe."""
    notes = notes or {}
    for ep, sem in semantic_blocks(ctx):
        if field not in sem or sem[field] is None:
            continue
        value = sem[field]
        path = ep.field_path("semantic", field)
        if isinstance(value, str) and value in allowed:
            continue
        choices = or_list(allowed)
        if not isinstance(value, str):
            one = "a single value, one of" if isinstance(value, list) else "one of"
            yield Finding(path, f"semantic.{field} of {name(ep)} must be {one} {choices}, "
                          f"not {type_name(value)} ({section})")
            continue
        key = value.strip().lower().replace("-", "_").replace(" ", "_")
        if value.strip().lower() in allowed:
            fixed = value.strip().lower()
            yield Finding(path, f"semantic.{field} of {name(ep)} is '{value}'; write it in lowercase: "
                          f"'{fixed}' ({section})", fixes=[Fix(f"Write '{fixed}'", True, [SetValue(path, fixed)])])
            continue
        guess = synonyms.get(key)
        if guess is None:
            close = close_matches(key, allowed)
            guess = close[0] if close else None
        note = notes.get(key, "")
        hint = f"; did you mean '{guess}'?" if guess else ""
        fixes = [Fix(f"Replace with '{guess}'", False, [SetValue(path, guess)])] if guess else []
        yield Finding(path, f"semantic.{field} of {name(ep)} is '{value}', not one of {choices}"
                      f"{note}{hint} ({section})", fixes=fixes)


@rule("AGIS502", spec="AGIS §5.1")
def invalid_actor(ctx):
    """`actor` is not one of `agent`, `user`, `system`.

    ## What it does
    Checks the value of `semantic.actor`.

    ## Why is this bad?
    Section 5.1: the actor MUST be one of `agent` (the calling LLM-based agent
    initiates on behalf of a user), `user` (a human initiates directly) or
    `system` (an automated process initiates). Runtimes branch on exactly
    these values.

    ## Example
    ```yaml
    semantic:
      actor: Human
    ```

    ## Use instead
    ```yaml
    semantic:
      actor: user
    ```

    ## Fix safety
    Lower-casing a known value (`Agent` to `agent`) is safe. Mapping a
    synonym (`human` to `user`, `llm` to `agent`, `cron` to `system`) or a
    misspelling is unsafe: it is a guess.
    """
    synonyms = {"human": "user", "person": "user", "customer": "user", "end_user": "user",
                "enduser": "user", "client": "user", "llm": "agent", "ai": "agent", "assistant": "agent",
                "bot": "agent", "ai_agent": "agent", "llm_agent": "agent", "model": "agent",
                "service": "system", "server": "system", "backend": "system", "automation": "system",
                "automated": "system", "cron": "system", "scheduler": "system", "machine": "system"}
    yield from _enum_findings(ctx, "actor", ACTORS, synonyms, "section 5.1")


@rule("AGIS503", spec="AGIS §5.2")
def invalid_capability(ctx):
    """`capability` is not one of the six classes of section 5.2.

    ## What it does
    Checks `semantic.capability` against `discovery`, `transaction`,
    `modification`, `retrieval`, `analysis` and `notification`.

    ## Why is this bad?
    Section 5.2: the capability MUST be one of these values if present;
    runtimes filter and route by it without parsing the intent.

    ## Example
    ```yaml
    semantic:
      capability: creation
    ```

    ## Use instead
    ```yaml
    semantic:
      capability: transaction
    ```

    ## Fix safety
    Lower-casing a known value is safe. Mapping another word to a class
    (`creation` to `transaction`, `search` to `discovery`) is unsafe.

    ## Decision
    The draft is inconsistent about the list: section 5.2 gives six values,
    appendix D says to classify "from the five categories", appendix A's
    verb table also uses `Orchestration`, and the AGTP method catalog has
    nine verb categories (adding `creation`, `mechanics`, `domain_spanning`).
    agis-lint accepts exactly the six of section 5.2, the normative list
    with a MUST; the others are reported, with `creation` mapped to
    `transaction` (section 5.2: "creates or commits") and the rest left to
    the author.
    """
    synonyms = {"creation": "transaction", "create": "transaction", "commit": "transaction",
                "search": "discovery", "find": "discovery", "lookup": "discovery",
                "read": "retrieval", "query": "retrieval", "fetch": "retrieval",
                "update": "modification", "write": "modification", "modify": "modification",
                "notify": "notification", "alert": "notification", "messaging": "notification",
                "analytics": "analysis", "analyze": "analysis", "analyse": "analysis"}
    notes = {"orchestration": " (appendix A uses it for verbs, but section 5.2 does not list it)",
             "mechanics": " (an AGTP catalog category, not an AGIS capability)",
             "domain_spanning": " (an AGTP catalog category, not an AGIS capability)",
             "creation": " (an AGTP catalog category, not an AGIS capability)"}
    yield from _enum_findings(ctx, "capability", CAPABILITIES, synonyms, "section 5.2", notes)


@rule("AGIS505", spec="AGIS §5.2")
def invalid_impact_tier(ctx):
    """`impact_tier` is not `informational`, `reversible` or `irreversible`.

    ## What it does
    Checks the value of `semantic.impact_tier`.

    ## Why is this bad?
    Section 5.2: the impact tier MUST be one of these three values if present.
    It is the model-independent signal runtimes use to require user
    confirmation (irreversible) or allow automatic execution (informational).

    ## Example
    ```yaml
    semantic:
      impact_tier: read-only
    ```

    ## Use instead
    ```yaml
    semantic:
      impact_tier: informational
    ```

    ## Fix safety
    Lower-casing a known value is safe; mapping a synonym (`read-only` to
    `informational`, `permanent` to `irreversible`) is unsafe. The data
    manifest's `low`/`medium`/`high` sensitivities have no fix: they grade
    data, not consequences.
    """
    synonyms = {"read_only": "informational", "readonly": "informational", "read": "informational",
                "info": "informational", "none": "informational", "undoable": "reversible",
                "revertible": "reversible", "permanent": "irreversible", "destructive": "irreversible",
                "financial": "irreversible", "final": "irreversible"}
    notes = {"low": " (low/medium/high grade data sensitivity in data_manifest, not impact)",
             "medium": " (low/medium/high grade data sensitivity in data_manifest, not impact)",
             "high": " (low/medium/high grade data sensitivity in data_manifest, not impact)"}
    yield from _enum_findings(ctx, "impact_tier", IMPACT_TIERS, synonyms, "section 5.2", notes)


@rule("AGIS504", spec="AGIS §5.2", visits="endpoint")
def invalid_confidence_guidance(ctx, ep):
    """`confidence_guidance` is not a number between 0.0 and 1.0.

    ## What it does
    Checks that `semantic.confidence_guidance` is a number (not a string or a
    boolean) in the closed range [0, 1].

    ## Why is this bad?
    Section 5.2 defines it as a floating-point value between 0.0 and 1.0: the
    minimum confidence an agent should have before acting autonomously. A
    quoted `"0.85"` is a string in JSON and YAML alike, and `85` is not a
    probability.

    ## Example
    ```yaml
    semantic:
      confidence_guidance: "0.85"
    ```

    ## Use instead
    ```yaml
    semantic:
      confidence_guidance: 0.85
    ```

    ## Fix safety
    Unquoting a numeric string in range is safe (the same number). Reading
    a whole number from 2 to 100 as a percentage (`85` to `0.85`) is unsafe.
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    if "confidence_guidance" not in sem:
        return
    value = sem["confidence_guidance"]
    path = ep.field_path("semantic", "confidence_guidance")
    where = f"semantic.confidence_guidance of {name(ep)}"
    if is_number(value):
        if 0 <= value <= 1:
            return
        fixes = []
        if 1 < value <= 100 and float(value).is_integer():
            pct = round(value / 100, 4)
            fixes.append(Fix(f"Read it as a percentage: {pct}", False, [SetValue(path, pct)]))
            hint = f"; for {value}% write {pct}"
        else:
            hint = ""
        yield Finding(path, f"{where} is {value}, outside 0.0 to 1.0{hint} (section 5.2)", fixes=fixes)
        return
    if isinstance(value, str):
        try:
            num = float(value.strip())
        except ValueError:
            num = None
        if num is not None and math.isfinite(num) and 0 <= num <= 1:
            yield Finding(path, f"{where} is the string '{value}'; write the number {num} without "
                          "quotes (section 5.2)",
                          fixes=[Fix(f"Write the number {num}", True, [SetValue(path, num)])])
            return
    shown = f"'{value}'" if isinstance(value, str) else \
        str(value) if isinstance(value, float) else type_name(value)   # nan, inf
    yield Finding(path, f"{where} must be a number from 0.0 to 1.0, not {shown} (section 5.2)")


@rule("AGIS506", spec="AGIS §5.2", visits="endpoint")
def invalid_is_idempotent(ctx, ep):
    """`is_idempotent` is not a boolean.

    ## What it does
    Checks that `semantic.is_idempotent` is `true` or `false`.

    ## Why is this bad?
    Section 5.2 defines a boolean that agents use to decide whether an
    automatic retry is safe. YAML 1.2 and JSON read `"true"` and `yes` as
    strings; a runtime testing the value may retry a non-idempotent BOOK.

    ## Example
    ```yaml
    semantic:
      is_idempotent: "yes"
    ```

    ## Use instead
    ```yaml
    semantic:
      is_idempotent: true
    ```

    ## Fix safety
    Safe for the strings `true`/`false`/`yes`/`no` (any case): the same
    truth value as a boolean. Unsafe for the numbers 0 and 1.
    """
    words = {"true": True, "false": False, "yes": True, "no": False}
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    if "is_idempotent" not in sem:
        return
    value = sem["is_idempotent"]
    if isinstance(value, bool):
        return
    path = ep.field_path("semantic", "is_idempotent")
    where = f"semantic.is_idempotent of {name(ep)}"
    fixes = []
    if isinstance(value, str) and value.strip().lower() in words:
        b = words[value.strip().lower()]
        fixes.append(Fix(f"Write {str(b).lower()}", True, [SetValue(path, b)]))
        shown = f"the string '{value}'"
    elif is_number(value) and value in (0, 1):
        b = bool(value)
        fixes.append(Fix(f"Write {str(b).lower()}", False, [SetValue(path, b)]))
        shown = f"the number {value}"
    else:
        shown = f"'{value}'" if isinstance(value, str) else type_name(value)
    yield Finding(path, f"{where} must be true or false, not {shown} (section 5.2)", fixes=fixes)


@rule("AGIS507", spec="AGIS §5.2, §12", visits="endpoint")
def low_confidence_irreversible(ctx, ep):
    """An irreversible endpoint declares `confidence_guidance` below 0.85, or none.

    ## What it does
    For endpoints whose `impact_tier` is `irreversible` (or, when no valid
    impact tier is given, whose `capability` is `transaction`), reports a
    `confidence_guidance` lower than 0.85 or a missing one (at conformance
    level 2 a missing one is AGIS509's, which requires it everywhere).

    ## Why is this bad?
    Section 5.2: endpoints declaring irreversible SHOULD also declare
    confidence_guidance 0.85 or higher, and section 12 warns that
    artificially low values induce agents to run high-consequence operations
    without escalation.

    ## Example
    ```yaml
    semantic:
      impact_tier: irreversible
      confidence_guidance: 0.6
    ```

    ## Use instead
    ```yaml
    semantic:
      impact_tier: irreversible
      confidence_guidance: 0.9
    ```

    ## Fix safety
    Unsafe: raising (or adding) the threshold to 0.85 changes when agents
    ask for confirmation.

    ## Decision
    Only the declared fields decide: the draft's example list of
    irreversible verbs "(EXECUTE, CANCEL, TRANSFER)" contradicts its own
    impact-tier text ("reversible -- e.g., cancel a booking"), so method
    names are not used. `capability: transaction` counts because section
    5.2 defines it as committing "an irreversible action".
    """
    sem = semantic_of(ctx, ep)
    if sem is None:
        return
    why = is_irreversible(sem)
    if not why:
        return
    sem_path = ep.field_path("semantic")
    value = sem.get("confidence_guidance")
    if "confidence_guidance" not in sem or value is None:
        if ctx.level >= 2:
            return  # REQUIRED at level 2: AGIS509 reports it
        yield Finding(sem_path, f"{name(ep)} is irreversible ({why}) but declares no "
                      f"confidence_guidance; declare {IRREVERSIBLE_MIN_CONFIDENCE} or higher "
                      "(section 5.2)", part="key",
                      fixes=[Fix(f"Add confidence_guidance: {IRREVERSIBLE_MIN_CONFIDENCE}", False,
                                 [AddKey(sem_path, "confidence_guidance",
                                         IRREVERSIBLE_MIN_CONFIDENCE)])]
                      if "confidence_guidance" not in sem else [])
        return
    if is_number(value) and 0 <= value < IRREVERSIBLE_MIN_CONFIDENCE:
        path = sem_path + ("confidence_guidance",)
        yield Finding(path, f"confidence_guidance {value} of {name(ep)} is below "
                      f"{IRREVERSIBLE_MIN_CONFIDENCE}, but the endpoint is irreversible ({why}); "
                      f"raise it to {IRREVERSIBLE_MIN_CONFIDENCE} or higher (section 5.2, section 12)",
                      fixes=[Fix(f"Raise to {IRREVERSIBLE_MIN_CONFIDENCE}", False,
                                 [SetValue(path, IRREVERSIBLE_MIN_CONFIDENCE)])])
