"""The language server's vocabulary, below everything else in ``lsp/``: engine values as LSP
types (``to_lsp``), the client's capabilities, file URIs, and the cooperative cancellation token
the builders check. Imports nothing else of ``lsp/``."""
