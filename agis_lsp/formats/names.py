"""The verb of a tool or capability name, and renaming it in the name's own style.

``lookup_weather_by_city`` -> LOOKUP, ``sendEmail`` -> SEND, ``CreateUser`` -> CREATE,
``github.create_issue`` -> CREATE, ``hosting_createWebsiteV1`` -> CREATE (namespace
``hosting``), ``user_create`` -> CREATE (the object ``user`` first: ``Lead.prefix``, TOOL305).
``name_reader`` reads the parts; ``operations_of`` reads every name of a document with the
others as evidence (a prefix most of them share is a namespace).
"""
from __future__ import annotations

from functools import lru_cache

from .name_reader import EMPTY, Lead, NameContext, describe, name_context, read_name  # noqa: F401
from .registry import kind_names

# Appendix C(a) of the AGIS draft: "get_data -> GET (invalid; HTTP method; rewrite as
# RETRIEVE or FETCH)"; the other HTTP verbs follow the AGTP catalog's legacy map.
HTTP_SUGGESTIONS = {"GET": ("RETRIEVE", "FETCH"), "POST": ("CREATE", "SUBMIT"),
                    "PUT": ("REPLACE",), "DELETE": ("REMOVE",), "PATCH": ("MODIFY",)}


KINDS = kind_names()


@lru_cache(maxsize=8192)
def leading_word(name: str) -> Lead | None:
    """How ``name`` reads on its own (no other names as evidence)."""
    return read_name(name)


def restyle(word: str, like: str) -> str:
    if like.isupper():
        return word.upper()
    if like[:1].isupper():
        return word.capitalize()
    return word.lower()


def rename_leading(name: str, lead: Lead, new_verb: str) -> str:
    return name[:lead.start] + restyle(new_verb, lead.word) + name[lead.end:]


def operation_at(kind: str | None, doc, path: tuple):
    """(operation, lead) whose name sits at ``path``, or None (hover on a tool name)."""
    from .registry import view_for
    view = view_for(kind, doc)
    for op in (getattr(view, "operations", None) or []) if view is not None else []:
        if tuple(op.name_path) == tuple(path):
            lead = read_name(op.name, name_context(o.name for o in view.operations))
            return (op, lead) if lead is not None else None
    return None


def operations_of(view) -> list:
    """(operation, lead) for every named operation of a document's view (the rules read it
    once per lint: the fact ``rules.verbs._names.operations``)."""
    ops = getattr(view, "operations", None) or []
    ctx = name_context(op.name for op in ops)
    return [(op, lead) for op in ops for lead in (read_name(op.name, ctx),) if lead is not None]
