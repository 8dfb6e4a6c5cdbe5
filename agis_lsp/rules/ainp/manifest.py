"""AINP manifest: capability ids, parameters and enum values; message confidence."""
from __future__ import annotations

from ...engine.findings import AddKey, Finding, Fix, Related, SetValue
from ...engine.registry import rule
from ...formats import ainp as fmt
from .. import _shape_rules

KINDS = ("ainp-manifest",)

_shape_rules.register("AINP", "ainp", ("ainp-manifest", "ainp-message"), "AINP document",
                      "AINP 1.0", {
    "missing": ('capabilities:\n  - id: create_user\n    name: CreateUser\n'
                '    description: Creates a new user account.',
                'capabilities:\n  - id: create_user\n    name: CreateUser\n'
                '    description: Creates a new user account.\n'
                '    intents: ["create a new user", "register someone"]'),
    "type": ('version: 1.0', 'version: "1.0"'),
    "enum": ('parameters:\n  - name: plan\n    type: choice',
             'parameters:\n  - name: plan\n    type: enum\n    values: [free, pro]\n    default: free'),
}, lang="yaml")


def _caps(ctx):
    view = ctx.view
    return view.capabilities if isinstance(view, fmt.ManifestView) else []


def _params_of(node):
    """(path, parameter) of each parameter of one capability (a ``capability`` node)."""
    _, path, cap = node
    params = cap.get("parameters")
    for i, p in enumerate(params if isinstance(params, list) else []):
        if isinstance(p, dict):
            yield path + ("parameters", i), p


@rule("AINP201", spec="AINP 1.0 Manifest")
def duplicate_capability_id(ctx):
    """Two capabilities of the manifest share an `id`.

    ## What it does
    Reports each capability whose `id` an earlier one already uses.

    ## Why is this bad?
    Query responses and execute requests name a capability only by its id
    (`capability_id`); with two, the service cannot tell which one the agent
    means.

    ## Example
    ```yaml
    capabilities:
      - id: create_user
      - id: create_user
    ```

    ## Use instead
    ```yaml
    capabilities:
      - id: create_user
      - id: update_user_plan
    ```

    ## Fix safety
    No fix.
    """
    seen: dict = {}
    for _, path, cap in _caps(ctx):
        cid = cap.get("id")
        if not isinstance(cid, str):
            continue
        if cid in seen:
            yield Finding(path + ("id",), f"capability id '{cid}' is used twice; execute requests "
                          "name capabilities by id, so ids must be unique",
                          related=[Related(seen[cid] + ("id",), "first used here")])
        else:
            seen[cid] = path


@rule("AINP202", spec="AINP 1.0 Manifest", visits="capability")
def enum_without_values(ctx, node):
    """A parameter of type `enum` has no `values` list (or an empty one).

    ## What it does
    Checks that every enum parameter lists its allowed values.

    ## Why is this bad?
    The manifest's enum parameters carry `values: [free, pro, enterprise]`; an
    agent negotiating the parameter (missing_params) has nothing to offer the
    user without them.

    ## Example
    ```yaml
    - name: plan
      type: enum
    ```

    ## Use instead
    ```yaml
    - name: plan
      type: enum
      values: [free, pro, enterprise]
      default: free
    ```

    ## Fix safety
    No fix.
    """
    for path, p in _params_of(node):
        if p.get("type") != "enum":
            continue
        vals = p.get("values")
        if vals is None:
            yield Finding(path, f"enum parameter '{p.get('name', '?')}' has no 'values'", part="key")
        elif isinstance(vals, list) and not vals:
            yield Finding(path + ("values",), f"enum parameter '{p.get('name', '?')}' has an empty "
                          "'values' list")


@rule("AINP203", spec="AINP 1.0 Manifest", visits="capability")
def enum_default_not_in_values(ctx, node):
    """The `default` of an enum parameter is not one of its `values`.

    ## What it does
    Compares each enum parameter's `default` with its `values`.

    ## Why is this bad?
    A default outside the allowed values is a value the service itself would
    reject; an agent that relies on it fails at execution.

    ## Example
    ```yaml
    - name: plan
      type: enum
      values: [free, pro, enterprise]
      default: basic
    ```

    ## Use instead
    ```yaml
    - name: plan
      type: enum
      values: [free, pro, enterprise]
      default: free
    ```

    ## Fix safety
    Safe when the default differs from one value only in letter case; no fix
    otherwise.
    """
    for path, p in _params_of(node):
        vals = p.get("values")
        if p.get("type") != "enum" or not isinstance(vals, list) or not vals or "default" not in p:
            continue
        d = p["default"]
        if d in vals:
            continue
        fixes = []
        if isinstance(d, str):
            same = [v for v in vals if isinstance(v, str) and v.lower() == d.lower()]
            if same:
                fixes.append(Fix(f"Write '{same[0]}'", True, [SetValue(path + ("default",), same[0])]))
        shown = ", ".join(map(str, vals))
        yield Finding(path + ("default",), f"default {d!r} of enum parameter '{p.get('name', '?')}' "
                      f"is not one of its values ({shown})", fixes=fixes,
                      related=[Related(path + ("values",), "the allowed values")])


@rule("AINP204", spec="AINP 1.0 Manifest", visits="capability")
def duplicate_parameter_name(ctx, node):
    """Two parameters of a capability share a `name`.

    ## What it does
    Within each capability, reports a parameter whose name an earlier one uses.

    ## Why is this bad?
    Execute requests pass parameters as a mapping by name; two parameters with
    one name cannot both be given.

    ## Example
    ```yaml
    parameters:
      - {name: email, type: string}
      - {name: email, type: string}
    ```

    ## Use instead
    ```yaml
    parameters:
      - {name: email, type: string}
      - {name: backup_email, type: string}
    ```

    ## Fix safety
    No fix.
    """
    _, path, cap = node
    seen: dict = {}
    params = cap.get("parameters")
    for i, p in enumerate(params if isinstance(params, list) else []):
        name = p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str):
            continue
        ppath = path + ("parameters", i)
        if name in seen:
            yield Finding(ppath + ("name",), f"parameter '{name}' is declared twice in this "
                          "capability", related=[Related(seen[name] + ("name",), "first here")])
        else:
            seen[name] = ppath


@rule("AINP205", spec="AINP 1.0 Semantic Layer", visits="capability")
def semantics_without_context(ctx, node):
    """A capability's `semantics` has `@type` but no `@context`.

    ## What it does
    Flags `semantics` mappings with an `@type` and no `@context`.

    ## Why is this bad?
    AINP's semantic layer is JSON-LD: `@type: CreateAction` means
    schema.org's CreateAction only under `@context: https://schema.org`.
    Without a context the type is a bare word no reasoner can map.

    ## Example
    ```yaml
    semantics:
      "@type": CreateAction
    ```

    ## Use instead
    ```yaml
    semantics:
      "@type": CreateAction
      "@context": https://schema.org
    ```

    ## Fix safety
    Unsafe: the fix adds `@context: https://schema.org`, which is right only if
    the type is a schema.org type.
    """
    _, path, cap = node
    sem = cap.get("semantics")
    if isinstance(sem, dict) and "@type" in sem and "@context" not in sem:
        yield Finding(path + ("semantics",), "semantics has '@type' but no '@context'; a "
                      "JSON-LD type needs its vocabulary", part="key",
                      fixes=[Fix("Add \"@context\": https://schema.org", False,
                                 [AddKey(path + ("semantics",), "@context",
                                         "https://schema.org")])])


@rule("AINP206", spec="AINP 1.0 Response Metadata")
def confidence_out_of_range(ctx):
    """A `confidence` value is outside 0 to 1.

    ## What it does
    Checks `confidence` in query matches, execute responses and errors.

    ## Why is this bad?
    AINP's examples give confidence as a probability (0.93, 0.98, 0.0);
    agents compare it with thresholds, and 93 or -1 defeats every threshold.

    ## Example
    ```json
    {"match": {"capability_id": "create_user", "confidence": 93}}
    ```

    ## Use instead
    ```json
    {"match": {"capability_id": "create_user", "confidence": 0.93}}
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    for base in ((), ("match",), ("error",)):
        node = data if not base else data.get(base[0])
        if not isinstance(node, dict):
            continue
        v = node.get("confidence")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not 0 <= v <= 1:
            yield Finding(base + ("confidence",), f"confidence {v} is outside 0 to 1")


@rule("AINP207", spec="AINP 1.0 Response Metadata")
def response_without_metadata(ctx):
    """An execute response carries no `confidence` or no `explanation`.

    ## What it does
    In execute responses (`status` + `result`), checks for the response
    metadata AINP lists: `confidence` and `explanation` (`next_suggestions` is
    optional).

    ## Why is this bad?
    AINP "Response Metadata": responses should include confidence,
    explanation and next suggestions; explainability is one of the protocol's
    stated goals, and agents decide whether to confirm an outcome from the
    confidence.

    ## Example
    ```json
    {"status": "success", "result": {"user_id": "u-5678"}}
    ```

    ## Use instead
    ```json
    {"status": "success", "result": {"user_id": "u-5678"}, "confidence": 0.98,
     "explanation": "User created successfully."}
    ```

    ## Fix safety
    No fix.
    """
    view = ctx.view
    if not isinstance(view, fmt.MessageView) or view.shape != "execute-response":
        return
    for key in ("confidence", "explanation"):
        if key not in view.data:
            yield Finding((), f"execute response has no '{key}' (AINP Response Metadata: responses "
                          "should include confidence and explanation)", part="key")
