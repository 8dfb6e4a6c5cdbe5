"""The field schema of the AGTP-API TOML files: what each may contain, for completion.

The field names and value sets are the AGTP-API vocabulary the rules enforce
(``formats.agtp.vocabulary``), so completion never offers what a rule would then
reject. Paths of endpoint files are relative to the endpoint (``[endpoint]`` stripped).
The editor hooks of the AGTP kinds (``formats.agtp.editor``) hand these to the server.
"""
from __future__ import annotations

from . import vocabulary as vocab


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
    n = len(path)
    if kind == "agtp-endpoint":
        if n == 0:
            return vocab.ENDPOINT_KEYS
        if path == ("semantic",):
            return vocab.SEMANTIC_KEYS
        if path == ("handler",):
            handler_type = _get(data, ("handler", "type"))
            if handler_type in vocab.KIND_KEYS:
                return vocab.KIND_KEYS[handler_type]
            return tuple(dict.fromkeys(k for ks in vocab.KIND_KEYS.values() for k in ks))
        if path == ("deprecated",):
            return vocab.DEPRECATED_KEYS
        if (n == 3 and path[0] == "input" and path[1] in ("required", "optional")) or \
                (n == 2 and path[0] == "output"):
            return vocab.FIELD_KEYS
        return None
    if kind == "agtp-recipes":
        if n == 2 and path[0] == "recipe":
            return vocab.RECIPE_KEYS
        if n == 3 and path[0] == "recipe" and path[2] == "pattern":
            return vocab.PATTERN_KEYS
        if n == 3 and path[0] == "recipe" and path[2] == "aggregation":
            return ("mode",)
        if n == 4 and path[0] == "recipe" and path[2] == "steps":
            return vocab.STEP_KEYS
        if n == 6 and path[0] == "recipe" and path[4] == "parameters":
            return ("kind", "value")
        return None
    if kind == "agtp-server":
        if n == 0:
            return ("server", "policies")
        if path == ("server",):
            return vocab.SERVER_KEYS
        if path == ("policies",):
            return vocab.POLICY_KEYS
        if path == ("policies", "methods"):
            return vocab.METHOD_POLICY_KEYS
        if n == 4 and path[:3] == ("policies", "methods", "redirects"):
            return vocab.REDIRECT_KEYS
    return None


def values(kind: str | None, path: tuple, data, *, catalog=None, recipes=()) -> tuple | None:
    """``(values, detail)`` for the value at ``path`` (None: not known)."""
    n = len(path)
    categories = tuple(getattr(catalog, "categories", {}) or ())
    if kind == "agtp-endpoint":
        if path == ("handler", "type"):
            return vocab.HANDLER_KINDS, "handler binding (AGTP-API §12)"
        if path == ("handler", "recipe"):
            return tuple(sorted(recipes)), "recipe of agtp-recipes.toml"
        if path == ("handler", "method"):
            return vocab.HTTP_METHODS, "upstream HTTP method"
        if n == 3 and path[:2] == ("handler", "error_map"):
            errors = _get(data, ("errors",))
            if isinstance(errors, dict):
                errors = errors.get("list")
            names = tuple(e for e in errors if isinstance(e, str)) if isinstance(errors, list) else ()
            return names, "declared in errors"
        if path[:1] == ("errors",) and isinstance(path[-1], int):
            handler_type = _get(data, ("handler", "type"))
            if handler_type == "external_service":
                return vocab.UPSTREAM_ERRORS, "upstream failure (AGTP-API §12.3)"
            if handler_type == "composition":
                return ("composition_failed",), "composition failure (AGTP-API §12.1)"
            return None
        if path == ("semantic", "capability"):
            return categories, "catalog category"
        if path == ("semantic", "impact"):
            return vocab.IMPACTS, "impact"
        if path == ("semantic", "actor"):
            return vocab.ACTORS, "suggested actor"
        if path == ("semantic", "is_idempotent"):
            return (True, False), "boolean"
        if n == 4 and path[0] == "input" and path[3] == "type" or \
                n == 3 and path[0] == "output" and path[2] == "type":
            return vocab.FIELD_TYPES, "field type"
        return None
    if kind == "agtp-recipes" and n >= 3 and path[0] == "recipe":
        if path[2:] == ("aggregation", "mode"):
            return vocab.AGGREGATION_MODES, "aggregation mode"
        if path[2:3] == ("pattern",) and path[-1] == "category":
            return categories, "catalog category"
        if n == 7 and path[2] == "steps" and path[4] == "parameters" and path[6] == "kind":
            return vocab.PARAMETER_KINDS, "parameter source"
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
            return vocab.LEGACY_VERBS, "legacy verb"
        if path == ("policies", "methods", "allow"):
            return ("*",), "every catalog method"
        if n == 2 and path[0] == "policies" and path[1] in vocab.POLICY_KEYS and \
                path[1] not in ("methods", "max_synthesis_depth"):
            return (True, False), "boolean"
    return None
