"""AGTP4xx: handler bindings (AGTP-API section 12), checked without running anything.

Linting reads files and nothing else: a registered function's module is never
imported, an upstream URL is parsed but never contacted, and the environment
variables named by ``${VAR}`` placeholders are never read.
"""
