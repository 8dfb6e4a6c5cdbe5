"""The editor features as pure builders: a parsed document and a position in, LSP values out.

Completion, hover, document symbols, semantic tokens (and their splicing), folding and
selection ranges, document links, go to definition, references, rename, inlay hints, code
actions and the convert actions, over the named places of a document (``places``), the
shipped JSON Schemas (``schema``), the editor hooks each kind declares in ``formats``
(``formats.registry.editor``: outline, places, verb places, field schema) and a
deployment's recipes (``recipes``). No builder names a document kind.

A builder takes what it needs as arguments (the document, its kind, the catalog, the
client's ``ClientFeatures``, a way to open another file) and knows nothing of the server:
``lsp/features`` holds the protocol handlers that call it. Builders check the request's
cancellation token (``lsp/protocol/cancel.py``) in their loops. ``tests/test_layers.py`` keeps this
package from importing ``lsp/features``, the server's parts or pygls.
"""
