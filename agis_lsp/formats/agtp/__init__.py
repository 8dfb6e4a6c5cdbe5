"""The AGTP-API formats: the vocabulary (``vocabulary``), which file a document is (``kinds``)
and the typed views rules read (``endpoints``, ``server``, ``recipes``, ``manifest``)."""
from __future__ import annotations

from .endpoints import EndpointFileView, EndpointView, Param, field_schema
from .kinds import detect_json_kind, detect_toml_kind, view_for
from .manifest import CatalogView, ManifestView
from .recipes import RecipesView, RecipeView, StepView
from .server import PolicyView, ServerView
from .vocabulary import (ACTORS, AGGREGATION_MODES, DEPRECATED_KEYS, ENDPOINT_KEYS, ENDPOINTS_DIR,
                         FIELD_KEYS, FIELD_TYPES, HANDLER_KINDS, HTTP_METHODS, IMPACTS, KIND_KEYS,
                         LEGACY_VERBS, METHOD_POLICY_KEYS, PARAMETER_KINDS, PATTERN_KEYS, POLICY_KEYS,
                         POLICY_TOGGLES, RECIPE_KEYS, RECIPES_FILE, REDIRECT_KEYS, SEMANTIC_KEYS,
                         SERVER_FILE, SERVER_KEYS, STEP_KEYS, UPSTREAM_ERRORS)

__all__ = [
    "EndpointFileView", "EndpointView", "Param", "field_schema", "detect_json_kind", "detect_toml_kind",
    "view_for", "CatalogView", "ManifestView", "RecipesView", "RecipeView", "StepView", "PolicyView",
    "ServerView", "ACTORS", "AGGREGATION_MODES", "DEPRECATED_KEYS", "ENDPOINT_KEYS", "ENDPOINTS_DIR",
    "FIELD_KEYS", "FIELD_TYPES", "HANDLER_KINDS", "HTTP_METHODS", "IMPACTS", "KIND_KEYS", "LEGACY_VERBS",
    "METHOD_POLICY_KEYS", "PARAMETER_KINDS", "PATTERN_KEYS", "POLICY_KEYS", "POLICY_TOGGLES",
    "RECIPE_KEYS", "RECIPES_FILE", "REDIRECT_KEYS", "SEMANTIC_KEYS", "SERVER_FILE", "SERVER_KEYS",
    "STEP_KEYS", "UPSTREAM_ERRORS",
]
