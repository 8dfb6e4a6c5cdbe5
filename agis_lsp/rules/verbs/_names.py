"""The verb of tool and capability names (the reading lives in ``formats.name_reader``)."""
from __future__ import annotations

from ...engine.facts import fact
from ...formats.names import (HTTP_SUGGESTIONS, KINDS, Lead, describe, leading_word,  # noqa: F401
                              name_context, operations_of, read_name, rename_leading, restyle)


@fact("verbs.operations")
def operations(ctx) -> list:
    """(operation, lead) for every named operation of the document."""
    return operations_of(ctx.view)
