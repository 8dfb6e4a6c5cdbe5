"""AGTP31x: the semantic block of AGTP-API section 7."""
from __future__ import annotations

from ...document.preview import preview
from ...engine.findings import Finding, Fix, Remove, RenameKey, SetValue
from ...engine.registry import rule
from ...formats.agtp.vocabulary import IMPACTS, SEMANTIC_KEYS
from ._common import close_matches, type_name

ENDPOINTS = ("agtp-endpoint", "agtp-manifest")
OLD_NAMES = {"confidence_guidance": "confidence", "impact_tier": "impact"}


def _blocks(ctx):
    for ep in ctx.view.endpoints:
        if ep.semantic is not None:
            yield ep, ep.semantic, ep.semantic_path


def _value(sem: dict, key: str):
    """The value of ``key``, read through its older name as the reference server does."""
    if key in sem:
        return key, sem[key]
    for old, new in OLD_NAMES.items():
        if new == key and old in sem:
            return old, sem[old]
    return None, None


@rule("AGTP310", spec="AGTP-API §7.1")
def missing_semantic_field(ctx):
    """The semantic block lacks one of its seven required fields.

    ## What it does
    Checks `intent`, `actor`, `outcome`, `capability`, `confidence`,
    `impact` and `is_idempotent` (section 7.1). The older names
    `confidence_guidance` and `impact_tier` count (see AGTP312).

    ## Why is this bad?
    Every published endpoint carries a complete semantic block (section 13.1);
    agents read it to decide whether an endpoint fits their goal, and a PROPOSE
    without one is answered 400 (section 10.3).

    ## Example
    ```toml
    [endpoint.semantic]
    intent = "Reserve a room for the named guest."
    ```

    ## Use instead
    ```toml
    [endpoint.semantic]
    intent = "Reserve a room for the named guest."
    actor = "agent"
    outcome = "A confirmed reservation_id is returned."
    capability = "transaction"
    confidence = 0.85
    impact = "irreversible"
    is_idempotent = false
    ```

    ## Fix safety
    No fix: the values are judgements only the operator can make.
    """
    for ep, sem, path in _blocks(ctx):
        for key in SEMANTIC_KEYS:
            if _value(sem, key)[0] is None:
                yield Finding(path, f"the semantic block is missing '{key}' (section 7.1)", part="key")


@rule("AGTP311", spec="AGTP-API §7.1")
def invalid_semantic_value(ctx):
    """A semantic block field has a value outside what section 7.1 allows.

    ## What it does
    `intent`, `actor` and `outcome` are non-empty strings (`actor` is
    free-form: any string is valid); `capability` is one of the catalog's
    categories (discovery, retrieval, analysis, transaction, modification,
    creation, notification, mechanics, domain_spanning); `confidence` is a
    number in [0, 1]; `impact` is `informational`, `reversible` or
    `irreversible`; `is_idempotent` is a boolean.

    ## Why is this bad?
    Agents and governance frameworks act on these values (retry safety,
    differential authorisation); a value outside the vocabulary is meaningless
    to them, and the server answers 400 to a PROPOSE carrying it.

    ## Example
    ```toml
    capability = "booking"
    confidence = "0.85"
    impact = "Irreversible"
    is_idempotent = "false"
    ```

    ## Use instead
    ```toml
    capability = "transaction"
    confidence = 0.85
    impact = "irreversible"
    is_idempotent = false
    ```

    ## Fix safety
    Safe where the meaning is unambiguous: a number or boolean written as a
    string, a category or impact written in another letter case. A category
    guessed by edit distance is unsafe.
    """
    categories = list(ctx.catalog.categories) or [
        "discovery", "retrieval", "analysis", "transaction", "modification", "creation",
        "notification", "mechanics", "domain_spanning"]
    for ep, sem, base in _blocks(ctx):
        for key in ("intent", "actor", "outcome"):
            if key in sem and (not isinstance(sem[key], str) or not sem[key].strip()):
                yield Finding(base + (key,), f"semantic.{key} must be a non-empty string"
                              + ("" if isinstance(sem[key], str) else f", not {type_name(sem[key])}"))
        if "capability" in sem:
            yield from _capability(sem["capability"], base + ("capability",), categories)
        name, v = _value(sem, "confidence")
        if name is not None:
            yield from _confidence(name, v, base + (name,))
        name, v = _value(sem, "impact")
        if name is not None and v not in IMPACTS:
            yield _impact(name, v, base + (name,))
        if "is_idempotent" in sem and not isinstance(sem["is_idempotent"], bool):
            yield _idempotent(sem["is_idempotent"], base + ("is_idempotent",))


def _capability(v, path: tuple, categories: list):
    if not isinstance(v, str):
        yield Finding(path, f"semantic.capability must be one of the catalog categories, not "
                      f"{type_name(v)}")
        return
    if v in categories:
        return
    fixes = []
    low = v.strip().lower().replace("-", "_").replace(" ", "_")
    if low in categories:
        fixes.append(Fix(f"Use '{low}'", True, [SetValue(path, low)]))
        hint = f"; use '{low}'"
    else:
        sugg = close_matches(v, categories, 2)
        fixes += [Fix(f"Use '{s}'", False, [SetValue(path, s)]) for s in sugg]
        hint = f"; did you mean '{sugg[0]}'?" if sugg else ""
    yield Finding(path, f"semantic.capability '{v}' is not a catalog category "
                  f"({', '.join(categories)}){hint}", fixes=fixes)


def _confidence(name: str, v, path: tuple):
    if isinstance(v, str):
        try:
            num = float(v)
        except ValueError:
            num = None
        fixes = [Fix(f"Write it as the number {num}", True, [SetValue(path, num)])] \
            if num is not None and 0 <= num <= 1 else []
        yield Finding(path, f"semantic.{name} must be a number between 0.0 and 1.0, not "
                      f"the string {preview(v)}", fixes=fixes)
    elif isinstance(v, bool) or not isinstance(v, (int, float)):
        yield Finding(path, f"semantic.{name} must be a number between 0.0 and 1.0, not "
                      f"{type_name(v)}")
    elif not 0 <= v <= 1:
        yield Finding(path, f"semantic.{name} is {v}; confidence is a scalar on the closed "
                      "interval 0.0 to 1.0 (section 7.1)")


def _impact(name: str, v, path: tuple) -> Finding:
    fixes = []
    if isinstance(v, str) and v.strip().lower() in IMPACTS:
        fixes.append(Fix(f"Use '{v.strip().lower()}'", True, [SetValue(path, v.strip().lower())]))
    elif isinstance(v, str):
        fixes += [Fix(f"Use '{s}'", False, [SetValue(path, s)]) for s in close_matches(v, IMPACTS, 1)]
    shown = repr(v) if isinstance(v, str) else type_name(v)
    return Finding(path, f"semantic.{name} {shown} must be one of informational, reversible "
                   "or irreversible (section 7.1)", fixes=fixes)


def _idempotent(v, path: tuple) -> Finding:
    fixes = []
    if isinstance(v, str) and v.strip().lower() in ("true", "false"):
        b = v.strip().lower() == "true"
        fixes.append(Fix(f"Write it as the boolean {str(b).lower()}", True, [SetValue(path, b)]))
    return Finding(path, f"semantic.is_idempotent must be a boolean (true or false), not "
                   f"{type_name(v)}", fixes=fixes)


@rule("AGTP312", spec="AGTP-API §7.1")
def legacy_semantic_key(ctx):
    """The semantic block uses the older names `confidence_guidance` or `impact_tier`.

    ## What it does
    Reports `confidence_guidance` and `impact_tier`, which the reference
    server still reads for older endpoint files, and renames them to
    `confidence` and `impact`. When both names are present the older one is
    ignored by the server and the fix removes it.

    ## Why is this bad?
    Section 7.1 names the fields `confidence` and `impact`; other servers and
    agents reading the manifest know only those.

    ## Example
    ```toml
    [endpoint.semantic]
    confidence_guidance = 0.85
    impact_tier = "irreversible"
    ```

    ## Use instead
    ```toml
    [endpoint.semantic]
    confidence = 0.85
    impact = "irreversible"
    ```

    ## Fix safety
    Safe: the renamed key carries the value the server already reads, and a
    duplicate older key is one the server already ignores.
    """
    for ep, sem, base in _blocks(ctx):
        for old, new in OLD_NAMES.items():
            if old not in sem:
                continue
            if new in sem:
                yield Finding(base + (old,), f"'{old}' is the older name of '{new}', which is also "
                              f"given; the server ignores '{old}', remove it", part="key",
                              fixes=[Fix(f"Remove {old}", True, [Remove(base + (old,))])])
            else:
                yield Finding(base + (old,), f"'{old}' is the older name of '{new}'; the reference "
                              f"server still reads it, but section 7.1 names the field '{new}'",
                              part="key",
                              fixes=[Fix(f"Rename to {new}", True, [RenameKey(base + (old,), new)])])


@rule("AGTP313", spec="AGTP-API §7.1")
def capability_differs_from_method(ctx):
    """The endpoint's capability is not one of its method's catalog categories.

    ## What it does
    Compares `semantic.capability` with the categories the catalog gives the
    endpoint's method.

    ## Why is this bad?
    An endpoint inherits its capability from its method's category (section
    7.1). Operators MAY override it, so this is only a hint that the method or
    the capability may be the wrong choice.

    ## Example
    ```toml
    method = "QUERY"            # discovery, mechanics
    [endpoint.semantic]
    capability = "transaction"
    ```

    ## Use instead
    ```toml
    method = "QUERY"
    [endpoint.semantic]
    capability = "discovery"
    ```

    ## Fix safety
    No fix: overriding is allowed.
    """
    for ep, sem, base in _blocks(ctx):
        cap = sem.get("capability")
        info = ctx.catalog.get(ep.method) if isinstance(ep.method, str) else None
        if info is None or not isinstance(cap, str) or not info.categories:
            continue
        if cap in ctx.catalog.categories and cap not in info.categories:
            yield Finding(base + ("capability",), f"capability '{cap}' is not a catalog category "
                          f"of {info.name} ({', '.join(info.categories)}); an endpoint inherits its "
                          "capability from its method unless the override is deliberate")
