"""JSON Schema support for pass 8: meta-schema validation (fast and cached), a walker
over subschemas, `$ref` resolution into the document's `schemas`, input parameters.

Validating a schema against the draft 2020-12 meta-schema with `jsonschema` costs
about 2 ms, even for `{"type": "integer"}` (the meta-schema is seven vocabularies
joined by `$dynamicRef`). A 1,000-endpoint document has 2,000 such schemas, so:

* :func:`fast_valid` mirrors the meta-schema keyword by keyword in plain Python
  (microseconds) and answers "valid" for the common case. It is exact: the test
  suite compares it with the meta-schema on thousands of generated schemas.
* Only a schema it rejects goes to the real meta-schema validator (built once),
  whose errors become the findings.
* Results are cached by a hash of the schema's canonical JSON, so repeated
  schemas (and re-lints while typing) cost one dictionary lookup.
"""
from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from urllib.parse import unquote

from ...document.pointer import walk as walk_pointer
from ...engine.facts import fact
from ...formats.json_schema_keywords import (SIMPLE_TYPES, SCHEMA_KW, SCHEMA_ARRAY_KW,
                                             SCHEMA_MAP_KW, STRING_KW, ANCHOR_KW, NUMBER_KW,
                                             NONNEG_INT_KW, BOOL_KW, ARRAY_KW, ANY_KW, OTHER_KW,
                                             KEYWORDS)  # noqa: F401
from .._text import close_matches, type_name

_ANCHOR = re.compile(r"^[A-Za-z_][-A-Za-z0-9._]*$")
_ID = re.compile(r"^[^#]*#?$")


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _is_integer(v) -> bool:
    if isinstance(v, bool):
        return False
    return isinstance(v, int) or (isinstance(v, float) and v.is_integer())


@lru_cache(maxsize=4096)
def _regex_ok(pattern: str) -> bool:
    try:
        re.compile(pattern)
        return True
    except (re.error, RecursionError, OverflowError):
        return False


def _unique(items: list) -> bool:
    # Only called on lists of strings.
    return len(set(items)) == len(items)


def _string_array(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v) and _unique(v)


def fast_valid(schema) -> bool:
    """True iff ``schema`` is valid against the draft 2020-12 meta-schema (with the regex format).

    One iterative loop on purpose: the fast path that spares jsonschema on the common, valid
    schema (a 1,000-endpoint document has thousands), with an explicit stack (no recursion)."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, bool):
            continue
        if not isinstance(node, dict):
            return False
        for key, v in node.items():
            if key in SCHEMA_KW:
                stack.append(v)
            elif key in SCHEMA_MAP_KW:
                if not isinstance(v, dict):
                    return False
                if key == "patternProperties" and not all(not isinstance(k, str) or _regex_ok(k) for k in v):
                    return False
                stack.extend(v.values())
            elif key in SCHEMA_ARRAY_KW:
                if not isinstance(v, list) or not v:
                    return False
                stack.extend(v)
            elif key in STRING_KW:
                if not isinstance(v, str):
                    return False
            elif key in NUMBER_KW:
                if not _is_number(v):
                    return False
            elif key in NONNEG_INT_KW:
                if not (_is_integer(v) and v >= 0):
                    return False
            elif key in BOOL_KW:
                if not isinstance(v, bool):
                    return False
            elif key in ARRAY_KW:
                if not isinstance(v, list):
                    return False
            elif key in ANCHOR_KW:
                if not (isinstance(v, str) and _ANCHOR.match(v)):
                    return False
            elif key == "type":
                if isinstance(v, str):
                    if v not in SIMPLE_TYPES:
                        return False
                elif isinstance(v, list):
                    if not v or not all(isinstance(t, str) and t in SIMPLE_TYPES for t in v) or not _unique(v):
                        return False
                else:
                    return False
            elif key == "required":
                if not _string_array(v):
                    return False
            elif key == "pattern":
                if not (isinstance(v, str) and _regex_ok(v)):
                    return False
            elif key == "multipleOf":
                if not (_is_number(v) and v > 0):
                    return False
            elif key == "$id":
                if not (isinstance(v, str) and _ID.match(v)):
                    return False
            elif key == "dependentRequired":
                if not isinstance(v, dict) or not all(_string_array(x) for x in v.values()):
                    return False
            elif key == "dependencies":
                if not isinstance(v, dict):
                    return False
                for x in v.values():
                    if isinstance(x, list):
                        if not _string_array(x):
                            return False
                    else:
                        stack.append(x)
            elif key == "$vocabulary":
                if not isinstance(v, dict) or not all(isinstance(x, bool) for x in v.values()):
                    return False
            # const, default and unknown keywords: anything goes
    return True


@lru_cache(maxsize=1)
def meta_validator():
    from jsonschema import Draft202012Validator, FormatChecker
    return Draft202012Validator(Draft202012Validator.META_SCHEMA,
                                format_checker=FormatChecker(formats=("regex",)))


class _Cache:
    """A small thread-safe LRU of meta-schema results keyed by canonical-JSON digest."""

    def __init__(self, size: int = 8192) -> None:
        self.size = size
        self.data: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            value = self.data.get(key)
            if value is not None:
                self.data.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        with self.lock:
            self.data[key] = value
            if len(self.data) > self.size:
                self.data.popitem(last=False)


_CACHE = _Cache()


def digest(schema) -> str | None:
    try:
        text = json.dumps(schema, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):  # keys of mixed types, exotic values: no caching
        return None
    import hashlib  # (OpenSSL's start-up: only for a schema that is not valid)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def meta_errors(schema) -> tuple:
    """The meta-schema's errors for ``schema`` as (path tuple, jsonschema error); () when valid."""
    if fast_valid(schema):  # the common case, and cheaper than the digest (measured ~2x)
        return ()
    key = digest(schema)
    if key is not None:
        hit = _CACHE.get(key)
        if hit is not None:
            return hit
    errors = sorted(meta_validator().iter_errors(schema), key=lambda e: [str(p) for p in e.absolute_path])
    result = tuple((tuple(e.absolute_path), e) for e in errors)
    if key is not None:
        _CACHE.put(key, result)
    return result


# --- walking subschemas -------------------------------------------------------
def iter_schema_nodes(schema, path: tuple = ()):
    """(path, mapping) of every subschema that is a mapping, the root first; cycles visited once."""
    stack = [(path, schema)]
    seen: set = set()
    while stack:
        p, node = stack.pop()
        if not isinstance(node, dict) or id(node) in seen:
            continue
        seen.add(id(node))
        yield p, node
        children = []
        for key, v in node.items():
            if key in SCHEMA_KW:
                children.append((p + (key,), v))
            elif key in SCHEMA_MAP_KW and isinstance(v, dict):
                children.extend((p + (key, k), x) for k, x in v.items())
            elif key in SCHEMA_ARRAY_KW and isinstance(v, list):
                children.extend((p + (key, i), x) for i, x in enumerate(v))
            elif key == "items" and isinstance(v, list):  # draft-7 tuple form
                children.extend((p + (key, i), x) for i, x in enumerate(v))
            elif key == "dependencies" and isinstance(v, dict):
                children.extend((p + (key, k), x) for k, x in v.items() if isinstance(x, dict))
        stack.extend(reversed(children))


# --- the schemas of a document ------------------------------------------------
BLOCKS = ("input", "output")


def schema_places(ctx):
    """(document path, schema value, label) of every schema the document defines: each
    endpoint's input and output, and each entry of the top-level `schemas`."""
    from ._semantic import endpoints, name
    for ep in endpoints(ctx):
        for block in BLOCKS:
            if block in ep.body and ep.body[block] is not None:
                yield ep.field_path(block), ep.body[block], f"{block} of {name(ep)}", ep
    schemas = ctx.data.get("schemas") if isinstance(ctx.data, dict) else None
    if isinstance(schemas, dict):
        for key, value in schemas.items():
            yield ("schemas", key), value, f"schemas.{key}", None


@fact("agis.json-schema-places")
def json_schema_places(ctx) -> list:
    """Like :func:`schema_places` without the draft's shorthand (AGIS808's), each with its
    subschema nodes: [(path, value, label, endpoint, [(relative path, node), ...])].
    Computed once per lint (kept on the lint context) and shared by the pass 8 rules; not
    kept with the document, which a server holds for as long as it is open (15 MB for 50
    open 200-endpoint documents: benchmarks/lsp_memory.py)."""
    return _json_schema_places(ctx)


def _json_schema_places(ctx) -> list:
    from ._shorthand import shorthand_kind
    out = []
    for path, value, label, ep in schema_places(ctx):
        block = path[-1] if ep is not None else None
        if shorthand_kind(block, value):
            continue
        nodes = list(iter_schema_nodes(value)) if isinstance(value, dict) else []
        out.append((path, value, label, ep, nodes))
    return out


def pointer_parts(pointer: str) -> list:
    return [unquote(p).replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]] \
        if pointer else []


def follow_pointer(root, parts: list):
    """(value, ok, the parts that resolved) following a JSON pointer's parts from ``root``."""
    cur, ok, done = walk_pointer(root, parts)
    return cur, ok, parts[:len(done)]


def resolve_ref(ref: str, doc_root, resource_root, resource_path: tuple):
    """Resolve a `$ref` string. Returns (target, target document path) or None when it does
    not resolve; ("external", None) for references outside the document."""
    if not isinstance(ref, str):
        return None
    if not ref.startswith("#"):
        return "external", None
    frag = ref[1:]
    if frag == "":
        return resource_root, resource_path
    if not frag.startswith("/"):  # plain-name fragment: an $anchor in the resource
        for p, node in iter_schema_nodes(resource_root, resource_path):
            if node.get("$anchor") == frag or node.get("$dynamicAnchor") == frag:
                return node, p
        return None
    parts = pointer_parts(frag)
    if parts and parts[0] == "schemas":
        value, ok, path = walk_pointer(doc_root, parts)
        return (value, tuple(path)) if ok else None
    value, ok, path = walk_pointer(resource_root, parts)
    if ok:
        return value, resource_path + tuple(path)
    value, ok, path = walk_pointer(doc_root, parts)  # a pointer into the whole document
    return (value, tuple(path)) if ok else None


def deref(ctx, schema, path: tuple, depth: int = 0):
    """Follow a root-level `{"$ref": "#/schemas/..."}` chain. Returns (schema, path)."""
    seen = set()
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and depth < 16:
        ref = schema["$ref"]
        if ref in seen:
            break
        seen.add(ref)
        hit = resolve_ref(ref, ctx.data, schema, path)
        if hit is None or hit[0] == "external":
            break
        schema, path = hit
        depth += 1
    return schema, path


def missing_ref_hint(ref: str, doc_root) -> tuple[str, str | None]:
    """(why it does not resolve, a corrected reference or None)."""
    schemas = doc_root.get("schemas") if isinstance(doc_root, dict) else None
    names = list(schemas) if isinstance(schemas, dict) else []
    frag = ref[1:] if ref.startswith("#") else ref
    if ref.startswith("#") and not frag.startswith("/"):
        if frag in names or frag.startswith("schemas/"):
            target = frag.split("/", 1)[1] if frag.startswith("schemas/") else frag
            fixed = f"#/schemas/{target}"
            return "a fragment needs a JSON pointer starting with '/'", fixed
        return f"no subschema declares $anchor '{frag}'", None
    parts = pointer_parts(frag)
    if parts and parts[0] == "schemas":
        if schemas is None:
            return "the document has no top-level 'schemas'", None
        if not isinstance(schemas, dict):
            return f"the document's 'schemas' is {type_name(schemas)}, not a mapping", None
        if len(parts) > 1 and parts[1] not in schemas:
            close = close_matches(parts[1], [n for n in names if isinstance(n, str)])
            if close:
                return f"schemas has no '{parts[1]}'", "#/" + "/".join(["schemas", close[0]] + parts[2:])
            return f"schemas has no '{parts[1]}'", None
        return "the pointer leads nowhere inside the schema", None
    if parts and parts[0] in names:  # '#/restaurant' for '#/schemas/restaurant'
        return "shared schemas live under '#/schemas/'", "#/schemas/" + "/".join(parts)
    return "nothing in the schema or the document is at that pointer", None


def input_schema(ctx, ep):
    """(schema, path) of the endpoint's input after following a root `$ref`; (None, None) if absent."""
    value = ep.body.get("input")
    if value is None:
        return None, None
    return deref(ctx, value, ep.field_path("input"))


def input_parameters(ctx, ep) -> list | None:
    """Names of the endpoint's input parameters, or None when they cannot be determined."""
    from ._shorthand import is_input_shorthand, shorthand_names
    value = ep.body.get("input")
    if is_input_shorthand(value):
        return shorthand_names(value)
    schema, path = input_schema(ctx, ep)
    if not isinstance(schema, dict):
        return None
    names: list = []
    found = False
    branches = [(schema, path)]
    for i, sub in enumerate(schema.get("allOf") or [] if isinstance(schema.get("allOf"), list) else []):
        branches.append(deref(ctx, sub, path + ("allOf", i)))
    for node, _ in branches:
        if isinstance(node, dict) and isinstance(node.get("properties"), dict):
            found = True
            names.extend(k for k in node["properties"] if isinstance(k, str) and k not in names)
        if isinstance(node, dict) and isinstance(node.get("required"), list):
            found = True
            names.extend(k for k in node["required"] if isinstance(k, str) and k not in names)
    return names if found else None
