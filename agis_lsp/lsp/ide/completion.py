"""Completion: verbs from the catalog, enum values, keys from the schema, names in scope.

``build_completions`` is a plain function of the text, the cursor and what is
known about the document; the handler only gathers those. The cursor's place
comes from ``agis_lsp.document.locate.path_at`` (which also reads documents
that do not parse while the user types); names in scope (methods used, errors,
schemas, recipes) come from the last parse that succeeded.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from lsprotocol import types

from ...document import Document
from ...document.locate import KEY, VALUE, path_at, word_at
from ...formats.agis_methods import is_valid_method
from ...formats.registry import DECLARED_VERBS, editor, has_trait
from . import schema as sch
from ..protocol.capabilities import ClientFeatures
from ..protocol.to_lsp import offsets_range
from .hover import is_verb_place, schema_path, verb_facts, verb_markdown
from ..protocol import cancel

TRIGGER_CHARACTERS = [":", " ", '"', "-", "="]

_YAML_PLAIN_UNSAFE = re.compile(r"^[\s#&*!|>'\"%@`{}\[\],?:-]|: | #|^$|^(true|false|null|yes|no|on|off|~)$",
                                re.I)


@dataclass
class CompletionRequest:
    doc: Document                   # the current text (parsed or not)
    offset: int
    kind: str | None
    catalog: Any
    features: ClientFeatures
    context: Document | None = None  # the last parse that succeeded (names in scope)
    recipes: tuple = ()              # recipe names of the deployment

    @property
    def data(self):
        ctx = self.doc if self.doc.parsed else self.context
        return ctx.data if ctx is not None and ctx.parsed else None


def build_completions(req: CompletionRequest) -> types.CompletionList:
    path, part = path_at(req.doc, req.offset)
    items = _items(req, path, part)
    return types.CompletionList(is_incomplete=False, items=items)


def _items(req: CompletionRequest, path: tuple, part: str) -> list[types.CompletionItem]:
    data = req.data
    kind = req.kind
    if is_verb_place(kind, path, part, data):
        return _verbs(req, path, part, data)
    if not path:
        return _keys(req, (), (), data) if part == KEY else []
    spath = schema_path(kind, path, data)
    if part == VALUE and path[-1] == "$ref":
        return _values(req, [f"#/schemas/{name}" for name in _schemas(data)],
                       types.CompletionItemKind.Reference, detail="schema")
    params = _path_params(req, spath, part, data)
    if params is not None:
        return params
    if part == KEY:
        return _keys(req, path[:-1], spath[:-1], data)
    known = _field_values(req, spath, data)
    if known is not None:
        return known
    root = sch.schema_for_kind(kind)
    node = sch.node_at(root, spath) if root is not None else None
    if node is not None:
        values = sch.enum_values(root, node)
        if values:
            return _values(req, values, types.CompletionItemKind.EnumMember,
                           detail=sch.type_label(root, node))
        if isinstance(path[-1], int) and sch.is_object(root, node):
            return _keys(req, path, spath, data)
    elif editor(kind).field_keys is not None and isinstance(path[-1], int):
        return _keys(req, path, spath, data)  # a new [[table]] item: its keys
    return []


def _field_values(req: CompletionRequest, spath: tuple, data):
    """The values the kind's field schema offers (``EditorHooks.field_values``)."""
    hook = editor(req.kind).field_values
    known = hook(spath, data, catalog=req.catalog, recipes=req.recipes) if hook is not None else None
    if known is None:
        return None
    values, detail = known
    return _values(req, values, types.CompletionItemKind.EnumMember, detail=detail)


# -- verbs -------------------------------------------------------------------------------
def _verbs(req: CompletionRequest, path: tuple, part: str, data) -> list[types.CompletionItem]:
    catalog = req.catalog
    if catalog is None:
        return []
    text = req.doc.text
    start, end = word_at(text, req.offset, extra="")
    if part == KEY:  # keyed endpoints "BOOK /path": only the verb before the space
        line_start = text.rfind("\n", 0, req.offset) + 1
        before = text[line_start:req.offset].lstrip(" -\"'")
        if " " in before:
            return []
    rng = offsets_range(req.doc.lines, start, end)
    used = [v for v in _methods_used(req.kind, data) if is_valid_method(v)]  # invalid verbs are never offered
    items = []
    if has_trait(req.kind, DECLARED_VERBS) and len(path) >= 2 \
            and path[:2] == ("vocabulary", "declared_verbs"):
        declared = set(_declared(data))
        for verb in used:
            first = verb not in declared
            items.append(_verb_item(req, verb, rng, sort=("0" if first else "1") + verb,
                                    info=catalog.methods.get(verb.upper()),
                                    detail="used in this document" + ("" if first else ", declared")))
        return items
    fitting = editor(req.kind).fitting_categories
    fit = fitting(path, data) if fitting is not None else set()
    for name, info in catalog.methods.items():
        cancel.check()
        rank = "3" if info.deprecated else "0" if fit & set(info.categories) else "1"
        items.append(_verb_item(req, name, rng, sort=rank + name, info=info))
    for verb in used:
        if verb.upper() not in catalog.methods:
            items.append(_verb_item(req, verb, rng, sort="2" + verb,
                                    detail="used in this document (not in the catalog)"))
    return items


def _verb_item(req: CompletionRequest, name: str, rng: types.Range, *, sort: str, info=None,
               detail: str | None = None) -> types.CompletionItem:
    features = req.features
    item = types.CompletionItem(
        label=name, kind=types.CompletionItemKind.EnumMember, sort_text=sort,
        text_edit=types.TextEdit(range=rng, new_text=_scalar(req, name, rng)),
        detail=detail or (verb_facts(info) if info is not None else None),
        documentation=_doc(features, verb_markdown(name, req.catalog)))
    if info is not None and info.deprecated:
        if int(types.CompletionItemTag.Deprecated) in features.completion_tags:
            item.tags = [types.CompletionItemTag.Deprecated]
        elif features.completion_deprecated:
            item.deprecated = True
    return item


def _methods_used(kind: str | None, data) -> list[str]:
    """The verbs the document already uses (``EditorHooks.verbs_used``)."""
    hook = editor(kind).verbs_used
    return hook(data) if hook is not None else []


def _declared(data) -> list:
    voc = data.get("vocabulary") if isinstance(data, dict) else None
    verbs = voc.get("declared_verbs") if isinstance(voc, dict) else None
    return [v for v in verbs if isinstance(v, str)] if isinstance(verbs, list) else []


def _schemas(data) -> list[str]:
    schemas = data.get("schemas") if isinstance(data, dict) else None
    return [k for k in schemas if isinstance(k, str)] if isinstance(schemas, dict) else []


# -- path parameters ----------------------------------------------------------------------------
def _path_params(req: CompletionRequest, spath: tuple, part: str, data):
    """Names of the endpoint path's ``{parameters}`` where inputs are declared
    (``EditorHooks.path_parameters``)."""
    hook = editor(req.kind).path_parameters
    names = hook(spath, part, data) if hook is not None else None
    if not names:
        return None
    if part == KEY:
        return _key_items(req, [(n, "path parameter", None, False) for n in names], set())
    return _values(req, names, types.CompletionItemKind.Variable, detail="path parameter")


# -- keys ---------------------------------------------------------------------------------------
def _keys(req: CompletionRequest, parent: tuple, sparent: tuple, data) -> list[types.CompletionItem]:
    existing = _existing_keys(data, parent)
    kind = req.kind
    root = sch.schema_for_kind(kind)
    entries: list[tuple[str, str | None, str | None, bool]] = []  # name, type, doc, required
    if root is not None:
        node = sch.node_at(root, sparent)
        if node is None:
            return []
        req_keys = sch.required(root, node)
        for name, sub in sch.properties(root, node).items():
            cancel.check()
            entries.append((name, sch.type_label(root, sub), sch.description(root, sub),
                            name in req_keys))
    elif editor(kind).field_keys is not None:
        names = editor(kind).field_keys(tuple(sparent), data) or ()
        entries += [(name, None, None, False) for name in names]
    if not entries:
        return []
    return _key_items(req, entries, existing)


def _existing_keys(data, parent: tuple) -> set:
    node = data
    for part in parent:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return set()
    return set(node) if isinstance(node, dict) else set()


def _key_items(req: CompletionRequest, entries, existing: set) -> list[types.CompletionItem]:
    doc = req.doc
    text = doc.text
    syntax = doc.syntax
    start, end = word_at(text, req.offset, extra="_-$")
    # JSON keys: replace the whole quoted token (and a colon already typed after it)
    if syntax == "json":
        if start > 0 and text[start - 1] == '"':
            start -= 1
        if end < len(text) and text[end] == '"':
            end += 1
    current = text[start:end].strip('"')
    rng = offsets_range(doc.lines, start, end)
    snippets = req.features.snippets
    items = []
    for name, type_label, description, required in entries:
        cancel.check()
        if name in existing and name != current:
            continue
        insert, is_snippet = _key_text(name, type_label or "", syntax, snippets,
                                       _indent_of(text, start))
        item = types.CompletionItem(
            label=name, kind=types.CompletionItemKind.Property,
            detail=" · ".join(x for x in (type_label, "required" if required else "") if x) or None,
            documentation=_doc(req.features, description) if description else None,
            sort_text=("0" if required else "1") + name,
            filter_text=f'"{name}"' if syntax == "json" and text[start:start + 1] == '"' else name,
            text_edit=types.TextEdit(range=rng, new_text=insert))
        if is_snippet:
            item.insert_text_format = types.InsertTextFormat.Snippet
        items.append(item)
    return items


def _indent_of(text: str, offset: int) -> int:
    line_start = text.rfind("\n", 0, offset) + 1
    return offset - line_start


def _snippet_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")


def _key_text(name: str, type_label: str, syntax: str, snippets: bool, column: int
              ) -> tuple[str, bool]:
    types_ = set(type_label.split(" | ")) if type_label else set()
    if syntax == "json":
        key = json.dumps(name)
        if not snippets:
            return f"{key}: ", False
        key = _snippet_escape(key)
        if types_ == {"object"}:
            return f"{key}: {{$0}}", True
        if types_ == {"array"}:
            return f"{key}: [$0]", True
        if types_ == {"string"}:
            return f'{key}: "$0"', True
        return f"{key}: $0", True
    if syntax == "toml":
        key = name if re.match(r"^[A-Za-z0-9_-]+$", name) else json.dumps(name)
        if not snippets:
            return f"{key} = ", False
        key = _snippet_escape(key)
        if types_ == {"string"}:
            return f'{key} = "$0"', True
        if types_ == {"array"}:
            return f"{key} = [$0]", True
        return f"{key} = $0", True
    key = name if not _YAML_PLAIN_UNSAFE.search(name) else json.dumps(name)
    if not snippets:
        return f"{key}: ", False
    key = _snippet_escape(key)
    pad = " " * (column + 2)
    if types_ == {"object"}:
        return f"{key}:\n{pad}$0", True
    if types_ == {"array"}:
        return f"{key}:\n{pad}- $0", True
    return f"{key}: $0", True


# -- values --------------------------------------------------------------------------------------
def _values(req: CompletionRequest, values, kind, *, detail: str | None = None
            ) -> list[types.CompletionItem]:
    text = req.doc.text
    start, end = word_at(text, req.offset)
    rng = offsets_range(req.doc.lines, start, end)
    items = []
    for i, value in enumerate(values):
        cancel.check()
        label = _label(value)
        items.append(types.CompletionItem(
            label=label, kind=kind, detail=detail, sort_text=f"{i:04d}",
            filter_text=label,
            text_edit=types.TextEdit(range=rng, new_text=_scalar(req, value, rng))))
    return items


def _label(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def _in_quotes(text: str, offset: int) -> bool:
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    double = len(re.findall(r'(?<!\\)"', before)) % 2 == 1
    single = before.count("'") % 2 == 1 and not double
    return double or single


def _scalar(req: CompletionRequest, value, rng) -> str:
    """``value`` as it must be written at the cursor (quoted where the syntax needs it)."""
    text = req.doc.text
    syntax = req.doc.syntax
    if _in_quotes(text, req.offset):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) or value is None:
        return _label(value)
    value = str(value)
    if syntax in ("json", "toml"):
        return json.dumps(value)
    return json.dumps(value) if _YAML_PLAIN_UNSAFE.search(value) else value


def _doc(features: ClientFeatures, text: str | None):
    if not text:
        return None
    if features.markdown:
        return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)
    return types.MarkupContent(kind=types.MarkupKind.PlainText,
                               value=text.replace("**", "").replace("`", ""))
