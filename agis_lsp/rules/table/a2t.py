"""The A2T tool signatures: every ATOT rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('ATOT101', 'a2t-missing-required-field', 'a2t.signature',
      kinds=('a2t',), pass_no=1, generated="_shape_rules"),
    R('ATOT102', 'a2t-wrong-field-type', 'a2t.signature',
      kinds=('a2t',), pass_no=1, generated="_shape_rules"),
    R('ATOT103', 'a2t-invalid-enum-value', 'a2t.signature',
      kinds=('a2t',), pass_no=1, generated="_shape_rules"),
    R('ATOT201', 'tool-id-not-uuid', 'a2t.signature', kinds=('a2t',), pass_no=5),
    R('ATOT202', 'tool-text-too-long', 'a2t.signature', kinds=('a2t',), pass_no=5),
    R('ATOT203', 'duplicate-tool', 'a2t.signature', kinds=('a2t',), pass_no=5),
    R('ATOT204', 'duplicate-parameter', 'a2t.signature', kinds=('a2t',), pass_no=5),
    R('ATOT205', 'max-on-non-int', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT206', 'enum-without-allowed-values', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT207', 'enum-value-name-style', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT208', 'invalid-version', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT209', 'enumeration-not-current-version', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT210', 'versions-out-of-order', 'a2t.parameters', kinds=('a2t',), pass_no=5),
    R('ATOT211', 'tool-name-not-snake-case', 'a2t.signature', kinds=('a2t',), pass_no=5),
)
