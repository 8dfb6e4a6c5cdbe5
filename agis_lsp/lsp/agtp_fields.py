"""What the AGTP-API TOML files may contain, for completion.

The field names and value sets are the ones the AGTP rules enforce (imported
from them, so completion never offers what a rule would then reject). Paths
of endpoint files are relative to the endpoint (``[endpoint]`` stripped).
"""
from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

ACTORS = ("agent", "human", "system", "customer", "staff", "admin")  # suggested, not closed (§7.1)
METHOD_POLICY_KEYS = ("allow", "disallow", "legacy", "redirects", "aliases")
REDIRECT_KEYS = ("from_method", "from_path", "to_method", "to_path")


@lru_cache(maxsize=1)
def tables() -> SimpleNamespace:
    from ..formats.agtp_kinds import FIELD_TYPES, HANDLER_KINDS, LEGACY_VERBS
    from ..rules.agtp.endpoint import DEPRECATED_KEYS, ENDPOINT_KEYS, FIELD_KEYS
    from ..rules.agtp.handlers import HTTP_METHODS, KIND_KEYS, UPSTREAM_ERRORS
    from ..rules.agtp.recipes import KINDS, MODES, PATTERN_KEYS, RECIPE_KEYS, STEP_KEYS
    from ..rules.agtp.semantic import IMPACTS, SEMANTIC_KEYS
    from ..rules.agtp.server import POLICY_KEYS, SERVER_KEYS
    return SimpleNamespace(**locals())


def _get(data, path: tuple):
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def keys(kind: str | None, path: tuple, data) -> tuple | None:
    """Keys a mapping at ``path`` may hold (None: not known)."""
    t = tables()
    n = len(path)
    if kind == "agtp-endpoint":
        if n == 0:
            return t.ENDPOINT_KEYS
        if path == ("semantic",):
            return t.SEMANTIC_KEYS
        if path == ("handler",):
            handler_type = _get(data, ("handler", "type"))
            if handler_type in t.KIND_KEYS:
                return t.KIND_KEYS[handler_type]
            return tuple(dict.fromkeys(k for ks in t.KIND_KEYS.values() for k in ks))
        if path == ("deprecated",):
            return t.DEPRECATED_KEYS
        if (n == 3 and path[0] == "input" and path[1] in ("required", "optional")) or \
                (n == 2 and path[0] == "output"):
            return t.FIELD_KEYS
        return None
    if kind == "agtp-recipes":
        if n == 2 and path[0] == "recipe":
            return t.RECIPE_KEYS
        if n == 3 and path[0] == "recipe" and path[2] == "pattern":
            return t.PATTERN_KEYS
        if n == 3 and path[0] == "recipe" and path[2] == "aggregation":
            return ("mode",)
        if n == 4 and path[0] == "recipe" and path[2] == "steps":
            return t.STEP_KEYS
        if n == 6 and path[0] == "recipe" and path[4] == "parameters":
            return ("kind", "value")
        return None
    if kind == "agtp-server":
        if n == 0:
            return ("server", "policies")
        if path == ("server",):
            return t.SERVER_KEYS
        if path == ("policies",):
            return t.POLICY_KEYS
        if path == ("policies", "methods"):
            return METHOD_POLICY_KEYS
        if n == 4 and path[:3] == ("policies", "methods", "redirects"):
            return REDIRECT_KEYS
    return None


def values(kind: str | None, path: tuple, data, *, catalog=None, recipes=()) -> tuple | None:
    """``(values, detail)`` for the value at ``path`` (None: not known)."""
    t = tables()
    n = len(path)
    categories = tuple(getattr(catalog, "categories", {}) or ())
    if kind == "agtp-endpoint":
        if path == ("handler", "type"):
            return t.HANDLER_KINDS, "handler binding (AGTP-API §12)"
        if path == ("handler", "recipe"):
            return tuple(sorted(recipes)), "recipe of agtp-recipes.toml"
        if path == ("handler", "method"):
            return t.HTTP_METHODS, "upstream HTTP method"
        if n == 3 and path[:2] == ("handler", "error_map"):
            errors = _get(data, ("errors",))
            if isinstance(errors, dict):
                errors = errors.get("list")
            names = tuple(e for e in errors if isinstance(e, str)) if isinstance(errors, list) else ()
            return names, "declared in errors"
        if path[:1] == ("errors",) and isinstance(path[-1], int):
            handler_type = _get(data, ("handler", "type"))
            if handler_type == "external_service":
                return t.UPSTREAM_ERRORS, "upstream failure (AGTP-API §12.3)"
            if handler_type == "composition":
                return ("composition_failed",), "composition failure (AGTP-API §12.1)"
            return None
        if path == ("semantic", "capability"):
            return categories, "catalog category"
        if path == ("semantic", "impact"):
            return t.IMPACTS, "impact"
        if path == ("semantic", "actor"):
            return ACTORS, "suggested actor"
        if path == ("semantic", "is_idempotent"):
            return (True, False), "boolean"
        if n == 4 and path[0] == "input" and path[3] == "type" or \
                n == 3 and path[0] == "output" and path[2] == "type":
            return t.FIELD_TYPES, "field type"
        return None
    if kind == "agtp-recipes" and n >= 3 and path[0] == "recipe":
        if path[2:] == ("aggregation", "mode"):
            return t.MODES, "aggregation mode"
        if path[2:3] == ("pattern",) and path[-1] == "category":
            return categories, "catalog category"
        if n == 7 and path[2] == "steps" and path[4] == "parameters" and path[6] == "kind":
            return t.KINDS, "parameter source"
        if n == 7 and path[2] == "steps" and path[4] == "parameters" and path[6] == "value" and \
                _get(data, path[:6] + ("kind",)) == "previous_step":
            steps = _get(data, path[:3]) or []
            earlier = tuple(s.get("capture_as") for s in steps[:path[3]]
                            if isinstance(s, dict) and isinstance(s.get("capture_as"), str))
            return earlier, "captured by an earlier step"
        return None
    if kind == "agtp-server":
        if path == ("policies", "methods", "legacy"):
            return ("*", "NONE"), "legacy verbs"
        if n == 4 and path[:3] == ("policies", "methods", "legacy"):
            return t.LEGACY_VERBS, "legacy verb"
        if path == ("policies", "methods", "allow"):
            return ("*",), "every catalog method"
        if n == 2 and path[0] == "policies" and path[1] in t.POLICY_KEYS and \
                path[1] not in ("methods", "max_synthesis_depth"):
            return (True, False), "boolean"
    return None
