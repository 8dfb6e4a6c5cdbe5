"""Pass 7 (vocabulary integrity): declared_verbs, negotiable, data_manifest."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: jsonschema costs ~90 ms to import
    from jsonschema import Draft202012Validator

from ...document.preview import preview
from ...engine.findings import Append, Finding, Fix, Related, Remove
from ...engine.registry import rule
from ._schema import agis_schema

DECLARED = ("vocabulary", "declared_verbs")


def _declared(ctx):
    """(index, verb) of string entries of declared_verbs, or None when absent/not a list."""
    verbs = ctx.view.vocabulary.get("declared_verbs")
    if not isinstance(verbs, list):
        return None
    return [(i, v) for i, v in enumerate(verbs) if isinstance(v, str)]


@rule("AGIS701", spec="AGIS §8.2(a)", superseded_by=(2, 3, 4))
def undeclared_verb(ctx):
    """A method used by an endpoint is missing from `vocabulary.declared_verbs`.

    ## What it does
    Compares every endpoint method with `declared_verbs`, case-insensitively
    (section 4.1(e)), and reports each undeclared method once, at its first use.

    ## Why is this bad?
    Section 8.2(a): every method identifier used MUST be listed. Agent runtimes
    pre-index services from the vocabulary block before reading endpoints; an
    undeclared verb is invisible to that index (section 12 also names a
    mismatched vocabulary as an attack vector).

    ## Example
    ```yaml
    endpoints:
      - method: CANCEL
        ...
    vocabulary:
      declared_verbs: [BOOK]
    ```

    ## Use instead
    ```yaml
    vocabulary:
      declared_verbs: [BOOK, CANCEL]
    ```

    ## Fix safety
    Safe: adds the verb to `declared_verbs`, which states what the document
    already does.
    """
    declared = _declared(ctx)
    if declared is None:
        return
    known = {v.upper() for _, v in declared}
    uses: dict[str, list] = {}
    for ep, method in ctx.view.methods_used:
        uses.setdefault(method.strip().upper(), []).append(ep)
    for verb, eps in uses.items():
        if verb in known:
            continue
        first = eps[0]
        path, part = first.method_loc
        more = f" (used by {len(eps)} endpoints)" if len(eps) > 1 else ""
        yield Finding(path, f"method '{first.method}' is not declared in vocabulary.declared_verbs{more}; "
                      "section 8.2(a) requires every method used to be declared", part=part,
                      fixes=[Fix(f"Declare {verb} in vocabulary.declared_verbs", True,
                                 [Append(DECLARED, verb)])],
                      related=[Related(DECLARED, "declared verbs")],
                      restates=tuple(ep.method_loc[0] for ep in eps))


@rule("AGIS702", spec="AGIS §8.2(b)", superseded_by=(2, 3, 4))
def unused_declared_verb(ctx):
    """A verb in `vocabulary.declared_verbs` is not used by any endpoint.

    ## What it does
    Flags each `declared_verbs` entry that no endpoint method matches
    (case-insensitively).

    ## Why is this bad?
    Section 8.2(b): declared but unused verbs constitute a non-conformance.
    Agents that pre-index the vocabulary would look for an endpoint that does
    not exist.

    ## Example
    ```yaml
    vocabulary:
      declared_verbs: [BOOK, FIND, CHECK]   # no endpoint uses CHECK
    ```

    ## Use instead
    ```yaml
    vocabulary:
      declared_verbs: [BOOK, FIND]
    ```

    ## Fix safety
    Safe: removes the entry, keeping the vocabulary equal to the methods used.
    """
    declared = _declared(ctx)
    if declared is None:
        return
    used = {m.strip().upper() for _, m in ctx.view.methods_used}
    known = {v.upper() for _, v in declared}
    # An unused verb is often the one an endpoint used before it got an invalid
    # method: the finding restates every undeclared method's mistake.
    undeclared = tuple(ep.method_loc[0] for ep, m in ctx.view.methods_used
                       if m.strip().upper() not in known)
    seen: set = set()
    for i, verb in declared:
        if verb.upper() in used or verb.upper() in seen:
            seen.add(verb.upper())
            continue
        seen.add(verb.upper())
        yield Finding(DECLARED + (i,), f"declared verb '{verb}' is not used by any endpoint; "
                      "section 8.2(b) forbids declared but unused verbs",
                      fixes=[Fix(f"Remove {verb} from declared_verbs", True, [Remove(DECLARED + (i,))])],
                      tags=("unnecessary",), restates=undeclared or (DECLARED + (i,),))


@rule("AGIS703", spec="AGIS §8.2, §4.1(e)")
def duplicate_declared_verb(ctx):
    """A verb appears more than once in `declared_verbs` (case-insensitively).

    ## What it does
    Flags the second and later occurrences of a verb in `declared_verbs`.

    ## Why is this bad?
    Method comparison is case-insensitive (section 4.1(e)), so `BOOK` and `book`
    are the same verb declared twice; the duplicate carries no information.

    ## Example
    ```yaml
    declared_verbs: [BOOK, FIND, book]
    ```

    ## Use instead
    ```yaml
    declared_verbs: [BOOK, FIND]
    ```

    ## Fix safety
    Safe: removes the repeated entry.
    """
    declared = _declared(ctx)
    if declared is None:
        return
    first: dict[str, int] = {}
    spelled = dict(declared)   # index -> verb as written (once: not per duplicate)
    for i, verb in declared:
        key = verb.upper()
        if key in first:
            yield Finding(DECLARED + (i,), f"'{verb}' is already declared (as '{spelled[first[key]]}')",
                          fixes=[Fix(f"Remove the repeated {verb}", True, [Remove(DECLARED + (i,))])],
                          related=[Related(DECLARED + (first[key],), "first declaration")],
                          tags=("unnecessary",))
        else:
            first[key] = i


@rule("AGIS704", spec="AGIS §8.2(e), §8.3")
def negotiable_without_manifest(ctx):
    """`vocabulary.negotiable: true` without a `data_manifest` block.

    ## What it does
    Checks that a service declaring itself negotiable also declares the data
    classes it will negotiate over.

    ## Why is this bad?
    Section 8.2(e): when `negotiable: true`, the service MUST also provide a
    data_manifest. The manifest is the ceiling of negotiation (section 8.3);
    without it agents cannot tell whether an off-menu request could succeed.

    ## Example
    ```yaml
    vocabulary:
      declared_verbs: [TRANSFER]
      negotiable: true
    ```

    ## Use instead
    ```yaml
    vocabulary:
      declared_verbs: [TRANSFER]
      negotiable: true
    data_manifest:
      available_data:
        - class: transaction-history
          description: "Transaction ledger for authorised accounts"
          formats: [json]
          sensitivity: high
          requires_authorization: true
    ```

    ## Fix safety
    No fix: only the author knows the data classes.
    """
    if ctx.view.vocabulary.get("negotiable") is True and not isinstance(ctx.data.get("data_manifest"), dict):
        yield Finding(("vocabulary", "negotiable"), "negotiable: true requires a data_manifest block "
                      "(section 8.2(e)); declare the data classes the service will negotiate over")


_SENSITIVITY_NOTE = "informational, reversible or irreversible (or low, medium, high)"


@rule("AGIS705", spec="AGIS §8.3")
def invalid_data_manifest(ctx):
    """A `data_manifest` field has the wrong type or value.

    ## What it does
    Checks `data_manifest` against its schema: `available_data` is a list of
    mappings, each with a non-empty `class`, a string `description`, a list of
    `formats`, a `sensitivity` and a boolean `requires_authorization`;
    `pre_auth_discovery` is a boolean.

    ## Why is this bad?
    Agents read the manifest without credentials to decide whether to negotiate
    (section 8.3); a mistyped field is silently ignored or misread.

    ## Example
    ```yaml
    data_manifest:
      available_data:
        - class: location
          formats: json
          sensitivity: secret
    ```

    ## Use instead
    ```yaml
    data_manifest:
      available_data:
        - class: location
          formats: [json]
          sensitivity: low
    ```

    ## Fix safety
    No fix.

    ## Decision
    Section 8.3's text says sensitivity uses the impact_tier values
    (informational, reversible, irreversible) while its own examples use low,
    medium and high. Both sets are accepted.
    """
    manifest = ctx.data.get("data_manifest") if isinstance(ctx.data, dict) else None
    if manifest is None:
        return
    validator = _manifest_validator()
    seen = set()
    for err in validator.iter_errors(manifest):
        path = ("data_manifest",) + tuple(err.absolute_path)
        if path in seen:
            continue
        seen.add(path)
        name = ctx.doc.describe(path)
        if err.validator == "enum" and path[-1] == "sensitivity":
            msg = f"{name} is {preview(err.instance)}; use {_SENSITIVITY_NOTE}"
        elif err.validator == "required":
            msg = f"{name} needs a 'class' naming the data class"
        elif err.validator == "type":
            msg = f"{name} must be {_type(err.validator_value)}"
        elif err.validator == "minLength":
            msg = f"{name} must not be empty"
        else:
            msg = f"{name}: {err.message}"
        yield Finding(path, msg, part="key" if err.validator == "required" else "value")


def _type(t) -> str:
    return {"object": "a mapping", "array": "a list", "string": "a string",
            "boolean": "true or false"}.get(t, str(t))


_VALIDATOR = None


def _manifest_validator():
    global _VALIDATOR
    if _VALIDATOR is None:
        from jsonschema import Draft202012Validator
        _VALIDATOR = Draft202012Validator(agis_schema()["$defs"]["data_manifest"])
    return _VALIDATOR


@rule("AGIS706", spec="AGIS §8.3, §12")
def sensitive_without_authorization(ctx):
    """A high-sensitivity data class does not declare `requires_authorization: true`.

    ## What it does
    Flags `available_data` entries whose sensitivity is `high` or
    `irreversible` and whose `requires_authorization` is not `true`.

    ## Why is this bad?
    Section 8.3: high-sensitivity data classes SHOULD declare
    `requires_authorization: true`. The manifest is public (section 12), so
    the flag is what tells agents to expect an authorisation step.

    ## Example
    ```yaml
    - class: customer-profile
      sensitivity: high
    ```

    ## Use instead
    ```yaml
    - class: customer-profile
      sensitivity: high
      requires_authorization: true
    ```

    ## Fix safety
    No fix: requiring authorisation is a policy decision.
    """
    manifest = ctx.data.get("data_manifest") if isinstance(ctx.data, dict) else None
    items = manifest.get("available_data") if isinstance(manifest, dict) else None
    if not isinstance(items, list):
        return
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        if item.get("sensitivity") in ("high", "irreversible") and item.get("requires_authorization") is not True:
            path = ("data_manifest", "available_data", i, "sensitivity")
            yield Finding(path, f"data class '{item.get('class', '?')}' is {item['sensitivity']}-sensitivity "
                          "but does not declare requires_authorization: true (section 8.3)")
