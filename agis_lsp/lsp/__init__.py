"""The language server: a thin pygls adapter over the engine.

This package is the only place that imports ``lsprotocol`` or ``pygls``. Its parts, each
importing only the ones listed before it:

* ``protocol/``: engine values as LSP types, client capabilities, URIs, cancellation;
* ``ide/``: what to answer — pure builders over a document (``completion``, ``hover``,
  ``symbols``, ``definition``, ``actions``...) that know documents and positions, not the server;
* ``runtime/``: the machinery (``state``, ``store``, ``scheduler``, ``publisher``,
  ``model_loader``, ``budget``, ``settings``, ``token_cache``, ``protocols``);
* ``features/``: the protocol handlers, one module per group, registered by
  ``features.MODULES``; each calls ``ide/`` and the runtime;
* ``server.py`` builds the server from the runtime's parts and registers the features;
  ``main.py`` is the one entry point (``agis-lsp``).

No two modules in this package share a name.
"""
