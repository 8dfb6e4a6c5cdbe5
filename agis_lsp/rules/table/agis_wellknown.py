"""The /.well-known/agis.json summaries: every AGWK rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('AGWK101', 'agis-json-missing-required-field', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=1, generated="_shape_rules"),
    R('AGWK102', 'agis-json-wrong-field-type', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=1, generated="_shape_rules"),
    R('AGWK103', 'agis-json-invalid-enum-value', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=1, generated="_shape_rules"),
    R('AGWK201', 'invalid-agis-document-reference', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=5),
    R('AGWK202', 'exposes-data-manifest-details', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=5),
    R('AGWK203', 'method-not-agis-identifier', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=2),
    R('AGWK204', 'duplicate-method', 'agis_wellknown.summary', kinds=('agis-wellknown',), pass_no=7),
    R('AGWK205', 'negotiable-without-data-classes', 'agis_wellknown.summary',
      kinds=('agis-wellknown',), pass_no=7),
)
