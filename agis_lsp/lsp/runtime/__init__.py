"""The server's machinery: open documents and their views (``state``), diagnostics kept per
version (``store``), when a lint runs (``scheduler``), what reaches the client (``publisher``),
the model's loading, settings, request budgets, the semantic-token cache, and the interfaces
the parts see of each other (``protocols``). Imports ``protocol/`` and ``ide/``, never
``features/``."""
