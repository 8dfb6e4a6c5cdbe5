"""The AINP manifests and messages: every AINP rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('AINP101', 'ainp-missing-required-field', 'ainp.manifest',
      kinds=('ainp-manifest', 'ainp-message'), pass_no=1, generated="_shape_rules"),
    R('AINP102', 'ainp-wrong-field-type', 'ainp.manifest',
      kinds=('ainp-manifest', 'ainp-message'), pass_no=1, generated="_shape_rules"),
    R('AINP103', 'ainp-invalid-enum-value', 'ainp.manifest',
      kinds=('ainp-manifest', 'ainp-message'), pass_no=1, generated="_shape_rules"),
    R('AINP201', 'duplicate-capability-id', 'ainp.manifest', kinds=('ainp-manifest',), pass_no=5),
    R('AINP202', 'enum-without-values', 'ainp.manifest', kinds=('ainp-manifest',), pass_no=5),
    R('AINP203', 'enum-default-not-in-values', 'ainp.manifest', kinds=('ainp-manifest',), pass_no=5),
    R('AINP204', 'duplicate-parameter-name', 'ainp.manifest', kinds=('ainp-manifest',), pass_no=5),
    R('AINP205', 'semantics-without-context', 'ainp.manifest', kinds=('ainp-manifest',), pass_no=5),
    R('AINP206', 'confidence-out-of-range', 'ainp.manifest', kinds=('ainp-message',), pass_no=5),
    R('AINP207', 'response-without-metadata', 'ainp.manifest', kinds=('ainp-message',), pass_no=5),
    R('AINP601', 'intent-contradicts-capability', 'ainp.intents',
      kinds=('ainp-manifest',), pass_no=6, semantic=True),
)
