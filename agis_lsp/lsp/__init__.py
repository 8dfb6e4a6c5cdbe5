"""The language server: a thin pygls adapter over the engine.

This package is the only place that imports ``lsprotocol`` or ``pygls``. The
server is built by :func:`agis_lsp.lsp.server.build_server` from small parts
(``state``, ``store``, ``scheduler``, ``publisher``, ``model_loader``, ``budget``); the
protocol handlers live in ``features/`` (one module per group, registered by
``features.MODULES``) and call the pure builders of ``ide/`` (``completion``,
``hover``, ``symbols``, ``definition``, ``actions``...), which know documents and
positions but not the server. No two modules in this package share a name.
"""
