"""The conversions an editor offers (``convert.EDITOR_ACTIONS``) are conversions the converter
makes: each source is a format it recognises and each pair has a route."""
from __future__ import annotations

from agis_lsp.convert import EDITOR_ACTIONS, INPUTS, TARGETS, route


def test_every_editor_action_is_a_route():
    assert EDITOR_ACTIONS
    for (source, target), title in EDITOR_ACTIONS.items():
        assert source in INPUTS and target in TARGETS, (source, target)
        assert route(source, target), f"no route for the action {title!r}"
