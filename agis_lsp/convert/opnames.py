"""Where an operation name keeps its verb, per API style.

Operation names (OpenAPI ``operationId``, MCP tool names) follow their
generator's convention, and the action word sits in a different place in each:

==========  ===============================================  ==========================
style       example                                          the action part
==========  ===============================================  ==========================
google      ``cloudkms.projects.locations.keyRings.get``     the last dotted segment
            (path ``/v1/{name}:encrypt``: a custom method)   the word after the colon
azure       ``VirtualMachines_CreateOrUpdate``               after the underscore
aws query   ``POST_SendTemplatedEmail``                      after the HTTP prefix
github      ``repos/get-content``                            after the last slash
resource-   ``appStoreVersionSubmissions-create_instance``   after the hyphen
plain       ``createAccessToken``, ``CreateBudget``          every word, first first
==========  ===============================================  ==========================

Leading resource words (``projects``, ``locations``, ``Snapshot_``) are nouns of
the path, never the verb: reading them as words made every Cloud KMS endpoint a
PROJECT. When the action part starts with an HTTP method word (``GetCustomers``,
``PostCustomersCustomer``, ``repos/get-content``), the words after it are the
method's object ("one customer" or "many"), not candidate verbs: Stripe's
names are the HTTP method plus the path's nouns (``PostTransfersTransferReversalsId``
has no TRANSFER in it), and the action of a Stripe POST lives in the path's last
segment (``/v1/charges/{charge}/capture``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import lexicon as lex
from . import mapping

_DOTTED = re.compile(r"[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+")
_AZURE = re.compile(r"([A-Za-z][A-Za-z0-9]*)_([A-Z][A-Za-z0-9]*)")
_RESOURCE_DASH = re.compile(r"[a-z]+[A-Z][A-Za-z0-9]*-([a-z][a-z0-9_]*)")
_CUSTOM = re.compile(r"\}?:([A-Za-z][A-Za-z0-9]*)$")             # Google: /v1/{name}:encrypt
_AWS_TARGET = re.compile(r"#(?:X-Amz-Target=[\w.-]*\.|Action=)([A-Za-z][A-Za-z0-9]*)")
# "CreateOrUpdate", "add-or-update": one idempotent write, AGIS's SET (mapping.WORD_VERBS["upsert"])
_EITHER = (frozenset({"create", "add", "insert", "put"}), frozenset({"update", "replace", "modify", "edit"}))


@dataclass
class NameWords:
    style: str                                   # google | azure | aws | github | resource | plain | none
    words: list = field(default_factory=list)    # candidate verb words, lower-case, best first
    http: str | None = None                      # an HTTP method word leading the action part
    obj: str = ""                                # the words after that HTTP word ("customers customer")


def _words(part: str) -> list[str]:
    ws = [w.lower() for w in lex.split_words(part)]
    out: list[str] = []
    i = 0
    while i < len(ws):
        if i + 2 < len(ws) and ws[i + 1] == "or" and ws[i] in _EITHER[0] and ws[i + 2] in _EITHER[1]:
            out.append("upsert")
            i += 3
            continue
        out.append(ws[i])
        i += 1
    return out


def name_words(name: str) -> NameWords:
    """The candidate verb words of an operation name, by its style."""
    name = (name or "").strip()
    if not name:
        return NameWords("none")
    style, part = "plain", name
    m = _AZURE.fullmatch(name)
    if "/" in name:
        style, part = "github", name.rsplit("/", 1)[1]
    elif _DOTTED.fullmatch(name):
        style, part = "google", name.rsplit(".", 1)[1]
    elif m:
        style = "aws" if m.group(1).lower() in mapping.HTTP_WORDS else "azure"
        part = m.group(2)
    elif _RESOURCE_DASH.fullmatch(name):
        style, part = "resource", _RESOURCE_DASH.fullmatch(name).group(1)
    ws = _words(part)
    if ws and ws[0] in mapping.HTTP_WORDS:
        return NameWords(style, [], ws[0], " ".join(ws[1:]))
    return NameWords(style, ws)        # the action part's words, its first word first


def custom_method(path: str) -> str | None:
    """Google's custom method (``/v1/{name}:encrypt`` -> "encrypt") or the action an AWS path
    carries (``/#X-Amz-Target=Service.CreateBudget``, ``/#Action=SendEmail``)."""
    p = (path or "").split("?")[0]
    m = _AWS_TARGET.search(p)
    if m:
        return m.group(1)
    m = _CUSTOM.search(p.split("#")[0])
    return m.group(1) if m else None


def action_segment(path: str) -> str | None:
    """The last literal segment when it follows a parameter (``/charges/{charge}/capture``)."""
    segs = [s for s in (path or "").split("?")[0].split("#")[0].strip("/").split("/") if s]
    if len(segs) >= 2 and "{" in segs[-2] and "{" not in segs[-1]:
        return segs[-1]
    return None


def without_custom(path: str) -> str:
    """The path without a custom method or fragment (for "does it end in a parameter")."""
    p = (path or "").split("?")[0].split("#")[0]
    return _CUSTOM.sub(lambda m: "}" if m.group(0).startswith("}") else "", p)
