"""AGTP85x: method catalog files (``methods.json``, AGTP-API sections 3.1 and 4.2)."""
from __future__ import annotations

import re

from ...document.preview import preview
from ...catalog import version_key
from ...engine.findings import Finding
from ...engine.registry import rule
from ...formats.agtp.syntax import METHOD_NAME
from ._common import type_name

CATALOG = ("agtp-catalog",)
_SEMVER = re.compile(r"^[0-9]+\.[0-9]+\.[0-9]+(?:[-+].*)?$")


@rule("AGTP851", spec="AGTP-API §3.1, §4.2")
def invalid_catalog(ctx):
    """The catalog file does not have the structure of section 3.1.

    ## What it does
    Checks a method catalog: `version` is a semantic version; `methods` maps
    verb names (uppercase letters, 3 to 32) to entries (or is a list of entries
    with `name`), each with a list of `categories`, a string `description`
    and optional string `deprecated_in`, `removed_in` and `successor`;
    `embedded` is a list of names; `legacy` maps each legacy verb to an
    object with `preferred`; `categories` maps category names to
    descriptions.

    ## Why is this bad?
    `--catalog` refuses a file of the wrong shape, and so does a server
    configured with it.

    ## Example
    ```json
    {"version": "1.1", "methods": {"book": {"categories": "transaction"}}}
    ```

    ## Use instead
    ```json
    {"version": "1.1.0", "methods": {"BOOK": {"categories": ["transaction"],
                                             "description": "..."}}}
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data
    if not isinstance(data, dict):
        yield Finding((), "a method catalog is a JSON object")
        return
    v = data.get("version")
    if not isinstance(v, str) or not _SEMVER.match(v):
        yield Finding(("version",) if "version" in data else (), "the catalog version must be a "
                      "semantic version string MAJOR.MINOR.PATCH (section 4.1)",
                      part="value" if "version" in data else "key")
    for name, (path, entry) in ctx.view.methods.items():
        if not isinstance(name, str) or not METHOD_NAME.match(name) or not 3 <= len(name) <= 32:
            yield Finding(path, f"verb name {preview(name)} must be 3 to 32 uppercase letters (section 3.2)",
                          part="key" if isinstance(path[-1], str) else "value")
        if not isinstance(entry, dict):
            yield Finding(path, f"methods.{name} must be an object, not {type_name(entry)}")
            continue
        cats = entry.get("categories")
        if cats is not None and not (isinstance(cats, list) and all(isinstance(c, str) for c in cats)):
            yield Finding(path + ("categories",), f"methods.{name}.categories must be a list of "
                          "category names")
        if "description" in entry and not isinstance(entry["description"], str):
            yield Finding(path + ("description",), f"methods.{name}.description must be a string")
        for key in ("deprecated_in", "removed_in", "successor"):
            if key in entry and entry[key] is not None and not isinstance(entry[key], str):
                yield Finding(path + (key,), f"methods.{name}.{key} must be a string")
        d, r = entry.get("deprecated_in"), entry.get("removed_in")
        if isinstance(d, str) and isinstance(r, str) and version_key(r) <= version_key(d):
            yield Finding(path + ("removed_in",), f"{name} is removed in {r}, not after it was "
                          f"deprecated in {d}")
        if isinstance(r, str) and not isinstance(d, str):
            yield Finding(path + ("removed_in",), f"{name} has removed_in but no deprecated_in: a "
                          "verb is deprecated in a minor version before a major removes it "
                          "(section 4.1)")
    raw = data.get("methods")
    if "methods" not in data:
        yield Finding((), "the catalog has no 'methods'", part="key")
    elif not isinstance(raw, (dict, list)):
        yield Finding(("methods",), "methods must map verb names to entries")
    emb = data.get("embedded")
    if emb is not None and not (isinstance(emb, list) and all(isinstance(x, str) for x in emb)):
        yield Finding(("embedded",), "embedded must be a list of verb names")
    leg = data.get("legacy")
    if isinstance(leg, dict):
        for k, e in leg.items():
            if not (isinstance(e, str) or (isinstance(e, dict) and isinstance(e.get("preferred"), str))):
                yield Finding(("legacy", k), f"legacy.{k} must be an object with a string "
                              "'preferred' verb")
    elif leg is not None:
        yield Finding(("legacy",), "legacy must be an object")
    cats = data.get("categories")
    if cats is not None and not isinstance(cats, (dict, list)):
        yield Finding(("categories",), "categories must map category names to descriptions")


@rule("AGTP852", spec="AGTP-API §3.1, §4.2")
def catalog_inconsistency(ctx):
    """The catalog refers to verbs or categories it does not define.

    ## What it does
    Reports floor (`embedded`) verbs and legacy `preferred` targets missing
    from `methods`, `successor`s that are not catalog verbs, and verbs in
    categories that `categories` does not declare.

    ## Why is this bad?
    Servers and tools follow these references: a successor that does not
    exist cannot be migrated to, and a floor verb missing from the methods
    cannot be validated.

    ## Example
    ```json
    "methods": {"AUDIT_OLD": {"deprecated_in": "1.2.0", "successor": "AUDITT"}}
    ```

    ## Use instead
    ```json
    "methods": {"AUDIT_OLD": {"deprecated_in": "1.2.0", "successor": "AUDIT"}}
    ```

    ## Fix safety
    No fix.
    """
    data = ctx.data if isinstance(ctx.data, dict) else {}
    methods = ctx.view.methods
    names = set(methods)
    emb = data.get("embedded")
    for i, v in enumerate(emb if isinstance(emb, list) else []):
        if isinstance(v, str) and v.upper() not in names:
            yield Finding(("embedded", i), f"floor verb {v} is not in methods")
    leg = data.get("legacy")
    for k, e in (leg.items() if isinstance(leg, dict) else ()):
        pref = e if isinstance(e, str) else (e.get("preferred") if isinstance(e, dict) else None)
        if isinstance(pref, str) and pref.upper() not in names:
            yield Finding(("legacy", k), f"legacy {k} prefers {pref}, which is not in methods")
    cats = data.get("categories")
    declared = {c for c in cats if isinstance(c, str)} if isinstance(cats, (dict, list)) else None
    for name, (path, entry) in methods.items():
        if not isinstance(entry, dict):
            continue
        succ = entry.get("successor")
        if isinstance(succ, str) and succ.upper() not in names:
            yield Finding(path + ("successor",), f"{name}'s successor {succ} is not in methods")
        if declared:
            for j, c in enumerate(entry.get("categories") if isinstance(entry.get("categories"), list)
                                  else []):
                if isinstance(c, str) and c not in declared:
                    yield Finding(path + ("categories", j), f"{name} is in category {preview(c)}, which "
                                  "categories does not declare")
