"""AGTP-API deployment rules (codes AGTPnnn).

1xx method names, 2xx paths, 3xx the endpoint primitive and its semantic block
and schemas, 4xx handler bindings, 5xx server configuration and method policy,
6xx recipes, 7xx checks across the files of a deployment, 8xx manifest and
catalog files. Default severities: ``agis_lsp/engine/severity/agtp.toml``.
"""
