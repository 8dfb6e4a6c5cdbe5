"""The draft's shorthand schemas (AGIS808): the grammar and its translation are the
format's (:mod:`agis_lsp.formats.agis_shorthand`, which the converters read too),
re-exported here for the rules."""
from __future__ import annotations

from ...formats.agis_shorthand import (FORMATS, TYPES, Unreadable, is_input_shorthand,
                                       is_property_map, parse_descriptor, parse_item, scalar,
                                       shorthand_kind, shorthand_names, split_top, translate_input,
                                       translate_property_map)  # noqa: F401
