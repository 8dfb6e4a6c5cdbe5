"""The leading verb of tool and capability names (the reading lives in ``formats.names``)."""
from __future__ import annotations

from ...formats.names import (HTTP_SUGGESTIONS, KINDS, Lead, leading_word,  # noqa: F401
                              operations, rename_leading, restyle)
