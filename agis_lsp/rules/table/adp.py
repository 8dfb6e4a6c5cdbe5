"""The Agent Discovery Protocol documents: every AGDP rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('AGDP101', 'adp-missing-required-field', 'adp.manifest',
      kinds=('adp-manifest', 'adp-capability'), pass_no=1, generated="_shape_rules"),
    R('AGDP102', 'adp-wrong-field-type', 'adp.manifest',
      kinds=('adp-manifest', 'adp-capability'), pass_no=1, generated="_shape_rules"),
    R('AGDP103', 'adp-invalid-enum-value', 'adp.manifest',
      kinds=('adp-manifest', 'adp-capability'), pass_no=1, generated="_shape_rules"),
    R('AGDP201', 'description-length', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP202', 'base-url-not-https', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP203', 'capability-name-not-snake-case', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP204', 'duplicate-capability-name', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP205', 'no-capabilities', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP206', 'auth-missing-dependent-field', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP207', 'invalid-detail-url', 'adp.manifest', kinds=('adp-manifest',), pass_no=5),
    R('AGDP208', 'parameter-without-example', 'adp.detail', kinds=('adp-capability',), pass_no=5),
)
