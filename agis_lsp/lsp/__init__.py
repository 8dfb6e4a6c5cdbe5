"""The language server: a thin pygls adapter over the engine.

This package is the only place that imports ``lsprotocol`` or ``pygls``. The
server is built by :func:`agis_lsp.lsp.server.build_server`; features are
plain builder functions (``completion``, ``hover``, ``symbols``,
``definition``, ``actions``) that the handlers call.
"""
