"""What a document's tools are for, in words (one short text per tool, operation or endpoint), and
how near a text the security head finds directive is to them (AGSC901, ``learned.py``).

A tool's contract is its name and its parameters' names ("get forecast: city, days"). The
security head (AGSC901) compares a text it finds directive, but under its own threshold, with
every contract of the text's document: real guidance is about some tool of its server (median
cosine 0.58 on the development servers), a payload placed in a tool is about something else
(median -0.10). See docs/security.md, "The tool's contract".

The units are found by shape, so every format the linter reads gives its own:

* an item with a string ``name`` (or ``operationId``) and a description or an input: an MCP
  tool, prompt or resource, an A2T function, a discovery or AINP capability; its parameters
  are the property names of its schemas (``properties``) and the names of its ``arguments`` or
  ``parameters`` (which are its parts, not units, as are its examples; an error it declares, a
  name with a description, is a unit of its own: its description speaks of that error);
* an AGIS endpoint (``method`` and ``path``): "book reservation: party size, time";
* an OpenAPI operation (a method under a path of ``paths``): its ``operationId``, else its
  method and path.
"""
from __future__ import annotations

import re

from ...engine.facts import fact

_METHODS = frozenset(("get", "put", "post", "delete", "patch", "head", "options", "trace"))
_SPLIT = re.compile(r"([a-z0-9])([A-Z])")
_SEP = re.compile(r"[^A-Za-z0-9]+")
MAX_PARAMETERS = 12   # a contract names at most this many parameters (its first ones)
# Keys under which named items are a unit's parts, not units: its parameters and examples. An
# error a unit declares (a name and a description) is a unit: its description is about it.
_PARTS = frozenset(("parameters", "arguments", "input_parameters", "output_parameters", "inputs",
                    "outputs", "properties", "examples", "enum"))


def words(name: str) -> str:
    """``get_forecast`` / ``getForecast`` / ``/v1/forecast/{city}`` -> "get forecast" ..."""
    return _SEP.sub(" ", _SPLIT.sub(r"\1 \2", name)).strip().lower()


def _parameters(unit: dict) -> list[str]:
    """The parameter names of a unit: property names of its schemas, its ``arguments`` and
    ``parameters`` lists' names, first come first (nested units excluded)."""
    out: list[str] = []
    stack = [unit]
    while stack and len(out) < MAX_PARAMETERS:
        obj = stack.pop(0)
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == "properties" and isinstance(v, dict):
                    out.extend(str(n) for n in v)
                elif k in ("arguments", "parameters", "input_parameters") and isinstance(v, list):
                    out.extend(str(i["name"]) for i in v if isinstance(i, dict) and isinstance(i.get("name"), str))
                if isinstance(v, (dict, list)) and not _is_unit_list(k, v):
                    stack.append(v)
        elif isinstance(obj, list):
            stack.extend(x for x in obj if isinstance(x, (dict, list)))
    return list(dict.fromkeys(out))[:MAX_PARAMETERS]


def _is_unit_list(key, value) -> bool:
    return key in ("tools", "prompts", "functions", "endpoints", "capabilities") and isinstance(value, list)


def _text(name: str, unit: dict) -> str | None:
    head = words(name)
    if not head:
        return None
    return f"{head}: {', '.join(words(p) for p in _parameters(unit))}"


def contracts_of(data) -> list[str]:
    """The contract of every unit in ``data`` (a parsed document), each once."""
    return list(dict.fromkeys(text for _path, text in units_of(data)))


def units_of(data) -> list[tuple[tuple, str]]:
    """(path, contract) of every unit in ``data``, in document order."""
    out: list[tuple[tuple, str]] = []
    stack: list[tuple[tuple, object, bool]] = [((), data, False)]
    while stack:
        path, obj, in_part = stack.pop()
        if isinstance(obj, dict):
            name = None if in_part else _unit_name(obj)
            text = _text(name, obj) if name else None
            if text:
                out.append((path, text))
            if path and path[-1] == "paths":
                out.extend(_operations(obj, path))
                continue
            stack.extend((path + (k,), v, in_part or k in _PARTS)
                         for k, v in reversed(list(obj.items())) if isinstance(v, (dict, list)))
        elif isinstance(obj, list):
            stack.extend((path + (i,), x, in_part)
                         for i, x in reversed(list(enumerate(obj))) if isinstance(x, (dict, list)))
    return out


def _unit_name(obj: dict) -> str | None:
    if isinstance(obj.get("method"), str) and isinstance(obj.get("path"), str):
        return f"{obj['method']} {obj['path']}"
    for key in ("name", "operationId"):
        if isinstance(obj.get(key), str) and ("description" in obj or "inputSchema" in obj
                                              or "input_schema" in obj or "parameters" in obj
                                              or "arguments" in obj):
            return obj[key]
    return None


def _operations(paths: dict, at: tuple) -> list[tuple[tuple, str]]:
    out = []
    for path, item in paths.items():
        if not isinstance(item, dict):
            continue
        for method, op in item.items():
            if str(method).lower() in _METHODS and isinstance(op, dict):
                text = _text(op.get("operationId") if isinstance(op.get("operationId"), str)
                             else f"{method} {path}", op)
                if text:
                    out.append((at + (path, method), text))
    return out


@fact("security.contracts")
def contracts(ctx) -> list[tuple[tuple, str]]:
    """(path, contract) of every unit of the document being linted (``units_of``)."""
    return units_of(ctx.data)


def owner_first(units: list[tuple[tuple, str]], path: tuple) -> list[str]:
    """The contracts of ``units``, each once: first the innermost unit that holds ``path``, then
    the others by their distance from it in the document (a tool's neighbours are most often
    its relatives: ``list_alerts`` beside ``get_alert``), so that a reader can stop at the first
    one near enough; at most ``MAX_CONTRACTS``."""
    at = next((i for i in range(len(units) - 1, -1, -1) if path[:len(units[i][0])] == units[i][0]), 0)
    out: dict[str, None] = {}
    for d in range(len(units)):     # at, at - 1, at + 1, at - 2, ...: the nearest first
        for i in ((at,) if d == 0 else (at - d, at + d)):
            if 0 <= i < len(units):
                out.setdefault(units[i][1])
        if len(out) >= MAX_CONTRACTS or (at - d < 0 and at + d >= len(units)):
            break
    return list(out)[:MAX_CONTRACTS]


# The contracts a text is compared with: the nearest this many in its document (the largest real
# server has 353 tools; a document of thousands would otherwise be read whole for every text)
MAX_CONTRACTS = 512


def off_contract(ctx, model, head, prose, ranked: list, low: float) -> tuple:
    """(the best-scoring piece of ``prose`` the head scores from ``low`` that is about none of its
    document's tools, its nearest contract's cosine), or (None, None). A payload put after a real
    description is judged by its own sentence: the whole field, read with the description, sits
    nearer the tool than the payload alone. The field's contracts are ordered once for all its
    pieces (``owner_first``)."""
    bar = contract_threshold(head)
    found = owner_first(contracts(ctx), prose.path) if bar is not None else ()
    if not found:
        return None, None   # no bar, or a document without tools: no contract to compare with
    bare = contract_bare_threshold(head)
    for verdict in ranked:
        if verdict.score < low:
            break
        if continues_a_sentence(prose.text, verdict.start):
            continue
        nearest = nearest_contract(model.security_encoder, prose.text[verdict.start:verdict.end], found, bar, bare)
        if nearest is not None:
            return verdict, nearest
    return None, None


_CONTINUED = re.compile(r"[A-Za-z0-9,;]\s*$")


def continues_a_sentence(text: str, start: int) -> bool:
    """Whether the piece at ``start`` is a clause cut from its sentence: it starts with a small
    letter after a word, a comma or a semicolon ("…; treat the output as sensitive.", "… are\n
    what every other tool takes …"). It names no topic of its own, so no contract is near it;
    the whole field and the pieces that start a sentence are judged instead."""
    return start > 0 and text[start:start + 1].islower() and bool(_CONTINUED.search(text, max(0, start - 80), start))


def contract_threshold(head) -> float | None:
    """The cosine under which a text is about none of its document's tools
    (``agreement.contract_threshold`` of the head's json; None: the head has no such bar and
    the contract is not read)."""
    bar = (head.meta.get("agreement") or {}).get("contract_threshold")
    return None if bar is None else float(bar)


def contract_bare_threshold(head) -> float | None:
    """The cosine from which a bare contract (``is_bare``) is near a piece
    (``agreement.contract_bare_threshold``: picked on the calibrate fold so that every real field
    there that only a bare contract keeps near stays near); None: a bare contract is near from the
    contract bar, like any other."""
    bar = (head.meta.get("agreement") or {}).get("contract_bare_threshold")
    return None if bar is None else float(bar)


def contract_warn_threshold(head) -> float | None:
    """The cosine under which a piece the head scores under its threshold, about none of its
    document's tools, is a warning (``agreement.contract_warn_threshold``: as far under the
    contract bar as the calibrate fold's nearest field is over it); None: information only."""
    bar = (head.meta.get("agreement") or {}).get("contract_warn_threshold")
    return None if bar is None else float(bar)


def is_bare(contract: str) -> bool:
    """Whether ``contract`` names a unit without parameters ("readme: ", "insufficient funds: ": a
    resource, a prompt without arguments, a declared error): a name of a word or two, which reads
    near any short text (``contract_bare_threshold``)."""
    return contract.endswith(": ")


def nearest_contract(encoder, piece: str, found: list[str], bar: float, bare_bar: float | None = None) -> float | None:
    """The cosine between ``piece`` and the nearest of the contracts ``found`` (nearest in the
    document first, ``owner_first``), both read by ``encoder``, the head's own, when no contract
    is near it (from ``bar``); else None. A bare contract (``is_bare``) reads near any short text:
    its cosine counts less by how far ``bare_bar`` is over ``bar``, so that it is near from
    ``bare_bar`` and far (``contract_warn_threshold``) as far under that. The contracts are read in
    batches of 1, 4, 16 ...: the reading stops at the first one near enough (real guidance: its
    own tool, or a neighbour)."""
    vector = encoder.embed([piece])[0]
    discount = 0.0 if bare_bar is None else max(bare_bar - bar, 0.0)
    best, start, size = -1.0, 0, 1
    while start < len(found):
        batch = found[start:start + size]
        for contract, cosine in zip(batch, (encoder.embed(batch) @ vector).tolist()):
            best = max(best, cosine - discount if is_bare(contract) else cosine)
        if best >= bar:
            return None
        start, size = start + size, size * 4
    return float(best)


def unrelated(nearest: float | None) -> str:
    return "" if nearest is None else f"; about none of this document's tools, nearest contract {nearest:.2f}"
