"""The language server: a thin pygls adapter over the engine.

This package is the only place that imports ``lsprotocol`` or ``pygls``. The
server is built by :func:`agis_lsp.lsp.server.build_server` from small parts
(``state``, ``scheduler``, ``publisher``, ``model_loader``, ``budget``); the
handlers live in ``features/`` (one module per group, registered by
``features.MODULES``) and call plain builder functions (``completion``,
``hover``, ``symbols``, ``definition``, ``actions``).
"""
