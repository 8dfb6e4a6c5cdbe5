"""Old import path of the AGTP-API formats; they live in :mod:`agis_lsp.formats.agtp`.

Kept only for modules being rewritten elsewhere (engine/context.py, formats/deployment.py and
cli/catalog_diff.py import from here); new code imports ``formats.agtp``. Delete this module
once those three import ``formats.agtp``.
"""
from __future__ import annotations

from .agtp import (ENDPOINTS_DIR, LEGACY_VERBS, RECIPES_FILE, SERVER_FILE, EndpointFileView,
                   EndpointView, PolicyView, RecipesView, ServerView, view_for)

__all__ = ["ENDPOINTS_DIR", "LEGACY_VERBS", "RECIPES_FILE", "SERVER_FILE", "EndpointFileView",
           "EndpointView", "PolicyView", "RecipesView", "ServerView", "view_for"]
