"""A2T tool signatures (draft-rosenberg-aiproto-a2t-00 §5-6).

Three bodies share one kind, ``a2t``:

* a single ToolSignature (§6.1 Figure 2; also the body of ``GET /tools/{toolID}``, §6.2);
* the enumeration body of ``GET /tools``: ``items`` (signatures) plus ``paging``
  (``pageLimit``, ``next``) (§6.1, §6.4);
* the version-retrieval body of ``GET /tools/{toolID}/versions``: the same
  shape, every item one version of one tool, most recent first (§6.3).

An ``items`` body is read as a version list when its file name says ``versions``
or when it holds two or more items that all carry the same ``toolId`` (an
enumeration never repeats a toolId).
"""
from __future__ import annotations

import os
from functools import cached_property

from . import _common as c
from .registry import FormatKind, Operation, Symbol

SPEC = "draft-rosenberg-aiproto-a2t-00 §5-6"
INPUT_TYPES = ("string", "int", "boolean", "enum")
OUTPUT_TYPES = ("string", "int", "enum", "json")
NAME_LIMIT = 255          # "MUST be less than 255 characters" (§6.1)
DESCRIPTION_LIMIT = 2000  # "MUST be less than 2000 characters" (§6.1)
ENUM_NAME_MAX = 255       # "a maximum length of 255 characters" (§6.1, enum values)
ENUM_DESCRIPTION_MAX = 2000
INT_MAX_DEFAULT = 65535

_ALLOWED = c.array(c.obj({
    "name": c.string("The enumerated value: snake case, capitalised (`PREMIUM_ECONOMY`), at most "
                     "255 characters (§6.1)."),
    "description": c.string("What the value means; at most 2,000 characters (§6.1)."),
}, "One allowed value of an enum input.", required=("name", "description")),
    "Required when type is enum: the permitted values as name/description pairs (§6.1, Figure 3).")

INPUT = c.obj({
    "id": c.string("Identifier of the input, stable across versions; unique within the tool "
                   "(§6.1)."),
    "name": c.string("The name the LLM synthesises; unique within the tool (§6.1)."),
    "type": c.enum(INPUT_TYPES, "Input type; optional, \"string\" when omitted. Only string, int, "
                   "boolean and enum are valid (§6.1).", default="string"),
    "description": c.string("What the input is, with examples."),
    "required": c.boolean("Whether the input must be given; optional, true when absent (§6.1). "
                          "Optional inputs should be used sparingly.", default=True),
    "max": c.integer("Only for type int: the maximum value (default 65535) (§6.1)."),
    "min": c.integer("Only for type int: the minimum value (§5.1)."),
    "maxLength": c.integer("For strings: the maximum length (§5.1 'Strings: max length')."),
    "allowed-values": _ALLOWED,
}, "An input parameter.", required=("id", "name"))

OUTPUT = c.obj({
    "id": c.string("Identifier of the output."),
    "name": c.string("The output's name; invocation results name outputs by it (§7)."),
    "type": c.enum(OUTPUT_TYPES, "Output type: string, int, enum or json (§5.1, §6.1)."),
    "description": c.string("What the output is."),
}, "An output parameter.", required=("name", "type", "description"))

SIGNATURE = c.obj({
    "toolId": c.string("Always a UUID, unique on the server (§6.1).", format="uuid"),
    "name": c.string("Tool name: less than 255 characters, unique on the server, English, snake "
                     "case recommended and descriptive (`lookup_weather_by_city`) (§6.1)."),
    "description": c.string("Less than 2,000 characters, in English (§6.1); read by the designer "
                            "and by the LLM."),
    "img": c.string("Optional URL of an image for the tool."),
    "version": c.integer("This signature's version: a positive integer, starting at 1, "
                         "increasing monotonically (§6.1)."),
    "currentVersion": c.integer("The most current version of the tool; equal to version in "
                                "the enumeration (§6.1)."),
    "tags": c.array(c.string("A tag."), "Tags for filtering at design time (§5.2)."),
    "input_parameters": c.array(INPUT, "The inputs (§5.1)."),
    "output_parameters": c.array(OUTPUT, "The outputs, one or more (§5.1)."),
}, "An A2T ToolSignature (§6.1 Figure 2).",
    required=("toolId", "name", "description", "version"))

PAGING = c.obj({
    "pageLimit": c.integer("The page limit the server actually offers (§6.4)."),
    "next": c.string("Cursor value to pass as pageCursor for the next page (§6.4)."),
}, "Pagination result (§6.4).")

SCHEMA = {"description": f"An A2T ToolSignature, enumeration body or version list ({SPEC}).",
          "anyOf": [SIGNATURE,
                    c.obj({"items": c.array(SIGNATURE, "The signatures (§6.1, §6.3)."),
                           "paging": PAGING}, "An enumeration or version-retrieval body.",
                          required=("items",))]}

_SIGNATURE_KEYS = {"toolId", "input_parameters", "output_parameters", "currentVersion"}


def _is_signature(d) -> bool:
    return isinstance(d, dict) and ("toolId" in d or len(_SIGNATURE_KEYS & set(d)) >= 2)


def detect(data) -> bool:
    if _is_signature(data):
        return True
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        first = [i for i in data["items"][:4] if isinstance(i, dict)]
        if not data["items"]:
            return isinstance(data.get("paging"), dict)
        return bool(first) and all(_is_signature(i) for i in first)
    return False


class A2tView:
    def __init__(self, doc) -> None:
        self.doc = doc
        self.data = doc.data

    @cached_property
    def shape(self) -> str:
        d = self.data
        if not (isinstance(d, dict) and isinstance(d.get("items"), list)):
            return "signature"
        name = os.path.basename(self.doc.path or "").lower()
        if "version" in name:
            return "versions"
        ids = [i.get("toolId") for i in d["items"] if isinstance(i, dict)]
        if len(ids) >= 2 and len(set(map(str, ids))) == 1 and ids[0] is not None:
            return "versions"
        return "enumeration"

    @cached_property
    def signatures(self) -> list[tuple[tuple, dict]]:
        if self.shape == "signature":
            return [((), self.data)] if isinstance(self.data, dict) else []
        return [(p, s) for _, p, s in c.items(self.data.get("items"), ("items",))]

    @cached_property
    def operations(self) -> list[Operation]:
        out = []
        if self.shape == "versions":   # one tool, many versions: judge the newest only
            sigs = self.signatures[:1]
        else:
            sigs = self.signatures
        for path, sig in sigs:
            name = sig.get("name")
            if isinstance(name, str) and name.strip():
                desc = sig.get("description")
                out.append(Operation(name, path + ("name",), desc if isinstance(desc, str) else None,
                                     path + ("description",), "tool"))
        return out


def outline(view: A2tView) -> list[Symbol]:
    out = []
    for path, sig in view.signatures:
        label = sig.get("name") if isinstance(sig.get("name"), str) else "signature"
        if view.shape == "versions":
            label = f"{label} v{sig.get('version')}"
        children = []
        for key in ("input_parameters", "output_parameters"):
            for i, ppath, p in c.items(sig.get(key), path + (key,)):
                pname = p.get("name") if isinstance(p.get("name"), str) else f"{key}[{i}]"
                children.append(Symbol(pname, "field", ppath, (), key.split("_")[0]))
        out.append(Symbol(label, "function", path, tuple(children)))
    return out


def prose(view: A2tView):
    for path, sig in view.signatures:
        yield path + ("description",), sig.get("description")
        for key in ("input_parameters", "output_parameters"):
            for _, ppath, p in c.items(sig.get(key), path + (key,)):
                yield ppath + ("description",), p.get("description")
                for _, vpath, v in c.items(p.get("allowed-values"), ppath + ("allowed-values",)):
                    yield vpath + ("description",), v.get("description")


FORMAT = FormatKind(
    name="a2t", title="A2T tool signatures", spec=SPEC,
    file_globs=("*.a2t.json", "*.a2t.yaml", "*.a2t.yml", "a2t-tools.json", "a2t-tools.yaml"),
    detect=detect, view=A2tView, schema=SCHEMA, outline=outline, prose=prose,
    nodes={"signature": lambda view: view.signatures},   # (path, signature): engine.walk
    sniff=(b'"toolId"',))
