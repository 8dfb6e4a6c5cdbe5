"""The prose of a document: every string a language model may read as text.

The security pass (``agis_lsp/rules/security``) scans these fields, whatever the
document kind. :func:`prose_fields` returns them for any document:

* :func:`generic_prose` walks the whole document and finds every string under a
  prose key (``description``, ``summary``, ``title``, ``intent``, ``outcome``,
  ``parameter_hints``, ...) and the text slots of JSON Schemas (``title``,
  ``description``, string ``default`` / ``examples`` / ``enum`` / ``const``
  values, enum descriptions), so any kind, including one added tomorrow, is
  scanned from the day it is detected;
* a format of ``formats/registry.py`` adds the fields only it knows about
  through its ``FormatKind.prose`` hook (view -> ``(path, text)`` pairs); that
  is the whole interface a new format implements to be covered.

Roles say what the text is; the security rules use them in messages and treat
``schema-value`` (a string ``default``, ``examples``, ``enum`` or ``const`` inside
a JSON Schema: data, not documentation) as schema poisoning.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, NamedTuple

from ..document import Document

# Keys whose string value (or list of strings, or mapping of strings) is prose.
PROSE_KEYS = frozenset((
    "description", "summary", "title", "intent", "outcome", "purpose", "instructions", "usage",
    "notes", "note", "help", "hint", "hints", "parameter_hints", "documentation", "doc", "docs",
    "details", "explanation", "comment", "message", "guidance", "when_to_use", "prompt",
    "system_prompt", "instructions_for_agent", "examples_text", "remarks", "caveats", "warning",
    "warnings", "display_name", "displayName", "long_description", "short_description",
    "x-description", "x-summary", "x-notes", "x-usage", "markdownDescription",
))
# JSON Schema slots holding strings an agent reads while filling in arguments.
SCHEMA_TEXT_KEYS = frozenset(("title", "description", "markdownDescription", "$comment"))
SCHEMA_VALUE_KEYS = frozenset(("default", "examples", "enum", "const", "example"))
ENUM_DESCRIPTION_KEYS = frozenset(("enumDescriptions", "markdownEnumDescriptions", "enum_descriptions",
                                   "x-enumDescriptions", "x-enum-descriptions", "x-enum-varnames-description",
                                   "enumNames", "x-enumNames"))
# Keys that make a mapping a JSON Schema (so `default` / `examples` there are schema values).
SCHEMA_MARKERS = frozenset(("type", "properties", "items", "enum", "const", "$ref", "anyOf", "oneOf",
                            "allOf", "additionalProperties", "required", "format", "pattern"))
MIN_LENGTH = 3  # shorter strings cannot say anything


class Prose(NamedTuple):
    """One piece of agent-facing text: where it is, what it says, what it is."""
    path: tuple
    text: str
    role: str     # "intent", "outcome", "description", "summary", "title", "hint",
                  # "schema-description", "schema-title", "schema-value", "enum-description", ...

    @property
    def field(self) -> str:
        """A short name for messages: the last keys of the path (``input.properties.city.description``)."""
        keys = [p for p in self.path if isinstance(p, str)]
        return ".".join(keys[-4:]) if keys else "text"


def prose_fields(kind: str | None, doc: Document, focus: frozenset | None = None) -> list[Prose]:
    """Every prose field of ``doc`` (of ``kind``), each path once: the generic walk in
    document order, then the fields the kind's format adds (``FormatKind.prose``).
    ``focus``: only the fields of the frame (the document outside its endpoints) and of
    those endpoints of an AGIS document (a per-endpoint re-check, ``engine.incremental``:
    the frame's findings do not depend on the focus)."""
    if doc.data is None:
        return []
    if focus is not None and kind == "agis" and isinstance(doc.data, dict) \
            and isinstance(doc.data.get("endpoints"), list):
        items = doc.data["endpoints"]
        frame = {k: v for k, v in doc.data.items() if k != "endpoints"}
        found = list(generic_prose(frame, ())) + [p for i in sorted(focus) if 0 <= i < len(items)
                                                  for p in generic_prose(items[i], ("endpoints", i))]
        return [p for p in found if isinstance(p.text, str) and len(p.text.strip()) >= MIN_LENGTH]
    seen: set = set()
    out = []

    def add(p: Prose) -> None:
        if p.path not in seen and isinstance(p.text, str) and len(p.text.strip()) >= MIN_LENGTH:
            seen.add(p.path)
            out.append(p)

    for p in generic_walk(doc):
        add(p)
    for path, text in _format_prose(kind, doc):
        key = next((k for k in reversed(path) if isinstance(k, str)), "text")
        add(Prose(tuple(path), text, _role(key)))
    return out


def _format_prose(kind: str | None, doc: Document) -> Iterable[tuple]:
    from .registry import get
    fmt = get(kind)
    if fmt is None or fmt.prose is None:
        return ()
    return fmt.prose(fmt.view(doc))


def generic_walk(doc: Document) -> Iterator[Prose]:
    return generic_prose(doc.data, ())


def _is_schema(obj: dict) -> bool:
    return not SCHEMA_MARKERS.isdisjoint(obj)


def _strings(value: Any, path: tuple, role: str) -> Iterator[Prose]:
    """A string, or the strings of a list / mapping one level down."""
    if isinstance(value, str):
        yield Prose(path, value, role)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, str):
                yield Prose(path + (i,), v, role)
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, str):
                yield Prose(path + (k,), v, role)
            elif isinstance(v, list):
                yield from _strings(v, path + (k,), role)


# Keys whose mapping names schemas (JSON Schema's properties and definitions).
_NAME_MAPS = frozenset(("properties", "patternProperties", "definitions", "$defs"))


def _names_schemas(obj: dict) -> bool:
    """Is ``obj`` a map from names to schemas (every value a mapping or a boolean schema)?"""
    return bool(obj) and all(type(v) is dict or type(v) is bool for v in obj.values())


_TEXT_KEYS = PROSE_KEYS | SCHEMA_TEXT_KEYS | SCHEMA_VALUE_KEYS | ENUM_DESCRIPTION_KEYS | {"parameter_hints"}
_NO_DESCENT = frozenset(("enum", "const", "default", "examples"))


def _field_role(key: str, value: Any, schema: bool) -> str | None:
    if schema and key in SCHEMA_TEXT_KEYS:
        return "schema-" + key.lower().lstrip("$")
    if schema and key in SCHEMA_VALUE_KEYS:
        return "schema-value"
    if key in ENUM_DESCRIPTION_KEYS:
        return "enum-description"
    if key == "parameter_hints":
        return "hint"
    if key in PROSE_KEYS and not isinstance(value, dict):
        return key.lower().removeprefix("x-")
    return None


def generic_prose(data: Any, root: tuple = ()) -> Iterator[Prose]:
    """Prose under ``data`` by key names; iterative, shared (aliased) nodes visited once."""
    stack = [(root, data)]
    seen: set[int] = set()
    text_keys = _TEXT_KEYS
    no_descent = _NO_DESCENT
    while stack:
        path, obj = stack.pop()
        oid = id(obj)
        if oid in seen:
            continue
        seen.add(oid)
        if type(obj) is list:
            children = [(path + (i,), v) for i, v in enumerate(obj) if type(v) is dict or type(v) is list]
        elif type(obj) is not dict:
            continue  # a scalar root (a document that is just a string or a number)
        elif path and path[-1] in _NAME_MAPS and _names_schemas(obj):
            # a schema's ``properties``: every key is a name, none a keyword ("description",
            # "default", "enum" name parameters here), so each value is walked as a schema
            children = [(path + (k,), v) for k, v in obj.items() if type(v) is dict]
        else:
            schema = None
            children = []
            for key, value in obj.items():
                t = type(value)
                if t is dict or t is list:
                    if key not in no_descent:
                        children.append((path + (key,), value))
                    if key not in text_keys:
                        continue
                elif t is not str or key not in text_keys:
                    continue
                if schema is None:
                    schema = _is_schema(obj)
                role = _field_role(key, value, schema)
                if role is not None:
                    yield from _strings(value, path + (key,), role)
        if children:
            children.reverse()
            stack.extend(children)


def _role(key: str) -> str:
    if key == "parameter_hints":
        return "hint"
    return key.lower().removeprefix("x-")
