"""Endpoint paths for the pass 4 rules: the analysis is the format's
(:mod:`agis_lsp.formats.agis_paths`, which the converters read too), re-exported here."""
from __future__ import annotations

from ...formats.agis_paths import (LITERAL_OK, PARAM_OK, PathInfo, Segment, VERSION, analyse_path,
                                   is_param_like, kebab, param_repair, replace_segment, snake,
                                   words_of)  # noqa: F401


def path_info(ep):
    """The endpoint's path analysed (None: no path string to check): what the pass 4 rules,
    visitors of endpoints (``visits="endpoint"``), read."""
    if isinstance(ep.path, str) and ep.path.strip():
        return analyse_path(ep.path)
    return None
