"""Reading the shipped JSON Schemas by document path (for completion and hover).

Only what an editor needs: the schema node at a path (following ``$ref``,
``allOf``/``anyOf``/``oneOf``, ``items`` and ``additionalProperties``), the
properties of an object node, enum values and a one-line type.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def schema_for_kind(kind: str | None) -> dict | None:
    """The shipped schema for a document kind (``agis``; AGTP kinds when shipped)."""
    if kind is None:
        return None
    from ...formats.registry import schema_for
    built = schema_for(kind)  # formats that keep their field docs as data (AGIS's is built)
    if built is not None:
        return built
    name = f"{kind}.schema.json"
    try:
        with resources.files("agis_lsp.schemas").joinpath(name).open("rb") as fh:
            return json.load(fh)
    except (FileNotFoundError, OSError, ValueError):
        return None


def _deref(root: dict, node):
    seen = 0
    while isinstance(node, dict) and "$ref" in node and isinstance(node["$ref"], str) and seen < 16:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            return node
        target = root
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                return node
            target = target[part]
        extra = {k: v for k, v in node.items() if k != "$ref"}
        node = {**target, **extra} if extra else target
        seen += 1
    return node


def branches(root: dict, node) -> list[dict]:
    """``node`` and everything it combines (allOf/anyOf/oneOf), dereferenced."""
    out: list[dict] = []
    stack = [node]
    while stack and len(out) < 64:
        n = _deref(root, stack.pop())
        if not isinstance(n, dict):
            continue
        out.append(n)
        for key in ("allOf", "anyOf", "oneOf"):
            for sub in n.get(key, ()) or ():
                stack.append(sub)
    return out


def _types(n: dict) -> set:
    t = n.get("type")
    if isinstance(t, str):
        return {t}
    if isinstance(t, list):
        return set(t)
    return set()


def child(root: dict, node, part) -> dict | None:
    """The schema of ``part`` (a key or an index) inside ``node``."""
    candidates = []
    for n in branches(root, node):
        if isinstance(part, int):
            if "items" in n and isinstance(n["items"], dict):
                candidates.append(n["items"])
            elif isinstance(n.get("prefixItems"), list) and part < len(n["prefixItems"]):
                candidates.append(n["prefixItems"][part])
        else:
            props = n.get("properties")
            if isinstance(props, dict) and part in props:
                candidates.insert(0, props[part])
            elif isinstance(n.get("additionalProperties"), dict) and (
                    "object" in _types(n) or "properties" in n or not _types(n)):
                candidates.append(n["additionalProperties"])
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    return {"allOf": candidates}


def node_at(root: dict | None, path: tuple) -> dict | None:
    if root is None:
        return None
    node = root
    for part in path:
        node = child(root, node, part)
        if node is None:
            return None
    return node


def properties(root: dict, node) -> dict[str, dict]:
    """Properties an object node declares (merged over its branches), in order."""
    out: dict[str, dict] = {}
    for n in branches(root, node):
        props = n.get("properties")
        if isinstance(props, dict):
            for k, v in props.items():
                out.setdefault(k, v)
    return out


def required(root: dict, node) -> set:
    out: set = set()
    for n in branches(root, node):
        req = n.get("required")
        if isinstance(req, list):
            out.update(r for r in req if isinstance(r, str))
    return out


def enum_values(root: dict, node) -> list:
    out: list = []
    for n in branches(root, node):
        if isinstance(n.get("enum"), list):
            out += [v for v in n["enum"] if v not in out]
        if "const" in n and n["const"] not in out:
            out.append(n["const"])
        if "boolean" in _types(n):
            out += [v for v in (True, False) if v not in out]
    return out


def description(root: dict, node) -> str | None:
    for n in branches(root, node):
        if isinstance(n.get("description"), str):
            return n["description"]
    return None


def type_label(root: dict, node) -> str:
    kinds: list[str] = []
    for n in branches(root, node):
        for t in sorted(_types(n)):
            if t not in kinds:
                kinds.append(t)
        if "enum" in n and "enum" not in kinds and not _types(n):
            kinds.append("enum")
    return " | ".join(kinds)


def is_object(root: dict, node) -> bool:
    return any("object" in _types(n) or "properties" in n for n in branches(root, node))
