"""The draft's shorthand schemas and their translation into JSON Schema (AGIS808).

The draft writes contracts in an illustrative notation (section 7, appendix A)::

    input:
      required:
        - restaurant_id (integer)
        - party_size (integer, minimum: 1, maximum: 20)
        - datetime (string, format: date-time, ISO 8601)
      optional:
        - preferences (string)
    output: { reservation_id, status, confirmation_code }

Each item is a name, optionally followed by a parenthesised descriptor: a type
(`int`, `string`, `ISO8601` ...), `keyword: value` constraints, and free text.
:func:`parse_item` turns one item into ``(name, schema)``; an item it cannot read
makes the whole translation fail (no fix rather than a wrong one).

Translation rules (documented in AGIS808):

* type words: int/integer -> integer; number/float/double/decimal -> number;
  string/str/text -> string; bool/boolean -> boolean; array/list -> array;
  object/dict/map -> object; "array of T" -> array with items of T.
* date words: ISO 8601/ISO8601/datetime/date-time/timestamp -> string with
  format date-time; date, time, uuid, email, uri/url -> string with that format.
* constraints: minimum/min, maximum/max, exclusiveMinimum, exclusiveMaximum,
  minLength, maxLength, minItems, maxItems, multipleOf, pattern, format, enum,
  default, examples (snake_case spellings accepted).
* anything else in the parentheses is kept verbatim as the `description`.
* a bare name becomes `{}`: the shorthand says nothing about its type, and
  adding `"type": "string"` would be a guess.
"""
from __future__ import annotations

import json
import re

from ..document.preview import preview
from .json_schema_keywords import KEYWORDS

_ITEM = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.\-]*)\s*(?:\((.*)\))?\s*$", re.S)
_BARE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")

TYPES = {"int": "integer", "integer": "integer", "long": "integer", "number": "number", "float": "number",
         "double": "number", "decimal": "number", "numeric": "number", "string": "string", "str": "string",
         "text": "string", "bool": "boolean", "boolean": "boolean", "array": "array", "list": "array",
         "object": "object", "dict": "object", "map": "object", "null": "null"}
FORMATS = {"iso 8601": "date-time", "iso8601": "date-time", "iso-8601": "date-time", "datetime": "date-time",
           "date-time": "date-time", "timestamp": "date-time", "date": "date", "time": "time",
           "uuid": "uuid", "email": "email", "uri": "uri", "url": "uri"}
_NUMERIC = {"minimum": "minimum", "min": "minimum", "maximum": "maximum", "max": "maximum",
            "exclusiveminimum": "exclusiveMinimum", "exclusive_minimum": "exclusiveMinimum",
            "exclusivemaximum": "exclusiveMaximum", "exclusive_maximum": "exclusiveMaximum",
            "multipleof": "multipleOf", "multiple_of": "multipleOf"}
_COUNTS = {"minlength": "minLength", "min_length": "minLength", "maxlength": "maxLength",
           "max_length": "maxLength", "minitems": "minItems", "min_items": "minItems",
           "maxitems": "maxItems", "max_items": "maxItems"}
_ORDER = ("type", "format", "items", "enum", "const", "minimum", "exclusiveMinimum", "maximum",
          "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems",
          "default", "examples", "description")


class Unreadable(ValueError):
    pass


def split_top(text: str) -> list[str]:
    """Split on commas outside brackets and quotes."""
    out, depth, buf, quote = [], 0, [], None
    for ch in text:
        if quote:
            buf.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[({":
            depth += 1
        elif ch in "])}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(buf).strip())
            buf = []
        else:
            buf.append(ch)
    tail = "".join(buf).strip()
    if tail or out:
        out.append(tail)
    return [p for p in out if p]


def scalar(text: str):
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "\"'":
        return t[1:-1]
    if t in ("true", "false"):
        return t == "true"
    if t == "null":
        return None
    if t.startswith("[") and t.endswith("]"):
        return [scalar(p) for p in split_top(t[1:-1])]
    try:
        return json.loads(t) if re.match(r"^-?\d+(\.\d+)?([eE][-+]?\d+)?$", t) else t
    except ValueError:
        return t


def _type_of(word: str) -> dict | None:
    w = word.strip().lower()
    if w in TYPES:
        return {"type": TYPES[w]}
    if w in FORMATS:
        return {"type": "string", "format": FORMATS[w]}
    m = re.match(r"^(?:array|list) of (.+?)s?$", w)
    if m:
        inner = _type_of(m.group(1))
        return {"type": "array", "items": inner} if inner else None
    return None


def parse_descriptor(text: str) -> dict:
    """`integer, minimum: 1` -> {"type": "integer", "minimum": 1}."""
    schema: dict = {}
    notes: list[str] = []
    for token in split_top(text):
        key, sep, value = token.partition(":")
        k = key.strip().lower().replace(" ", "")
        if sep and (k in _NUMERIC or k in _COUNTS):
            v = scalar(value)
            if k in _COUNTS and isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                schema[_COUNTS[k]] = v
            elif k in _NUMERIC and isinstance(v, (int, float)) and not isinstance(v, bool):
                schema[_NUMERIC[k]] = v
            else:
                notes.append(token)
            continue
        if sep and k in ("enum", "examples", "example"):
            v = scalar(value)
            if isinstance(v, list) and v:
                schema["enum" if k == "enum" else "examples"] = v
            elif k != "enum":
                schema["examples"] = [v]
            else:
                notes.append(token)
            continue
        if sep and k in ("format", "pattern", "description", "default"):
            v = scalar(value)
            schema[k] = v if k == "default" else str(v)
            continue
        if sep and k == "items":
            inner = _type_of(value)
            if inner:
                schema["items"] = inner
            else:
                notes.append(token)
            continue
        typed = None if sep else _type_of(token)
        if typed:
            clash = any(k2 in schema and schema[k2] != v2 for k2, v2 in typed.items())
            if not clash:
                schema.update(typed)
                continue
            if typed.get("format") == schema.get("format"):
                continue  # "format: date-time, ISO 8601": the same thing twice
        notes.append(token)
    if notes:
        text_notes = ", ".join(notes)
        schema["description"] = f"{schema['description']}; {text_notes}" if "description" in schema \
            else text_notes
    return {k: schema[k] for k in _ORDER if k in schema}


def parse_item(item) -> tuple[str, dict]:
    """One shorthand item (`"party_size (integer, minimum: 1)"`, a bare name, or a one-key
    mapping `{party_size: integer}`) -> (name, schema). Raises Unreadable."""
    if isinstance(item, dict) and len(item) == 1:
        (name, desc), = item.items()
        if not (isinstance(name, str) and _BARE.match(name)):
            raise Unreadable(f"'{name}' is not a parameter name")
        if desc is None:
            return name, {}
        if isinstance(desc, str):
            return name, parse_descriptor(desc)
        raise Unreadable(f"the description of '{name}' is not text")
    if not isinstance(item, str):
        raise Unreadable(f"{preview(item)} is not a name")
    m = _ITEM.match(item)
    if not m:
        raise Unreadable(f"'{item}' is not 'name (type, ...)'")
    name, desc = m.group(1), m.group(2)
    return name, parse_descriptor(desc) if desc and desc.strip() else {}


def _str_list(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, (str, dict)) for x in v)


def is_input_shorthand(value) -> bool:
    """`{required: [...], optional: [...]}` in the draft's notation (not plain JSON Schema)."""
    if not isinstance(value, dict) or not value or not set(value) <= {"required", "optional"}:
        return False
    if not all(v is None or _str_list(v) for v in value.values()):
        return False
    if "optional" in value:
        return True
    items = value.get("required") or []
    return any(not (isinstance(x, str) and _BARE.match(x)) for x in items)


def is_property_map(value) -> bool:
    """An object's fields written without `properties`: `{reservation_id: string, status: }`
    or a list of field descriptors `[reservation_id (string), status]`."""
    if isinstance(value, list):
        return bool(value) and all(isinstance(x, str) or (isinstance(x, dict) and len(x) == 1)
                                   for x in value)
    if not isinstance(value, dict) or not value:
        return False
    for k, v in value.items():
        if not isinstance(k, str) or k in KEYWORDS or k.startswith("x-") or not _BARE.match(k):
            return False
        if v is None or isinstance(v, str):
            continue
        if isinstance(v, list) and len(v) == 1 and isinstance(v[0], str):
            continue
        if isinstance(v, dict) and v and all(isinstance(x, str) and x in KEYWORDS for x in v):
            continue
        return False
    return True


def shorthand_names(value) -> list:
    names = []
    for key in ("required", "optional"):
        for item in value.get(key) or []:
            try:
                names.append(parse_item(item)[0])
            except Unreadable:
                if isinstance(item, str):
                    names.append(item.split("(")[0].strip())
    return names


def translate_input(value) -> dict:
    """The JSON Schema meaning of the `{required, optional}` shorthand. Raises Unreadable."""
    props: dict = {}
    required: list = []
    for key in ("required", "optional"):
        for item in value.get(key) or []:
            name, schema = parse_item(item)
            if name in props:
                raise Unreadable(f"'{name}' is listed twice")
            props[name] = schema
            if key == "required":
                required.append(name)
    out = {"type": "object", "properties": props}
    if required:
        out["required"] = required
    return out


def translate_property_map(value) -> dict:
    """`{a: string, b: }` or `[a (string), b]` -> an object schema with those properties."""
    props: dict = {}
    if isinstance(value, list):
        for item in value:
            name, schema = parse_item(item)
            if name in props:
                raise Unreadable(f"'{name}' is listed twice")
            props[name] = schema
    else:
        for name, v in value.items():
            if v is None:
                props[name] = {}
            elif isinstance(v, str):
                props[name] = parse_descriptor(v)
            elif isinstance(v, list):  # "[array of restaurant objects]"
                props[name] = _type_of(v[0]) or {"type": "array", "description": v[0]}
            else:
                props[name] = v
    return {"type": "object", "properties": props}


def shorthand_kind(block: str | None, value) -> str | None:
    """"input" for the `{required, optional}` input shorthand, "map" for fields written
    without `properties` (a list of descriptors only for `output`), else None."""
    if block == "input" and is_input_shorthand(value):
        return "input"
    if is_property_map(value) and (isinstance(value, dict) or block == "output"):
        return "map"
    return None
