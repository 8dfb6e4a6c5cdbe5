"""JSON Schema plumbing shared by the converters: local $refs, $defs, OpenAPI schemas."""
from __future__ import annotations

import copy

from . import mapping

MAX_NODES = 200_000   # a schema that expands past this is cut (an alias or $ref bomb)


def pointer_get(root, ref: str):
    """The value at a local JSON pointer ``#/a/b``, or None."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None
    node = root
    for raw in ref[1:].split("/")[1:] if ref.startswith("#/") else []:
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def rewrite_refs(schema, prefix_from: str, prefix_to: str, used: set | None = None):
    """A copy of ``schema`` with ``$ref`` values under ``prefix_from`` moved to ``prefix_to``;
    the names referenced are added to ``used``."""
    def walk(node):
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if k == "$ref" and isinstance(v, str) and v.startswith(prefix_from):
                    name = v[len(prefix_from):].split("/")[0]
                    if used is not None:
                        used.add(name)
                    out[k] = prefix_to + v[len(prefix_from):]
                else:
                    out[k] = walk(v)
            return out
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node
    return walk(schema)


def closure(names: set, defs: dict, prefix: str) -> list[str]:
    """Names reachable from ``names`` through ``$ref``s to ``prefix`` + name, sorted."""
    todo, seen = sorted(names), set()
    while todo:
        n = todo.pop()
        if n in seen or n not in defs:
            continue
        seen.add(n)
        found: set = set()
        rewrite_refs(defs[n], prefix, prefix, found)
        todo.extend(sorted(found - seen))
    return sorted(seen)


def openapi_schema(schema, components_prefix: str, target_prefix: str, used: set, budget: list | None = None,
                   self_ref: str | None = None):
    """An OpenAPI 3.0/3.1 schema as JSON Schema: ``nullable`` becomes a null type, OpenAPI-only
    keywords and ``x-`` extensions go, component ``$ref``s point at ``target_prefix``."""
    budget = budget if budget is not None else [MAX_NODES]

    def walk(node, in_props=False):
        budget[0] -= 1
        if budget[0] < 0:
            return {}
        if isinstance(node, list):
            return [walk(v) for v in node]
        if not isinstance(node, dict):
            return node
        out: dict = {}
        for k, v in node.items():
            k = str(k)
            if in_props:
                out[k] = walk(v)
                continue
            if k.startswith("x-") or k in mapping.OPENAPI_ONLY_KEYWORDS or k == "$recursiveAnchor":
                continue
            if k == "$recursiveRef":          # draft 2019-09: "#" is the schema carrying the anchor
                if self_ref and "$ref" not in node:
                    out["$ref"] = self_ref
                continue
            if k in ("description", "title") and not isinstance(v, str):
                continue
            if k == "$ref" and isinstance(v, str):
                if v.startswith(components_prefix):
                    used.add(v[len(components_prefix):].split("/")[0])
                    out[k] = target_prefix + v[len(components_prefix):]
                else:
                    out[k] = v
                continue
            if k in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
                out[k] = walk(v, in_props=True) if isinstance(v, dict) else walk(v)
                continue
            out[k] = walk(v)
        for ex, bound in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
            if isinstance(out.get(ex), bool):        # OpenAPI 3.0 (draft 4) form -> draft 2020-12
                if out[ex] and isinstance(out.get(bound), (int, float)):
                    out[ex] = out.pop(bound)
                else:
                    del out[ex]
        if isinstance(out.get("required"), list):    # duplicates are invalid JSON Schema
            out["required"] = list(dict.fromkeys(out["required"]))
        if node.get("nullable") is True and "type" in out:
            t = out["type"]
            if isinstance(t, str) and t != "null":
                out["type"] = [t, "null"]
            elif isinstance(t, list) and "null" not in t:
                out["type"] = t + ["null"]
        return out
    return walk(schema)
