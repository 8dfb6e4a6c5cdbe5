"""The AGTP-API vocabulary: file names, the keys each table may hold and the closed value sets.

One place for what the rules enforce and what completion offers, so completion never
suggests what a rule would then reject. Section numbers are those of
draft-hood-agtp-api-00.
"""
from __future__ import annotations

# -- deployment layout (section 11) ----------------------------------------------------------
SERVER_FILE = "agtp-server.toml"
RECIPES_FILE = "agtp-recipes.toml"
ENDPOINTS_DIR = "endpoints"

# -- endpoints (section 6) -------------------------------------------------------------------
ENDPOINT_KEYS = ("method", "path", "description", "namespace", "semantic", "input_schema",
                 "output_schema", "input", "output", "errors", "handler", "required_scopes",
                 "deprecated")
FIELD_KEYS = ("name", "type", "description", "format", "enum", "schema")
FIELD_TYPES = ("string", "integer", "number", "boolean", "object", "array")
DEPRECATED_KEYS = ("deprecated_in", "removed_in", "successor")

# -- the semantic block (section 7) ----------------------------------------------------------
SEMANTIC_KEYS = ("intent", "actor", "outcome", "capability", "confidence", "impact", "is_idempotent")
IMPACTS = ("informational", "reversible", "irreversible")
ACTORS = ("agent", "human", "system", "customer", "staff", "admin")  # suggested, not closed (§7.1)

# -- server configuration and method policy (sections 8.7, 9) --------------------------------
SERVER_KEYS = ("server_id", "operator", "contact", "domain", "supported_features", "issued", "updated")
POLICY_TOGGLES = ("wildcards_accepted", "anonymous_discovery", "scope_required_for_invocation",
                  "synthesis_enabled")
POLICY_KEYS = POLICY_TOGGLES + ("max_synthesis_depth", "methods", "negotiable")
METHOD_POLICY_KEYS = ("allow", "disallow", "legacy", "redirects", "aliases")
REDIRECT_KEYS = ("from_method", "from_path", "to_method", "to_path")
# The legacy verbs a server may opt into (section 3.6, policies.methods.legacy).
LEGACY_VERBS = ("GET", "POST", "PUT", "DELETE", "PATCH")

# -- handler bindings (section 12) -----------------------------------------------------------
HANDLER_KINDS = ("registered_function", "composition", "external_service")
KIND_KEYS = {
    "registered_function": ("type", "function"),
    "composition": ("type", "recipe"),
    "external_service": ("type", "url", "method", "headers", "input_transform", "output_transform",
                         "error_map", "timeout_seconds"),
}
# An external_service binding's upstream method: section 12.3 says "One of GET, POST, PUT,
# PATCH, DELETE, HEAD, OPTIONS", so that is the list (the rules had it so already).
# The longer list that adds CONNECT and TRACE is a different fact: the identifiers AGIS
# section 4.3 prohibits as method names (formats.agis_methods.PROHIBITED_HTTP_METHODS).
HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
# The errors every external_service endpoint declares.
UPSTREAM_ERRORS = ("upstream_timeout", "upstream_connection_error", "upstream_malformed_response",
                   "upstream_authentication_failed", "upstream_error")

# -- composition recipes (section 12.1) ------------------------------------------------------
RECIPE_KEYS = ("name", "description", "version", "pattern", "steps", "aggregation")
STEP_KEYS = ("method", "capture_as", "parameters")
PATTERN_KEYS = ("name_exact", "name_regex", "category", "has_parameters", "path_exact", "path_regex")
PARAMETER_KINDS = ("proposal", "constant", "previous_step")   # where a step parameter's value comes from
AGGREGATION_MODES = ("last", "merge", "list")
