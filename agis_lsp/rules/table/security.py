"""The Security: tool poisoning and prompt injection in agent-facing prose: every AGSC rule (code, name, module, kinds, flags, status).

One row a rule; see :mod:`agis_lsp.rules.table` for the columns.
"""
from __future__ import annotations

from ._row import R

ROWS = (
    R('AGSC101', 'directive-to-model', 'security.directives',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC102', 'fake-system-tag', 'security.directives',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC103', 'instruction-override', 'security.directives',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC104', 'role-switch', 'security.directives',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC105', 'tool-preference', 'security.directives',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC201', 'secrecy-from-user', 'security.secrecy',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC301', 'secret-file-reference', 'security.exfiltration',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC302', 'secret-variable-reference', 'security.exfiltration',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC303', 'context-exfiltration', 'security.exfiltration',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC304', 'suspicious-url', 'security.exfiltration',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC401', 'cross-tool-instruction', 'security.shadowing',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC501', 'authority-spoofing', 'security.authority',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC601', 'encoded-payload', 'security.encoding',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC602', 'obfuscated-instruction', 'security.encoding',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC603', 'lookalike-characters', 'security.encoding',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC605', 'hidden-characters', 'security.encoding',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC701', 'shell-command', 'security.execution',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC702', 'run-command-lure', 'security.execution',
      kinds=('any',), pass_no=None, per_endpoint=True, detector=True),
    R('AGSC801', 'schema-value-poisoning', 'security.schema',
      kinds=('any',), pass_no=None, per_endpoint=True),
    R('AGSC901', 'directive-text', 'security.learned',
      kinds=('any',), pass_no=None, per_endpoint=True, semantic=True),
)
