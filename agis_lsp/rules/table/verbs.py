"""The Verb checks shared by the agent-interface formats: every TOOL rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('TOOL201', 'inflected-leading-verb', 'verbs.lexical',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=2),
    R('TOOL301', 'http-verb-name', 'verbs.lexical',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=3),
    R('TOOL302', 'non-action-leading-word', 'verbs.lexical',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=3),
    R('TOOL303', 'vague-leading-verb', 'verbs.lexical',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=3),
    R('TOOL304', 'leading-word-not-action-verb', 'verbs.semantic_names',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=3, semantic=True),
    R('TOOL305', 'noun-before-verb', 'verbs.lexical',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=3),
    R('TOOL601', 'description-contradicts-name', 'verbs.semantic_names',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=6, semantic=True),
    R('TOOL602', 'description-may-not-match-name', 'verbs.semantic_names',
      kinds=('agis-wellknown', 'a2t', 'adp-manifest', 'adp-capability', 'ainp-manifest', 'ainp-message', 'mcp-client-config', 'mcp-tools'), pass_no=6, semantic=True),
)
