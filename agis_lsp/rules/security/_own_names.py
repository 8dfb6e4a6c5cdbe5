"""The names a document defines (its tools', prompts' and parameters'), and the tests of whether a
phrase names one of them: an order about the document's own tool stays inside its contract.
"""
from __future__ import annotations

import re
from contextvars import ContextVar

from ...engine.facts import fact

_IDENT = re.compile(r"[A-Za-z_][\w.-]*")
# an enum value written as a name: snake_case or camelCase ("list_databases", "getPage")
_NAMED = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+")
# the names of the document being scanned, for the checks that scan a piece of its text again
# (``_scope.carried``: what a tag or a note carries)
_OWN: ContextVar = ContextVar("security_own_names", default=None)


@fact("security.own-names")
def document_names(ctx) -> frozenset:
    """``own_names`` of the document being linted, once per lint (the pattern scan and AGSC901
    both read it)."""
    return own_names(ctx.data)


def names_own_tool(span: str) -> bool:
    """Whether ``span`` names a tool or parameter of the document being scanned."""
    own = _OWN.get()
    return own is not None and _names_own(span, own())


def own_names(data) -> frozenset:
    """Names the document itself defines: its tools' (prompts', functions') names, each also
    without its namespace (``search_tasks`` for ``asana_search_tasks``: ``formats.name_reader``),
    every property name of its schemas, and every value of an enum that is written as a name
    (``list_databases`` among the values of an ``action`` parameter: an operation of a tool that
    runs several). A cross-tool finding about one of them is about this server."""
    names: set = set()
    stack = [data]
    while stack:
        obj = stack.pop()
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == "properties" and isinstance(v, dict):
                    names.update(str(n) for n in v)
                if k == "enum" and isinstance(v, list):
                    names.update(x for x in v if isinstance(x, str) and _NAMED.fullmatch(x))
                if k in ("tools", "prompts", "functions", "resources") and isinstance(v, list):
                    listed = [i["name"] for i in v if isinstance(i, dict) and isinstance(i.get("name"), str)]
                    names.update(listed)
                    names.update(_without_namespace(listed))
                if isinstance(v, (dict, list)):
                    stack.append(v)
        elif isinstance(obj, list):
            stack.extend(x for x in obj if isinstance(x, (dict, list)))
    return frozenset(names)


def _without_namespace(listed: list[str]):
    """Each name after the namespace the name reader finds in it (with the list as evidence)."""
    from ...formats.name_reader import name_context, read_name
    ctx = name_context(listed)
    for name in listed:
        lead = read_name(name, ctx)
        ns = lead.namespace.rsplit(".", 1)[-1] if lead is not None else ""
        at = name.find(ns) if ns else -1
        rest = name[at + len(ns):].lstrip("_-./") if at >= 0 else ""
        if rest and rest != name:
            yield rest


_KEY = re.compile(r"[\"']([A-Za-z_][\w.-]*)[\"']\s*:")


def _keys_in(text: str) -> frozenset:
    """The keys of the JSON a text shows ("Example: [{\"task_slug\": ...}]"): fields of a value,
    not tools ("use custom_task instead of task_slug")."""
    return frozenset(_KEY.findall(text)) if ":" in text else frozenset()


def _names_own(span: str, own: frozenset) -> bool:
    return any(w in own for w in _IDENT.findall(span) if ("_" in w or "." in w or not w.islower()))


def values_own(span: str, own: frozenset) -> bool:
    """Whether ``span`` names a value of one of the document's parameters rather than a tool: a
    name led by a word that is no verb, whose last word is a parameter's name (``markdownOffset``
    for ``offset``: "you MUST use 'markdownOffset', NOT 'htmlOffset'"). A name led by a verb
    (``delete_file``) stays a tool's, whatever the parameters are called."""
    from ...formats.name_reader import leads_with_a_verb, words_of
    lowered = {n.lower() for n in own if n.isidentifier()}
    for name in _IDENT.findall(span):
        words = words_of(name) if _NAMED.fullmatch(name) else []
        if len(words) > 1 and words[-1].lower() in lowered and not leads_with_a_verb(words[0]):
            return True
    return False
