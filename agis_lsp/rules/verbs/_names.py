"""The leading verb of tool and capability names (the reading lives in ``formats.names``)."""
from __future__ import annotations

from ...engine.facts import fact
from ...formats.names import (HTTP_SUGGESTIONS, KINDS, Lead, leading_word,  # noqa: F401
                              operations_of, rename_leading, restyle)


@fact("verbs.operations")
def operations(ctx) -> list:
    """(operation, lead) for every named operation of the document."""
    return operations_of(ctx.view)
