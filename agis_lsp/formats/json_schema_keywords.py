"""The keywords of JSON Schema draft 2020-12, grouped by the kind of value each takes
(the meta-schema's, keyword by keyword): the schema rules of pass 8 check them and the
shorthand grammar (:mod:`.agis_shorthand`) tells a property map from a schema by them."""
from __future__ import annotations

SIMPLE_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))
SCHEMA_KW = frozenset(("items", "contains", "additionalProperties", "propertyNames", "if", "then", "else",
                       "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema"))
SCHEMA_ARRAY_KW = frozenset(("prefixItems", "allOf", "anyOf", "oneOf"))
SCHEMA_MAP_KW = frozenset(("properties", "patternProperties", "dependentSchemas", "$defs", "definitions"))
STRING_KW = frozenset(("$comment", "title", "description", "format", "contentEncoding", "contentMediaType",
                       "$schema", "$ref", "$dynamicRef", "$recursiveRef"))
ANCHOR_KW = frozenset(("$anchor", "$dynamicAnchor", "$recursiveAnchor"))
NUMBER_KW = frozenset(("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"))
NONNEG_INT_KW = frozenset(("maxLength", "minLength", "maxItems", "minItems", "maxContains", "minContains",
                           "maxProperties", "minProperties"))
BOOL_KW = frozenset(("uniqueItems", "deprecated", "readOnly", "writeOnly"))
ARRAY_KW = frozenset(("enum", "examples"))
ANY_KW = frozenset(("const", "default"))
OTHER_KW = frozenset(("$id", "multipleOf", "pattern", "type", "required", "dependentRequired",
                      "dependencies", "$vocabulary"))
KEYWORDS = (SCHEMA_KW | SCHEMA_ARRAY_KW | SCHEMA_MAP_KW | STRING_KW | ANCHOR_KW | NUMBER_KW | NONNEG_INT_KW
            | BOOL_KW | ARRAY_KW | ANY_KW | OTHER_KW)
