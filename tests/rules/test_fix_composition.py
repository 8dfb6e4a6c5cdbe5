"""Fixes that touch the same endpoint compose into one right answer, whatever their order.

A compound method (AGIS201) on a path that leaks a verb (AGIS405/AGIS406) is
fixed by two rules. Whichever runs first, the result must be the verb alone and
a path naming the entity once: ``CANCEL_RESERVATION /get-reservation/{id}`` ->
``CANCEL /reservation/{id}``, never ``/reservation/reservation/{id}``.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agis_lsp.document import parse_text
from agis_lsp.engine.config import Config
from agis_lsp.engine.fixer import fix_text
from agis_lsp.engine.runner import lint_text

from .helpers import HEAD, document, endpoint

VERBS = ["CANCEL", "FIND", "BOOK", "RESERVE", "VALIDATE"]
NOUNS = ["RESERVATION", "ORDER", "RENTAL", "TABLE", "INVOICE"]
LEAKS = ["get", "fetch", "search", "create", "update", "delete"]


def _method(verb: str, noun: str, style: str) -> str:
    if style == "snake":
        return f"{verb}_{noun}"
    if style == "camel":
        return verb.capitalize() + noun.capitalize()
    return verb + noun  # run together: CANCELRESERVATION


@st.composite
def cases(draw):
    verb, noun = draw(st.sampled_from(VERBS)), draw(st.sampled_from(NOUNS))
    style = draw(st.sampled_from(["snake", "camel", "joined"]))
    leak = draw(st.sampled_from(LEAKS))
    n, other = noun.lower(), draw(st.sampled_from(["bikes", "city", "guest"]))
    path = draw(st.sampled_from([
        f"/{leak}-{n}/{{id}}", f"/{leak}-{n}", f"/{n}/{{id}}/{verb.lower()}", f"/{verb.lower()}-{n}/{{id}}",
        "/{id}", "/", f"/{other}/{{id}}", f"/{n}/{{id}}", f"/{leak}/{{id}}", f"/{other}/{leak}-{n}",
    ]))
    keyed = draw(st.booleans())
    return verb, noun, _method(verb, noun, style), path, keyed


def _text(method: str, path: str, keyed: bool) -> str:
    if not keyed:
        return document(endpoint(method, path, contract=_contract(path)))
    body = endpoint(method, path, contract=_contract(path)).split("\n", 2)[2]
    inner = "\n".join(line[2:] for line in body.splitlines())
    block = "\n".join("    " + line if line else line for line in inner.splitlines())
    return HEAD + f'endpoints:\n  "{method} {path}":\n{block}\nvocabulary:\n  declared_verbs: [{method.upper()}]\n'


def _contract(path: str) -> str:
    props = "".join(f"    {p}: {{type: string}}\n" for p in ["id"] if "{id}" in path)
    return ("input:\n  type: object\n  required: [party_size]\n  properties:\n"
            "    party_size: {type: integer, minimum: 1}\n" + props +
            "output:\n  type: object\n  properties:\n    reservation_id: {type: string}\n"
            "errors:\n  - name: reservation_unavailable\n    description: \"No table is free\"\n")


def _endpoint(text: str) -> tuple:
    eps = parse_text(text, "x.agis").data["endpoints"]
    if isinstance(eps, dict):
        method, path = next(iter(eps)).split(" ", 1)
        return method, path
    return eps[0]["method"], eps[0]["path"]


def _fix(text: str, first: tuple | None = None) -> str:
    if first is not None:  # one family of rules first, then everything
        text = fix_text(text, "x.agis", Config(semantic=False, select=first), unsafe=True).text
    result = fix_text(text, "x.agis", Config(semantic=False), unsafe=True)
    assert result.converged, result.applied
    return result.text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_compound_method_and_leaky_path_compose_in_any_order(case):
    verb, noun, method, path, keyed = case
    text = _text(method, path, keyed)
    assert parse_text(text, "x.agis").parsed, text
    together = _fix(text)
    method_first = _fix(text, ("AGIS201",))
    path_first = _fix(text, ("AGIS405", "AGIS406"))
    got = _endpoint(together)
    assert _endpoint(method_first) == got == _endpoint(path_first), (method, path)
    new_method, new_path = got
    assert new_method == verb, (method, path, got)
    words = [w for seg in new_path.strip("/").split("/") for w in seg.split("-") if w]
    segments = [s for s in new_path.strip("/").split("/") if s]
    assert all(a != b for a, b in zip(segments, segments[1:])), (method, path, got)
    assert words.count(noun.lower()) <= 1, (method, path, got)
    left = {d.code for d in lint_text(together, "x.agis", Config(semantic=False)).diagnostics}
    assert not left & {"AGIS201", "AGIS405", "AGIS406", "AGIS000"}, (method, path, got, left)


def test_the_issue_example():
    text = document(endpoint("CANCEL_RESERVATION", "/get-reservation/{id}",
                             contract=_contract("/get-reservation/{id}")))
    assert _endpoint(_fix(text)) == ("CANCEL", "/reservation/{id}")
    text = document(endpoint("CANCEL_RENTAL", "/bikes/{id}", contract=_contract("/bikes/{id}")))
    assert _endpoint(_fix(text)) == ("CANCEL", "/bikes/{id}")
